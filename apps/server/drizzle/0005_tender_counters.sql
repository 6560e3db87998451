-- Exact counters of the tender list (no per-row count subqueries): per tender its lines, lines failing the
-- business-system sync, offer lines and winners (tender_counts), and per tender and company its offer lines, winners
-- and first/last offer time (tender_supplier_counts). Statement-level triggers keep them in the same transaction as
-- the rows they count. Counts move by deltas (`n = n + d` re-reads the latest row version, so concurrent writers
-- never lose an update); a company's first/last offer time is recomputed for the pairs touched (a company's offers
-- are written one transaction at a time: its advisory lock, or the tender's row lock for buyer actions).
-- The totals live beside the tender, not in its row: offers hold the tender row share-locked, and updating it from
-- two offers at once would deadlock. A tender's offer and winner totals are moved at commit from its companies'
-- rows (a deferred trigger), so concurrent offers of different companies wait for each other only while committing.
CREATE TABLE "tender_counts" (
  "tender_id" integer PRIMARY KEY NOT NULL REFERENCES "tenders"("id") ON DELETE CASCADE,
  "details" integer DEFAULT 0 NOT NULL,
  "failed_bc" integer DEFAULT 0 NOT NULL,
  "proposals" integer DEFAULT 0 NOT NULL,
  "winners" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_supplier_counts" (
  "tender_id" integer NOT NULL REFERENCES "tenders"("id") ON DELETE CASCADE,
  "supplier_id" integer NOT NULL,
  "proposals" integer DEFAULT 0 NOT NULL,
  "winners" integer DEFAULT 0 NOT NULL,
  "first_created" timestamp with time zone,
  "last_updated" timestamp with time zone,
  PRIMARY KEY ("tender_id", "supplier_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_on_tenders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tender_counts (tender_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Lines: +1 per new row, -1 per old row, grouped by tender (plpgsql plans a statement when it first runs it, so each
-- branch reads only the transition tables its trigger declares).
CREATE OR REPLACE FUNCTION counts_on_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tender_counts c SET details = c.details + d.n, failed_bc = c.failed_bc + d.f
    FROM (SELECT tender_id, count(*)::int AS n, (count(*) FILTER (WHERE bc_status = 'error'))::int AS f
          FROM new_rows WHERE tender_id IS NOT NULL GROUP BY tender_id) d
    WHERE c.tender_id = d.tender_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tender_counts c SET details = c.details - d.n, failed_bc = c.failed_bc - d.f
    FROM (SELECT tender_id, count(*)::int AS n, (count(*) FILTER (WHERE bc_status = 'error'))::int AS f
          FROM old_rows WHERE tender_id IS NOT NULL GROUP BY tender_id) d
    WHERE c.tender_id = d.tender_id;
  ELSE
    UPDATE tender_counts c SET details = c.details + d.n, failed_bc = c.failed_bc + d.f
    FROM (SELECT tender_id, sum(n)::int AS n, sum(f)::int AS f FROM (
            SELECT n.tender_id, 1 AS n, (n.bc_status IS NOT DISTINCT FROM 'error')::int AS f
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.tender_id IS DISTINCT FROM o.tender_id OR n.bc_status IS DISTINCT FROM o.bc_status
            UNION ALL
            SELECT o.tender_id, -1, -((o.bc_status IS NOT DISTINCT FROM 'error')::int)
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.tender_id IS DISTINCT FROM o.tender_id OR n.bc_status IS DISTINCT FROM o.bc_status) x
          WHERE tender_id IS NOT NULL GROUP BY tender_id) d
    WHERE c.tender_id = d.tender_id AND (d.n <> 0 OR d.f <> 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Signed deltas of offer lines (p) and winners (w) per (tender, company). Only the company's own row is written
-- here (a company's offers are one transaction at a time, so offers of different companies never wait for each
-- other); the tender's totals follow from that row at commit (counts_pair_to_tender, deferred), so the one row
-- every offer of the tender updates is locked only while committing.
CREATE OR REPLACE FUNCTION counts_apply(t integer[], s integer[], p integer[], w integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tender_supplier_counts AS c (tender_id, supplier_id, proposals, winners)
  SELECT d.tender_id, d.supplier_id, d.p, d.w FROM (
    SELECT x.tender_id, x.supplier_id, sum(x.p)::int AS p, sum(x.w)::int AS w
    FROM unnest(t, s, p, w) AS x(tender_id, supplier_id, p, w)
    GROUP BY x.tender_id, x.supplier_id) d
  WHERE d.p <> 0 OR d.w <> 0
  ON CONFLICT (tender_id, supplier_id) DO UPDATE
    SET proposals = c.proposals + excluded.proposals, winners = c.winners + excluded.winners;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_pair_to_tender() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dp integer := coalesce(CASE WHEN TG_OP <> 'DELETE' THEN NEW.proposals END, 0)
              - coalesce(CASE WHEN TG_OP <> 'INSERT' THEN OLD.proposals END, 0);
  dw integer := coalesce(CASE WHEN TG_OP <> 'DELETE' THEN NEW.winners END, 0)
              - coalesce(CASE WHEN TG_OP <> 'INSERT' THEN OLD.winners END, 0);
  t integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.tender_id ELSE NEW.tender_id END;
BEGIN
  IF dp <> 0 OR dw <> 0 THEN
    UPDATE tender_counts SET proposals = proposals + dp, winners = winners + dw WHERE tender_id = t;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The touched pairs' first/last offer time from their offer lines; a pair left with nothing is removed.
CREATE OR REPLACE FUNCTION counts_refresh_times(t integer[], s integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tender_supplier_counts c SET first_created = m.fc, last_updated = m.lu
  FROM (SELECT x.tender_id, x.supplier_id, min(pr.created) AS fc, max(pr.updated) AS lu
        FROM (SELECT DISTINCT * FROM unnest(t, s) AS u(tender_id, supplier_id)) x
        LEFT JOIN proposals pr ON pr.tender_id = x.tender_id AND pr.supplier_id = x.supplier_id
        GROUP BY x.tender_id, x.supplier_id) m
  WHERE c.tender_id = m.tender_id AND c.supplier_id = m.supplier_id
    AND (c.first_created IS DISTINCT FROM m.fc OR c.last_updated IS DISTINCT FROM m.lu);
  DELETE FROM tender_supplier_counts c
  USING unnest(t, s) AS x(tender_id, supplier_id)
  WHERE c.tender_id = x.tender_id AND c.supplier_id = x.supplier_id AND c.proposals = 0 AND c.winners = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_on_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t integer[]; s integer[]; p integer[]; w integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tender_id), array_agg(supplier_id), array_agg(1), array_agg(0) INTO t, s, p, w FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    -- a line's winners are deleted before its offers (foreign key), so only offer lines count here
    SELECT array_agg(tender_id), array_agg(supplier_id), array_agg(-1), array_agg(0) INTO t, s, p, w FROM old_rows;
  ELSE
    -- an offer line moved to another tender or company (the API never does) takes its winner along
    SELECT array_agg(x.tender_id), array_agg(x.supplier_id), array_agg(x.p), array_agg(x.w) INTO t, s, p, w FROM (
      SELECT n.tender_id, n.supplier_id, 1 AS p, (SELECT count(*)::int FROM winners v WHERE v.proposal_id = n.id) AS w
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.tender_id, n.supplier_id) IS DISTINCT FROM (o.tender_id, o.supplier_id)
      UNION ALL
      SELECT o.tender_id, o.supplier_id, -1, -(SELECT count(*)::int FROM winners v WHERE v.proposal_id = n.id)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.tender_id, n.supplier_id) IS DISTINCT FROM (o.tender_id, o.supplier_id)) x;
  END IF;
  IF t IS NOT NULL THEN
    PERFORM counts_apply(t, s, p, w);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(tender_id), array_agg(supplier_id) INTO t, s
    FROM (SELECT tender_id, supplier_id FROM new_rows UNION SELECT tender_id, supplier_id FROM old_rows) u;
  END IF;
  IF t IS NOT NULL THEN
    PERFORM counts_refresh_times(t, s);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counts_on_winners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t integer[]; s integer[]; p integer[]; w integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(pr.tender_id), array_agg(pr.supplier_id), array_agg(0), array_agg(1) INTO t, s, p, w
    FROM new_rows n JOIN proposals pr ON pr.id = n.proposal_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(pr.tender_id), array_agg(pr.supplier_id), array_agg(0), array_agg(-1) INTO t, s, p, w
    FROM old_rows o JOIN proposals pr ON pr.id = o.proposal_id;
  ELSE
    SELECT array_agg(x.tender_id), array_agg(x.supplier_id), array_agg(0), array_agg(x.w) INTO t, s, p, w FROM (
      SELECT pr.tender_id, pr.supplier_id, 1 AS w FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN proposals pr ON pr.id = n.proposal_id WHERE n.proposal_id <> o.proposal_id
      UNION ALL
      SELECT pr.tender_id, pr.supplier_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN proposals pr ON pr.id = o.proposal_id WHERE n.proposal_id <> o.proposal_id) x;
  END IF;
  IF t IS NOT NULL THEN
    PERFORM counts_apply(t, s, p, w);
    PERFORM counts_refresh_times(t, s);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER counts_pairs_total AFTER INSERT OR UPDATE OR DELETE ON tender_supplier_counts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION counts_pair_to_tender();
--> statement-breakpoint
CREATE TRIGGER counts_tenders_ins AFTER INSERT ON tenders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_tenders();
--> statement-breakpoint
CREATE TRIGGER counts_details_ins AFTER INSERT ON details REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_details();
--> statement-breakpoint
CREATE TRIGGER counts_details_upd AFTER UPDATE ON details REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_details();
--> statement-breakpoint
CREATE TRIGGER counts_details_del AFTER DELETE ON details REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_details();
--> statement-breakpoint
CREATE TRIGGER counts_proposals_ins AFTER INSERT ON proposals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_proposals();
--> statement-breakpoint
CREATE TRIGGER counts_proposals_upd AFTER UPDATE ON proposals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_proposals();
--> statement-breakpoint
CREATE TRIGGER counts_proposals_del AFTER DELETE ON proposals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_proposals();
--> statement-breakpoint
CREATE TRIGGER counts_winners_ins AFTER INSERT ON winners REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_winners();
--> statement-breakpoint
CREATE TRIGGER counts_winners_upd AFTER UPDATE ON winners REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_winners();
--> statement-breakpoint
CREATE TRIGGER counts_winners_del AFTER DELETE ON winners REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION counts_on_winners();
--> statement-breakpoint
INSERT INTO tender_counts (tender_id, details, failed_bc)
SELECT t.id, count(d.id)::int, (count(d.id) FILTER (WHERE d.bc_status = 'error'))::int
FROM tenders t LEFT JOIN details d ON d.tender_id = t.id GROUP BY t.id;
--> statement-breakpoint
INSERT INTO tender_supplier_counts (tender_id, supplier_id, proposals, winners, first_created, last_updated)
SELECT p.tender_id, p.supplier_id, count(*)::int, count(w.id)::int, min(p.created), max(p.updated)
FROM proposals p LEFT JOIN winners w ON w.proposal_id = p.id GROUP BY p.tender_id, p.supplier_id;
-- (the tenders' offer and winner totals follow from these rows through counts_pairs_total)
--> statement-breakpoint
ANALYZE tender_counts;
--> statement-breakpoint
ANALYZE tender_supplier_counts;
--> statement-breakpoint
-- A status-filtered page merges one ordered range per status (modules/tenders/list.ts): the id makes the order total.
DROP INDEX IF EXISTS "tenders_status_start_idx";
--> statement-breakpoint
CREATE INDEX "tenders_status_start_id_idx" ON "tenders" USING btree ("status", "start", "id");
