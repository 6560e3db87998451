// The operators' view of the outbox (issue 31 "operators see what failed"): deliveries (e-mails, Directo exports,
// Business Central calls) that are pending or failed, with a human summary, the error, attempts and next try; an
// administrator retries one (due now, attempts budget renewed) or discards it ('discarded', kept for the record).
// Neither touches a row a worker is delivering at that moment (its lease is live): that answers 409.
import type { DeliveryItem, OutboxKind, OutboxStatus } from '@portal/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox, purchaseOrders, tenders } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { discardRow, MAX_ATTEMPTS, retryRow } from '../../lib/outbox.ts';
import { transaction } from '../../lib/sql.ts';
import { failExportInProgress, reopenFailedExport } from '../integrations/index.ts';
import { discardPendingOrder, refreshLineStates, retryOrderInError } from '../tenders/index.ts';

const spec: ListSpec = {
  ordering: {
    id: outbox.id,
    created: outbox.created,
    kind: outbox.kind,
    status: outbox.status,
    attempts: outbox.attempts,
    next_attempt_at: outbox.nextAttemptAt,
  },
  defaultOrdering: '-id',
  search: [outbox.lastError, sql`${outbox.payload}::text`],
  id: outbox.id,
};

type Row = typeof outbox.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One page's rows as API items, with the tender and order codes of their payloads loaded in two queries. */
async function items(db: Db, rows: Row[]): Promise<DeliveryItem[]> {
  const payloads = rows.map((r) => (r.payload ?? {}) as Record<string, unknown>);
  const orderIds = [...new Set(payloads.map((p) => num(p.purchase_order_id)).filter((n) => n != null))];
  const orders = orderIds.length
    ? await db
        .select({
          id: purchaseOrders.id,
          orderCode: purchaseOrders.orderCode,
          tenderId: purchaseOrders.tenderId,
        })
        .from(purchaseOrders)
        .where(inArray(purchaseOrders.id, orderIds))
    : [];
  const tenderIds = [
    ...new Set([
      ...payloads.map((p) => num(p.tender_id)).filter((n) => n != null),
      ...orders.map((o) => o.tenderId),
    ]),
  ];
  const codes = tenderIds.length
    ? await db
        .select({ id: tenders.id, code: tenders.tenderCode })
        .from(tenders)
        .where(inArray(tenders.id, tenderIds))
    : [];
  const tenderCode = new Map(codes.map((t) => [t.id, t.code]));
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  const at = now().getTime();
  return rows.map((r, i) => {
    const p = payloads[i];
    const order = orderOf.get(num(p.purchase_order_id) ?? -1);
    const tenderId = num(p.tender_id) ?? order?.tenderId ?? null;
    const to = p.to;
    const inProgress = r.status === 'pending' && r.lease != null && r.nextAttemptAt.getTime() > at;
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      summary: {
        recipients:
          r.kind === 'email'
            ? (Array.isArray(to) ? to.map(String) : typeof to === 'string' ? to.split(',') : [])
                .map((a) => a.trim())
                .filter(Boolean)
            : null,
        template: r.kind === 'email' ? str(p.template) : null,
        template_type: r.kind === 'email' ? str(p.type) : null,
        tender_id: tenderId,
        tender_code: tenderId != null ? (tenderCode.get(tenderId) ?? null) : null,
        order_code: order?.orderCode ?? str(p.order_code),
        operation: r.kind === 'bc_sync' ? str(p.op) : null,
      },
      last_error: r.lastError,
      attempts: r.attempts,
      max_attempts: MAX_ATTEMPTS,
      next_attempt_at: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
      in_progress: inProgress,
      created: r.created.toISOString(),
      delivered_at: iso(r.deliveredAt),
      updated: iso(r.updated),
    };
  });
}

export function listDeliveries(db: Db, query: ListQuery & { kind?: OutboxKind; status?: OutboxStatus }) {
  const where: (SQL | undefined)[] = [
    query.status ? eq(outbox.status, query.status) : inArray(outbox.status, ['pending', 'failed']),
    query.kind ? eq(outbox.kind, query.kind) : undefined,
  ];
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ o: outbox }).from(outbox).$dynamic(),
    where,
    map: (rows) =>
      items(
        db,
        rows.map((r) => r.o),
      ),
  });
}

/** The row, locked for the change; 404 when unknown, 409 while a worker delivers it. */
async function lockOpen(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status === 'pending' && row.lease != null && row.nextAttemptAt > now())
    throw new AppError(409, { detail: 'delivery_in_progress' });
  if (row.status !== 'pending' && row.status !== 'failed') throw nonField('delivery_not_open');
  return row;
}

async function itemOf(db: Db, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return (await items(db, [row]))[0];
}

/** Due now with a fresh attempts budget; what the delivery ended shows as on its way again. */
export async function retryDelivery(db: Db, user: SessionUser, id: number) {
  await transaction(db, async (tx) => {
    const row = await lockOpen(tx, id);
    const p = (row.payload ?? {}) as Record<string, unknown>;
    const at = now();
    await retryRow(tx, id, at);
    // An export that ended FAILED is in progress again (its handler sends only while it is).
    const logId = num(p.log_id);
    if (row.kind === 'directo_export' && logId != null) await reopenFailedExport(tx, logId, at);
    // A purchase order in error is on its way to the ERP again; its lines say so.
    if (row.kind === 'bc_sync' && p.op === 'purchase_order' && num(p.purchase_order_id) != null) {
      const po = await retryOrderInError(tx, Number(num(p.purchase_order_id)), at);
      if (po) await refreshLineStates(tx, po.tender_id);
    }
    await audit(tx, {
      entity: 'delivery',
      entityId: id,
      action: 'delivery_retried',
      user,
      data: { kind: row.kind, status: row.status, attempts: row.attempts, last_error: row.lastError },
    });
  });
  return itemOf(db, id);
}

/** Given up by an administrator: 'discarded', kept; an export still in progress ends FAILED with the reason. */
export async function discardDelivery(db: Db, user: SessionUser, id: number) {
  await transaction(db, async (tx) => {
    const row = await lockOpen(tx, id);
    const p = (row.payload ?? {}) as Record<string, unknown>;
    const at = now();
    await discardRow(tx, id, at);
    const logId = num(p.log_id);
    if (row.kind === 'directo_export' && logId != null)
      await failExportInProgress(tx, logId, 'delivery_discarded', at);
    if (row.kind === 'bc_sync' && p.op === 'purchase_order' && num(p.purchase_order_id) != null) {
      const po = await discardPendingOrder(tx, Number(num(p.purchase_order_id)), id, at);
      if (po) await refreshLineStates(tx, po.tender_id);
    }
    await audit(tx, {
      entity: 'delivery',
      entityId: id,
      action: 'delivery_discarded',
      user,
      data: { kind: row.kind, status: row.status, attempts: row.attempts, last_error: row.lastError },
    });
  });
  return itemOf(db, id);
}
