// Manual export of an ORDERED tender's purchase orders to Directo (spec 1 §4, §7): the call writes an export log
// (PROGRESS) and an outbox row in one transaction; the outbox worker sends the XML and ends the log SUCCESS
// (storing Directo's document ids as the orders' export codes) or FAILED with the message. Idempotent per order:
// an order Directo has accepted (it has an export code) is never sent again, so a re-send after a partial failure,
// or a repeat of a delivery whose worker died, sends only the orders still missing; and since the order code is the
// Directo document's number and the client asks Directo to overwrite a document it has (xd_update=1), a retry after
// an answer that was lost on the way back gives the same documents, not second ones.
// Directo not reached, no answer in time, 429/5xx or an unreadable answer: the export stays PROGRESS (its message
// says why) and the outbox tries again with its backoff; after the last attempt it ends FAILED. A refusal by Directo
// (a Result Type other than 0, another 4xx) ends FAILED at once: the same documents would be refused again; a
// re-send is a new manual export, or the retry on the administrators' deliveries screen (which sets the export
// back to PROGRESS). Either way the outbox row ends 'failed' with the message, so that screen lists it.
import type { ExportStatus } from '@portal/shared';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { moduleExportLogs, modules, tenders, warehouses } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import {
  DeliveryRefused,
  discardFailed,
  enqueue,
  MAX_ATTEMPTS,
  type OutboxHandler,
} from '../../lib/outbox.ts';
import {
  type ExportTender,
  loadOrders,
  setOrderExportCode,
  tenderVisibleWhere,
  ymdOf,
} from '../tenders/index.ts';
import {
  DirectoError,
  type DirectoPurchaseOrder,
  type DirectoResult,
  sendPurchaseOrders,
} from './directoClient.ts';

export const DIRECTO_MODULE = 'Directo';
/** A PROGRESS export younger than this blocks a new one (an older one is taken as lost). */
const IN_PROGRESS_MINUTES = 15;

/** Starts a manual export; answers the new log id. */
export async function startDirectoExport(db: Db, user: SessionUser, tenderId: number) {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select({ id: tenders.id, status: tenders.status })
      .from(tenders)
      .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)))
      .limit(1);
    if (!t) throw notFound();
    if (t.status !== 'ORDERED') throw nonField('tender_not_ordered');
    const [mod] = await tx.select().from(modules).where(eq(modules.name, DIRECTO_MODULE)).limit(1);
    if (!mod?.isActive) throw nonField('module_inactive');
    // One export at a time per tender: lock the tender row, then look for a running export (young, or one the
    // outbox is still trying again).
    await tx.execute(sql`select id from tenders where id = ${tenderId} for update`);
    const [running] = await tx
      .select({ id: moduleExportLogs.id })
      .from(moduleExportLogs)
      .where(
        and(
          eq(moduleExportLogs.tenderId, tenderId),
          eq(moduleExportLogs.status, 'PROGRESS'),
          or(
            gt(moduleExportLogs.created, new Date(now().getTime() - IN_PROGRESS_MINUTES * 60_000)),
            sql`exists (select 1 from outbox o where o.status = 'pending'
              and o.dedupe_key = 'directo_export:' || ${moduleExportLogs.id})`,
          ),
        ),
      )
      .limit(1);
    if (running) throw nonField('export_in_progress');
    const t0 = now();
    const [log] = await tx
      .insert(moduleExportLogs)
      .values({ tenderId, moduleId: mod.id, status: 'PROGRESS', userId: user.id, created: t0, updated: t0 })
      .returning({ id: moduleExportLogs.id });
    await enqueue(tx, 'directo_export', { log_id: log.id, tender_id: tenderId }, `directo_export:${log.id}`);
    // A new export of the tender supersedes its failed ones: they leave the deliveries screen (kept, discarded).
    await discardFailed(tx, 'directo_export', sql`(payload->>'tender_id')::int = ${tenderId}`, t0);
    await audit(tx, {
      entity: 'export',
      entityId: log.id,
      tenderId,
      action: 'directo_export_started',
      user,
      data: { module: mod.name },
    });
    return { module_export_log_id: log.id };
  });
}

export async function directoExportStatus(db: Db, user: SessionUser, logId: number) {
  const [log] = await db
    .select({ status: moduleExportLogs.status, message: moduleExportLogs.message })
    .from(moduleExportLogs)
    .innerJoin(tenders, eq(tenders.id, moduleExportLogs.tenderId))
    .where(and(eq(moduleExportLogs.id, logId), tenderVisibleWhere(user)))
    .limit(1);
  if (!log) throw notFound();
  return { status: log.status as ExportStatus, message: log.message };
}

/** The tender's orders not yet accepted by Directo, as Directo purchase orders, and how many were accepted before. */
async function purchaseOrdersOf(
  db: Db,
  tenderId: number,
): Promise<{ pending: DirectoPurchaseOrder[]; accepted: number }> {
  const [t] = await db
    .select({
      id: tenders.id,
      tenderCode: tenders.tenderCode,
      start: tenders.start,
      finish: tenders.finish,
      approved: tenders.approved,
      additionalInfo: tenders.additionalInfo,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      warehouseAddress: warehouses.address,
    })
    .from(tenders)
    .innerJoin(warehouses, eq(warehouses.id, tenders.warehouseId))
    .where(eq(tenders.id, tenderId));
  if (!t) return { pending: [], accepted: 0 };
  const tender: ExportTender = { ...t, groupName: '' };
  const { orders } = await loadOrders(db, tender, null);
  const date = ymdOf(now());
  const pending = orders.filter((o) => !o.exportCode);
  const out = pending.map((o) => ({
    number: o.orderCode,
    supplier: o.registrationCode,
    supplierName: o.supplierName,
    date,
    stock: t.warehouseCode,
    ref: t.tenderCode,
    rows: o.lines.map((l) => ({
      item: l.partCode,
      description: l.partName,
      quantity: l.orderedQty,
      price: l.price,
      sum: l.total,
      deliveryDate: l.deliveryDate,
      producer: l.producer,
      productCode: l.productCode,
      ean: l.ean,
    })),
  }));
  return { pending: out, accepted: orders.length - pending.length };
}

