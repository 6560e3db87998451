// The writes of a line before and between tenders: a pre-order (PREPARED, in no tender) made, edited, removed or
// imported from the business system, a line added to or taken out of a tender, failed at evaluation or given a new
// quantity. Line rows are the tenders module's; the details module (the pre-order screens) decides and audits these
// changes and writes them through the functions here.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { queryRows } from '../../lib/sql.ts';

/** The fields of a pre-order the buyer writes. */
export type PreorderLine = Pick<
  typeof details.$inferInsert,
  'partId' | 'warehouseId' | 'replacementQty' | 'replenishmentQty'
>;

/** A new PREPARED line made in the portal (`preparedFrom`: the FAILED line it was prepared again from); its id. */
export async function insertPreorderLine(
  tx: Db,
  line: PreorderLine & { creatorId: number; preparedFrom?: number },
  at: Date = now(),
) {
  const [row] = await tx
    .insert(details)
    .values({ ...line, status: 'PREPARED', created: at, updated: at })
    .returning({ id: details.id });
  return row.id;
}

/** A pre-order's part, warehouse and quantities changed. */
export async function updatePreorderLine(tx: Db, id: number, line: PreorderLine) {
  await tx
    .update(details)
    .set({ ...line, updated: now() })
    .where(eq(details.id, id));
}

/** A pre-order removed (soft: the row stays, marked deleted). */
export async function removePreorderLine(tx: Db, id: number) {
  await tx.update(details).set({ isDeleted: true, updated: now() }).where(eq(details.id, id));
}

/** Evaluation ("cancel proposals"): the line FAILED (its winners removed by the caller). */
export async function failLine(tx: Db, id: number, at: Date) {
  await tx.update(details).set({ status: 'FAILED', updated: at }).where(eq(details.id, id));
}

/** Taken out of its tender: PREPARED again, without a tender quantity. */
export async function detachLine(tx: Db, id: number, at: Date) {
  await tx
    .update(details)
    .set({ status: 'PREPARED', tenderId: null, qty: null, updated: at })
    .where(eq(details.id, id));
}

/** Added to a DRAFT or WAITING tender: WAITING. */
export async function attachLine(tx: Db, id: number, tenderId: number, at: Date) {
  await tx.update(details).set({ status: 'WAITING', tenderId, updated: at }).where(eq(details.id, id));
}

/** A new replenishment quantity; a line in a tender is asked for that quantity too. */
export async function setLineReplenishment(tx: Db, id: number, value: string, inTender: boolean, at: Date) {
  await tx
    .update(details)
    .set({ replenishmentQty: value, qty: inTender ? value : null, updated: at })
    .where(eq(details.id, id));
}

/**
 * The business system's pre-orders (`src`: rows id, part_id, warehouse_id, q, rq, ord, cnum, cname) as PREPARED
 * lines: new ones created, ones still free (PREPARED, in no tender) updated where they changed. Answers the
 * created and updated lines.
 */
export async function upsertErpPreorderLines(tx: Db, src: SQL, creatorId: number | null, at: Date) {
  const created = await queryRows<{ id: number; bc_id: string }>(
    tx,
    sql`insert into details (part_id, warehouse_id, replacement_qty, replenishment_qty, status, creator_id,
        order_number, customer_number, customer_name, bc_id, bc_status, bc_synced, created, updated)
      select s.part_id, s.warehouse_id, s.rq, s.q, 'PREPARED', ${creatorId}, s.ord, s.cnum, s.cname, s.id,
        'synced', true, ${at}, ${at}
      from ${src} s
      where s.part_id is not null and s.warehouse_id is not null and (s.q > 0 or s.rq > 0)
        and not exists (select 1 from details d where d.bc_id = s.id)
      returning id, bc_id`,
  );
  const updated = await queryRows<{ id: number }>(
    tx,
    sql`update details d set replenishment_qty = s.q, replacement_qty = s.rq, order_number = s.ord,
        customer_number = s.cnum, customer_name = s.cname, bc_status = 'synced', bc_synced = true, updated = ${at}
      from ${src} s
      where d.bc_id = s.id and d.status = 'PREPARED' and d.tender_id is null and not d.is_deleted
        and (s.q > 0 or s.rq > 0)
        and (d.replenishment_qty, d.replacement_qty, d.order_number, d.customer_number, d.customer_name)
          is distinct from (s.q, s.rq, s.ord, s.cnum, s.cname)
      returning d.id`,
  );
  return { created, updated };
}
