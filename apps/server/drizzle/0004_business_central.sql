CREATE TABLE "bc_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"user_id" integer,
	"started" timestamp with time zone NOT NULL,
	"heartbeat" timestamp with time zone NOT NULL,
	"finished" timestamp with time zone,
	"message" text,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "bc_sync_runs_status_ck" CHECK ("bc_sync_runs"."status" in ('running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_id" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_number" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_status" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_message" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "bc_lock_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bc_sync_runs_one_running_uq" ON "bc_sync_runs" USING btree ("status") WHERE "bc_sync_runs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_bc_status_ck" CHECK ("purchase_orders"."bc_status" is null or "purchase_orders"."bc_status" in ('incompatible','pending','synced','error','canceled'));