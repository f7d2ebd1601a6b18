CREATE TABLE "wallet_rule_application_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"before_journal_id" uuid NOT NULL,
	"after_journal_id" uuid NOT NULL,
	"tags_added" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_rule_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_rules_position_positive" CHECK ("wallet_rules"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "wallet_rule_application_items" ADD CONSTRAINT "wallet_rule_application_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_rule_application_items" ADD CONSTRAINT "wallet_rule_application_items_application_id_wallet_rule_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."wallet_rule_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_rule_applications" ADD CONSTRAINT "wallet_rule_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_rules" ADD CONSTRAINT "wallet_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_rule_application_items_user_idx" ON "wallet_rule_application_items" USING btree ("user_id","application_id");--> statement-breakpoint
CREATE INDEX "wallet_rule_applications_user_idx" ON "wallet_rule_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_rules_user_position_idx" ON "wallet_rules" USING btree ("user_id","position");