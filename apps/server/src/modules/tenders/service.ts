// Tender rules and transactions: create, edit, start, choose, confirm, cancel, reopen, delete, flags, comments
// and the supplier's whole offer. Routes stay thin; every state change is audited in its transaction.
import {
  fromScaled,
  isBlank,
  normalizeDecimal,
  type OfferWrite,
  type TenderStatus,
  type TenderWrite,
  toScaled,
  validateOffer,
  validateTenderForm,
} from '@portal/shared';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blacklistProducers,
  blacklists,
  comments,
  details,
  groups,
  history,
  producers,
  proposals,
  purchaseOrders,
  tenderLogs,
  tenders,
  warehouses,
  winners,
} from '../../db/schema/index.ts';
import { fullName, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, ErrorBag, forbidden, invalid, nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { buyerHasGroup, clean, requireManager, tenderVisibleWhere, todayOf, type Viewer } from './access.ts';
import { setCompanyComment } from './comments.ts';
import { runOrderedHooks } from './lifecycle.ts';
import { emailSuppliers, participantSuppliers } from './notify.ts';
import { needSql } from './serialize.ts';

type Tx = Db;
type TenderRecord = typeof tenders.$inferSelect;

export const wrongState = () => invalid('status', 'wrong_tender_state');
export const notEditable = () => nonField('tender_not_editable');
export const deadlinePassed = () => nonField('deadline_passed');

/** Several audit rows at once (one insert). */
export async function auditMany(
  tx: Tx,
  user: SessionUser | null,
  rows: {
    entity: string;
    entityId: number;
    action: string;
    tenderId: number | null;
    data?: Record<string, unknown>;
  }[],
  at: Date = now(),
) {
  if (!rows.length) return;
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(history).values(
      rows.slice(i, i + 500).map((r) => ({
        entity: r.entity,
        entityId: r.entityId,
        action: r.action,
        tenderId: r.tenderId,
        userId: user?.id ?? null,
        userName: user ? fullName(user) : null,
        data: r.data ?? {},
        created: at,
      })),
    );
  }
}

/** Locks a tender row for the rest of the transaction; 404 when missing or not visible to the user. */
export async function lockTender(tx: Tx, user: SessionUser, id: number): Promise<TenderRecord> {
  const [t] = await tx
    .select()
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(user)))
    .for('update');
  if (!t) throw notFound();
  return t;
}

