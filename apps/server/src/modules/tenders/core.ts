// Shared internals of the tender module: the row type, state errors, locking, status changes and audit rows.
import type { TenderStatus } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, tenders, warehouses } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { invalid, nonField, notFound } from '../../lib/errors.ts';
import { audit, auditMany } from '../../lib/history.ts';

export { auditMany };

import { buyerHasGroup, tenderVisibleWhere } from './access.ts';
import { needSql } from './serialize.ts';

export type Tx = Db;
export type TenderRecord = typeof tenders.$inferSelect;

export const wrongState = () => invalid('status', 'wrong_tender_state');
export const notEditable = () => nonField('tender_not_editable');
export const deadlinePassed = () => nonField('deadline_passed');

/**
 * Locks a tender row for the rest of the transaction (for update, or shared: writers of its parts that may run side
 * by side); 404 when missing or not visible to the user.
 */
export async function lockTender(
  tx: Tx,
  user: SessionUser,
  id: number,
  strength: 'update' | 'share' = 'update',
): Promise<TenderRecord> {
  const [t] = await tx
    .select()
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(user)))
    .for(strength);
  if (!t) throw notFound();
  return t;
}

export async function setStatus(
  tx: Tx,
  user: SessionUser | null,
  t: TenderRecord,
  to: TenderStatus,
  extra: Partial<TenderRecord> = {},
) {
  await tx
    .update(tenders)
    .set({ status: to, updated: now(), ...extra })
    .where(eq(tenders.id, t.id));
  await audit(tx, {
    entity: 'tender',
    entityId: t.id,
    tenderId: t.id,
    action: 'status',
    user,
    data: { from: t.status, to },
  });
}

export const COMMENTABLE: TenderStatus[] = ['ACTIVE', 'FINISHED', 'CHOOSING'];

/** A supplier's tender (visible: not DRAFT, group served); 404 otherwise. */
export async function supplierTender(tx: Tx, user: SessionUser, id: number, lock = false) {
  const q = tx
    .select()
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(user)));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound();
  return t;
}

export async function tenderOfDetail(tx: Tx, id: number) {
  const [d] = await tx
    .select({ id: details.id, tenderId: details.tenderId, partId: details.partId, need: needSql })
    .from(details)
    .where(and(eq(details.id, id), eq(details.isDeleted, false)));
  if (!d || d.tenderId == null) throw notFound();
  return { ...d, tenderId: d.tenderId };
}

/**
 * A buyer's line. Locks: its tender first (if any; for update unless `tenderLock` says share), then the line, the
 * same order as the tender transactions.
 */
export async function lockDetail(
  tx: Tx,
  user: SessionUser,
  id: number,
  tenderLock: 'update' | 'share' = 'update',
) {
  const q = () =>
    tx
      .select({ detail: details, groupId: warehouses.groupId })
      .from(details)
      .innerJoin(warehouses, eq(warehouses.id, details.warehouseId))
      .where(and(eq(details.id, id), eq(details.isDeleted, false)));
  const [d0] = await q();
  if (!d0 || !buyerHasGroup(user, d0.groupId)) throw notFound();
  const tender = d0.detail.tenderId ? await lockTender(tx, user, d0.detail.tenderId, tenderLock) : null;
  const [d] = await q().for('update', { of: details });
  if (!d || d.detail.tenderId !== d0.detail.tenderId) throw nonField('detail_not_available');
  return { detail: d.detail, tender };
}
