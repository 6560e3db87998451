-- Award suggestions (issue 33): each line's offers in the suggestion rules' order (price, delivery date, the larger
-- available quantity, the older offer), so the suggestions read the first few offers of every line from the index
-- instead of sorting a whole tender's offers (300,000 on the largest tender).
CREATE INDEX IF NOT EXISTS "proposals_detail_rank_idx" ON "proposals" USING btree ("detail_id", "price", "delivery_date", "available_qty" DESC NULLS FIRST, "id");
