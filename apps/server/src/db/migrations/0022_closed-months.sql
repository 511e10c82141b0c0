-- Issue 46: the statement day is the day a bill was written at delivery (set by the code, never by a trigger),
-- so a moved delivery date no longer carries a bill out of its month.
DROP TRIGGER IF EXISTS "orders_bills_statement_day" ON "orders";--> statement-breakpoint
DROP TRIGGER IF EXISTS "bills_statement_day" ON "bills";--> statement-breakpoint
DROP FUNCTION IF EXISTS order_bills_statement_day();--> statement-breakpoint
DROP FUNCTION IF EXISTS bill_statement_day();--> statement-breakpoint
CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_by" text NOT NULL,
	"payout_id" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closed_months" ADD CONSTRAINT "closed_months_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Months already settled by a payout, or whose month-end run finished, are closed from now on.
INSERT INTO "closed_months" ("month", "closed_by", "payout_id")
  SELECT m.month, 'payout', max(m.payout_id) FROM (
    SELECT to_char(b.statement_day, 'YYYY-MM') AS month, pm.payout_id FROM bills b
      JOIN payments pm ON pm.id = b.payment_id WHERE pm.payout_id IS NOT NULL
    UNION ALL
    SELECT to_char(cn.date, 'YYYY-MM'), pm.payout_id FROM credit_notes cn
      JOIN payments pm ON pm.id = cn.payment_id WHERE pm.payout_id IS NOT NULL
  ) m
  WHERE m.month < to_char((now() AT TIME ZONE 'Africa/Johannesburg')::date, 'YYYY-MM')
  GROUP BY m.month
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "closed_months" ("month", "closed_by")
  SELECT j.month, 'month-end run' FROM statement_jobs j
  WHERE j.month < to_char((now() AT TIME ZONE 'Africa/Johannesburg')::date, 'YYYY-MM')
  GROUP BY j.month HAVING bool_and(j.status IN ('sent', 'failed'))
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A payout's reference is unique: earlier duplicates keep theirs with the payout's number added.
UPDATE "payouts" p SET "reference" = p."reference" || ' (payout ' || p."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "payouts" q WHERE lower(q."reference") = lower(p."reference") AND q."id" < p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" USING btree (lower("reference"));
