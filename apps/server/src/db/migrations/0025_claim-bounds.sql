ALTER TABLE "return_lines" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "deduction_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing credit notes of returns, spread over the partner's returned lines of that return by their value
-- (rounded down: a legacy cent or two stays unattributed rather than taken twice).
UPDATE "return_lines" rl SET "credit_cents" = s.cents FROM (
  SELECT rl2.id, floor(cn.amount * (ol.value_cents * rl2.quantity)::numeric
    / nullif(sum(ol.value_cents * rl2.quantity) OVER (PARTITION BY rl2.return_id, ol.partner_id), 0))::int AS cents
  FROM "return_lines" rl2
  JOIN "order_lines" ol ON ol.id = rl2.order_line_id
  JOIN (SELECT return_id, partner_id, sum(amount_cents) AS amount FROM "credit_notes"
        WHERE return_id IS NOT NULL AND kind = 'order' GROUP BY return_id, partner_id) cn
    ON cn.return_id = rl2.return_id AND cn.partner_id = ol.partner_id
) s WHERE s.id = rl.id AND s.cents IS NOT NULL;--> statement-breakpoint
-- Existing refund deductions, spread over the share's lines by their on pay amount.
UPDATE "refund_lines" fl SET "deduction_cents" = s.cents FROM (
  SELECT fl2.id, floor(rp.refund_deduction_cents * fl2.on_pay_amount_cents::numeric
    / nullif(sum(fl2.on_pay_amount_cents) OVER (PARTITION BY fl2.refund_partner_id), 0))::int AS cents
  FROM "refund_lines" fl2
  JOIN "refund_partners" rp ON rp.id = fl2.refund_partner_id
  WHERE rp.refund_deduction_cents > 0
) s WHERE s.id = fl.id AND s.cents IS NOT NULL;
