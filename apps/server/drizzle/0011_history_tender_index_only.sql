-- history is read by tender only (a tender's history, its outcome-mail check, the offers its history names), all
-- through history_tender_idx (tender_id, id). history_entity_idx (entity, entity_id) cost every audit row an index
-- insert (an offer set writes 20) and sped up no read: the one statement that filters on entity_id also filters on
-- the tender, and with the index it still read every heap page of the tender's history (5.4 ms against 5.6–6.0 ms
-- without it, for 3,000 offer ids in a tender history of 18,400 rows).
DROP INDEX IF EXISTS "history_entity_idx";
