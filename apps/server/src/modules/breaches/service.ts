// The breach register of suppliers (issue 32): refused awards (recorded by a refusal itself), late deliveries,
// defective goods not replaced within 3 Estonian working days, and others; each with its claim, a penalty of at most
// 100 € and a status. Buyers (Administrator, Contractor) read and write it; a supplier's users read their own.
// With two or more breaches that are not waived an administrator may exclude the company (its users are mailed with
// the reason in their language and their sessions end, through the accounts service's deactivation).
import {
  addWorkingDays,
  type BreachItem,
  type BreachKind,
  type BreachStatus,
  type breachPatch,
  type breachWrite,
  compareDecimal,
  exclusionAllowed,
  PENALTY_MAX,
  REPLACEMENT_WORKING_DAYS,
  type TemplateLanguage,
  tallinnParts,
} from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { breaches, details, parts, suppliers, tenders, users } from '../../db/schema/index.ts';
import { fullName, isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, ErrorBag, forbidden, nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, paginate } from '../../lib/list.ts';
import { queryRow, transaction } from '../../lib/sql.ts';
import { setSupplierActive } from '../auth/index.ts';
import { queueEmail } from '../notifications/index.ts';

/** Today's date in Tallinn (YYYY-MM-DD). */
export function tallinnToday(at: Date = now()): string {
  const p = tallinnParts(at);
  if (!p) throw new Error('no date');
  return `${p.year}-${p.month}-${p.day}`;
}

const isBuyerManager = (u: SessionUser) => u.group === 'ADMINISTRATOR' || u.group === 'CONTRACTOR';

/** Who may read a supplier's register: buyers, and the company's own users. */
function requireReader(u: SessionUser, supplierId: number) {
  if (isSupplier(u)) {
    if (u.supplierId !== supplierId) throw notFound();
    return;
  }
  if (!isBuyerManager(u)) throw forbidden();
}

const creator = alias(users, 'breach_creator');
const baseSelect = (db: Db) =>
  db
    .select({
      b: breaches,
      supplierName: suppliers.name,
      tenderCode: tenders.tenderCode,
      partName: parts.name,
      creatorFirst: creator.firstName,
      creatorLast: creator.lastName,
    })
    .from(breaches)
    .innerJoin(suppliers, eq(suppliers.id, breaches.supplierId))
    .leftJoin(tenders, eq(tenders.id, breaches.tenderId))
    .leftJoin(details, eq(details.id, breaches.detailId))
    .leftJoin(parts, eq(parts.id, details.partId))
    .leftJoin(creator, eq(creator.id, breaches.creatorId))
    .$dynamic();

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const serialise = (rows: Row[]): BreachItem[] =>
  rows.map((r) => ({
    id: r.b.id,
    supplier: r.b.supplierId,
    supplier_name: r.supplierName,
    kind: r.b.kind,
    occurred_on: r.b.occurredOn,
    reported_on: r.b.reportedOn,
    replace_by: r.b.replaceBy,
    tender: r.b.tenderId,
    tender_code: r.tenderCode,
    detail: r.b.detailId,
    part_name: r.partName,
    refusal: r.b.refusalId,
    note: r.b.note,
    claim_amount: r.b.claimAmount,
    claim_due: r.b.claimDue,
    penalty: r.b.penalty,
    status: r.b.status,
    creator_name:
      r.creatorFirst == null ? null : fullName({ firstName: r.creatorFirst, lastName: r.creatorLast ?? '' }),
    created: r.b.created.toISOString(),
    updated: r.b.updated.toISOString(),
  }));

const spec = {
  ordering: {
    occurred_on: breaches.occurredOn,
    created: breaches.created,
    status: breaches.status,
    id: breaches.id,
  },
  defaultOrdering: '-occurred_on',
  search: [breaches.note, suppliers.name, tenders.tenderCode],
  id: breaches.id,
};

/** GET /breaches/?supplier=: a supplier's register (buyers: any supplier or all; a supplier: its own only). */
export async function listBreaches(
  db: Db,
  user: SessionUser,
  query: ListQuery & { supplier?: number; status?: BreachStatus },
) {
  let supplierId = query.supplier;
  if (isSupplier(user)) supplierId ??= user.supplierId;
  if (supplierId !== undefined) requireReader(user, supplierId);
  else if (!isBuyerManager(user)) throw forbidden();
  return paginate({
    db,
    query,
    spec,
    select: () => baseSelect(db),
    where: [
      supplierId === undefined ? undefined : eq(breaches.supplierId, supplierId),
      query.status === undefined ? undefined : eq(breaches.status, query.status),
    ],
    map: serialise,
  });
}

export async function getBreach(db: Db, user: SessionUser, id: number) {
  const [row] = await baseSelect(db).where(eq(breaches.id, id)).limit(1);
  if (!row) throw notFound();
  requireReader(user, row.b.supplierId);
  return serialise([row])[0];
}

