-- Exactly-once delivery across replicas (issue 31): a message's globally unique id for its Message-ID, the token
-- of the claim that holds it (renewed while a delivery runs; results are recorded only under it), 'discarded' for
-- deliveries an operator gave up on, and an index for the operators' list of open deliveries.
ALTER TABLE "outbox" ADD COLUMN "message_uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_ck";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_ck" CHECK ("outbox"."status" in ('pending','done','failed','discarded'));--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_uuid_uq" ON "outbox" USING btree ("message_uuid");--> statement-breakpoint
CREATE INDEX "outbox_open_idx" ON "outbox" USING btree ("id") WHERE "outbox"."status" in ('pending','failed');
