-- When a supplier company was first activated (issue 35): a company that registered itself and waits for an
-- administrator (never activated) is told apart from one that was blocked, whatever else was done to its row since.
-- Earlier companies count as activated when they are active, when the audit log holds an activation, or when one of
-- their users has ever signed in.
ALTER TABLE "suppliers" ADD COLUMN "activated_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "suppliers" s SET "activated_at" = s."created"
WHERE s."is_active"
  OR EXISTS (SELECT 1 FROM "history" h WHERE h."entity" = 'supplier' AND h."entity_id" = s."id" AND h."action" = 'activated')
  OR EXISTS (SELECT 1 FROM "users" u WHERE u."supplier_id" = s."id" AND u."last_login" IS NOT NULL);
