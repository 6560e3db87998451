// The tender form: create and edit a DRAFT or WAITING tender with its dates, group, warehouse, info and lines.
// ---------- form: create and edit ----------
import {
  defined,
  fromScaled,
  isStrictDateTime,
  normalizeDecimal,
  type TenderWrite,
  toScaled,
  validateTenderForm,
} from '@portal/shared';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, groups, tenders, warehouses } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, ErrorBag, invalid } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { actorOf, buyerHasGroup, clean, requireTender } from './access.ts';
import { auditMany, setStatus, type TenderRecord, type Tx } from './core.ts';
import { needSql } from './serialize.ts';

/** Strict ISO date-time with a zone, years 2000–2100 ("0" is not a date, nor is year 20260). */
const parseTime = (v: string | undefined, field: string, bag: ErrorBag): Date | undefined => {
  if (v === undefined) return undefined;
  if (!v.trim()) {
    bag.add(field, 'required');
    return undefined;
  }
  if (!isStrictDateTime(v.trim())) {
    bag.add(field, 'invalid_date');
    return undefined;
  }
  return new Date(v.trim().replace(' ', 'T'));
};

/** Applies the form fields of a DRAFT/WAITING tender (dates, group, warehouse, info, lines) and validates them. */
export async function applyForm(
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
    if (!g?.isActive || !buyerHasGroup(user, g.id)) bag.add('group', 'invalid_choice');
  }
  if (body.warehouse !== undefined || body.group !== undefined) {
    const [w] = await tx.select().from(warehouses).where(eq(warehouses.id, warehouseId));
    if (!w || (!w.isActive && w.id !== t.warehouseId)) bag.add('warehouse', 'invalid_choice');
    else if (w.groupId !== groupId) bag.add('warehouse', 'warehouse_not_in_group');
  }
  bag.throwIfAny();

  const at = now();
  // Every date rule before anything is written (the table's own check would otherwise answer a 500).
  if (body.start !== undefined || body.finish !== undefined) {
    const dateErrors = validateTenderForm(
      { start: start.toISOString(), finish: finish.toISOString(), details: [] },
      at.getTime(),
      { requireLines: false },
    );
    if (Object.keys(dateErrors).length) throw badRequest(dateErrors);
  }
  const warehouseChanged = warehouseId !== t.warehouseId;
  const additionalInfo = body.additional_info !== undefined ? clean(body.additional_info) : t.additionalInfo;
  const feedbackEnabled = body.feedback_enabled ?? t.feedbackEnabled;
  await tx
    .update(tenders)
    .set({ start, finish, groupId, warehouseId, additionalInfo, feedbackEnabled, updated: at })
    .where(eq(tenders.id, t.id));
  const changed: Record<string, unknown> = {};
  if (start.getTime() !== t.start.getTime()) changed.start = start.toISOString();
  if (finish.getTime() !== t.finish.getTime()) changed.finish = finish.toISOString();
  if (groupId !== t.groupId) changed.group = groupId;
  if (warehouseChanged) changed.warehouse = warehouseId;
  if (additionalInfo !== t.additionalInfo) changed.additional_info = additionalInfo;
  if (feedbackEnabled !== t.feedbackEnabled) changed.feedback_enabled = feedbackEnabled;
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
    else if (scaled <= 0n) bag.add(`details.${i}.qty`, 'positive_quantity');
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
  // Saving a new tender makes a DRAFT; starting it at once is the DRAFT → WAITING move.
  requireTender(actorOf(user), body.status === 'WAITING' ? 'start' : 'edit', { status: 'DRAFT' });
  return db.transaction(async (tx) => {
    const [g] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.id, defined(body.group, 'group')), eq(groups.isDeleted, false)));
    if (!g?.isActive || !buyerHasGroup(user, g.id)) throw invalid('group', 'invalid_choice');
    const [w] = await tx
      .select()
      .from(warehouses)
      .where(eq(warehouses.id, defined(body.warehouse, 'warehouse')));
    if (!w?.isActive) throw invalid('warehouse', 'invalid_choice');
    if (w.groupId !== g.id) throw invalid('warehouse', 'warehouse_not_in_group');
    const parsedStart = parseTime(body.start, 'start', bag);
    const parsedFinish = parseTime(body.finish, 'finish', bag);
    bag.throwIfAny();
    const start = defined(parsedStart, 'start');
    const finish = defined(parsedFinish, 'finish');
    if (start >= finish) throw invalid('start', 'start_before_finish');
    const at = now();
    const [t] = await tx
      .insert(tenders)
      .values({
        tenderCode: `tmp-${crypto.randomUUID()}`,
        start,
        finish,
        status: 'DRAFT',
        warehouseId: w.id,
        groupId: g.id,
        additionalInfo: clean(body.additional_info ?? ''),
        feedbackEnabled: body.feedback_enabled ?? true,
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