async function setStatus(
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

// ---------- form: create and edit ----------

const parseTime = (v: string | undefined, field: string, bag: ErrorBag): Date | undefined => {
  if (v === undefined) return undefined;
  const d = new Date(v);
  if (!v.trim() || Number.isNaN(d.getTime())) {
    bag.add(field, v.trim() ? 'invalid' : 'required');
    return undefined;
  }
  return d;
};

/** Applies the form fields of a DRAFT/WAITING tender (dates, group, warehouse, info, lines) and validates them. */
async function applyForm(
  tx: Tx,
  user: SessionUser,
  t: TenderRecord,
  body: TenderWrite,
  mode: 'draft' | 'start' | 'waiting',
) {
  const bag = new ErrorBag();
  const start = parseTime(body.start, 'start', bag) ?? t.start;
  const finish = parseTime(body.finish, 'finish', bag) ?? t.finish;
  const groupId = body.group ?? t.groupId;
  const warehouseId = body.warehouse ?? t.warehouseId;
  if (body.group !== undefined && body.group !== t.groupId) {
    const [g] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.id, body.group), eq(groups.isDeleted, false)));
    if (!g || !g.isActive || !buyerHasGroup(user, g.id)) bag.add('group', 'invalid_choice');
  }
  if (body.warehouse !== undefined || body.group !== undefined) {
    const [w] = await tx.select().from(warehouses).where(eq(warehouses.id, warehouseId));
    if (!w || (!w.isActive && w.id !== t.warehouseId)) bag.add('warehouse', 'invalid_choice');
    else if (w.groupId !== groupId) bag.add('warehouse', 'warehouse_not_in_group');
  }
  bag.throwIfAny();

  const at = now();
  const warehouseChanged = warehouseId !== t.warehouseId;
  const additionalInfo = body.additional_info !== undefined ? clean(body.additional_info) : t.additionalInfo;
  await tx
    .update(tenders)
    .set({ start, finish, groupId, warehouseId, additionalInfo, updated: at })
    .where(eq(tenders.id, t.id));
  const changed: Record<string, unknown> = {};
  if (start.getTime() !== t.start.getTime()) changed.start = start.toISOString();
  if (finish.getTime() !== t.finish.getTime()) changed.finish = finish.toISOString();
  if (groupId !== t.groupId) changed.group = groupId;
  if (warehouseChanged) changed.warehouse = warehouseId;
  if (additionalInfo !== t.additionalInfo) changed.additional_info = additionalInfo;
  if (Object.keys(changed).length)
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'changed',
      user,
      data: changed,
    });

  // A warehouse change returns every chosen line to PREPARED (the new set, if sent, is chosen after).
  if (warehouseChanged) await releaseLines(tx, user, t.id, []);
  if (body.details) await chooseLines(tx, user, t.id, warehouseId, body.details);

  const lines = await tx
    .select({ id: details.id, qty: needSql })
    .from(details)
    .where(eq(details.tenderId, t.id));
  const errors = validateTenderForm(
    { start: start.toISOString(), finish: finish.toISOString(), details: lines },
    at.getTime(),
    {
      requireLines: mode !== 'draft',
    },
  );
  if (mode === 'draft' && lines.length && !errors.details) {
    const total = lines.reduce((s, l) => s + (toScaled(l.qty) ?? 0n), 0n);
    if (total <= 0n) errors.details = ['positive_quantity'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Lines of the tender not in `keep` go back to PREPARED with no tender. */
async function releaseLines(tx: Tx, user: SessionUser, tenderId: number, keep: number[]) {
  const released = await tx
    .update(details)
    .set({ status: 'PREPARED', tenderId: null, qty: null, updated: now() })
    .where(and(eq(details.tenderId, tenderId), keep.length ? notInArray(details.id, keep) : undefined))
    .returning({ id: details.id });
  await auditMany(
    tx,
    user,
    released.map((d) => ({
      entity: 'detail',
      entityId: d.id,
      action: 'status',
      tenderId,
      data: { to: 'PREPARED', removed_from_tender: tenderId },
    })),
  );
}

/** Sets the chosen lines of a tender atomically: the others are released, these become WAITING with their quantity. */
async function chooseLines(
  tx: Tx,
  user: SessionUser,
  tenderId: number,
  warehouseId: number,
  chosen: { id: number; qty: string | number }[],
) {
  const bag = new ErrorBag();
  const byId = new Map<number, string>();
  chosen.forEach((c, i) => {
    const q = normalizeDecimal(c.qty);
    const scaled = toScaled(q);
    if (q == null || scaled == null) bag.add(`details.${i}.qty`, 'not_a_number');
    else if (scaled < 0n) bag.add(`details.${i}.qty`, 'positive_quantity');
    else if (scaled >= 10n ** 14n) bag.add(`details.${i}.qty`, 'too_large');
    else byId.set(c.id, fromScaled(scaled));
  });
  bag.throwIfAny();
  const ids = [...byId.keys()];
  await releaseLines(tx, user, tenderId, ids);
  if (!ids.length) return;
  const taken = await tx
    .update(details)
    .set({ status: 'WAITING', tenderId, updated: now() })
    .where(
      and(
        inArray(details.id, ids),
        eq(details.isDeleted, false),
        eq(details.warehouseId, warehouseId),
        or(and(eq(details.status, 'PREPARED'), isNull(details.tenderId)), eq(details.tenderId, tenderId)),
      ),
    )
    .returning({ id: details.id });
  if (taken.length !== ids.length) throw invalid('details', 'detail_not_available');
  const values = sql.join(
    ids.map((id) => sql`(${id}::int, ${byId.get(id)}::numeric)`),
    sql`, `,
  );
  await tx.execute(
    sql`update details set qty = v.q, replenishment_qty = v.q from (values ${values}) as v(id, q) where details.id = v.id`,
  );
  await auditMany(
    tx,
    user,
    ids.map((id) => ({
      entity: 'detail',
      entityId: id,
      action: 'chosen',
      tenderId,
      data: { to: 'WAITING', qty: byId.get(id) },
    })),
  );
}

export async function createTender(db: Db, user: SessionUser, body: TenderWrite): Promise<number> {
  const bag = new ErrorBag();
  for (const f of ['start', 'finish', 'warehouse', 'group'] as const)
    if (body[f] === undefined) bag.add(f, 'required');
  if (body.status && body.status !== 'DRAFT' && body.status !== 'WAITING')
    bag.add('status', 'wrong_tender_state');
  bag.throwIfAny();
  if (body.status === 'WAITING') requireManager(user);
  return db.transaction(async (tx) => {
    const [g] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.id, body.group!), eq(groups.isDeleted, false)));
    if (!g || !g.isActive || !buyerHasGroup(user, g.id)) throw invalid('group', 'invalid_choice');
    const [w] = await tx.select().from(warehouses).where(eq(warehouses.id, body.warehouse!));
    if (!w || !w.isActive) throw invalid('warehouse', 'invalid_choice');
    if (w.groupId !== g.id) throw invalid('warehouse', 'warehouse_not_in_group');
    const start = parseTime(body.start, 'start', bag);
    const finish = parseTime(body.finish, 'finish', bag);
    bag.throwIfAny();
    if (start! >= finish!) throw invalid('start', 'start_before_finish');
    const at = now();
    const [t] = await tx
      .insert(tenders)
      .values({
        tenderCode: `tmp-${crypto.randomUUID()}`,
        start: start!,
        finish: finish!,
        status: 'DRAFT',
        warehouseId: w.id,
        groupId: g.id,
        additionalInfo: clean(body.additional_info ?? ''),
        creatorId: user.id,
        created: at,
        updated: at,
      })
      .returning();
    const base = `T-${at.getUTCFullYear()}-${String(t.id).padStart(4, '0')}`;
    const [clash] = await tx.select({ id: tenders.id }).from(tenders).where(eq(tenders.tenderCode, base));
    const code = clash ? `${base}-${crypto.randomUUID().slice(0, 4)}` : base;
    await tx.update(tenders).set({ tenderCode: code }).where(eq(tenders.id, t.id));
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'created',
      user,
      data: { status: 'DRAFT', tender_code: code },
    });
    const record = { ...t, tenderCode: code };
    await applyForm(
      tx,
      user,
      record,
      {
        ...body,
        start: undefined,
        finish: undefined,
        group: undefined,
        warehouse: undefined,
        details: body.details ?? [],
      },
      body.status === 'WAITING' ? 'start' : 'draft',
    );
    if (body.status === 'WAITING') await setStatus(tx, user, record, 'WAITING');
    return t.id;
  });
}

