-- A rule's application is an edit (wallet_edits, kind 'rule.apply', its rule in rule_id): one undo for both. Those recorded so far move over under the same ids (an undo still finds them), then their tables go.
ALTER TABLE "wallet_edits" ADD COLUMN "rule_id" uuid;--> statement-breakpoint
INSERT INTO "wallet_edits" ("id", "user_id", "kind", "rule_id", "created_at", "undone_at")
  SELECT "id", "user_id", 'rule.apply', "rule_id", "created_at", "undone_at" FROM "wallet_rule_applications";--> statement-breakpoint
INSERT INTO "wallet_edit_items" ("edit_id", "user_id", "group_id", "before_journal_id", "after_journal_id", "tags")
  SELECT "application_id", "user_id", "group_id", "before_journal_id", "after_journal_id",
    CASE WHEN jsonb_array_length("tags_added") > 0 THEN jsonb_build_object('added', "tags_added", 'removed', '[]'::jsonb) END
  FROM "wallet_rule_application_items"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "wallet_rule_application_items" CASCADE;--> statement-breakpoint
DROP TABLE "wallet_rule_applications" CASCADE;