type Write = z.output<typeof breachWrite>;

/** The rules of a breach as written: a known tender and line, a penalty within the limit, a past replacement time. */
async function checkWrite(db: Db, supplierId: number, w: Partial<Write>, bag: ErrorBag) {
  const today = tallinnToday();
  if (w.occurred_on && w.occurred_on > today) bag.add('occurred_on', 'date_in_future');
  if (w.penalty != null && compareDecimal(w.penalty, PENALTY_MAX) > 0)
    bag.add('penalty', 'penalty_above_limit');
  if (w.kind === 'DEFECT_NOT_REPLACED') {
    if (!w.reported_on) bag.add('reported_on', 'required');
    else if (addWorkingDays(w.reported_on, REPLACEMENT_WORKING_DAYS) >= today)
      // The supplier still has its working days to replace the goods: no breach yet.
      bag.add('reported_on', 'replacement_time_not_over');
  }
  if (w.tender != null) {
    const [t] = await db
      .select({ id: tenders.id, status: tenders.status })
      .from(tenders)
      .where(eq(tenders.id, w.tender));
    // A breach is about an award: the tender must be ORDERED (its offers are open) and the company one of its
    // participants; a tender still sealed is never named.
    const took = t
      ? await queryRow(
          db,
          sql`select 1 as one from proposals where tender_id = ${t.id} and supplier_id = ${supplierId} limit 1`,
        )
      : null;
    if (t?.status !== 'ORDERED' || !took) bag.add('tender', 'invalid_choice');
  }
  if (w.detail != null) {
    const [d] = await db.select({ tenderId: details.tenderId }).from(details).where(eq(details.id, w.detail));
    if (!d || w.tender == null || d.tenderId !== w.tender) bag.add('detail', 'invalid_choice');
  }
}

const replaceByOf = (kind: BreachKind | undefined, reportedOn: string | null | undefined) =>
  kind === 'DEFECT_NOT_REPLACED' && reportedOn ? addWorkingDays(reportedOn, REPLACEMENT_WORKING_DAYS) : null;

/** POST /breaches/ {supplier, …}: buyers record a breach by hand. */
export async function createBreach(db: Db, user: SessionUser, supplierId: number, w: Write) {
  if (!isBuyerManager(user)) throw forbidden();
  const [s] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!s) throw new AppError(400, { supplier: ['invalid_choice'] });
  const bag = new ErrorBag();
  await checkWrite(db, supplierId, w, bag);
  bag.throwIfAny();
  const id = await transaction(db, async (tx) => {
    const at = now();
    const [b] = await tx
      .insert(breaches)
      .values({
        supplierId,
        kind: w.kind,
        occurredOn: w.occurred_on,
        reportedOn: w.kind === 'DEFECT_NOT_REPLACED' ? (w.reported_on ?? null) : null,
        replaceBy: replaceByOf(w.kind, w.reported_on),
        tenderId: w.tender ?? null,
        detailId: w.detail ?? null,
        note: w.note,
        claimAmount: w.claim_amount ?? null,
        penalty: w.penalty,
        status: w.status,
        creatorId: user.id,
        created: at,
        updated: at,
      })
      .returning({ id: breaches.id });
    await audit(tx, {
      entity: 'supplier',
      entityId: supplierId,
      action: 'breach_recorded',
      tenderId: w.tender ?? null,
      user,
      data: { breach: b.id, kind: w.kind, penalty: w.penalty, claim_amount: w.claim_amount ?? null },
    });
    return b.id;
  });
  return getBreach(db, user, id);
}

