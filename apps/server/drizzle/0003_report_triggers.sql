-- Report summaries (report_tender_suppliers, report_lines) kept exact by statement-level triggers: every write to
-- tenders, lines, offers, winners or purchase orders refreshes the affected tenders' rows in the same transaction.
-- Only tenders whose offers buyers may see (FINISHED, CHOOSING, ORDERED, FAILED) have rows; money as in the order
-- documents: round(ordered quantity × price, 2) per winner.
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
  DELETE FROM report_tender_suppliers WHERE tender_id = ANY (todo);
  DELETE FROM report_lines WHERE tender_id = ANY (todo);
  INSERT INTO report_tender_suppliers (tender_id, supplier_id, group_id, tender_start, tender_code, status, order_id,
                                       first_proposal_id, proposals, details, qty, total)
  SELECT p.tender_id, p.supplier_id, t.group_id, t.start, t.tender_code, t.status,
         (SELECT po.id FROM purchase_orders po WHERE po.tender_id = p.tender_id AND po.supplier_id = p.supplier_id),
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_tenders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_refresh(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.start IS DISTINCT FROM o.start OR n.group_id IS DISTINCT FROM o.group_id
       OR n.tender_code IS DISTINCT FROM o.tender_code));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_rows_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- proposals and purchase orders carry tender_id; winners reach it through their offer; lines through tender_id
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_refresh(array(SELECT p.tender_id FROM new_rows w JOIN proposals p ON p.id = w.proposal_id));
  ELSE
    PERFORM report_refresh(array(SELECT tender_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_rows_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_refresh(array(SELECT p.tender_id FROM old_rows w JOIN proposals p ON p.id = w.proposal_id));
  ELSE
    PERFORM report_refresh(array(SELECT tender_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_refresh(array(
      SELECT p.tender_id FROM new_rows w JOIN proposals p ON p.id = w.proposal_id
      UNION SELECT p.tender_id FROM old_rows w JOIN proposals p ON p.id = w.proposal_id));
  ELSE
    PERFORM report_refresh(array(SELECT tender_id FROM new_rows UNION SELECT tender_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_lines r SET part_code = n.code
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE r.part_id = n.id AND n.code IS DISTINCT FROM o.code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_parts_upd AFTER UPDATE ON parts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_parts();
--> statement-breakpoint
CREATE TRIGGER report_tenders_upd AFTER UPDATE ON tenders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_tenders();
--> statement-breakpoint
CREATE TRIGGER report_details_upd AFTER UPDATE ON details REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_changed();
--> statement-breakpoint
CREATE TRIGGER report_proposals_ins AFTER INSERT ON proposals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_new();
--> statement-breakpoint
CREATE TRIGGER report_proposals_upd AFTER UPDATE ON proposals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_changed();
--> statement-breakpoint
CREATE TRIGGER report_proposals_del AFTER DELETE ON proposals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_old();
--> statement-breakpoint
CREATE TRIGGER report_winners_ins AFTER INSERT ON winners REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_new();
--> statement-breakpoint
CREATE TRIGGER report_winners_upd AFTER UPDATE ON winners REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_changed();
--> statement-breakpoint
CREATE TRIGGER report_winners_del AFTER DELETE ON winners REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_old();
--> statement-breakpoint
CREATE TRIGGER report_orders_ins AFTER INSERT ON purchase_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_new();
--> statement-breakpoint
CREATE TRIGGER report_orders_upd AFTER UPDATE ON purchase_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_del AFTER DELETE ON purchase_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_rows_old();
--> statement-breakpoint
SELECT report_refresh(array(SELECT id FROM tenders WHERE status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')));
--> statement-breakpoint
ANALYZE report_tender_suppliers;
--> statement-breakpoint
ANALYZE report_lines;
