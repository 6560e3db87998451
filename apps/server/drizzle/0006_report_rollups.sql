-- Monthly roll-ups of the report summaries, so a year or all time is a few thousand rows to add up instead of
-- hundreds of thousands: report_supplier_months (per Europe/Tallinn month of the tender start, group and company)
-- and report_line_months (per month, group and winner reason; reason '' counts every line). report_refresh (0003)
-- now subtracts a tender's summary rows from the roll-ups before rewriting them and adds the new rows after, in the
-- same transaction, so the roll-ups stay exact sums of the summaries. Readers take whole months from the roll-ups
-- and the partial months at the edges of a period from the summaries.
CREATE TABLE "report_supplier_months" (
	"month" date NOT NULL,
	"group_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"tenders" integer NOT NULL,
	"proposals" integer NOT NULL,
	"won_tenders" integer NOT NULL,
	"won_proposals" integer NOT NULL,
	"details" integer NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	"orders" integer NOT NULL,
	"order_details" integer NOT NULL,
	"order_qty" numeric(20, 4) NOT NULL,
	"order_total" numeric(20, 2) NOT NULL,
	CONSTRAINT "report_supplier_months_month_group_id_supplier_id_pk" PRIMARY KEY("month","group_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "report_line_months" (
	"month" date NOT NULL,
	"group_id" integer NOT NULL,
	"reason" text NOT NULL,
	"lines" integer NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	CONSTRAINT "report_line_months_month_group_id_reason_pk" PRIMARY KEY("month","group_id","reason")
);
--> statement-breakpoint
CREATE INDEX "report_sm_empty_idx" ON "report_supplier_months" USING btree ("month") WHERE "report_supplier_months"."tenders" = 0;--> statement-breakpoint
CREATE INDEX "report_lm_empty_idx" ON "report_line_months" USING btree ("month") WHERE "report_line_months"."lines" = 0;--> statement-breakpoint
-- The purchase order's code copied next to its id (as the tender code is), so the orders report searches and orders
-- by it within its own rows instead of looking through every purchase order.
ALTER TABLE "report_tender_suppliers" ADD COLUMN "order_code" text;--> statement-breakpoint
UPDATE "report_tender_suppliers" r SET "order_code" = po."order_code" FROM "purchase_orders" po WHERE po."id" = r."order_id";--> statement-breakpoint
-- Pages of long periods in the order of a figure: walked in that order, filtered by period, stopped after the page.
CREATE INDEX "report_ts_order_total_idx" ON "report_tender_suppliers" USING btree ("total","order_id") WHERE "report_tender_suppliers"."order_id" is not null and "report_tender_suppliers"."details" > 0;--> statement-breakpoint
CREATE INDEX "report_ts_order_code_idx" ON "report_tender_suppliers" USING btree ("tender_code","order_id") WHERE "report_tender_suppliers"."order_id" is not null and "report_tender_suppliers"."details" > 0;--> statement-breakpoint
CREATE INDEX "report_ts_total_idx" ON "report_tender_suppliers" USING btree ("total","first_proposal_id");--> statement-breakpoint
CREATE INDEX "report_lines_max_price_idx" ON "report_lines" USING btree ("max_price","detail_id");--> statement-breakpoint
CREATE INDEX "report_lines_min_price_idx" ON "report_lines" USING btree ("min_price","detail_id");--> statement-breakpoint
CREATE INDEX "report_lines_total_idx" ON "report_lines" USING btree ("total","detail_id");--> statement-breakpoint
-- Adds (sign 1) or subtracts (sign -1) the current summary rows of the given tenders to or from the roll-ups.
-- Rows are upserted in key order, so two transactions refreshing tenders of one month cannot deadlock here.
CREATE OR REPLACE FUNCTION report_rollup_add(todo integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_supplier_months AS m (month, group_id, supplier_id, tenders, proposals, won_tenders, won_proposals,
                                           details, total, orders, order_details, order_qty, order_total)
  SELECT date_trunc('month', r.tender_start AT TIME ZONE 'Europe/Tallinn')::date AS mo, r.group_id, r.supplier_id,
         sign * count(*), sign * sum(r.proposals),
         sign * count(*) FILTER (WHERE r.details > 0), sign * coalesce(sum(r.proposals) FILTER (WHERE r.details > 0), 0),
         sign * sum(r.details), sign * sum(r.total),
         sign * count(*) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'),
         sign * coalesce(sum(r.details) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0),
         sign * coalesce(sum(r.qty) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0),
         sign * coalesce(sum(r.total) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0)
  FROM report_tender_suppliers r
  WHERE r.tender_id = ANY (todo)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (month, group_id, supplier_id) DO UPDATE SET
    tenders = m.tenders + excluded.tenders, proposals = m.proposals + excluded.proposals,
    won_tenders = m.won_tenders + excluded.won_tenders, won_proposals = m.won_proposals + excluded.won_proposals,
    details = m.details + excluded.details, total = m.total + excluded.total,
    orders = m.orders + excluded.orders, order_details = m.order_details + excluded.order_details,
    order_qty = m.order_qty + excluded.order_qty, order_total = m.order_total + excluded.order_total;
  INSERT INTO report_line_months AS m (month, group_id, reason, lines, qty, total)
  SELECT date_trunc('month', l.tender_start AT TIME ZONE 'Europe/Tallinn')::date AS mo, l.group_id, x.reason,
         sign * count(*), sign * sum(l.qty), sign * sum(l.total)
  FROM report_lines l
  CROSS JOIN LATERAL (SELECT '' AS reason UNION ALL SELECT unnest(l.reasons)) x
  WHERE l.tender_id = ANY (todo)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (month, group_id, reason) DO UPDATE SET
    lines = m.lines + excluded.lines, qty = m.qty + excluded.qty, total = m.total + excluded.total;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  todo integer[];
  t integer;
BEGIN
  SELECT coalesce(array_agg(x ORDER BY x), '{}') INTO todo FROM (
    SELECT DISTINCT x FROM unnest(ids) AS u(x)
    WHERE x IS NOT NULL AND (
      EXISTS (SELECT 1 FROM tenders WHERE id = x AND status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'))
      OR EXISTS (SELECT 1 FROM report_tender_suppliers WHERE tender_id = x)
      OR EXISTS (SELECT 1 FROM report_lines WHERE tender_id = x))
  ) s;
  IF cardinality(todo) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions refreshing one tender take turns (in id order, so they cannot deadlock); bulk loads
  -- (seed, migrations, imports) refresh many tenders at once and do not run concurrently.
  IF cardinality(todo) <= 200 THEN
    FOREACH t IN ARRAY todo LOOP
      PERFORM pg_advisory_xact_lock(727310, t);
    END LOOP;
  END IF;
  PERFORM report_rollup_add(todo, -1);
  DELETE FROM report_tender_suppliers WHERE tender_id = ANY (todo);
  DELETE FROM report_lines WHERE tender_id = ANY (todo);
  INSERT INTO report_tender_suppliers (tender_id, supplier_id, group_id, tender_start, tender_code, status, order_id,
                                       order_code, first_proposal_id, proposals, details, qty, total)
  SELECT p.tender_id, p.supplier_id, t.group_id, t.start, t.tender_code, t.status,
         (SELECT po.id FROM purchase_orders po WHERE po.tender_id = p.tender_id AND po.supplier_id = p.supplier_id),
         (SELECT po.order_code FROM purchase_orders po WHERE po.tender_id = p.tender_id AND po.supplier_id = p.supplier_id),
         min(p.id), count(*)::int,
         (count(DISTINCT w.detail_id) FILTER (WHERE w.id IS NOT NULL AND t.status = 'ORDERED'))::int,
         coalesce(sum(w.amount) FILTER (WHERE t.status = 'ORDERED'), 0),
         coalesce(sum(round(w.amount * p.price, 2)) FILTER (WHERE t.status = 'ORDERED'), 0)
  FROM proposals p
  JOIN tenders t ON t.id = p.tender_id
  LEFT JOIN winners w ON w.proposal_id = p.id
  WHERE p.tender_id = ANY (todo) AND t.status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')
  GROUP BY p.tender_id, p.supplier_id, t.group_id, t.start, t.tender_code, t.status;
  INSERT INTO report_lines (detail_id, tender_id, group_id, tender_start, tender_code, part_id, part_code, min_price,
                            max_price, prices, reasons, qty, total)
  SELECT p.detail_id, p.tender_id, t.group_id, t.start, t.tender_code, d.part_id, pt.code, min(p.price), max(p.price),
         coalesce(array_agg(p.price::text ORDER BY p.price, w.id) FILTER (WHERE w.id IS NOT NULL AND t.status = 'ORDERED'), '{}'),
         coalesce(array_agg(DISTINCT w.reason) FILTER (WHERE w.id IS NOT NULL AND t.status = 'ORDERED'), '{}'),
         coalesce(sum(w.amount) FILTER (WHERE t.status = 'ORDERED'), 0),
         coalesce(sum(round(w.amount * p.price, 2)) FILTER (WHERE t.status = 'ORDERED'), 0)
  FROM proposals p
  JOIN tenders t ON t.id = p.tender_id
  JOIN details d ON d.id = p.detail_id
  JOIN parts pt ON pt.id = d.part_id
  LEFT JOIN winners w ON w.proposal_id = p.id
  WHERE p.tender_id = ANY (todo) AND t.status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')
  GROUP BY p.detail_id, p.tender_id, t.group_id, t.start, t.tender_code, d.part_id, pt.code;
  PERFORM report_rollup_add(todo, 1);
  -- keys nobody counts any more (a tender moved to another month, a company's last offer gone)
  DELETE FROM report_supplier_months WHERE tenders = 0;
  DELETE FROM report_line_months WHERE lines = 0;
END $$;
--> statement-breakpoint
INSERT INTO report_supplier_months (month, group_id, supplier_id, tenders, proposals, won_tenders, won_proposals, details,
                                    total, orders, order_details, order_qty, order_total)
SELECT date_trunc('month', r.tender_start AT TIME ZONE 'Europe/Tallinn')::date, r.group_id, r.supplier_id,
       count(*), sum(r.proposals), count(*) FILTER (WHERE r.details > 0),
       coalesce(sum(r.proposals) FILTER (WHERE r.details > 0), 0), sum(r.details), sum(r.total),
       count(*) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'),
       coalesce(sum(r.details) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0),
       coalesce(sum(r.qty) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0),
       coalesce(sum(r.total) FILTER (WHERE r.order_id IS NOT NULL AND r.details > 0 AND r.status = 'ORDERED'), 0)
FROM report_tender_suppliers r
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_line_months (month, group_id, reason, lines, qty, total)
SELECT date_trunc('month', l.tender_start AT TIME ZONE 'Europe/Tallinn')::date, l.group_id, x.reason,
       count(*), sum(l.qty), sum(l.total)
FROM report_lines l
CROSS JOIN LATERAL (SELECT '' AS reason UNION ALL SELECT unnest(l.reasons)) x
GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE report_supplier_months;
--> statement-breakpoint
ANALYZE report_line_months;
