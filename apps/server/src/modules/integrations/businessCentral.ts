// Business Central purchase orders (spec 1 §2 "Buyer, ORDERED": business-system status; spec 3 §4 sync labels and
// retry). When a tender becomes ORDERED, each of its purchase orders is written to the outbox in the confirming
// transaction (its lines 'pending'); the outbox worker delivers it here:
//   1. the order is held (bc_lock_until) so two deliveries never work on it at once;
//   2. the ERP is asked for an order whose externalDocumentNumber is the portal's order code, and only when there is
//      none is one created: a crash after the ERP created the order (before the portal learned its id) resumes with
//      that order instead of making a second one;
//   3. lines are matched by `sequence` (the winner's id): missing ones are created, changed ones patched and
//      surplus ones deleted, both with If-Match and the line's ETag;
//   4. the order and its lines become 'synced' and the tender carries the ERP order numbers (bc_id).
// A refusal by the ERP (4xx) marks the order 'error' with the ERP's message and is not retried by itself (its outbox
// row is 'failed', on the administrators' deliveries screen): the buyer's retry button
// (POST /details/{id}/bc-synchronize/) or the screen's retry sends it again, through that same row. Time-outs, 429 and 5xx are retried by
// the client (honouring Retry-After) and then by the outbox with its backoff; after the outbox's last attempt the
// order is 'error' too. Lines whose part is no ERP item (no bc_id) are 'incompatible' and not sent.
// A reopen withdraws the orders it deletes from the ERP (DELETE with If-Match, through the outbox); a cancel or a
// confirm without winners withdraws orders still there and marks the ERP's lines 'canceled' (docs/decisions.md).
import type { BcSyncStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import {
  DeliveryRefused,
  enqueue,
  MAX_ATTEMPTS,
  type OutboxHandler,
  reviveFailed,
} from '../../lib/outbox.ts';
import { queryRow, queryRows, transaction } from '../../lib/sql.ts';
import {
  buyerHasGroup,
  cancelBcState,
  cancelUnorderedErpLines,
  forgetWithdrawnOrder,
  holdOrder,
  markOrderPending,
  onTenderEvents,
  refreshLineStates,
  releaseOrder,
  resetBcStateOnReopen,
  setOrderBcId,
  setOrderBcStatus,
  type TenderHooks,
  unsyncOrders,
} from '../tenders/index.ts';
import { BcError, BusinessCentralClient, bcSettings, odataString } from './businessCentralClient.ts';

/** One client per configuration (its token is cached there). */
const clients = new WeakMap<Config, BusinessCentralClient | null>();
export function bcClient(config: Config): BusinessCentralClient | null {
  if (!clients.has(config)) {
    const s = bcSettings(config);
    clients.set(config, s ? new BusinessCentralClient(s) : null);
  }
  return clients.get(config) ?? null;
}

export const notConfigured = () => new AppError(409, { detail: 'business_system_not_configured' });

const LOCK_MS = 3 * 60_000;

// ---------------------------------------------------------------- enqueue (inside the confirming transaction)

/** Writes the tender's purchase orders that are not synced to the outbox, and marks their lines pending. */
export async function enqueueTenderOrders(tx: Db, tenderId: number, reason: string) {
  const orders = await queryRows<{ id: number; bc_status: BcSyncStatus | null }>(
    tx,
    sql`select id, bc_status from purchase_orders where tender_id = ${tenderId} order by id`,
  );
  let queued = 0;
  for (const o of orders) {
    if (o.bc_status === 'synced') continue;
    const running = await queryRow(
      tx,
      sql`select 1 from outbox where kind = 'bc_sync' and status = 'pending'
        and payload->>'op' = 'purchase_order' and (payload->>'purchase_order_id')::int = ${o.id} limit 1`,
    );
    await markOrderPending(tx, o.id);
    if (running) continue;
    // An earlier delivery of the order that failed (the ERP refused it) is taken up again rather than a second row.
    const failed = await reviveFailed(
      tx,
      'bc_sync',
      sql`payload->>'op' = 'purchase_order' and (payload->>'purchase_order_id')::int = ${o.id}`,
    );
    if (failed) {
      queued++;
      continue;
    }
    await enqueue(
      tx,
      'bc_sync',
      { op: 'purchase_order', purchase_order_id: o.id, reason },
      `bc_po:${o.id}:${reason}:${now().getTime()}`,
    );
    queued++;
  }
  await cancelUnorderedErpLines(tx, tenderId);
  await refreshLineStates(tx, tenderId);
  return queued;
}

/** Registers the tender hooks for an app whose configuration names a business system (that app only). */
export function registerBusinessCentral(app: FastifyInstance) {
  if (!bcSettings(app.config)) return;
  onTenderEvents(app.db, tenderHooks);
}
const tenderHooks: TenderHooks = {
  ordered: async (tx, tenderId) => {
    await enqueueTenderOrders(tx, tenderId, 'ordered');
  },
  // No winner or a cancelled tender: nothing is ordered. Orders still in the ERP (kept at a reopen because they
  // were exported) are withdrawn there, and the ERP's lines read canceled.
  failed: (tx, tenderId) => endWithoutOrder(tx, tenderId, 'failed'),
  canceled: (tx, tenderId) => endWithoutOrder(tx, tenderId, 'canceled'),
  reopened: (tx, tenderId) => withdrawOnReopen(tx, tenderId),
  // A winner refused (issue 32): an order left without lines is withdrawn from the ERP; orders whose lines changed
  // are sent again (the delivery deletes the refused line there and adds the new winner's).
  refusing: async (tx, tenderId, removed) => {
    if (removed.length)
      await enqueueWithdrawals(
        tx,
        tenderId,
        sql`po.id in (${sql.join(
          removed.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        false,
        'refused',
      );
  },
  refused: async (tx, tenderId, changed) => {
    await unsyncOrders(tx, changed);
    await enqueueTenderOrders(tx, tenderId, 'refused');
  },
};

/** Orders that may exist in the ERP: sent, on their way, or failed part-way (an order with no ERP item never is). */
const MAY_BE_IN_ERP = sql`(po.bc_id is not null or po.bc_status in ('pending', 'synced', 'error'))`;

interface WithdrawPayload extends Record<string, unknown> {
  op: 'withdraw_order';
  order_code: string;
  bc_id: string | null;
  tender_id: number;
  /** The portal's row when it is kept (a FAILED or CANCELED tender's exported order); null when deleted. */
  purchase_order_id: number | null;
  /** A delivery that held the order when it was withdrawn may still create it in the ERP until then. */
  not_before: string | null;
  reason: string;
}

async function enqueueWithdrawals(
  tx: Db,
  tenderId: number,
  where: ReturnType<typeof sql>,
  keep: boolean,
  reason: string,
) {
  const orders = await queryRows<{
    id: number;
    order_code: string;
    bc_id: string | null;
    bc_lock_until: Date | string | null;
  }>(
    tx,
    sql`select po.id, po.order_code, po.bc_id, po.bc_lock_until from purchase_orders po
      where po.tender_id = ${tenderId} and ${MAY_BE_IN_ERP} and ${where} order by po.id`,
  );
  const at = now();
  for (const o of orders) {
    const payload: WithdrawPayload = {
      op: 'withdraw_order',
      order_code: o.order_code,
      bc_id: o.bc_id,
      tender_id: tenderId,
      purchase_order_id: keep ? o.id : null,
      not_before: o.bc_lock_until ? new Date(o.bc_lock_until).toISOString() : null,
      reason,
    };
    await enqueue(tx, 'bc_sync', payload, `bc_withdraw:${o.id}:${reason}:${at.getTime()}`);
    await audit(tx, {
      entity: 'tender',
      entityId: tenderId,
      tenderId,
      action: 'bc_order_withdrawal_queued',
      user: null,
      data: { order_code: o.order_code, reason },
    });
  }
  return orders.length;
}

/**
 * A reopen takes the decision back: orders that will be made again at the next confirmation (not exported) are
 * withdrawn from the ERP; exported orders stay there and are corrected by the next confirmation. While the tender
 * is evaluated again its lines read as before the confirmation: pre-orders from the ERP synced, the others none.
 */
async function withdrawOnReopen(tx: Db, tenderId: number) {
  await enqueueWithdrawals(tx, tenderId, sql`po.export_code is null`, false, 'reopened');
  await resetBcStateOnReopen(tx, tenderId);
}

/** FAILED or CANCELED: remaining orders withdrawn from the ERP and canceled; ERP lines canceled. */
async function endWithoutOrder(tx: Db, tenderId: number, reason: string) {
  await enqueueWithdrawals(tx, tenderId, sql`true`, true, reason);
  await cancelBcState(tx, tenderId);
}

// ---------------------------------------------------------------- delivery

interface OrderRow extends Record<string, unknown> {
  id: number;
  tender_id: number;
  order_code: string;
  bc_id: string | null;
  bc_status: BcSyncStatus | null;
  tender_code: string;
  tender_status: string;
  registration_code: string;
  supplier_name: string;
}
interface LineRow extends Record<string, unknown> {
  winner_id: number;
  detail_id: number;
  code: string;
  name: string;
  part_bc_id: string | null;
  amount: string;
  price: string;
  delivery_date: string | null;
}
interface BcOrder {
  id: string;
  number: string;
  '@odata.etag'?: string;
}
interface BcLine {
  id: string;
  sequence: number;
  lineObjectNumber: string;
  quantity: number;
  directUnitCost: number;
  description: string;
  expectedReceiptDate: string | null;
  '@odata.etag': string;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** Decimal strings from the database compared with the ERP's numbers (4 places, as the portal stores them). */
const same = (a: string, b: number) => Math.abs(Number(a) - b) < 0.00005;

async function setOrderState(db: Db, order: OrderRow, status: BcSyncStatus, message: string | null) {
  await transaction(db, async (tx) => {
    await setOrderBcStatus(tx, order.id, status, message);
    await refreshLineStates(tx, order.tender_id);
    await audit(tx, {
      entity: 'tender',
      entityId: order.tender_id,
      tenderId: order.tender_id,
      action: status === 'synced' ? 'bc_order_synced' : 'bc_order_failed',
      user: null,
      data: { order_code: order.order_code, message },
    });
  });
}

/** Sends one purchase order (see the top of this file). Exported for tests that drive a delivery by hand. */
export async function deliverPurchaseOrder(
  db: Db,
  client: BusinessCentralClient,
  orderId: number,
  opts: { signal?: AbortSignal; lastAttempt?: boolean } = {},
) {
  const at = now();
  const order = await holdOrder<OrderRow>(db, orderId, at, new Date(at.getTime() + LOCK_MS));
  if (!order) {
    const exists = await queryRow(db, sql`select 1 from purchase_orders where id = ${orderId}`);
    if (!exists) return 'gone' as const; // removed by a reopen before it was sent
    throw new Error(`purchase order ${orderId} is being delivered by another worker`);
  }
  try {
    if (order.bc_status === 'synced') return 'synced' as const;
    // Queued before a reopen, a cancel or a confirm without winners: nothing to order now.
    if (order.tender_status !== 'ORDERED' || order.bc_status === 'canceled') return 'not_ordered' as const;
    // An earlier order under this code is still being withdrawn from the ERP: wait for it, so it is never
    // taken for this one (the outbox tries again after its backoff).
    const withdrawing = await queryRow(
      db,
      sql`select 1 from outbox where kind = 'bc_sync' and status = 'pending'
        and payload->>'op' = 'withdraw_order' and payload->>'order_code' = ${order.order_code} limit 1`,
    );
    if (withdrawing) throw new Error(`an earlier ERP order ${order.order_code} is still being withdrawn`);
    const lines = await queryRows<LineRow>(
      db,
      sql`select w.id as winner_id, d.id as detail_id, p.code, p.name, p.bc_id as part_bc_id,
          w.amount::text as amount, pr.price::text as price, pr.delivery_date::text as delivery_date
        from winners w join proposals pr on pr.id = w.proposal_id join details d on d.id = w.detail_id
        join parts p on p.id = d.part_id
        where pr.tender_id = ${order.tender_id}
          and pr.supplier_id = (select supplier_id from purchase_orders where id = ${order.id})
        order by w.id`,
    );
    const wanted = lines.filter((l) => l.part_bc_id);
    if (!wanted.length) {
      // Nothing the ERP knows: no empty order is made there.
      await setOrderState(db, order, 'incompatible', 'no_erp_items');
      return 'incompatible' as const;
    }
    // 1. the order: found by the portal's order code, created only when the ERP has none
    const found = await client.request<{ value: BcOrder[] }>(
      'GET',
      `${await client.api('purchaseOrders', opts.signal)}?$filter=${encodeURIComponent(`externalDocumentNumber eq ${odataString(order.order_code)}`)}`,
      { signal: opts.signal },
    );
    let bcOrder = found.value[0];
    if (!bcOrder) {
      bcOrder = await client.request<BcOrder>('POST', await client.api('purchaseOrders', opts.signal), {
        signal: opts.signal,
        body: {
          vendorNumber: order.registration_code,
          externalDocumentNumber: order.order_code,
          orderDate: ymd(now()),
        },
      });
    }
    await setOrderBcId(db, order.id, bcOrder.id, bcOrder.number);
    // 2. its lines, matched by sequence (the winner's id); a line changed meanwhile (412) is read again once
    const linesUrl = await client.api(`purchaseOrders(${bcOrder.id})/purchaseOrderLines`, opts.signal);
    for (let pass = 1; ; pass++) {
      try {
        await reconcileLines(client, linesUrl, wanted, opts.signal);
        break;
      } catch (err) {
        if (pass >= 2 || !(err instanceof BcError) || err.status !== 412) throw err;
      }
    }
    await setOrderState(db, { ...order, bc_id: bcOrder.id }, 'synced', null);
    return 'synced' as const;
  } catch (err) {
    if (aborted(opts.signal)) throw err;
    const bc = err instanceof BcError ? err : null;
    if (bc && !bc.retryable) {
      await setOrderState(db, order, 'error', bc.message);
      return 'error' as const;
    }
    if (opts.lastAttempt) await setOrderState(db, order, 'error', (err as Error).message);
    throw err;
  } finally {
    await releaseOrder(db, order.id);
  }
}
const aborted = (s?: AbortSignal) => !!s?.aborted;

/** Creates the missing lines, patches changed ones and deletes surplus ones (If-Match with each line's ETag). */
async function reconcileLines(
  client: BusinessCentralClient,
  linesUrl: string,
  wanted: LineRow[],
  signal?: AbortSignal,
) {
  const existing: BcLine[] = [];
  await client.readAll<BcLine>(linesUrl, (rows) => void existing.push(...rows), signal);
  const lineUrl = (id: string) => client.api(`purchaseOrderLines(${id})`, signal);
  for (const l of wanted) {
    const body = {
      sequence: l.winner_id,
      lineType: 'Item',
      lineObjectNumber: l.code,
      description: l.name.slice(0, 100),
      quantity: Number(l.amount),
      directUnitCost: Number(l.price),
      expectedReceiptDate: l.delivery_date,
    };
    const there = existing.find((e) => e.sequence === l.winner_id);
    if (!there) {
      await client.request('POST', linesUrl, { signal, body });
      continue;
    }
    if (
      same(l.amount, there.quantity) &&
      same(l.price, there.directUnitCost) &&
      (there.expectedReceiptDate ?? null) === (l.delivery_date ?? null)
    )
      continue;
    const { sequence: _s, lineType: _t, lineObjectNumber: _n, ...changes } = body;
    await client.request('PATCH', await lineUrl(there.id), {
      signal,
      body: changes,
      ifMatch: there['@odata.etag'],
    });
  }
  for (const e of existing)
    if (!wanted.some((l) => l.winner_id === e.sequence))
      await client.request('DELETE', await lineUrl(e.id), { signal, ifMatch: e['@odata.etag'] });
}

/**
 * Withdraws an order from the ERP (a reopen, or a FAILED or CANCELED tender): every ERP order carrying the portal's
 * order code is deleted with If-Match and its ETag, except one a live portal order has taken since (the delivery
 * of a new order under the same code waits for this). A repeat after a crash finds nothing left and ends quietly,
 * so the ERP is told once. A refusal (an order the ERP has received goods for) is recorded in the tender's history.
 */
export async function withdrawPurchaseOrder(
  db: Db,
  client: BusinessCentralClient,
  p: WithdrawPayload,
  opts: { signal?: AbortSignal; lastAttempt?: boolean } = {},
) {
  const signal = opts.signal;
  if (p.not_before && new Date(p.not_before) > now())
    throw new Error(`purchase order ${p.order_code} may still be on its way to the ERP`);
  if (p.purchase_order_id != null) {
    const held = await queryRow(
      db,
      sql`select 1 from purchase_orders where id = ${p.purchase_order_id} and bc_lock_until > ${now()}`,
    );
    if (held) throw new Error(`purchase order ${p.order_code} is being delivered by another worker`);
  }
  const record = (action: 'bc_order_withdrawn' | 'bc_order_withdraw_failed', data: Record<string, unknown>) =>
    transaction(db, (tx) =>
      audit(tx, {
        entity: 'tender',
        entityId: p.tender_id,
        tenderId: p.tender_id,
        action,
        user: null,
        data: { order_code: p.order_code, ...data },
      }),
    );
  try {
    const live = await queryRows<{ bc_id: string }>(
      db,
      sql`select bc_id from purchase_orders where order_code = ${p.order_code} and bc_id is not null
        and bc_status is distinct from 'canceled'
        and (${p.purchase_order_id}::int is null or id <> ${p.purchase_order_id}::int)`,
    );
    const found = await client.request<{ value: BcOrder[] }>(
      'GET',
      `${await client.api('purchaseOrders', signal)}?$filter=${encodeURIComponent(`externalDocumentNumber eq ${odataString(p.order_code)}`)}`,
      { signal },
    );
    const removed: string[] = [];
    for (const o of found.value) {
      if (live.some((l) => l.bc_id === o.id)) continue;
      const url = await client.api(`purchaseOrders(${o.id})`, signal);
      let etag = o['@odata.etag'];
      for (let pass = 1; ; pass++) {
        try {
          await client.request('DELETE', url, { signal, ifMatch: etag ?? '*' });
          removed.push(o.number);
          break;
        } catch (err) {
          if (err instanceof BcError && err.status === 404) break; // gone already
          if (pass >= 2 || !(err instanceof BcError) || err.status !== 412) throw err;
          etag = (await client.request<BcOrder>('GET', url, { signal }))['@odata.etag'];
        }
      }
    }
    if (p.purchase_order_id != null) await forgetWithdrawnOrder(db, p.purchase_order_id);
    // Said in the history when an ERP order went (now, or by an attempt whose answer was lost), not for an order
    // the ERP never had.
    if (removed.length || p.bc_id) await record('bc_order_withdrawn', { numbers: removed, reason: p.reason });
  } catch (err) {
    if (aborted(signal)) throw err;
    const bc = err instanceof BcError ? err : null;
    if ((bc && !bc.retryable) || opts.lastAttempt) {
      await record('bc_order_withdraw_failed', { message: (err as Error).message, reason: p.reason });
      // Not repeated by itself; failed in the outbox, for the administrators' deliveries screen.
      if (bc && !bc.retryable) throw new DeliveryRefused(bc.message);
    }
    throw err;
  }
}

export const businessCentralOutboxHandler =
  (app: FastifyInstance): OutboxHandler =>
  async (payload, { db, signal, attempt }) => {
    const client = bcClient(app.config);
    if (payload.op === 'withdraw_order') {
      if (!client) return; // the business system was unconfigured: there is nothing to withdraw from
      await withdrawPurchaseOrder(db, client, payload as WithdrawPayload, {
        signal,
        lastAttempt: attempt >= MAX_ATTEMPTS,
      });
      return;
    }
    if (payload.op !== 'purchase_order') return;
    const id = Number(payload.purchase_order_id);
    if (!client) {
      const order = await queryRow<OrderRow>(
        db,
        sql`select po.id, po.tender_id, po.order_code from purchase_orders po where po.id = ${id}`,
      );
      if (order) await setOrderState(db, order, 'error', 'business_system_not_configured');
      return;
    }
    const outcome = await deliverPurchaseOrder(db, client, id, {
      signal,
      lastAttempt: attempt >= MAX_ATTEMPTS,
    });
    if (outcome === 'error') {
      // The ERP refused the order: not repeated by itself; failed in the outbox, for the deliveries screen.
      const po = await queryRow<{ bc_message: string | null }>(
        db,
        sql`select bc_message from purchase_orders where id = ${id}`,
      );
      throw new DeliveryRefused(po?.bc_message ?? 'refused by the business system');
    }
  };

// ---------------------------------------------------------------- retry of one line (POST /details/{id}/bc-synchronize/)

export async function retryLineSync(app: FastifyInstance, user: SessionUser, detailId: number) {
  if (!bcSettings(app.config)) throw notConfigured();
  if (isSupplier(user)) throw notFound();
  return transaction(app.db, async (tx) => {
    const d = await queryRow<{
      id: number;
      tender_id: number | null;
      tender_status: string | null;
      bc_status: BcSyncStatus | null;
      group_id: number;
    }>(
      tx,
      sql`select d.id, d.tender_id, t.status as tender_status, d.bc_status, w.group_id
        from details d join warehouses w on w.id = d.warehouse_id left join tenders t on t.id = d.tender_id
        where d.id = ${detailId} and not d.is_deleted for update of d`,
    );
    if (!d || !buyerHasGroup(user, d.group_id)) throw notFound();
    if (d.tender_id == null || d.tender_status !== 'ORDERED' || d.bc_status === 'synced')
      return { bc_synced: d.bc_status === 'synced', bc_sync_running: d.bc_status === 'pending' };
    await tx.execute(sql`select id from tenders where id = ${d.tender_id} for update`);
    const wasRunning = d.bc_status === 'pending';
    const queued = await enqueueTenderOrders(tx, d.tender_id, 'retry');
    await audit(tx, {
      entity: 'detail',
      entityId: d.id,
      tenderId: d.tender_id,
      action: 'bc_sync_retried',
      user,
      data: { orders_queued: queued },
    });
    const after = await queryRow<{ bc_status: BcSyncStatus | null }>(
      tx,
      sql`select bc_status from details where id = ${d.id}`,
    );
    return {
      bc_synced: after?.bc_status === 'synced',
      bc_sync_running: after?.bc_status === 'pending',
      already_running: wasRunning && queued === 0,
    };
  });
}
