CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"up_to" date NOT NULL,
	"paid_at" date NOT NULL,
	"reference" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bills_partner_statement_day_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "authenticate_xero" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "manage_payouts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "refund_partners" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_partners" ADD CONSTRAINT "refund_partners_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_delivery_date_id_idx" ON "orders" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "bills_unpaid_idx" ON "bills" USING btree ("partner_id","statement_day","amount_cents") WHERE not "bills"."paid";--> statement-breakpoint
CREATE INDEX "bills_payment_idx" ON "bills" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "credit_notes_return_idx" ON "credit_notes" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "credit_notes_unsettled_idx" ON "credit_notes" USING btree ("partner_id","date") WHERE "credit_notes"."payment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_instore_order_unique" ON "credit_notes" USING btree ("order_id") WHERE "credit_notes"."kind" = 'instore';--> statement-breakpoint
CREATE INDEX "payments_payout_idx" ON "payments" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "refund_partners_unsettled_idx" ON "refund_partners" USING btree ("partner_id") WHERE "refund_partners"."payment_id" is null and "refund_partners"."refund_deduction_cents" > 0;--> statement-breakpoint
CREATE INDEX "refunds_open_created_idx" ON "refunds" USING btree ("created_at","id") WHERE "refunds"."responsible" is null;--> statement-breakpoint
CREATE INDEX "bills_partner_statement_day_idx" ON "bills" USING btree ("partner_id","statement_day","amount_cents");
--> statement-breakpoint
UPDATE "users" SET "authenticate_xero" = "manage_xero";