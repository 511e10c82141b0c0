CREATE TABLE "partner_bank_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"bank_name" text,
	"branch_code" text,
	"account_name" text,
	"account_number" text,
	"account_type" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "partner_bank_changes" ADD CONSTRAINT "partner_bank_changes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_bank_changes" ADD CONSTRAINT "partner_bank_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_bank_changes" ADD CONSTRAINT "partner_bank_changes_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_bank_changes_partner_idx" ON "partner_bank_changes" USING btree ("partner_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "branch_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_type" text;--> statement-breakpoint
-- Payments made before this migration keep the partner's details as they are now: the nearest record there is
-- of the account they were paid into. From now on each payment writes its own copy when it is made.
UPDATE "payments" SET "bank_name" = p."bank_name", "branch_code" = p."branch_code",
  "account_name" = p."account_name", "account_number" = p."account_number", "account_type" = p."account_type"
FROM "partners" p WHERE p."id" = "payments"."partner_id";--> statement-breakpoint
-- Details recorded before the four-eyes rule were never checked by a second person: each complete set waits
-- for one confirmation by a user with managePayouts (no one made the change, so any such user may confirm).
INSERT INTO "partner_bank_changes" ("partner_id", "bank_name", "branch_code", "account_name", "account_number",
  "account_type", "changed_by", "changed_at")
SELECT "id", "bank_name", "branch_code", "account_name", "account_number", "account_type", NULL, now()
FROM "partners"
WHERE coalesce(trim("bank_name"), '') <> '' AND coalesce(trim("branch_code"), '') <> ''
  AND coalesce(trim("account_name"), '') <> '' AND coalesce(trim("account_number"), '') <> ''
  AND coalesce(trim("account_type"), '') <> '';
