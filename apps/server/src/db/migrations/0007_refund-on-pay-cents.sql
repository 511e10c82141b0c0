ALTER TABLE "refunds" ADD COLUMN "on_pay_cents" integer;--> statement-breakpoint
-- A processed refund's deduction: its on pay amount where it was deducted, else nothing (0).
UPDATE "refunds" SET "on_pay_cents" = CASE WHEN "on_pay" THEN "on_pay_amount_cents" ELSE 0 END WHERE "responsible" IS NOT NULL;
