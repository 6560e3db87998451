// State changes of a tender: start, choose, confirm (ORDERED or FAILED), cancel, reopen and delete.
import { defined, isBlank, type TenderStatus, type TenderWrite, WHO } from '@portal/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  comments,
  details,
  proposals,
  purchaseOrders,
  tenderLogs,
  tenders,
  winners,
} from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type AuditRow, audit } from '../../lib/history.ts';
import { queryRows } from '../../lib/sql.ts';
import { actorOf, clean, requireTender, tenderVisibleWhere } from './access.ts';
import {
  auditMany,
  lockTender,
  notEditable,
  setStatus,
  type TenderRecord,
  type Tx,
  wrongState,
} from './core.ts';
import { applyForm } from './form.ts';
import { runTenderHooks } from './lifecycle.ts';
import { participantSuppliers } from './notify.ts';
import { mailCanceled, mailOutcome } from './outcome.ts';

export async function updateTender(db: Db, user: SessionUser, id: number, body: TenderWrite) {
  const actor = actorOf(user);
  await db.transaction(async (tx) => {
    const t = await lockTender(tx, user, id);
    const to = body.status ?? t.status;
    const facts = { status: t.status };
    if (to === t.status) {
      requireTender(actor, 'edit', facts, { state: notEditable });
      return applyForm(tx, user, t, body, t.status === 'DRAFT' ? 'draft' : 'waiting');
    }
    const action = TRANSITION_ACTIONS[to];
    if (!action) {
      // No action leads there (ACTIVE, FINISHED and DRAFT are the server's own moves).
      if (!WHO.manager(actor)) throw forbidden();
      throw wrongState();
    }
    requireTender(actor, action, facts);
    if (action === 'start') {
      await applyForm(tx, user, t, body, 'start');
      return setStatus(tx, user, t, 'WAITING');
    }
    if (action === 'choose') return setStatus(tx, user, t, 'CHOOSING');
    if (action === 'confirm')
      return confirmTender(
        db,
        tx,
        user,
        t,
        typeof body.approver_comment === 'string' ? body.approver_comment : undefined,
      );
    return cancelTender(db, tx, user, t);
  });
}

/** The table's action behind a PATCH to this status. */
const TRANSITION_ACTIONS: Partial<Record<TenderStatus, 'start' | 'choose' | 'confirm' | 'cancel'>> = {
  WAITING: 'start',
  CHOOSING: 'choose',
  ORDERED: 'confirm',
  FAILED: 'confirm',
  CANCELED: 'cancel',
};

/** CHOOSING → ORDERED (some line has winners) or FAILED (none): lines, orders, approver, winner e-mails. */
async function confirmTender(
  db: Db,
  tx: Tx,
  user: SessionUser,
  t: TenderRecord,
  approverComment: string | undefined,
) {
  const at = now();
  const lines = await tx
    .select({
      id: details.id,
      status: details.status,
      won: sql<boolean>`exists (select 1 from winners w where w.detail_id = details.id)`.mapWith(Boolean),
    })
    .from(details)
    .where(eq(details.tenderId, t.id));
  const changes: { id: number; from: string; to: 'ORDERED' | 'FAILED' }[] = [];
  for (const l of lines) {
    const to = l.won ? 'ORDERED' : 'FAILED';
    if (l.status !== to) changes.push({ id: l.id, from: l.status, to });
  }
  for (const to of ['ORDERED', 'FAILED'] as const) {
    const ids = changes.filter((c) => c.to === to).map((c) => c.id);
    if (ids.length) await tx.update(details).set({ status: to, updated: at }).where(inArray(details.id, ids));
  }
  await auditMany(
    tx,
    user,
    changes.map(
      (c): AuditRow => ({
        entity: 'detail',
        entityId: c.id,
        action: 'status',
        tenderId: t.id,
        data: { from: c.from, to: c.to },
      }),
    ),
  );
  const ordered = lines.some((l) => l.won);
  if (!isBlank(approverComment)) {
    await tx.delete(comments).where(and(eq(comments.tenderId, t.id), eq(comments.kind, 'APPROVER')));
    const [c] = await tx
      .insert(comments)
      .values({
        kind: 'APPROVER',
        tenderId: t.id,
        userId: user.id,
        content: clean(defined(approverComment, 'approver comment')).trim(),
        created: at,
        updated: at,
      })
      .returning({ id: comments.id });
    await audit(tx, {
      entity: 'comment',
      entityId: c.id,
      tenderId: t.id,
      action: 'created',
      user,
      data: { kind: 'APPROVER' },
    });
  }
  await setStatus(tx, user, t, ordered ? 'ORDERED' : 'FAILED', { approverId: user.id, approved: at });
  if (!ordered) {
    await mailOutcome(tx, user, t, at);
    return runTenderHooks(db, 'failed', tx, t.id);
  }
  const winning = await queryRows<{ supplier_id: number }>(
    tx,
    sql`select distinct p.supplier_id, s.name from winners w join proposals p on p.id = w.proposal_id
    join suppliers s on s.id = p.supplier_id where p.tender_id = ${t.id} order by s.name, p.supplier_id`,
  );
  const supplierIds = winning.map((r) => Number(r.supplier_id));
  const existing = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
  let k = existing.length;
  for (const sid of supplierIds) {
    if (existing.some((o) => o.supplierId === sid)) continue;
    k++;
    let code = `${t.tenderCode}-${String(k).padStart(2, '0')}`;
    if (existing.some((o) => o.orderCode === code)) code = `${code}-${sid}`;
    const [o] = await tx
      .insert(purchaseOrders)
      .values({ tenderId: t.id, supplierId: sid, orderCode: code, created: at })
      .returning();
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'order_created',
      user,
      data: { supplier_id: sid, order_code: o.orderCode },
    });
  }
  await mailOutcome(tx, user, t, at);
  await runTenderHooks(db, 'ordered', tx, t.id);
}

