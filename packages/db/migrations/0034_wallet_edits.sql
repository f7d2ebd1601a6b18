CREATE TABLE "wallet_edit_items" (
	"edit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"before_journal_id" uuid NOT NULL,
	"after_journal_id" uuid NOT NULL,
	"tags" jsonb,
	CONSTRAINT "wallet_edit_items_edit_id_group_id_pk" PRIMARY KEY("edit_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "wallet_edits_kind_length" CHECK (char_length("wallet_edits"."kind") BETWEEN 1 AND 40)
);
--> statement-breakpoint
ALTER TABLE "wallet_edit_items" ADD CONSTRAINT "wallet_edit_items_edit_id_wallet_edits_id_fk" FOREIGN KEY ("edit_id") REFERENCES "public"."wallet_edits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_edit_items" ADD CONSTRAINT "wallet_edit_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_edits" ADD CONSTRAINT "wallet_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_edit_items_user_idx" ON "wallet_edit_items" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "wallet_edits_user_idx" ON "wallet_edits" USING btree ("user_id","created_at");