/** PATCH /tenders/{id}/: form edits (DRAFT, WAITING) and every buyer-side status transition. */
export async function updateTender(db: Db, user: SessionUser, id: number, body: TenderWrite) {
  await db.transaction(async (tx) => {
    const t = await lockTender(tx, user, id);
    const to = body.status ?? t.status;
    if (to === t.status) {
      if (t.status === 'DRAFT') return applyForm(tx, user, t, body, 'draft');
      if (t.status === 'WAITING') {
        requireManager(user);
        return applyForm(tx, user, t, body, 'waiting');
      }
      throw notEditable();
    }
    requireManager(user);
    if (t.status === 'DRAFT' && to === 'WAITING') {
      await applyForm(tx, user, t, body, 'start');
      return setStatus(tx, user, t, 'WAITING');
    }
    if (t.status === 'FINISHED' && to === 'CHOOSING') return setStatus(tx, user, t, 'CHOOSING');
    if (t.status === 'CHOOSING' && (to === 'ORDERED' || to === 'FAILED'))
      return confirmTender(
        tx,
        user,
        t,
        typeof body.approver_comment === 'string' ? body.approver_comment : undefined,
      );
    if (to === 'CANCELED' && ['WAITING', 'ACTIVE', 'FINISHED', 'CHOOSING'].includes(t.status))
      return cancelTender(tx, user, t);
    throw wrongState();
  });
}

