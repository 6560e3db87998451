-- Searches and text filters over long report periods. Trigram indexes on the codes the reports search in
-- ("contains", any case): a selective word such as an order number is a bitmap index scan instead of a test of
-- every summary row of the period. The period index of report_lines grows into (start, group, part, quantity,
-- total), so the totals of a part filter (resolved to part ids first) are an index-only range scan.
DROP INDEX "report_lines_start_idx";--> statement-breakpoint
CREATE INDEX "report_lines_start_sums_idx" ON "report_lines" USING btree ("tender_start","group_id","part_id","qty","total");--> statement-breakpoint
CREATE INDEX "report_lines_tender_code_trgm_idx" ON "report_lines" USING gin ("tender_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_ts_tender_code_trgm_idx" ON "report_tender_suppliers" USING gin ("tender_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_ts_order_code_trgm_idx" ON "report_tender_suppliers" USING gin ("order_code" gin_trgm_ops);--> statement-breakpoint
ANALYZE "report_tender_suppliers";--> statement-breakpoint
ANALYZE "report_lines";
