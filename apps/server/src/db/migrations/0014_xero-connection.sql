-- Tokens were stored in plain text and states were unbound: nothing could create either (issue 24), and what
-- there may be is dropped rather than sealed, so no plain-text token survives the migration.
DELETE FROM "xero_connections";--> statement-breakpoint
DELETE FROM "xero_oauth_states";--> statement-breakpoint
ALTER TABLE "xero_oauth_states" ALTER COLUMN "code_verifier" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "xero_connections" ADD COLUMN "expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "xero_connections" ADD COLUMN "connected_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "xero_oauth_states" ADD COLUMN "session_id" text NOT NULL;
