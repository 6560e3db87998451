-- An offer line's part is found through the unique (detail, supplier, producer) index, whose first column it is:
-- the separate index on the part alone was a second index insert for every offered line (20 per offer set).
DROP INDEX "proposals_detail_idx";
