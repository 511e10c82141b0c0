-- Trigram index so "contains" search over order number, recipient, phone and company stays fast at a million orders.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin ("search" gin_trgm_ops);
