// Pre-orders from Business Central: each ERP pre-order becomes a PREPARED line with its bc_id (so its code, unit
// and warehouse are locked, spec 3 "Pre-order add/edit"), the ERP's order number, transport number and customer.
// A line already imported is updated while it is still a free PREPARED line; once in a tender it is left alone.
// Pre-orders whose item or location the portal does not know are skipped and counted.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { auditMany } from '../../lib/history.ts';
import { queryRows, transaction } from '../../lib/sql.ts';

export interface BcPreOrder {
  id: string;
  itemNumber: string;
  locationCode: string;
  quantity: number;
  replacementQuantity?: number;
  orderNumber?: string;
  customerNumber?: string;
  customerName?: string;
}

const qty = (n: unknown) => {
  const v = Number(n);
  return Number.isFinite(v) && v > 0 ? v.toFixed(4) : '0';
};

export async function importPreOrders(db: Db, rows: BcPreOrder[], creatorId: number | null) {
  const data = rows
    .filter((r) => r.id)
    .map((r) => ({
      id: r.id,
      item: String(r.itemNumber ?? '').trim(),
      loc: String(r.locationCode ?? '').trim(),
      q: qty(r.quantity),
      rq: qty(r.replacementQuantity),
      ord: r.orderNumber?.trim() || null,
      cnum: r.customerNumber?.trim() || null,
      cname: r.customerName?.trim() || null,
    }));
  if (!data.length) return { created: 0, updated: 0, skipped: 0 };
  const json = JSON.stringify(data);
  const at = now();
  return transaction(db, async (tx) => {
    const src = sql`(select r.*, p.id as part_id, w.id as warehouse_id
      from jsonb_to_recordset(${json}::jsonb)
        as r(id text, item text, loc text, q numeric, rq numeric, ord text, cnum text, cname text)
      left join parts p on p.code = r.item and not p.is_deleted
      left join warehouses w on w.code = r.loc)`;
    const skipped = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${src} s where s.part_id is null or s.warehouse_id is null
        or (s.q <= 0 and s.rq <= 0)`,
    );
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
    await auditMany(
      tx,
      null,
      [
        ...created.map((c) => ({
          entity: 'detail' as const,
          entityId: c.id,
          action: 'created' as const,
          tenderId: null,
          data: { bc_id: c.bc_id, source: 'business_central' },
        })),
        ...updated.map((u) => ({
          entity: 'detail' as const,
          entityId: u.id,
          action: 'updated' as const,
          tenderId: null,
          data: { source: 'business_central' },
        })),
      ],
      at,
    );
    return { created: created.length, updated: updated.length, skipped: skipped[0]?.n ?? 0 };
  });
}
