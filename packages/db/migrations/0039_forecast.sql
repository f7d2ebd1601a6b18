CREATE TABLE "forecast_account_floors" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"floor_cents" bigint NOT NULL,
	CONSTRAINT "forecast_account_floors_user_id_account_id_pk" PRIMARY KEY("user_id","account_id"),
	CONSTRAINT "forecast_account_floors_floor_nonnegative" CHECK ("forecast_account_floors"."floor_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forecast_alerts" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"open" boolean NOT NULL,
	"episode" integer NOT NULL,
	"first_dip" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_alerts_user_id_account_id_pk" PRIMARY KEY("user_id","account_id"),
	CONSTRAINT "forecast_alerts_episode_positive" CHECK ("forecast_alerts"."episode" >= 1)
);
--> statement-breakpoint
CREATE TABLE "forecast_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"floor_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_settings_floor_nonnegative" CHECK ("forecast_settings"."floor_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "forecast_account_floors" ADD CONSTRAINT "forecast_account_floors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_account_floors" ADD CONSTRAINT "forecast_account_floors_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_alerts" ADD CONSTRAINT "forecast_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_alerts" ADD CONSTRAINT "forecast_alerts_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_settings" ADD CONSTRAINT "forecast_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;