/** Stores Directo's document ids as the orders' export codes (matched by order number, else by position). */
async function storeExportCodes(
  db: Db,
  tenderId: number,
  sent: DirectoPurchaseOrder[],
  results: DirectoResult[],
) {
  for (const [i, r] of results.entries()) {
    if (r.type !== 0 || !r.docid) continue;
    const order = (r.number && sent.find((o) => o.number === r.number)) || (!r.number ? sent[i] : undefined);
    if (!order) continue;
    await setOrderExportCode(db, tenderId, order.number, r.docid);
  }
}

/** An administrator retried the delivery of an export that ended FAILED: it is in progress again. */
export async function reopenFailedExport(tx: Db, logId: number, at: Date) {
  await tx
    .update(moduleExportLogs)
    .set({ status: 'PROGRESS', message: null, updated: at })
    .where(and(eq(moduleExportLogs.id, logId), eq(moduleExportLogs.status, 'FAILED')));
}

/** An export still in progress ends FAILED with `message` (its delivery was given up). */
export async function failExportInProgress(tx: Db, logId: number, message: string, at: Date) {
  await tx
    .update(moduleExportLogs)
    .set({ status: 'FAILED', message, updated: at })
    .where(and(eq(moduleExportLogs.id, logId), eq(moduleExportLogs.status, 'PROGRESS')));
}

export const directoOutboxHandler =
  (app: FastifyInstance): OutboxHandler =>
  async (payload, { db, signal, attempt }) => {
    const logId = Number(payload.log_id);
    const [log] = await db.select().from(moduleExportLogs).where(eq(moduleExportLogs.id, logId));
    if (log?.status !== 'PROGRESS') return; // already ended: nothing to send twice
    /** Ends the log once (a repeated delivery finds it ended) and stores the codes Directo gave, in one transaction. */
    const finish = (
      status: ExportStatus,
      message: string,
      data: Record<string, unknown> = {},
      codes?: { sent: DirectoPurchaseOrder[]; results: DirectoResult[] },
    ) =>
      db.transaction(async (tx) => {
        // A delivery abandoned meanwhile (its lease taken over, the worker stopping) records nothing.
        if (signal.aborted) throw signal.reason;
        if (codes) await storeExportCodes(tx, log.tenderId, codes.sent, codes.results);
        const ended = await tx
          .update(moduleExportLogs)
          .set({ status, message: message.slice(0, 2000), updated: now() })
          .where(and(eq(moduleExportLogs.id, logId), eq(moduleExportLogs.status, 'PROGRESS')))
          .returning({ id: moduleExportLogs.id });
        if (!ended.length) return;
        await audit(tx, {
          entity: 'export',
          entityId: logId,
          tenderId: log.tenderId,
          action: status === 'SUCCESS' ? 'directo_export_succeeded' : 'directo_export_failed',
          user: null,
          data: { message, ...data },
        });
      });
    const [mod] = log.moduleId ? await db.select().from(modules).where(eq(modules.id, log.moduleId)) : [];
    if (!mod?.isActive) return finish('FAILED', 'module_inactive');
    const { pending, accepted } = await purchaseOrdersOf(db, log.tenderId);
    if (!pending.length)
      return accepted
        ? finish('SUCCESS', 'OK', { already_exported: accepted })
        : finish('FAILED', 'no_orders');
    try {
      const results = await sendPurchaseOrders({ url: mod.url, key: mod.key, orders: pending, signal });
      const docids = results.map((r) => r.docid).filter(Boolean);
      await finish(
        'SUCCESS',
        docids.length ? `OK: ${docids.join(', ')}` : 'OK',
        { docids },
        { sent: pending, results },
      );
    } catch (err) {
      // The delivery was abandoned (time-out, lost lease, stop): its outcome is not this attempt's to record.
      if (signal.aborted) throw err;
      if (!(err instanceof DirectoError)) {
        app.log.error({ err, logId }, 'directo export failed unexpectedly');
        return finish('FAILED', 'export_failed');
      }
      if (err.retryable && attempt < MAX_ATTEMPTS) {
        app.log.warn({ logId, attempt, message: err.message }, 'directo export will be tried again');
        await db
          .update(moduleExportLogs)
          .set({ message: err.message.slice(0, 2000), updated: now() })
          .where(and(eq(moduleExportLogs.id, logId), eq(moduleExportLogs.status, 'PROGRESS')));
        throw err; // the outbox tries again after its backoff
      }
      app.log.warn({ logId, message: err.message }, 'directo export refused');
      await finish('FAILED', err.message, {}, { sent: pending, results: err.accepted });
      // The outbox row ends failed too, so the operators' deliveries screen shows it (retry or discard there).
      throw new DeliveryRefused(err.message);
    }
  };
