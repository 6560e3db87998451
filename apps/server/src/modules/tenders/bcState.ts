// The business-system state (Business Central, and the Directo export's document id) the portal keeps on its own rows: a purchase order's bc_* columns,
// a line's bc_status / bc_synced / bc_sync_running and a tender's bc_id (the ERP order numbers). These tables are
// the tenders module's; the integrations module (which talks to the ERP) and the deliveries screen (which retries
// or discards an outbox row) change that state only through the functions here.
import type { BcSyncStatus } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { queryRow } from '../../lib/sql.ts';

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Each line's state from its purchase orders: a part that is no ERP item → incompatible; any order in error →
 * error; any not yet delivered → pending; otherwise synced. The tender's bc_id lists the ERP order numbers once all
 * of its orders are synced.
 */
export async function refreshLineStates(tx: Db, tenderId: number) {
  await tx.execute(sql`with st as (
      select d.id,
        case when bool_or(p.bc_id is null) then 'incompatible'
             when bool_or(po.bc_status = 'error') then 'error'
             when bool_or(po.bc_status = 'canceled') then 'canceled'
             when bool_or(po.bc_status is distinct from 'synced') then 'pending'
             else 'synced' end as s
      from details d
      join parts p on p.id = d.part_id
      join winners w on w.detail_id = d.id
      join proposals pr on pr.id = w.proposal_id
      join purchase_orders po on po.tender_id = pr.tender_id and po.supplier_id = pr.supplier_id
      where d.tender_id = ${tenderId}
      group by d.id)
    update details d set bc_status = st.s, bc_synced = st.s = 'synced', bc_sync_running = st.s = 'pending'
    from st where d.id = st.id and (d.bc_status is distinct from st.s or d.bc_synced <> (st.s = 'synced')
      or d.bc_sync_running <> (st.s = 'pending'))`);
  await tx.execute(sql`update tenders t set bc_id = case
      when exists (select 1 from purchase_orders po where po.tender_id = t.id)
       and not exists (select 1 from purchase_orders po where po.tender_id = t.id
                       and po.bc_status is distinct from 'synced')
      then (select string_agg(po.bc_number, ', ' order by po.order_code) from purchase_orders po
            where po.tender_id = t.id)
      else null end
    where t.id = ${tenderId}`);
}

/** An order's sync state and the ERP's message (cut to 2,000 characters); its lines are refreshed by the caller. */
export async function setOrderBcStatus(
  tx: Db,
  orderId: number,
  status: BcSyncStatus,
  message: string | null,
) {
  await tx.execute(sql`update purchase_orders set bc_status = ${status}, bc_message = ${message?.slice(0, 2000) ?? null},
      bc_updated = ${now()} where id = ${orderId}`);
}

/** An order on its way to the ERP (again). */
export async function markOrderPending(tx: Db, orderId: number) {
  await tx.execute(
    sql`update purchase_orders set bc_status = 'pending', bc_message = null, bc_updated = ${now()} where id = ${orderId}`,
  );
}

/** Orders whose lines changed (a refused winner replaced) are no longer synced: the next delivery sends them. */
export async function unsyncOrders(tx: Db, orderIds: number[]) {
  if (!orderIds.length) return;
  await tx.execute(sql`update purchase_orders set bc_status = null
    where id in (${idList(orderIds)}) and bc_status = 'synced'`);
}

/** Lines of the tender from the ERP that got no winner: the ERP's request was not ordered. */
export async function cancelUnorderedErpLines(tx: Db, tenderId: number) {
  await tx.execute(sql`update details d set bc_status = 'canceled', bc_synced = false, bc_sync_running = false
    where d.tender_id = ${tenderId} and d.bc_id is not null and not d.is_deleted
      and not exists (select 1 from winners w where w.detail_id = d.id)`);
}

/**
 * A reopen: exported orders (kept in the ERP) lose their sync state; the tender's lines read as before the
 * confirmation (pre-orders from the ERP synced, the others none); the tender carries no ERP order numbers.
 */
