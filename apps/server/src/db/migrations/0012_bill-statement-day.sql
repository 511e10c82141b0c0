DROP INDEX "bills_partner_paid_idx";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "statement_day" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- A bill's statement day (db/schema/finance.ts): its order's delivery date, or the bill's own Johannesburg day.
CREATE FUNCTION bill_statement_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.statement_day := coalesce((SELECT o.delivery_date FROM orders o WHERE o.id = NEW.order_id),
    (NEW.created_at AT TIME ZONE 'Africa/Johannesburg')::date);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bills_statement_day BEFORE INSERT OR UPDATE OF order_id, created_at ON bills
  FOR EACH ROW EXECUTE FUNCTION bill_statement_day();
--> statement-breakpoint
CREATE FUNCTION order_bills_statement_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bills SET statement_day = coalesce(NEW.delivery_date, (created_at AT TIME ZONE 'Africa/Johannesburg')::date)
    WHERE order_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_bills_statement_day AFTER UPDATE OF delivery_date ON orders
  FOR EACH ROW WHEN (OLD.delivery_date IS DISTINCT FROM NEW.delivery_date)
  EXECUTE FUNCTION order_bills_statement_day();
--> statement-breakpoint
UPDATE bills b SET statement_day = coalesce(o.delivery_date, (b.created_at AT TIME ZONE 'Africa/Johannesburg')::date)
  FROM orders o WHERE o.id = b.order_id;
--> statement-breakpoint
CREATE INDEX "bills_partner_statement_day_idx" ON "bills" USING btree ("partner_id","statement_day");
--> statement-breakpoint
CREATE INDEX "bills_partner_paid_idx" ON "bills" USING btree ("partner_id","paid","amount_cents");