/** PATCH /breaches/{id}/: buyers change a breach (its status: paid, waived; its penalty, claim or note). */
export async function updateBreach(db: Db, user: SessionUser, id: number, p: z.output<typeof breachPatch>) {
  if (!isBuyerManager(user)) throw forbidden();
  await transaction(db, async (tx) => {
    const [b] = await tx.select().from(breaches).where(eq(breaches.id, id)).for('update');
    if (!b) throw notFound();
    const merged: Partial<Write> = {
      kind: p.kind ?? b.kind,
      occurred_on: p.occurred_on ?? b.occurredOn,
      reported_on: p.reported_on === undefined ? b.reportedOn : p.reported_on,
      tender: p.tender === undefined ? b.tenderId : p.tender,
      detail: p.detail === undefined ? b.detailId : p.detail,
      penalty: p.penalty ?? b.penalty,
    };
    const bag = new ErrorBag();
    // A refusal's breach keeps what the refusal wrote (kind, date, tender, claim): the buyer sets its penalty,
    // note and status.
    if (b.refusalId != null)
      for (const k of ['kind', 'occurred_on', 'reported_on', 'tender', 'detail', 'claim_amount'] as const)
        if (p[k] !== undefined) bag.add(k, 'invalid');
    bag.throwIfAny();
    const changed = (k: keyof typeof p) => p[k] !== undefined;
    const check: Partial<Write> = { penalty: merged.penalty };
    if (changed('occurred_on')) check.occurred_on = merged.occurred_on;
    if (changed('kind') || changed('reported_on')) {
      check.kind = merged.kind;
      check.reported_on = merged.reported_on;
    }
    if (changed('tender') || changed('detail')) {
      check.tender = merged.tender;
      check.detail = merged.detail;
    }
    await checkWrite(tx, b.supplierId, check, bag);
    bag.throwIfAny();
    const fields = Object.entries(p)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    await tx
      .update(breaches)
      .set({
        kind: merged.kind,
        occurredOn: merged.occurred_on,
        reportedOn: merged.kind === 'DEFECT_NOT_REPLACED' ? (merged.reported_on ?? null) : null,
        replaceBy: replaceByOf(merged.kind, merged.reported_on),
        tenderId: merged.tender ?? null,
        detailId: merged.detail ?? null,
        note: p.note ?? b.note,
        claimAmount: p.claim_amount === undefined ? b.claimAmount : p.claim_amount,
        penalty: merged.penalty,
        status: p.status ?? b.status,
        updated: now(),
      })
      .where(eq(breaches.id, id));
    await audit(tx, {
      entity: 'supplier',
      entityId: b.supplierId,
      action: 'breach_updated',
      tenderId: merged.tender ?? null,
      user,
      data: { breach: id, fields, status: p.status ?? b.status },
    });
  });
  return getBreach(db, user, id);
}

/**
 * A refusal's own breach, written in the refusal's transaction (called by the tenders module through
 * breaches/index.ts): kind REFUSED_AWARD with the refusal's claim and due date.
 */
export async function recordRefusalBreach(
  tx: Db,
  user: SessionUser,
  r: {
    supplierId: number;
    refusalId: number;
    tenderId: number;
    detailId: number | null;
    occurredOn: string;
    note: string;
    claimAmount: string;
    claimDue: string;
  },
) {
  const at = now();
  const [b] = await tx
    .insert(breaches)
    .values({
      supplierId: r.supplierId,
      kind: 'REFUSED_AWARD',
      occurredOn: r.occurredOn,
      tenderId: r.tenderId,
      detailId: r.detailId,
      refusalId: r.refusalId,
      note: r.note.slice(0, 1000),
      claimAmount: r.claimAmount,
      claimDue: r.claimDue,
      penalty: '0',
      status: 'OPEN',
      creatorId: user.id,
      created: at,
      updated: at,
    })
    .returning({ id: breaches.id });
  return b.id;
}

const TEMPLATE_LANGUAGE: Record<string, TemplateLanguage> = { et: 'EST', ru: 'RUS', en: 'ENG' };

/**
 * POST /suppliers/{id}/exclude/ (administrators): with two or more breaches not waived, the company is deactivated
 * (sessions end; the accounts service's deactivation), its users get SUPPLIER_EXCLUDED with the reason in their
 * language (instead of the plain deactivation mail), and the history keeps who excluded it and why.
 */
export async function excludeSupplier(db: Db, user: SessionUser, supplierId: number, reason: string) {
  if (user.group !== 'ADMINISTRATOR') throw forbidden();
  await transaction(db, async (tx) => {
    const [s] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update');
    if (!s) throw notFound();
    if (!s.isActive) throw nonField('supplier_already_inactive');
    const list = await tx
      .select({ status: breaches.status })
      .from(breaches)
      .where(eq(breaches.supplierId, supplierId));
    if (!exclusionAllowed(list)) throw nonField('exclusion_needs_breaches');
    const people = await tx
      .select()
      .from(users)
      .where(and(eq(users.supplierId, supplierId), eq(users.isDeleted, false), eq(users.isActive, true)));
    await setSupplierActive(tx, supplierId, false, user, { mail: false });
    const stamp = now().getTime();
    for (const u of people)
      await queueEmail(
        tx,
        {
          to: u.email,
          template: 'SUPPLIER_EXCLUDED',
          type: 'EXTERNAL',
          language: TEMPLATE_LANGUAGE[u.language] ?? 'EST',
          context: {
            user_first_name: u.firstName,
            user_last_name: u.lastName,
            company_name: s.name,
            exclusion_reason: reason,
          },
        },
        `supplier-excluded:${supplierId}:${u.id}:${stamp}`,
      );
    await audit(tx, {
      entity: 'supplier',
      entityId: supplierId,
      action: 'excluded',
      user,
      data: { reason, breaches: list.filter((b) => b.status !== 'WAIVED').length },
    });
  });
}
