ALTER TABLE "order_lines" ADD COLUMN "pay_vat_rate" numeric;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pay_commission" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pay_vat_registered" boolean;--> statement-breakpoint
-- The `vat` setting as a fraction, read as the server's vatSetting reads it: a number (or a number's text),
-- else the default 15 %.
CREATE FUNCTION settings_vat() RETURNS numeric LANGUAGE sql STABLE AS $$
  select coalesce((
    select case
      when jsonb_typeof(s.value) = 'number' then (s.value #>> '{}')::numeric
      when jsonb_typeof(s.value) = 'string' and btrim(s.value #>> '{}') ~ '^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$'
        then btrim(s.value #>> '{}')::numeric
    end
    from settings s where s.key = 'vat'), 0.15)
$$;--> statement-breakpoint
-- Lines assigned before this migration: the terms they were assigned with were never recorded, so the best
-- knowable is today's VAT setting and their partner's current commission and VAT registration. Their bills
-- (written at delivery with the terms of that day) stay the figure shown once billed.
UPDATE "order_lines" l SET
  "pay_vat_rate" = settings_vat(),
  "pay_commission" = p."commission",
  "pay_vat_registered" = coalesce(btrim(p."vat_number"), '') <> ''
FROM "partners" p
WHERE p."id" = l."partner_id";--> statement-breakpoint
-- A line's pay terms, set when it is given a partner and never changed while it stays with them. A line
-- given to a partner who already has a line on the same order takes that line's terms (one deal per partner
-- and order, so the partner's on pay stays one calculation); otherwise the VAT setting and the partner's
-- commission and VAT registration of this moment. A line without a partner has none.
CREATE FUNCTION order_line_pay_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.partner_id IS NOT DISTINCT FROM OLD.partner_id THEN
    NEW.pay_vat_rate := OLD.pay_vat_rate;
    NEW.pay_commission := OLD.pay_commission;
    NEW.pay_vat_registered := OLD.pay_vat_registered;
    RETURN NEW;
  END IF;
  NEW.pay_vat_rate := NULL;
  NEW.pay_commission := NULL;
  NEW.pay_vat_registered := NULL;
  IF NEW.partner_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT s.pay_vat_rate, s.pay_commission, s.pay_vat_registered
    INTO NEW.pay_vat_rate, NEW.pay_commission, NEW.pay_vat_registered
    FROM order_lines s
    WHERE s.order_id = NEW.order_id AND s.partner_id = NEW.partner_id AND s.id <> NEW.id
      AND s.pay_commission IS NOT NULL
    ORDER BY s.id
    LIMIT 1;
  IF NOT FOUND THEN
    SELECT settings_vat(), p.commission, coalesce(btrim(p.vat_number), '') <> ''
      INTO NEW.pay_vat_rate, NEW.pay_commission, NEW.pay_vat_registered
      FROM partners p
      WHERE p.id = NEW.partner_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_pay_terms BEFORE INSERT OR UPDATE OF partner_id, pay_vat_rate, pay_commission, pay_vat_registered
  ON "order_lines" FOR EACH ROW EXECUTE FUNCTION order_line_pay_terms();--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_pay_terms_check" CHECK (("order_lines"."partner_id" is null) = ("order_lines"."pay_commission" is null) and ("order_lines"."pay_commission" is null) = ("order_lines"."pay_vat_rate" is null) and ("order_lines"."pay_vat_rate" is null) = ("order_lines"."pay_vat_registered" is null));
