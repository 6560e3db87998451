-- The tender list's status index carries the tender's group too, so a buyer's list filtered by status (and by
-- the groups a contractor sees) reads its page ids and its total from the index alone: the total of a filtered
-- page was a bitmap heap scan of ~230 tender pages to test group_id (BENCHMARKS.md, tender list).
DROP INDEX "tenders_status_start_id_idx";--> statement-breakpoint
CREATE INDEX "tenders_status_start_id_group_idx" ON "tenders" USING btree ("status","start","id","group_id");
