-- The offer-line counter trigger without recounts on the common path (an offer set replaced: its old lines deleted
-- and the new ones inserted by one statement). Same counters and the same exactness as 0005_tender_counters:
--   insert  one upsert per (tender, company): the count moves by the new rows, the first/last offer time can only
--           move outwards, to the new rows' min(created) / max(updated) (least/greatest skip a NULL);
--   delete  one statement per touched pair: the count moves down; the first (last) time is recomputed from the
--           pair's remaining offer lines only when a deleted line held it (its created <= first_created, its
--           updated >= last_updated), otherwise no remaining line changed and it stays; a pair left with no offer
--           line and no winner is removed (a line's winners are deleted before it: foreign key).
-- Both triggers of one statement see the statement's rows (after triggers run when it is done), in either order:
-- if the delete runs first, its recount already sees the new lines and the insert's least/greatest keeps them; if
-- the insert runs first, the deleted lines held the old extremes, so the delete recounts. A company's lines are
-- written one transaction at a time (its advisory lock, or the tender's row lock for buyer actions), as before.
-- Updates (and winners) keep the full refresh of 0005.
CREATE OR REPLACE FUNCTION counts_on_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t integer[]; s integer[]; p integer[]; w integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tender_supplier_counts AS c (tender_id, supplier_id, proposals, winners, first_created, last_updated)
    SELECT n.tender_id, n.supplier_id, count(*)::int, 0, min(n.created), max(n.updated)
    FROM new_rows n GROUP BY n.tender_id, n.supplier_id
    ON CONFLICT (tender_id, supplier_id) DO UPDATE
      SET proposals = c.proposals + excluded.proposals,
          first_created = least(c.first_created, excluded.first_created),
          last_updated = greatest(c.last_updated, excluded.last_updated);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT o.tender_id, o.supplier_id, count(*)::int AS n, min(o.created) AS fc, max(o.updated) AS lu
      FROM old_rows o GROUP BY o.tender_id, o.supplier_id),
    kept AS (
      UPDATE tender_supplier_counts c
      SET proposals = c.proposals - d.n,
          first_created = CASE WHEN d.fc > c.first_created THEN c.first_created
            ELSE (SELECT min(pr.created) FROM proposals pr WHERE pr.tender_id = c.tender_id AND pr.supplier_id = c.supplier_id) END,
          last_updated = CASE WHEN d.lu < c.last_updated THEN c.last_updated
            ELSE (SELECT max(pr.updated) FROM proposals pr WHERE pr.tender_id = c.tender_id AND pr.supplier_id = c.supplier_id) END
      FROM d
      WHERE c.tender_id = d.tender_id AND c.supplier_id = d.supplier_id AND (c.proposals - d.n <> 0 OR c.winners <> 0)
      RETURNING 1)
    DELETE FROM tender_supplier_counts c
    USING d
    WHERE c.tender_id = d.tender_id AND c.supplier_id = d.supplier_id AND c.proposals - d.n = 0 AND c.winners = 0;
    RETURN NULL;
  END IF;
  -- an offer line moved to another tender or company (the API never does) takes its winner along
  SELECT array_agg(x.tender_id), array_agg(x.supplier_id), array_agg(x.p), array_agg(x.w) INTO t, s, p, w FROM (
    SELECT n.tender_id, n.supplier_id, 1 AS p, (SELECT count(*)::int FROM winners v WHERE v.proposal_id = n.id) AS w
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.tender_id, n.supplier_id) IS DISTINCT FROM (o.tender_id, o.supplier_id)
    UNION ALL
    SELECT o.tender_id, o.supplier_id, -1, -(SELECT count(*)::int FROM winners v WHERE v.proposal_id = n.id)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.tender_id, n.supplier_id) IS DISTINCT FROM (o.tender_id, o.supplier_id)) x;
  IF t IS NOT NULL THEN
    PERFORM counts_apply(t, s, p, w);
  END IF;
  SELECT array_agg(tender_id), array_agg(supplier_id) INTO t, s
  FROM (SELECT tender_id, supplier_id FROM new_rows UNION SELECT tender_id, supplier_id FROM old_rows) u;
  IF t IS NOT NULL THEN
    PERFORM counts_refresh_times(t, s);
  END IF;
  RETURN NULL;
END $$;
