// Pre-orders from Business Central: each ERP pre-order becomes a PREPARED line with its bc_id (so its code, unit
// and warehouse are locked, spec 3 "Pre-order add/edit"), the ERP's order number, transport number and customer.
// A line already imported is updated while it is still a free PREPARED line; once in a tender it is left alone.
// Pre-orders whose item or location the portal does not know are skipped and counted.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { auditMany } from '../../lib/history.ts';
import { queryRows, transaction } from '../../lib/sql.ts';
import { upsertErpPreorderLines } from '../tenders/index.ts';

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
    const { created, updated } = await upsertErpPreorderLines(tx, src, creatorId, at);
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
