CREATE TABLE "statement_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"partner_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" integer,
	"locked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_jobs_month_partner_unique" UNIQUE("month","partner_id"),
	CONSTRAINT "statement_jobs_status_check" CHECK ("statement_jobs"."status" in ('queued', 'running', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "statement_jobs" ADD CONSTRAINT "statement_jobs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_jobs" ADD CONSTRAINT "statement_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_jobs_status_idx" ON "statement_jobs" USING btree ("status","id");