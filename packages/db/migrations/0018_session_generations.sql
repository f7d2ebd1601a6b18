ALTER TABLE "auth_sessions" ADD COLUMN "min_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;