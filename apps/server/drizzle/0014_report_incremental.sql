-- Report summaries and counters kept exact by what a write touches, not by its whole tender (issue 37).
-- Before, every write to winners, lines, offers or purchase orders re-aggregated all offers of the tender
-- (report_refresh, 0003/0006) under one lock per tender: a winner save on a tender of 300,000 offers cost seconds,
-- and two buyers choosing on one tender queued behind each other. Now:
--   winners      count in the summaries only while the tender is ORDERED: on a CHOOSING tender (where buyers choose)
--                a winner write touches no summary row; on an ORDERED one, the lines and (tender, company) pairs of
--                the changed winners are rewritten;
--   offers       the lines and pairs of the changed offer lines (of tenders that have summaries);
--   lines        only a changed part moves a line's summary (its offers carry the tender): that line is rewritten;
--   orders       only the order's id and code of its pair change: the pair row is updated in place;
--   tenders      a change of status, start, group or code still rewrites the whole tender (report_refresh, as
--                before): once per confirm, reopen or cancel, not once per click.
-- Each rewrite subtracts the rows it replaces from the monthly roll-ups and adds the new rows (as report_refresh
-- does for a tender), so roll-ups stay exact sums of the summaries.
-- Locks: a tender rewrite takes the tender's advisory lock (727310, tender) exclusively, as before; a line or pair
-- rewrite takes it shared, then the company's lock of each pair ((tender, company), the lock its offers take) and
-- the changed lines' rows (FOR NO KEY UPDATE, in id order): two rewrites of different lines of one tender go on
-- side by side, two of the same line take turns, and none overlaps a whole-tender rewrite. Bulk writes (more than
-- 200 tenders or 5,000 lines in one statement: seed, imports) take none, as before; a statement over more than 200
-- tenders rewrites those tenders whole (report_refresh), which is the cheaper way for bulk loads.
CREATE OR REPLACE FUNCTION report_rollup_lines(ids integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_line_months AS m (month, group_id, reason, lines, qty, total)
  SELECT date_trunc('month', l.tender_start AT TIME ZONE 'Europe/Tallinn')::date AS mo, l.group_id, x.reason,
         sign * count(*), sign * sum(l.qty), sign * sum(l.total)
  FROM report_lines l
  CROSS JOIN LATERAL (SELECT '' AS reason UNION ALL SELECT unnest(l.reasons)) x
  WHERE l.detail_id = ANY (ids)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (month, group_id, reason) DO UPDATE SET
    lines = m.lines + excluded.lines, qty = m.qty + excluded.qty, total = m.total + excluded.total;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_pairs(t integer[], s integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
  JOIN (SELECT DISTINCT * FROM unnest(t, s) AS u(tender_id, supplier_id)) x
    ON x.tender_id = r.tender_id AND x.supplier_id = r.supplier_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (month, group_id, supplier_id) DO UPDATE SET
    tenders = m.tenders + excluded.tenders, proposals = m.proposals + excluded.proposals,
    won_tenders = m.won_tenders + excluded.won_tenders, won_proposals = m.won_proposals + excluded.won_proposals,
    details = m.details + excluded.details, total = m.total + excluded.total,
    orders = m.orders + excluded.orders, order_details = m.order_details + excluded.order_details,
    order_qty = m.order_qty + excluded.order_qty, order_total = m.order_total + excluded.order_total;
END $$;
--> statement-breakpoint
-- The locks of a line or pair rewrite (see above); tenders, pairs and lines each in key order.
CREATE OR REPLACE FUNCTION report_lock_parts(tids integer[], t integer[], s integer[], lines integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x integer;
  p record;
BEGIN
  IF cardinality(tids) > 200 OR coalesce(cardinality(lines), 0) > 5000 THEN
    RETURN;
  END IF;
  FOREACH x IN ARRAY tids LOOP
    PERFORM pg_advisory_xact_lock_shared(727310, x);
  END LOOP;
  FOR p IN SELECT DISTINCT u.tender_id, u.supplier_id FROM unnest(t, s) AS u(tender_id, supplier_id)
           WHERE u.tender_id IS NOT NULL AND u.supplier_id IS NOT NULL ORDER BY 1, 2 LOOP
    PERFORM pg_advisory_xact_lock(p.tender_id, p.supplier_id);
  END LOOP;
  IF cardinality(lines) > 0 THEN
    PERFORM 1 FROM details d WHERE d.id = ANY (lines) ORDER BY d.id FOR NO KEY UPDATE;
  END IF;
END $$;
--> statement-breakpoint
-- Rewrites the summary rows of the given lines (report_lines) and adjusts the line roll-ups.
CREATE OR REPLACE FUNCTION report_refresh_lines(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM report_rollup_lines(ids, -1);
  DELETE FROM report_lines WHERE detail_id = ANY (ids);
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
  WHERE p.detail_id = ANY (ids) AND t.status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')
  GROUP BY p.detail_id, p.tender_id, t.group_id, t.start, t.tender_code, d.part_id, pt.code;
  PERFORM report_rollup_lines(ids, 1);
  DELETE FROM report_line_months WHERE lines = 0;
END $$;
--> statement-breakpoint
-- Rewrites the summary rows of the given (tender, company) pairs (report_tender_suppliers) and their roll-ups.
CREATE OR REPLACE FUNCTION report_refresh_pairs(t integer[], s integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(t), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM report_rollup_pairs(t, s, -1);
  DELETE FROM report_tender_suppliers r
  USING (SELECT DISTINCT * FROM unnest(t, s) AS u(tender_id, supplier_id)) x
  WHERE r.tender_id = x.tender_id AND r.supplier_id = x.supplier_id;
  INSERT INTO report_tender_suppliers (tender_id, supplier_id, group_id, tender_start, tender_code, status, order_id,
                                       order_code, first_proposal_id, proposals, details, qty, total)
  SELECT p.tender_id, p.supplier_id, tn.group_id, tn.start, tn.tender_code, tn.status,
         (SELECT po.id FROM purchase_orders po WHERE po.tender_id = p.tender_id AND po.supplier_id = p.supplier_id),
         (SELECT po.order_code FROM purchase_orders po WHERE po.tender_id = p.tender_id AND po.supplier_id = p.supplier_id),
         min(p.id), count(*)::int,
         (count(DISTINCT w.detail_id) FILTER (WHERE w.id IS NOT NULL AND tn.status = 'ORDERED'))::int,
         coalesce(sum(w.amount) FILTER (WHERE tn.status = 'ORDERED'), 0),
         coalesce(sum(round(w.amount * p.price, 2)) FILTER (WHERE tn.status = 'ORDERED'), 0)
  FROM (SELECT DISTINCT * FROM unnest(t, s) AS u(tender_id, supplier_id)) x
  JOIN proposals p ON p.tender_id = x.tender_id AND p.supplier_id = x.supplier_id
  JOIN tenders tn ON tn.id = p.tender_id
  LEFT JOIN winners w ON w.proposal_id = p.id
  WHERE tn.status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')
  GROUP BY p.tender_id, p.supplier_id, tn.group_id, tn.start, tn.tender_code, tn.status;
  PERFORM report_rollup_pairs(t, s, 1);
  DELETE FROM report_supplier_months WHERE tenders = 0;
END $$;
--> statement-breakpoint
-- Of the given tenders, those that have summaries or should have (the condition of report_refresh).
CREATE OR REPLACE FUNCTION report_tenders_kept(ids integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM (
    SELECT DISTINCT x FROM unnest(ids) AS u(x)
    WHERE x IS NOT NULL AND (
      EXISTS (SELECT 1 FROM tenders WHERE id = x AND status IN ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'))
      OR EXISTS (SELECT 1 FROM report_tender_suppliers WHERE tender_id = x)
      OR EXISTS (SELECT 1 FROM report_lines WHERE tender_id = x))
  ) s
$$;
--> statement-breakpoint
-- Offer lines changed (inserted, updated or deleted): their lines and pairs, in tenders that have summaries.
CREATE OR REPLACE FUNCTION report_offers_changed(lines integer[], t integer[], s integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept integer[] := report_tenders_kept(t);
  lt integer[];
  pt integer[];
  ps integer[];
BEGIN
  IF cardinality(kept) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(kept) > 200 THEN
    PERFORM report_refresh(kept);
    RETURN;
  END IF;
  SELECT array_agg(DISTINCT u.l ORDER BY u.l), array_agg(u.t), array_agg(u.s) INTO lt, pt, ps
  FROM unnest(lines, t, s) AS u(l, t, s) WHERE u.t = ANY (kept);
  PERFORM report_lock_parts(kept, pt, ps, lt);
  PERFORM report_refresh_lines(lt);
  PERFORM report_refresh_pairs(pt, ps);
END $$;
--> statement-breakpoint
-- Winners changed: they count only in ORDERED tenders; elsewhere (CHOOSING, where buyers choose) nothing moves.
-- `props` are the winners' offer lines (old and new), `lines` their lines, pairwise.
CREATE OR REPLACE FUNCTION report_winners_changed(lines integer[], props integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tids integer[];
  lt integer[];
  pt integer[];
  ps integer[];
BEGIN
  SELECT array_agg(DISTINCT p.tender_id ORDER BY p.tender_id), array_agg(DISTINCT u.l ORDER BY u.l),
         array_agg(p.tender_id), array_agg(p.supplier_id)
  INTO tids, lt, pt, ps
  FROM unnest(lines, props) AS u(l, p)
  JOIN proposals p ON p.id = u.p
  JOIN tenders tn ON tn.id = p.tender_id
  WHERE tn.status = 'ORDERED';
  IF tids IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(tids) > 200 THEN
    PERFORM report_refresh(tids);
    RETURN;
  END IF;
  PERFORM report_lock_parts(tids, pt, ps, lt);
  PERFORM report_refresh_lines(lt);
  PERFORM report_refresh_pairs(pt, ps);
END $$;
--> statement-breakpoint
-- Purchase orders changed: the order id and code of their pairs, updated in place (nothing else depends on them).
CREATE OR REPLACE FUNCTION report_orders_changed(t integer[], s integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept integer[] := report_tenders_kept(t);
  pt integer[];
  ps integer[];
BEGIN
  IF cardinality(kept) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(kept) > 200 THEN
    PERFORM report_refresh(kept);
    RETURN;
  END IF;
  SELECT array_agg(u.t), array_agg(u.s) INTO pt, ps FROM unnest(t, s) AS u(t, s) WHERE u.t = ANY (kept);
  PERFORM report_lock_parts(kept, pt, ps, '{}');
  PERFORM report_rollup_pairs(pt, ps, -1);
  UPDATE report_tender_suppliers r
  SET order_id = (SELECT po.id FROM purchase_orders po WHERE po.tender_id = r.tender_id AND po.supplier_id = r.supplier_id),
      order_code = (SELECT po.order_code FROM purchase_orders po WHERE po.tender_id = r.tender_id AND po.supplier_id = r.supplier_id)
  FROM (SELECT DISTINCT * FROM unnest(pt, ps) AS u(tender_id, supplier_id)) x
  WHERE r.tender_id = x.tender_id AND r.supplier_id = x.supplier_id;
  PERFORM report_rollup_pairs(pt, ps, 1);
  DELETE FROM report_supplier_months WHERE tenders = 0;
END $$;
--> statement-breakpoint
-- The statement triggers of 0003 keep their names and tables; their functions now dispatch to the above.
-- (plpgsql plans a statement when it first runs it, so each branch reads only the transition tables its trigger
-- declares.)
CREATE OR REPLACE FUNCTION report_on_rows_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_winners_changed(array(SELECT detail_id FROM new_rows ORDER BY id),
                                   array(SELECT proposal_id FROM new_rows ORDER BY id));
  ELSIF TG_TABLE_NAME = 'proposals' THEN
    PERFORM report_offers_changed(array(SELECT detail_id FROM new_rows ORDER BY id),
                                  array(SELECT tender_id FROM new_rows ORDER BY id),
                                  array(SELECT supplier_id FROM new_rows ORDER BY id));
  ELSE
    PERFORM report_orders_changed(array(SELECT tender_id FROM new_rows ORDER BY id),
                                  array(SELECT supplier_id FROM new_rows ORDER BY id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_rows_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_winners_changed(array(SELECT detail_id FROM old_rows ORDER BY id),
                                   array(SELECT proposal_id FROM old_rows ORDER BY id));
  ELSIF TG_TABLE_NAME = 'proposals' THEN
    PERFORM report_offers_changed(array(SELECT detail_id FROM old_rows ORDER BY id),
                                  array(SELECT tender_id FROM old_rows ORDER BY id),
                                  array(SELECT supplier_id FROM old_rows ORDER BY id));
  ELSE
    PERFORM report_orders_changed(array(SELECT tender_id FROM old_rows ORDER BY id),
                                  array(SELECT supplier_id FROM old_rows ORDER BY id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'winners' THEN
    PERFORM report_winners_changed(
      array(SELECT detail_id FROM (SELECT id, detail_id, proposal_id FROM new_rows UNION ALL
                                   SELECT id, detail_id, proposal_id FROM old_rows) u ORDER BY id, detail_id, proposal_id),
      array(SELECT proposal_id FROM (SELECT id, detail_id, proposal_id FROM new_rows UNION ALL
                                     SELECT id, detail_id, proposal_id FROM old_rows) u ORDER BY id, detail_id, proposal_id));
  ELSIF TG_TABLE_NAME = 'proposals' THEN
    PERFORM report_offers_changed(
      array(SELECT detail_id FROM (SELECT id, detail_id, tender_id, supplier_id FROM new_rows UNION ALL
                                   SELECT id, detail_id, tender_id, supplier_id FROM old_rows) u ORDER BY id, tender_id, supplier_id, detail_id),
      array(SELECT tender_id FROM (SELECT id, detail_id, tender_id, supplier_id FROM new_rows UNION ALL
                                   SELECT id, detail_id, tender_id, supplier_id FROM old_rows) u ORDER BY id, tender_id, supplier_id, detail_id),
      array(SELECT supplier_id FROM (SELECT id, detail_id, tender_id, supplier_id FROM new_rows UNION ALL
                                     SELECT id, detail_id, tender_id, supplier_id FROM old_rows) u ORDER BY id, tender_id, supplier_id, detail_id));
  ELSIF TG_TABLE_NAME = 'details' THEN
    -- a line's summary depends on its part (code); its offers carry the tender
    PERFORM report_lock_parts(
      report_tenders_kept(array(SELECT p.tender_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                JOIN proposals p ON p.detail_id = n.id WHERE n.part_id IS DISTINCT FROM o.part_id)),
      '{}', '{}',
      array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.part_id IS DISTINCT FROM o.part_id));
    PERFORM report_refresh_lines(
      array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.part_id IS DISTINCT FROM o.part_id));
  ELSE
    PERFORM report_orders_changed(
      array(SELECT tender_id FROM (SELECT id, tender_id, supplier_id FROM new_rows UNION ALL
                                   SELECT id, tender_id, supplier_id FROM old_rows) u ORDER BY id, tender_id, supplier_id),
      array(SELECT supplier_id FROM (SELECT id, tender_id, supplier_id FROM new_rows UNION ALL
                                     SELECT id, tender_id, supplier_id FROM old_rows) u ORDER BY id, tender_id, supplier_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Winner counters of the tender list (0005): a company's winner count moves at commit, not in the statement.
-- The statement writes its signed moves per (tender, company) into tender_supplier_count_moves (new rows, which
-- nobody else locks); a deferred trigger adds each move to its pair at commit and removes it, and the pair's move
-- reaches the tender's totals through counts_pairs_total, also at commit. So two buyers choosing winners of the same
-- company on two lines of one tender hold no shared counter row while they work, only briefly while committing.
-- A winner does not change a company's first or last offer time, so those are no longer recomputed here.
CREATE TABLE "tender_supplier_count_moves" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "tender_id" integer NOT NULL,
  "supplier_id" integer NOT NULL,
  "winners" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_apply_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tender_supplier_count_moves WHERE id = NEW.id;
  IF NEW.winners <> 0 THEN
    INSERT INTO tender_supplier_counts AS c (tender_id, supplier_id, proposals, winners)
    VALUES (NEW.tender_id, NEW.supplier_id, 0, NEW.winners)
    ON CONFLICT (tender_id, supplier_id) DO UPDATE SET winners = c.winners + excluded.winners;
    -- a pair whose offer lines went in the same transaction (a cancelled tender) is gone with its last winner
    DELETE FROM tender_supplier_counts c
    WHERE c.tender_id = NEW.tender_id AND c.supplier_id = NEW.supplier_id AND c.proposals = 0 AND c.winners = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER counts_moves_apply AFTER INSERT ON tender_supplier_count_moves
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION counts_apply_move();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_on_winners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tender_supplier_count_moves (tender_id, supplier_id, winners)
    SELECT pr.tender_id, pr.supplier_id, count(*)::int
    FROM new_rows n JOIN proposals pr ON pr.id = n.proposal_id
    GROUP BY pr.tender_id, pr.supplier_id ORDER BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tender_supplier_count_moves (tender_id, supplier_id, winners)
    SELECT pr.tender_id, pr.supplier_id, -count(*)::int
    FROM old_rows o JOIN proposals pr ON pr.id = o.proposal_id
    GROUP BY pr.tender_id, pr.supplier_id ORDER BY 1, 2;
  ELSE
    INSERT INTO tender_supplier_count_moves (tender_id, supplier_id, winners)
    SELECT x.tender_id, x.supplier_id, sum(x.w)::int FROM (
      SELECT pr.tender_id, pr.supplier_id, 1 AS w FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN proposals pr ON pr.id = n.proposal_id WHERE n.proposal_id <> o.proposal_id
      UNION ALL
      SELECT pr.tender_id, pr.supplier_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN proposals pr ON pr.id = o.proposal_id WHERE n.proposal_id <> o.proposal_id) x
    GROUP BY x.tender_id, x.supplier_id HAVING sum(x.w) <> 0 ORDER BY 1, 2;
  END IF;
  RETURN NULL;
END $$;
