CREATE TYPE "public"."partner_type" AS ENUM('florist', 'courier');--> statement-breakpoint
CREATE TYPE "public"."saturday_mode" AS ENUM('closed', 'same_day', 'open');--> statement-breakpoint
CREATE TYPE "public"."location_type" AS ENUM('country', 'province', 'city', 'suburb');--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"email" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "roles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"partner_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"partner_statements" boolean DEFAULT false NOT NULL,
	"manage_xero" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_offline_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vat_number" text,
	"partner_type" "partner_type" DEFAULT 'florist' NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"radius_km" double precision DEFAULT 15 NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"province_id" integer,
	"city_id" integer,
	"suburb_id" integer,
	"country" text DEFAULT 'South Africa' NOT NULL,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"owner_name" text,
	"owner_email" text,
	"owner_phone" text,
	"business_email" text,
	"business_phone" text,
	"wholesale_delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"avbob_sales_channel" boolean DEFAULT true NOT NULL,
	"web_sales_sales_channel" boolean DEFAULT true NOT NULL,
	"in_store_sales_channel" boolean DEFAULT true NOT NULL,
	"b2b_sales_channel" boolean DEFAULT true NOT NULL,
	"bank_name" text,
	"branch_code" text,
	"account_name" text,
	"account_number" text,
	"account_type" text,
	"commission" numeric(5, 4) DEFAULT '0.2500' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"saturday" "saturday_mode" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_type" "location_type" NOT NULL,
	"parent_id" integer,
	"handle" text NOT NULL,
	"header1" text,
	"header2" text,
	"header3" text,
	"title" text,
	"seo_description" text,
	"content" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"property_type" text,
	"property_id" integer,
	"old_values" jsonb,
	"new_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"component_id" integer NOT NULL,
	"profit_centre_id" integer NOT NULL,
	"markup" numeric(8, 4) DEFAULT '0' NOT NULL,
	"auto_update" boolean DEFAULT false NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"rebate" numeric(5, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "component_rates_component_profit_centre_unique" UNIQUE("component_id","profit_centre_id")
);
--> statement-breakpoint
CREATE TABLE "component_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"quantity" numeric(10, 3) DEFAULT '1' NOT NULL,
	"measure_unit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"wholesale_excl_vat_cents" integer DEFAULT 0 NOT NULL,
	"container" boolean DEFAULT false NOT NULL,
	"exclude_auto_calculations" boolean DEFAULT false NOT NULL,
	"show_on_menu" boolean DEFAULT true NOT NULL,
	"is_commission" boolean DEFAULT false NOT NULL,
	"unit_id" integer,
	"colour_id" integer,
	"image" "bytea",
	"image_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measure_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"alt_text" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_partners_product_partner_unique" UNIQUE("product_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"wholesale_excl_vat_cents" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"product_type" text,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_handle_unique" UNIQUE("handle"),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'draft', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "profit_centres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_markup" numeric(8, 4),
	"default_auto_update" boolean DEFAULT false NOT NULL,
	"rebate" numeric(5, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_centres_rebate_check" CHECK ("profit_centres"."rebate" >= 0 and "profit_centres"."rebate" < 1)
);
--> statement-breakpoint
CREATE TABLE "variant_component_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"component_rate_id" integer NOT NULL,
	"quantity" numeric(10, 3) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_component_rates_variant_rate_unique" UNIQUE("variant_id","component_rate_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"in_store" boolean DEFAULT false NOT NULL,
	"avbob" boolean DEFAULT false NOT NULL,
	"b2b" boolean DEFAULT false NOT NULL,
	"xero_contact_id" text,
	"xero_contact_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_companies" (
	"customer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "customer_companies_customer_id_company_id_pk" PRIMARY KEY("customer_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"partner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"partner_id" integer,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer,
	"user_id" integer,
	"message" text NOT NULL,
	"status" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line_reject_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"partner_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"product_variant_id" integer,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"gift_message" text,
	"custom_name" text,
	"partner_delivers" boolean DEFAULT true NOT NULL,
	"status_before_cancel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "order_lines_status_check" CHECK ("order_lines"."status" in ('open', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancel-requested', 'cancel-confirmed', 'hold', 'return', 'refund')),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"customer_id" integer,
	"company_id" integer,
	"profit_centre_id" integer,
	"source" text DEFAULT 'web' NOT NULL,
	"payment_type" text DEFAULT 'card' NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"company" text,
	"address1" text,
	"address2" text,
	"city" text,
	"country" text DEFAULT 'South Africa' NOT NULL,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"notes" text,
	"delivery_date" date,
	"is_collection" boolean DEFAULT false NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_value_cents" integer DEFAULT 0 NOT NULL,
	"has_refund" boolean DEFAULT false NOT NULL,
	"has_return" boolean DEFAULT false NOT NULL,
	"has_unassigned" boolean DEFAULT false NOT NULL,
	"fully_paid" boolean DEFAULT false NOT NULL,
	"placed_by_partner_id" integer,
	"search" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_name_unique" UNIQUE("name"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('open', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancel-requested', 'cancel-confirmed', 'hold', 'return', 'refund')),
	CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('web', 'avbob', 'in-store', 'b2b')),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('card', 'eft', 'account'))
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_order_partner_unique" UNIQUE("order_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"date" date NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_kind_check" CHECK ("credit_notes"."kind" in ('order', 'instore', 'wholesale'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" date NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"refund_partner_id" integer,
	"order_line_id" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"on_pay_amount_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"responsible" text,
	"refund_deduction_cents" integer DEFAULT 0 NOT NULL,
	"processed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"on_pay" boolean DEFAULT false NOT NULL,
	"on_pay_amount_cents" integer DEFAULT 0 NOT NULL,
	"responsible" text,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"reason" text NOT NULL,
	"reason_note" text
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"responsible" text,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('open', 'processed'))
);
--> statement-breakpoint
CREATE TABLE "xero_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"code_verifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offline_times" ADD CONSTRAINT "partner_offline_times_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_province_id_locations_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_city_id_locations_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_suburb_id_locations_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_rates" ADD CONSTRAINT "component_rates_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_rates" ADD CONSTRAINT "component_rates_profit_centre_id_profit_centres_id_fk" FOREIGN KEY ("profit_centre_id") REFERENCES "public"."profit_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_units" ADD CONSTRAINT "component_units_measure_unit_id_measure_units_id_fk" FOREIGN KEY ("measure_unit_id") REFERENCES "public"."measure_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_unit_id_component_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."component_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_colour_id_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."colours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_partners" ADD CONSTRAINT "product_partners_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_partners" ADD CONSTRAINT "product_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_component_rates" ADD CONSTRAINT "variant_component_rates_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_component_rates" ADD CONSTRAINT "variant_component_rates_component_rate_id_component_rates_id_fk" FOREIGN KEY ("component_rate_id") REFERENCES "public"."component_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_companies" ADD CONSTRAINT "customer_companies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_companies" ADD CONSTRAINT "customer_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_profit_centre_id_profit_centres_id_fk" FOREIGN KEY ("profit_centre_id") REFERENCES "public"."profit_centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_partner_id_partners_id_fk" FOREIGN KEY ("placed_by_partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_partner_id_refund_partners_id_fk" FOREIGN KEY ("refund_partner_id") REFERENCES "public"."refund_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_partners" ADD CONSTRAINT "refund_partners_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_partners" ADD CONSTRAINT "refund_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_partners" ADD CONSTRAINT "refund_partners_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_connections" ADD CONSTRAINT "xero_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_oauth_states" ADD CONSTRAINT "xero_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_last_activity_idx" ON "sessions" USING btree ("last_activity");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_partner_idx" ON "users" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "partner_offline_times_partner_idx" ON "partner_offline_times" USING btree ("partner_id","start_date");--> statement-breakpoint
CREATE INDEX "partners_name_idx" ON "partners" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "partners_enabled_idx" ON "partners" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "locations_type_idx" ON "locations" USING btree ("location_type","name");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_property_idx" ON "audit_entries" USING btree ("property_type","property_id","created_at");--> statement-breakpoint
CREATE INDEX "colours_name_idx" ON "colours" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "component_rates_profit_centre_idx" ON "component_rates" USING btree ("profit_centre_id");--> statement-breakpoint
CREATE INDEX "component_units_measure_unit_idx" ON "component_units" USING btree ("measure_unit_id");--> statement-breakpoint
CREATE INDEX "components_name_idx" ON "components" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "components_wholesale_idx" ON "components" USING btree ("wholesale_excl_vat_cents");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_partners_partner_idx" ON "product_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "profit_centres_name_idx" ON "profit_centres" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "variant_component_rates_rate_idx" ON "variant_component_rates" USING btree ("component_rate_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "customer_companies_company_idx" ON "customer_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_partner_idx" ON "customers" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "adjustments_order_idx" ON "adjustments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_partner_status_idx" ON "order_lines" USING btree ("partner_id","status","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("product_variant_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date","created_at");--> statement-breakpoint
CREATE INDEX "orders_unassigned_idx" ON "orders" USING btree ("created_at") WHERE "orders"."has_unassigned";--> statement-breakpoint
CREATE INDEX "orders_returns_idx" ON "orders" USING btree ("created_at") WHERE "orders"."has_return";--> statement-breakpoint
CREATE INDEX "orders_refunds_idx" ON "orders" USING btree ("created_at") WHERE "orders"."has_refund";--> statement-breakpoint
CREATE INDEX "orders_name_lower_idx" ON "orders" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_last_name_lower_idx" ON "orders" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_placed_by_partner_idx" ON "orders" USING btree ("placed_by_partner_id","created_at") WHERE "orders"."placed_by_partner_id" is not null;--> statement-breakpoint
CREATE INDEX "bills_partner_paid_idx" ON "bills" USING btree ("partner_id","paid");--> statement-breakpoint
CREATE INDEX "bills_partner_created_idx" ON "bills" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_partner_date_idx" ON "credit_notes" USING btree ("partner_id","date");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_partner_paid_idx" ON "payments" USING btree ("partner_id","paid_at");--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_order_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refund_partners_refund_idx" ON "refund_partners" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_partners_partner_idx" ON "refund_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "xero_oauth_states_created_idx" ON "xero_oauth_states" USING btree ("created_at");