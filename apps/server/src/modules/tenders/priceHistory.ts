// The price history of a part (issue 33): GET /parts/{id}/price_history/ (buyers). Only what was ordered: the
// winners of ORDERED tenders (their purchase orders), never an offer of a running or undecided tender. A buyer sees
// the orders of the tenders they may see (their groups; an administrator all). The median is of the prices of the
// orders of the last 12 months by the server's clock.
import { medianDecimal, type PriceHistory } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { tenderVisibleWhere } from './access.ts';

/** The newest orders shown (the median reads every order of its 12 months). */
export const PRICE_HISTORY_ROWS = 100;

type Row = {
  date: Date | string;
  supplier: string;
  price: string;
  quantity: string;
  tender_id: number;
  tender_code: string;
};

export async function partPriceHistory(db: Db, user: SessionUser, partId: number): Promise<PriceHistory> {
  if (isSupplier(user)) throw forbidden();
  const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.id, partId));
  if (!part) throw notFound();
  const visible = tenderVisibleWhere(user) ?? sql`true`;
  // The order's date: its purchase order's creation (the confirm), else the tender's approval.
  const rows = await queryRows<Row>(
    db,
    sql`select coalesce(po.created, tenders.approved, tenders.updated) as date, s.name as supplier,
        p.price::text as price, w.amount::text as quantity, tenders.id as tender_id, tenders.tender_code
      from details d
      join tenders on tenders.id = d.tender_id
      join winners w on w.detail_id = d.id
      join proposals p on p.id = w.proposal_id
      join suppliers s on s.id = p.supplier_id
      left join purchase_orders po on po.tender_id = tenders.id and po.supplier_id = p.supplier_id
      where d.part_id = ${partId} and tenders.status = 'ORDERED' and ${visible}
      order by 1 desc, w.id desc`,
  );
  const since = now();
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const at = (r: Row) => (r.date instanceof Date ? r.date : new Date(r.date));
  const recent = rows.filter((r) => at(r).getTime() >= since.getTime() && at(r).getTime() <= now().getTime());
  return {
    part: partId,
    orders: rows.slice(0, PRICE_HISTORY_ROWS).map((r) => ({
      date: at(r).toISOString(),
      supplier: r.supplier,
      price: r.price,
      quantity: r.quantity,
      tender_id: Number(r.tender_id),
      tender_code: r.tender_code,
    })),
    median_12m: medianDecimal(recent.map((r) => r.price)),
    median_count: recent.length,
  };
}
