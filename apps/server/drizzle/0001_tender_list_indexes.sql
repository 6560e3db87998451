CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tenders_start_idx";--> statement-breakpoint
CREATE INDEX "tenders_start_id_idx" ON "tenders" USING btree ("start","id");--> statement-breakpoint
CREATE INDEX "tenders_code_trgm_idx" ON "tenders" USING gin ("tender_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenders_warehouse_start_idx" ON "tenders" USING btree ("warehouse_id","start");--> statement-breakpoint
CREATE INDEX "tenders_creator_idx" ON "tenders" USING btree ("creator_id");