/** CHOOSING → ORDERED (some line has winners) or FAILED (none): lines, orders, approver, winner e-mails. */
async function confirmTender(
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
    changes.map((c) => ({
      entity: 'detail',
      entityId: c.id,
      action: 'status',
      tenderId: t.id,
      data: { from: c.from, to: c.to },
    })),
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
        content: clean(approverComment!).trim(),
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
  if (!ordered) return;
  const winning = (await tx.execute(sql`
    select distinct p.supplier_id, s.name from winners w join proposals p on p.id = w.proposal_id join suppliers s on s.id = p.supplier_id
    where p.tender_id = ${t.id} order by s.name, p.supplier_id`)) as unknown as {
    rows: { supplier_id: number }[];
  };
  const supplierIds = winning.rows.map((r) => Number(r.supplier_id));
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
  const info = await tenderEmailContext(tx, t);
  for (const sid of supplierIds) {
    const won = (await tx.execute(sql`
      select pa.name, w.amount, p.price from winners w join proposals p on p.id = w.proposal_id
      join details d on d.id = w.detail_id join parts pa on pa.id = d.part_id
      where p.tender_id = ${t.id} and p.supplier_id = ${sid} order by d.id, w.id`)) as unknown as {
      rows: { name: string; amount: string; price: string }[];
    };
    const list = won.rows.map((r) => `${r.name}: ${Number(r.amount)} × ${Number(r.price)} €`).join('\n');
    await emailSuppliers(
      tx,
      [sid],
      'TENDER_WINNER',
      { ...info, advanced_details_list: list },
      (u) => `tender-winner:${t.id}:${u}:${at.getTime()}`,
    );
  }
  await runOrderedHooks(tx, t.id);
}

async function tenderEmailContext(tx: Tx, t: TenderRecord) {
  const [g] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, t.groupId));
  const [w] = await tx
    .select({ name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, t.warehouseId));
  return {
    tender_id: String(t.id),
    tender_code: t.tenderCode,
    tender_group_name: g?.name ?? '',
    tender_warehouse_name: w?.name ?? '',
  };
}

/** Any started tender → CANCELED: lines FAILED, winners and proposals removed, participants e-mailed. */
async function cancelTender(tx: Tx, user: SessionUser, t: TenderRecord) {
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
    ...gone.map((w) => ({
      entity: 'winner',
      entityId: w.id,
      action: 'deleted',
      tenderId: t.id,
      data: { proposal: w.proposalId, reason: 'tender_canceled' },
    })),
    ...removed.map((p) => ({
      entity: 'proposal',
      entityId: p.id,
      action: 'deleted',
      tenderId: t.id,
      data: { supplier_id: p.supplierId, detail: p.detailId, reason: 'tender_canceled' },
    })),
    ...failed.map((d) => ({
      entity: 'detail',
      entityId: d.id,
      action: 'status',
      tenderId: t.id,
      data: { to: 'FAILED', reason: 'tender_canceled' },
    })),
  ]);
  await setStatus(tx, user, t, 'CANCELED');
  const context = { ...(await tenderEmailContext(tx, t)), event: 'CANCELED' };
  await emailSuppliers(tx, participants, 'TENDER_MEMBER', context, (u) => `tender-canceled:${t.id}:${u}`);
}