/** Any started tender → CANCELED: lines FAILED, winners and proposals removed, participants e-mailed. */
async function cancelTender(db: Db, tx: Tx, user: SessionUser, t: TenderRecord) {
  const participants = await participantSuppliers(tx, t.id);
  const gone = await tx
    .delete(winners)
    .where(
      inArray(
        winners.detailId,
        tx.select({ id: details.id }).from(details).where(eq(details.tenderId, t.id)),
      ),
    )
    .returning({ id: winners.id, proposalId: winners.proposalId });
  const removed = await tx
    .delete(proposals)
    .where(eq(proposals.tenderId, t.id))
    .returning({ id: proposals.id, supplierId: proposals.supplierId, detailId: proposals.detailId });
  const failed = await tx
    .update(details)
    .set({ status: 'FAILED', updated: now() })
    .where(eq(details.tenderId, t.id))
    .returning({ id: details.id });
  await auditMany(tx, user, [
    ...gone.map(
      (w): AuditRow => ({
        entity: 'winner',
        entityId: w.id,
        action: 'deleted',
        tenderId: t.id,
        data: { proposal: w.proposalId, reason: 'tender_canceled' },
      }),
    ),
    ...removed.map(
      (p): AuditRow => ({
        entity: 'proposal',
        entityId: p.id,
        action: 'deleted',
        tenderId: t.id,
        data: { supplier_id: p.supplierId, detail: p.detailId, reason: 'tender_canceled' },
      }),
    ),
    ...failed.map(
      (d): AuditRow => ({
        entity: 'detail',
        entityId: d.id,
        action: 'status',
        tenderId: t.id,
        data: { to: 'FAILED', reason: 'tender_canceled' },
      }),
    ),
  ]);
  await setStatus(tx, user, t, 'CANCELED');
  await mailCanceled(tx, t, participants);
  await runTenderHooks(db, 'canceled', tx, t.id);
}

/** POST /tenders/{id}/reopen/ (administrator): FINISHED, ORDERED or FAILED → CHOOSING (see docs/decisions.md). */
export async function reopenTender(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const t = await lockTender(tx, user, id);
    requireTender(actorOf(user), 'reopen', { status: t.status });
    // Lines without winners become open again; lines with winners keep them (ORDERED) until changed.
    const reopened = await tx
      .update(details)
      .set({ status: 'WAITING', updated: now() })
      .where(and(eq(details.tenderId, t.id), eq(details.status, 'FAILED')))
      .returning({ id: details.id });
    await auditMany(
      tx,
      user,
      reopened.map(
        (d): AuditRow => ({
          entity: 'detail',
          entityId: d.id,
          action: 'status',
          tenderId: t.id,
          data: { from: 'FAILED', to: 'WAITING', reason: 'reopen' },
        }),
      ),
    );
    // Orders not yet exported are recreated at the next confirmation (a business system withdraws its copies first).
    await runTenderHooks(db, 'reopened', tx, t.id, t.status);
    await tx
      .delete(purchaseOrders)
      .where(and(eq(purchaseOrders.tenderId, t.id), isNull(purchaseOrders.exportCode)));
    await setStatus(tx, user, t, 'CHOOSING', { approverId: null, approved: null });
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'reopened',
      user,
      data: { from: t.status },
    });
  });
}

/** POST /remove_tender/: only a DRAFT with zero lines. */
export async function removeTender(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(tenders)
      .where(and(eq(tenders.id, id), tenderVisibleWhere(user)))
      .for('update');
    if (!t) throw notFound();
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(details)
      .where(eq(details.tenderId, id));
    requireTender(
      actorOf(user),
      'delete',
      { status: t.status, detailsCount: n },
      { state: forbidden, fact: forbidden },
    );
    await tx.delete(comments).where(eq(comments.tenderId, id));
    await tx.delete(tenderLogs).where(eq(tenderLogs.tenderId, id));
    await tx.delete(tenders).where(eq(tenders.id, id));
    await audit(tx, {
      entity: 'tender',
      entityId: id,
      tenderId: id,
      action: 'deleted',
      user,
      data: { tender_code: t.tenderCode },
    });
  });
}
