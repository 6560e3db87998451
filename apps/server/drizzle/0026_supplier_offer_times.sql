-- The suppliers list shows each company's first and last offer time (last_proposal_date and
-- last_proposal_date_updated). tender_supplier_counts keeps them exactly per (tender, company) with the counters
-- (0005, 0008); read per company from these two indexes, a page reads two index ends per company instead of every
-- offer line of its companies, so it costs the same with ten times the history (BENCHMARKS.md, "Issue 37").
CREATE INDEX "tender_supplier_counts_first_idx" ON "tender_supplier_counts" USING btree ("supplier_id", "first_created");--> statement-breakpoint
CREATE INDEX "tender_supplier_counts_last_idx" ON "tender_supplier_counts" USING btree ("supplier_id", "last_updated");
