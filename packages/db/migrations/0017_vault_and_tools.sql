CREATE TABLE "tool_waitlist" (
	"user_id" uuid NOT NULL,
	"tool_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_waitlist_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "vault_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vault_accounts_used_bytes_not_negative" CHECK ("vault_accounts"."used_bytes" >= 0),
	CONSTRAINT "vault_accounts_file_count_not_negative" CHECK ("vault_accounts"."file_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vault_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_files_size_not_negative" CHECK ("vault_files"."size_bytes" >= 0),
	CONSTRAINT "vault_files_kind" CHECK ("vault_files"."kind" IN ('pdf', 'png', 'jpeg', 'heic', 'webp', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'csv', 'txt'))
);
--> statement-breakpoint
ALTER TABLE "tool_waitlist" ADD CONSTRAINT "tool_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_accounts" ADD CONSTRAINT "vault_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_files" ADD CONSTRAINT "vault_files_user_id_vault_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."vault_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_files_user_idx" ON "vault_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_files_storage_key" ON "vault_files" USING btree ("storage_key");