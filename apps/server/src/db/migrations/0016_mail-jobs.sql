CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"last_tried_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mails_status_check" CHECK ("mails"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "statement_jobs" ADD COLUMN "mail_id" integer;--> statement-breakpoint
ALTER TABLE "statement_jobs" ADD COLUMN "worked_by" text;--> statement-breakpoint
CREATE INDEX "mails_status_idx" ON "mails" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "statement_jobs" ADD CONSTRAINT "statement_jobs_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE set null ON UPDATE no action;