CREATE TABLE "report_dirty_days" (
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_partner_days" (
	"day" date NOT NULL,
	"partner_id" integer NOT NULL,
	"status" text,
	"orders" integer NOT NULL,
	"lines" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"delivered_lines" integer NOT NULL,
	"delivered_seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_variant_days" (
	"day" date NOT NULL,
	"variant_id" integer,
	"order_profit_centre_id" integer,
	"status" text NOT NULL,
	"quantity" bigint NOT NULL,
	"value_cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_lines_report_idx";--> statement-breakpoint
DROP INDEX "order_lines_delivered_idx";--> statement-breakpoint
CREATE INDEX "report_partner_days_day_idx" ON "report_partner_days" USING btree ("day","status");--> statement-breakpoint
CREATE INDEX "report_variant_days_day_idx" ON "report_variant_days" USING btree ("day");--> statement-breakpoint
-- The roll-up is kept by the database (docs/decisions.md "Issue 23: the reports' daily roll-up"): every
-- statement that changes what a report counts notes the Johannesburg creation days it touched, and
-- report_refresh() recomputes those days. Statement-level triggers with transition tables: one insert a
-- statement, however many lines it writes.
CREATE FUNCTION report_mark_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_dirty_days (day)
      SELECT DISTINCT (o.created_at AT TIME ZONE 'Africa/Johannesburg')::date
      FROM (SELECT DISTINCT order_id FROM new_rows) n JOIN orders o ON o.id = n.order_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_dirty_days (day)
      SELECT DISTINCT (o.created_at AT TIME ZONE 'Africa/Johannesburg')::date
      FROM (SELECT DISTINCT n.order_id FROM new_rows n JOIN old_rows p ON p.id = n.id
        WHERE (n.order_id, n.partner_id, n.status, n.quantity, n.value_cents, n.product_variant_id, n.delivered_at)
          IS DISTINCT FROM (p.order_id, p.partner_id, p.status, p.quantity, p.value_cents, p.product_variant_id, p.delivered_at)) c
      JOIN orders o ON o.id = c.order_id;
  ELSE
    INSERT INTO report_dirty_days (day)
      SELECT DISTINCT (o.created_at AT TIME ZONE 'Africa/Johannesburg')::date
      FROM (SELECT DISTINCT order_id FROM old_rows) p JOIN orders o ON o.id = p.order_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_lines_inserted AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lines();
--> statement-breakpoint
CREATE TRIGGER report_lines_updated AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lines();
--> statement-breakpoint
CREATE TRIGGER report_lines_deleted AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lines();
--> statement-breakpoint
-- An order's own columns that a report reads: its creation (the day) and its profit centre; a deleted
-- order's lines go with it, after which their trigger no longer finds its day.
CREATE FUNCTION report_mark_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO report_dirty_days (day)
      SELECT DISTINCT d.day FROM new_rows n JOIN old_rows p ON p.id = n.id,
        LATERAL (VALUES ((n.created_at AT TIME ZONE 'Africa/Johannesburg')::date),
          ((p.created_at AT TIME ZONE 'Africa/Johannesburg')::date)) d(day)
      WHERE (n.created_at, n.profit_centre_id) IS DISTINCT FROM (p.created_at, p.profit_centre_id);
  ELSE
    INSERT INTO report_dirty_days (day)
      SELECT DISTINCT (created_at AT TIME ZONE 'Africa/Johannesburg')::date FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders();
--> statement-breakpoint
CREATE TRIGGER report_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders();
--> statement-breakpoint
-- The lines of the orders created on the given Johannesburg days, with what the roll-up keeps of them.
CREATE FUNCTION report_day_lines(days date[]) RETURNS TABLE (day date, order_id integer, created_at timestamptz,
  profit_centre_id integer, partner_id integer, status text, quantity integer, value_cents integer,
  product_variant_id integer, delivered_at timestamptz) LANGUAGE sql STABLE AS $$
  SELECT d.day, o.id, o.created_at, o.profit_centre_id, l.partner_id, l.status, l.quantity, l.value_cents,
    l.product_variant_id, l.delivered_at
  FROM unnest(days) AS d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE 'Africa/Johannesburg')
    AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg')
  JOIN order_lines l ON l.order_id = o.id
$$;
--> statement-breakpoint
-- Recomputes the noted days, one refresh at a time (the advisory lock: two at once could each delete the
-- other's rows of a day before inserting their own). In READ COMMITTED each statement here sees what was
-- committed before it, so a day noted by a write that commits later is simply noted again.
CREATE FUNCTION report_refresh() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  PERFORM pg_advisory_xact_lock(2311202623);
  WITH gone AS (DELETE FROM report_dirty_days RETURNING day)
    SELECT array_agg(DISTINCT day) INTO days FROM gone;
  IF days IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM report_partner_days WHERE day = ANY (days);
  DELETE FROM report_variant_days WHERE day = ANY (days);
  INSERT INTO report_partner_days (day, partner_id, status, orders, lines, value_cents, delivered_lines, delivered_seconds)
    WITH per_order AS (
      SELECT day, partner_id, order_id, status, count(*) AS lines,
        sum(quantity::bigint * value_cents) AS value_cents, count(delivered_at) AS delivered_lines,
        coalesce(sum(extract(epoch FROM delivered_at - created_at)), 0) AS delivered_seconds
      FROM report_day_lines(days) WHERE partner_id IS NOT NULL
      GROUP BY day, partner_id, order_id, status
    )
    SELECT day, partner_id, status, count(*), sum(lines), sum(value_cents), 0, 0
      FROM per_order GROUP BY day, partner_id, status
    UNION ALL
    SELECT day, partner_id, NULL, count(DISTINCT order_id), sum(lines), sum(value_cents), sum(delivered_lines),
      sum(delivered_seconds)
      FROM per_order GROUP BY day, partner_id;
  INSERT INTO report_variant_days (day, variant_id, order_profit_centre_id, status, quantity, value_cents)
    SELECT day, product_variant_id, profit_centre_id, status, sum(quantity), sum(quantity::bigint * value_cents)
    FROM report_day_lines(days) GROUP BY day, product_variant_id, profit_centre_id, status;
END $$;
--> statement-breakpoint
INSERT INTO report_dirty_days (day) SELECT DISTINCT (created_at AT TIME ZONE 'Africa/Johannesburg')::date FROM orders;
--> statement-breakpoint
SELECT report_refresh();