/** POST /tenders/{id}/reopen/ (administrator): FINISHED, ORDERED or FAILED → CHOOSING (see docs/decisions.md). */
export async function reopenTender(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const t = await lockTender(tx, user, id);
    if (!['FINISHED', 'ORDERED', 'FAILED'].includes(t.status)) throw wrongState();
    // Lines without winners become open again; lines with winners keep them (ORDERED) until changed.
    const reopened = await tx
      .update(details)
      .set({ status: 'WAITING', updated: now() })
      .where(and(eq(details.tenderId, t.id), eq(details.status, 'FAILED')))
      .returning({ id: details.id });
    await auditMany(
      tx,
      user,
      reopened.map((d) => ({
        entity: 'detail',
        entityId: d.id,
        action: 'status',
        tenderId: t.id,
        data: { from: 'FAILED', to: 'WAITING', reason: 'reopen' },
      })),
    );
    // Orders not yet exported are recreated at the next confirmation.
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
    if (t.status !== 'DRAFT' || n > 0) throw forbidden();
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

// ---------- supplier: flags, comment, offer ----------

/** A supplier's tender (visible: not DRAFT, group served); 404 otherwise. */
async function supplierTender(tx: Tx, user: SessionUser, id: number, lock = false) {
  const q = tx
    .select()
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(user)));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound();
  return t;
}

export async function addLog(db: Db, viewer: Viewer, id: number, action: 'WATCHED' | 'AGREED') {
  const sup = viewer.supplierId!;
  return db.transaction(async (tx) => {
    await supplierTender(tx, viewer.user, id);
    const added = await tx
      .insert(tenderLogs)
      .values({ tenderId: id, supplierId: sup, userId: viewer.user.id, action, created: now() })
      .onConflictDoNothing()
      .returning({ id: tenderLogs.id });
    const [l] = await tx
      .select()
      .from(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, action)));
    if (added.length)
      await audit(tx, {
        entity: 'tender',
        entityId: id,
        tenderId: id,
        action: 'log_added',
        user: viewer.user,
        data: { action, supplier_id: sup },
      });
    return l.created;
  });
}

export async function removeLog(db: Db, viewer: Viewer, id: number, action: 'WATCHED' | 'AGREED') {
  const sup = viewer.supplierId!;
  await db.transaction(async (tx) => {
    await supplierTender(tx, viewer.user, id);
    const gone = await tx
      .delete(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, action)))
      .returning({ id: tenderLogs.id });
    if (gone.length)
      await audit(tx, {
        entity: 'tender',
        entityId: id,
        tenderId: id,
        action: 'log_removed',
        user: viewer.user,
        data: { action, supplier_id: sup },
      });
  });
}

export const COMMENTABLE: TenderStatus[] = ['ACTIVE', 'FINISHED', 'CHOOSING'];

/** PATCH /tenders/{id}/add_comment/: a supplier's tender comment (kind TENDER). */
export async function addTenderComment(db: Db, viewer: Viewer, id: number, content: string) {
  if (!viewer.seesCompanyOffers) throw forbidden();
  const text = clean(content).trim();
  if (!text) throw invalid('comment', 'blank');
  return db.transaction(async (tx) => {
    const t = await supplierTender(tx, viewer.user, id);
    if (!COMMENTABLE.includes(t.status)) throw wrongState();
    const at = now();
    const [c] = await tx
      .insert(comments)
      .values({
        kind: 'TENDER',
        tenderId: id,
        supplierId: viewer.supplierId,
        userId: viewer.user.id,
        content: text,
        created: at,
        updated: at,
      })
      .returning({ id: comments.id });
    await audit(tx, {
      entity: 'comment',
      entityId: c.id,
      tenderId: id,
      action: 'created',
      user: viewer.user,
      data: { kind: 'TENDER', supplier_id: viewer.supplierId },
    });
    return c.id;
  });
}

/**
 * In the offer transaction: the tender locked, ACTIVE and before its finish by the server clock. Returns the
 * tender with `at`, the time of the check: every write of the offer is stamped with it.
 */
