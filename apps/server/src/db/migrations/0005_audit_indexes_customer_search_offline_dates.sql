DROP INDEX "audit_entries_created_idx";--> statement-breakpoint
DROP INDEX "audit_entries_user_idx";--> statement-breakpoint
DROP INDEX "audit_entries_property_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
CREATE INDEX "audit_entries_type_idx" ON "audit_entries" USING btree ("property_type","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (lower(("name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_property_idx" ON "audit_entries" USING btree ("property_id","property_type","created_at","id");--> statement-breakpoint
ALTER TABLE "partner_offline_times" ADD CONSTRAINT "partner_offline_times_dates_check" CHECK ("partner_offline_times"."end_date" >= "partner_offline_times"."start_date");