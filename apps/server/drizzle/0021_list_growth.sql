-- Every ordering of the tender list a user can pick reads its page from an index, so a page costs the same with ten
-- times the history (BENCHMARKS.md, "Issue 37: lists flat from 1× to 10×"):
--   own columns   (column, id) for finish, created and updated (start and the code had theirs), and (status, id)
--                 for the lifecycle order, read one status at a time;
--   names         warehouse, group and creator: (key, id), read one warehouse (group, buyer) at a time in name order;
--   counts        the counters the row shows (tender_counts, kept exact by 0005/0008's triggers), by (count, tender);
--                 (a company sorting by its own counts reads its few counter rows: not indexed here).
-- Every tender has its counter row (counts_on_tenders inserts it with the tender); the page of a count ordering
-- starts from the counters, so a missing row would drop the tender from it: inserted here for any tender without.
INSERT INTO "tender_counts" ("tender_id") SELECT "id" FROM "tenders" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP INDEX IF EXISTS "tenders_finish_idx";--> statement-breakpoint
CREATE INDEX "tenders_finish_id_idx" ON "tenders" USING btree ("finish","id");--> statement-breakpoint
CREATE INDEX "tenders_created_id_idx" ON "tenders" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "tenders_updated_id_idx" ON "tenders" USING btree ("updated","id");--> statement-breakpoint
CREATE INDEX "tenders_status_id_idx" ON "tenders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tenders_warehouse_id_idx" ON "tenders" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "tenders_group_id_idx" ON "tenders" USING btree ("group_id","id");--> statement-breakpoint
DROP INDEX IF EXISTS "tenders_creator_idx";--> statement-breakpoint
CREATE INDEX "tenders_creator_id_idx" ON "tenders" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "tender_counts_details_idx" ON "tender_counts" USING btree ("details","tender_id");--> statement-breakpoint
CREATE INDEX "tender_counts_proposals_idx" ON "tender_counts" USING btree ("proposals","tender_id");--> statement-breakpoint
CREATE INDEX "tender_counts_winners_idx" ON "tender_counts" USING btree ("winners","tender_id");
--> statement-breakpoint
-- The code search matches a code's start or its end (list.ts, tenderSearchWhere): a range of either index, however
-- many codes share the word's trigrams.
CREATE INDEX "tenders_code_lower_idx" ON "tenders" USING btree (lower("tender_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tenders_code_reverse_idx" ON "tenders" USING btree (reverse(lower("tender_code")) text_pattern_ops);