export async function lockForOffer(
  tx: Tx,
  viewer: Viewer,
  tenderId: number,
): Promise<TenderRecord & { at: Date }> {
  if (!viewer.seesCompanyOffers) throw forbidden();
  // One offer transaction per company and tender at a time (its proposal set is replaced as a whole), while
  // different companies write in parallel: the tender row is only share-locked, which still keeps its status
  // (and so the deadline check) from changing under us until we commit.
  await tx.execute(sql`select pg_advisory_xact_lock(${tenderId}::int, ${viewer.supplierId}::int)`);
  // Visible to the company's groups regardless of state, so an offer on a DRAFT is a 400, not a 404.
  const [t] = await tx
    .select()
    .from(tenders)
    .where(
      and(
        eq(tenders.id, tenderId),
        sql`exists (select 1 from supplier_groups sg where sg.supplier_id = ${viewer.supplierId} and sg.group_id = tenders.group_id)`,
      ),
    )
    .for('share');
  if (!t) throw notFound();
  const at = now();
  if (t.status === 'DRAFT' || t.status === 'WAITING') throw wrongState();
  if (t.status !== 'ACTIVE' || at.getTime() >= t.finish.getTime()) throw deadlinePassed();
  return { ...t, at };
}

/** Active blacklisted producers per part. */
export async function blacklistedByPart(tx: Tx, partIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!partIds.length) return out;
  const rows = await tx
    .select({ partId: blacklists.partId, producerId: blacklistProducers.producerId })
    .from(blacklists)
    .innerJoin(blacklistProducers, eq(blacklistProducers.blacklistId, blacklists.id))
    .where(
      and(
        inArray(blacklists.partId, partIds),
        eq(blacklists.isActive, true),
        eq(blacklists.isDeleted, false),
      ),
    );
  for (const r of rows) out.set(r.partId, [...(out.get(r.partId) ?? []), r.producerId]);
  return out;
}

/** Producer ids of the list that exist, are active and not deleted. */
export async function usableProducers(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: producers.id })
    .from(producers)
    .where(and(inArray(producers.id, ids), eq(producers.isActive, true), eq(producers.isDeleted, false)));
  return new Set(rows.map((r) => r.id));
}

const qtyOrNull = (v: string | number | null | undefined) => (isBlank(v) ? null : fromScaled(toScaled(v)!));

