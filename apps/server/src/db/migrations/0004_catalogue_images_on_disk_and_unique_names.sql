ALTER TABLE "components" DROP CONSTRAINT "components_unit_id_component_units_id_fk";
--> statement-breakpoint
ALTER TABLE "components" DROP CONSTRAINT "components_colour_id_colours_id_fk";
--> statement-breakpoint
DROP INDEX "colours_name_idx";--> statement-breakpoint
DROP INDEX "profit_centres_name_idx";--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "image_file" text;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_unit_id_component_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."component_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_colour_id_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."colours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "colours_name_unique" ON "colours" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "profit_centres_name_unique" ON "profit_centres" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "components" DROP COLUMN "image";--> statement-breakpoint
ALTER TABLE "component_rates" ADD CONSTRAINT "component_rates_markup_check" CHECK ("component_rates"."markup" >= 0);--> statement-breakpoint
ALTER TABLE "component_rates" ADD CONSTRAINT "component_rates_rebate_check" CHECK ("component_rates"."rebate" >= 0 and "component_rates"."rebate" < 1);--> statement-breakpoint
ALTER TABLE "profit_centres" ADD CONSTRAINT "profit_centres_default_markup_check" CHECK ("profit_centres"."default_markup" >= 0);