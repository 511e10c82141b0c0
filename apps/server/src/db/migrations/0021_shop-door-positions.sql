-- Issue 46, the shop's door: a key belongs to a shop (existing keys are each their own shop, named as the key)
-- and may be made for a partner (a florist's till).
ALTER TABLE "api_keys" ADD COLUMN "shop" text;--> statement-breakpoint
UPDATE "api_keys" SET "shop" = "name";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "shop" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "location_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An order that came through the door is its key's shop's: the key is named in the order's creation audit
-- (apiKeyId); an order whose key cannot be found keeps the key's name it was audited with, else the oldest
-- key's shop.
UPDATE "orders" o SET "shop" = s.shop
FROM (
  SELECT DISTINCT ON (a.property_id) a.property_id AS order_id, coalesce(k.shop, a.new_values->>'apiKey') AS shop
  FROM audit_entries a
  LEFT JOIN api_keys k ON k.id::text = a.new_values->>'apiKeyId'
  WHERE a.property_type = 'order' AND a.event = 'created' AND a.new_values->>'apiKey' IS NOT NULL
  ORDER BY a.property_id, a.id
) s
WHERE o.id = s.order_id AND o.external_id IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "shop" = coalesce((SELECT shop FROM api_keys ORDER BY id LIMIT 1), 'Shop')
WHERE "external_id" IS NOT NULL AND "shop" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_external_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_external_id_unique" ON "orders" USING btree ("shop","external_id");--> statement-breakpoint
-- Approximate positions: the one definition of where an order without coordinates is. A suburb of the order's
-- city named in its address (any comma-separated part of address1-3), else the city itself, else a suburb
-- named as the order's city (a shop that writes "Sandton" as the city); only places that have a position.
CREATE FUNCTION order_approximate_position(city_name text, address_text text) RETURNS double precision[]
LANGUAGE sql STABLE AS $$
  WITH city AS (
    SELECT id, latitude, longitude FROM locations
    WHERE location_type = 'city' AND lower(name) = lower(btrim(city_name))
    ORDER BY id LIMIT 1
  ), parts AS (
    SELECT lower(btrim(p)) AS part FROM unnest(string_to_array(coalesce(address_text, ''), ',')) p
  )
  SELECT coalesce(
    (SELECT ARRAY[s.latitude, s.longitude] FROM locations s JOIN city ON s.parent_id = city.id
      WHERE s.location_type = 'suburb' AND s.latitude IS NOT NULL AND s.longitude IS NOT NULL
        AND lower(s.name) IN (SELECT part FROM parts)
      ORDER BY s.id LIMIT 1),
    (SELECT ARRAY[latitude, longitude] FROM city WHERE latitude IS NOT NULL AND longitude IS NOT NULL),
    (SELECT ARRAY[s.latitude, s.longitude] FROM locations s
      WHERE s.location_type = 'suburb' AND s.latitude IS NOT NULL AND s.longitude IS NOT NULL
        AND lower(s.name) = lower(btrim(city_name))
      ORDER BY s.id LIMIT 1)
  )
$$;--> statement-breakpoint
-- Orders already in without coordinates take their approximate position now; an order whose suburb and city
-- have none keeps nulls.
UPDATE "orders" o SET "latitude" = p.pos[1], "longitude" = p.pos[2], "location_approximate" = true
FROM (
  SELECT id, order_approximate_position(city, concat_ws(',', address1, address2, address3)) AS pos
  FROM orders WHERE latitude IS NULL OR longitude IS NULL
) p
WHERE o.id = p.id AND p.pos IS NOT NULL;