/** POST /tenders/{id}/offer/: replaces the company's whole proposal set in one transaction. */
export async function submitOffer(db: Db, viewer: Viewer, tenderId: number, body: OfferWrite) {
  const sup = viewer.supplierId!;
  await db.transaction(async (tx) => {
    const t = await lockForOffer(tx, viewer, tenderId);
    const at = t.at;
    const lines = await tx
      .select({ id: details.id, partId: details.partId, need: needSql })
      .from(details)
      .where(eq(details.tenderId, t.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const bl = await blacklistedByPart(tx, [...new Set(lines.map((l) => l.partId))]);
    const errors: Record<string, string[]> = {};
    const seen = new Set<number>();
    body.lines.forEach((l, i) => {
      if (!byId.has(l.detail)) errors[`lines.${i}.detail`] = ['invalid_choice'];
      else if (seen.has(l.detail)) errors[`lines.${i}.detail`] = ['invalid_choice'];
      seen.add(l.detail);
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const parts: Record<number, { needQty: string; blacklistedProducerIds: number[] }> = {};
    for (const l of lines)
      parts[l.id] = { needQty: String(l.need), blacklistedProducerIds: bl.get(l.partId) ?? [] };
    Object.assign(errors, validateOffer(body, { today: todayOf(at), parts }));
    const wanted = body.lines.flatMap((l, i) =>
      l.offers
        .map((o, n) => ({ o, n, i, detail: l.detail }))
        .filter(
          ({ o }) =>
            !(
              o.producer == null &&
              isBlank(o.delivery_date) &&
              isBlank(o.price) &&
              isBlank(o.product_code) &&
              isBlank(o.ean_code)
            ),
        ),
    );
    const usable = await usableProducers(
      tx,
      wanted.map((w) => w.o.producer).filter((p): p is number => p != null),
    );
    for (const w of wanted) {
      const key = `lines.${w.i}.offers.${w.n}.producer`;
      if (w.o.producer != null && !usable.has(w.o.producer) && !errors[key])
        errors[key] = ['producer_should_exist'];
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    const before = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.tenderId, t.id), eq(proposals.supplierId, sup)));
    const beforeById = new Map(before.map((p) => [p.id, p]));
    if (before.length)
      await tx.delete(proposals).where(
        inArray(
          proposals.id,
          before.map((p) => p.id),
        ),
      );
    const kept = new Set<number>();
    const auditRows: Parameters<typeof auditMany>[2] = [];
    const rows = wanted.map((w) => {
      const prev = w.o.id != null ? beforeById.get(w.o.id) : undefined;
      const same = prev && prev.detailId === w.detail ? prev : undefined;
      if (same) kept.add(same.id);
      const values = {
        tenderId: t.id,
        detailId: w.detail,
        supplierId: sup,
        userId: viewer.user.id,
        producerId: w.o.producer!,
        price: normalizeDecimal(w.o.price)!,
        productCode: clean(String(w.o.product_code)).trim(),
        eanCode: String(w.o.ean_code).trim(),
        availableQty: qtyOrNull(w.o.available_qty),
        additionalQty: qtyOrNull(w.o.additional_qty),
        deliveryDate: String(w.o.delivery_date).trim().slice(0, 10),
        created: same?.created ?? at,
        updated: at,
      };
      return { values, same, detail: w.detail };
    });
    // One multi-row insert; RETURNING gives the ids in the order of the VALUES list.
    const ids = rows.length
      ? await tx
          .insert(proposals)
          .values(rows.map((r) => r.values))
          .returning({ id: proposals.id })
      : [];
    rows.forEach(({ values, same, detail }, k) => {
      auditRows.push({
        entity: 'proposal',
        entityId: ids[k].id,
        action: same ? 'changed' : 'created',
        tenderId: t.id,
        data: {
          supplier_id: sup,
          detail,
          producer: values.producerId,
          price: values.price,
          previous_id: same?.id ?? null,
        },
      });
    });
    for (const p of before) {
      if (!kept.has(p.id))
        auditRows.push({
          entity: 'proposal',
          entityId: p.id,
          action: 'deleted',
          tenderId: t.id,
          data: { supplier_id: sup, detail: p.detailId },
        });
    }
    await auditMany(tx, viewer.user, auditRows, at);
    await tx
      .insert(tenderLogs)
      .values({ tenderId: t.id, supplierId: sup, userId: viewer.user.id, action: 'AGREED', created: at })
      .onConflictDoNothing();
    if (body.comment !== undefined) await setCompanyTenderComment(tx, viewer, t.id, body.comment, at);
  });
}

/** The company's one offer comment on a tender: replaced; blank deletes it. */
async function setCompanyTenderComment(tx: Tx, viewer: Viewer, tenderId: number, content: string, at: Date) {
  await setCompanyComment(tx, viewer, { kind: 'TENDER', tenderId }, clean(content).trim(), at);
}

/** DELETE /tenders/{id}/offer/: the company withdraws its proposals while the tender is ACTIVE. */
export async function cancelOffer(db: Db, viewer: Viewer, tenderId: number) {
  const sup = viewer.supplierId!;
  await db.transaction(async (tx) => {
    const t = await lockForOffer(tx, viewer, tenderId);
    const gone = await tx
      .delete(proposals)
      .where(and(eq(proposals.tenderId, t.id), eq(proposals.supplierId, sup)))
      .returning({ id: proposals.id, detailId: proposals.detailId });
    await tx
      .delete(tenderLogs)
      .where(
        and(eq(tenderLogs.tenderId, t.id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, 'AGREED')),
      );
    await auditMany(
      tx,
      viewer.user,
      gone.map((p) => ({
        entity: 'proposal',
        entityId: p.id,
        action: 'deleted',
        tenderId: t.id,
        data: { supplier_id: sup, detail: p.detailId, reason: 'offer_canceled' },
      })),
      t.at,
    );
  });
}

// ---------- comments (/comments/) ----------

export interface CommentOut {
  id: number;
  creator: string | null;
  created: string;
  content: string;
}

/** POST /comments/: a supplier's tender or line comment, or a buyer's approver comment on a tender. */
export async function createComment(
  db: Db,
  viewer: Viewer,
  body: { content: string; tender?: number; detail?: number },
) {
  const text = clean(body.content).trim();
  if (!text) throw invalid('content', 'blank');
  return db.transaction(async (tx) => {
    let tenderId = body.tender;
    if (body.detail !== undefined) {
      const [d] = await tx
        .select({ tenderId: details.tenderId })
        .from(details)
        .where(eq(details.id, body.detail));
      if (!d?.tenderId) throw invalid('detail', 'invalid_choice');
      tenderId = d.tenderId;
    }
    if (tenderId === undefined) throw invalid('tender', 'required');
    const supplier = viewer.supplierId != null;
    const t = supplier
      ? await supplierTender(tx, viewer.user, tenderId)
      : await lockTender(tx, viewer.user, tenderId);
    if (supplier) {
      if (!viewer.seesCompanyOffers) throw forbidden();
      if (!COMMENTABLE.includes(t.status)) throw wrongState();
    } else {
      requireManager(viewer.user);
      if (body.detail !== undefined) throw invalid('detail', 'invalid_choice');
    }
    const kind = supplier ? (body.detail !== undefined ? 'DETAIL_SUPPLIER' : 'TENDER') : 'APPROVER';
    const at = now();
    const [c] = await tx
      .insert(comments)
      .values({
        kind,
        tenderId: t.id,
        detailId: body.detail ?? null,
        supplierId: viewer.supplierId,
        userId: viewer.user.id,
        content: text,
        created: at,
        updated: at,
      })
      .returning();
    await audit(tx, {
      entity: 'comment',
      entityId: c.id,
      tenderId: t.id,
      action: 'created',
      user: viewer.user,
      data: { kind },
    });
    return {
      id: c.id,
      creator: fullName(viewer.user),
      created: at.toISOString(),
      content: text,
    } satisfies CommentOut;
  });
}

/** PATCH/DELETE /comments/{id}/: own comments only (a supplier: its company's; a buyer: approver comments). */
export async function changeComment(
  db: Db,
  viewer: Viewer,
  id: number,
  content: string | null,
): Promise<CommentOut | null> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!c) throw notFound();
    const supplier = viewer.supplierId != null;
    if (
      supplier
        ? c.supplierId !== viewer.supplierId || !viewer.seesCompanyOffers
        : c.kind !== 'APPROVER' && c.kind !== 'WINNER'
    )
      throw notFound();
    const t = supplier
      ? await supplierTender(tx, viewer.user, c.tenderId)
      : await lockTender(tx, viewer.user, c.tenderId);
    if (supplier && !COMMENTABLE.includes(t.status)) throw wrongState();
    if (!supplier) requireManager(viewer.user);
    const text = clean(content ?? '').trim();
    if (!text) {
      if (content !== null && !supplier) throw invalid('content', 'blank');
      await tx.delete(comments).where(eq(comments.id, id));
      await audit(tx, {
        entity: 'comment',
        entityId: id,
        tenderId: c.tenderId,
        action: 'deleted',
        user: viewer.user,
        data: { kind: c.kind },
      });
      return null;
    }
    const at = now();
    await tx.update(comments).set({ content: text, updated: at }).where(eq(comments.id, id));
    await audit(tx, {
      entity: 'comment',
      entityId: id,
      tenderId: c.tenderId,
      action: 'changed',
      user: viewer.user,
      data: { kind: c.kind },
    });
    return { id, creator: fullName(viewer.user), created: c.created.toISOString(), content: text };
  });
}