export async function resetBcStateOnReopen(tx: Db, tenderId: number) {
  await tx.execute(sql`update purchase_orders set bc_status = null, bc_message = null, bc_updated = ${now()}
    where tender_id = ${tenderId} and export_code is not null and bc_status is not null`);
  await tx.execute(sql`update details set bc_status = case when bc_id is null then null else 'synced' end,
      bc_synced = bc_id is not null, bc_sync_running = false
    where tender_id = ${tenderId}`);
  await tx.execute(sql`update tenders set bc_id = null where id = ${tenderId}`);
}

/** FAILED or CANCELED: the remaining orders canceled, the ERP's lines canceled, the others without a state. */
export async function cancelBcState(tx: Db, tenderId: number) {
  await tx.execute(sql`update purchase_orders set bc_status = 'canceled', bc_message = null, bc_updated = ${now()}
    where tender_id = ${tenderId} and bc_status is distinct from 'canceled'`);
  await tx.execute(sql`update details set bc_status = 'canceled', bc_synced = false, bc_sync_running = false
    where tender_id = ${tenderId} and bc_id is not null and not is_deleted`);
  await tx.execute(sql`update details set bc_status = null, bc_synced = false, bc_sync_running = false
    where tender_id = ${tenderId} and bc_id is null and bc_status is not null`);
  await tx.execute(sql`update tenders set bc_id = null where id = ${tenderId}`);
}

/** The order a delivery works on, held until `until` unless another delivery holds it; null when held or gone. */
export async function holdOrder<T extends Record<string, unknown>>(
  db: Db,
  orderId: number,
  at: Date,
  until: Date,
) {
  return queryRow<T>(
    db,
    sql`update purchase_orders po set bc_lock_until = ${until}
      from tenders t, suppliers s
      where po.id = ${orderId} and t.id = po.tender_id and s.id = po.supplier_id
        and (po.bc_lock_until is null or po.bc_lock_until < ${at})
      returning po.id, po.tender_id, po.order_code, po.bc_id, po.bc_status, t.tender_code, t.status as tender_status,
        s.registration_code, s.name as supplier_name`,
  );
}

/** The delivery is over: the order may be taken by the next one. */
export async function releaseOrder(db: Db, orderId: number) {
  await db.execute(sql`update purchase_orders set bc_lock_until = null where id = ${orderId}`);
}

/** The ERP's order found or created for the portal's order: its id and number. */
export async function setOrderBcId(db: Db, orderId: number, bcId: string, bcNumber: string) {
  await db.execute(
    sql`update purchase_orders set bc_id = ${bcId}, bc_number = ${bcNumber} where id = ${orderId}`,
  );
}

/** A canceled order withdrawn from the ERP no longer names the ERP's order. */
export async function forgetWithdrawnOrder(db: Db, orderId: number) {
  await db.execute(sql`update purchase_orders set bc_id = null, bc_number = null
    where id = ${orderId} and bc_status = 'canceled'`);
}

/** An administrator retried an order's delivery: an order in error is pending again; its tender, or null. */
export async function retryOrderInError(tx: Db, orderId: number, at: Date) {
  return queryRow<{ tender_id: number }>(
    tx,
    sql`update purchase_orders set bc_status = 'pending', bc_message = null, bc_updated = ${at}
      where id = ${orderId} and bc_status = 'error' returning tender_id`,
  );
}

/**
 * An administrator discarded the delivery `outboxId` of an order: a pending order no other delivery is on its way
 * for is in error ('delivery_discarded'); its tender, or null.
 */
export async function discardPendingOrder(tx: Db, orderId: number, outboxId: number, at: Date) {
  return queryRow<{ tender_id: number }>(
    tx,
    sql`update purchase_orders set bc_status = 'error', bc_message = 'delivery_discarded', bc_updated = ${at}
      where id = ${orderId} and bc_status = 'pending'
        and not exists (select 1 from outbox o where o.id <> ${outboxId} and o.kind = 'bc_sync'
          and o.status = 'pending' and o.payload->>'op' = 'purchase_order'
          and (o.payload->>'purchase_order_id')::int = ${orderId})
      returning tender_id`,
  );
}

/** The accounting system's document id of an exported order (the Directo export). */
export async function setOrderExportCode(db: Db, tenderId: number, orderCode: string, exportCode: string) {
  await db
    .update(purchaseOrders)
    .set({ exportCode })
    .where(and(eq(purchaseOrders.tenderId, tenderId), eq(purchaseOrders.orderCode, orderCode)));
}
