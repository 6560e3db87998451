// Tender lines ("details"): list and read for buyers and (one tender's lines) suppliers, line edits of the form,
// per-line offer calls, winners and the supplier's line comment. Sealed output comes from tenders/serialize.ts.
import {
  compareDecimal,
  type DetailStatus,
  defaultReason,
  fromScaled,
  isBlank,
  normalizeDecimal,
  type ProposalWrite,
  singleWinnerAmount,
  sumDecimals,
  toScaled,
  validateOfferLine,
  validateWinners,
  type WinnerReason,
  type WinnersWrite,
} from '@portal/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  comments,
  details,
  parts,
  partTypes,
  proposals,
  tenders,
  warehouses,
  winners,
} from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, forbidden, invalid, nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import type { ListQuery, ListSpec } from '../../lib/list.ts';
import { paginate } from '../../lib/list.ts';
import {
  buyerHasGroup,
  clean,
  requireManager,
  tenderVisibleWhere,
  todayOf,
  type Viewer,
} from '../tenders/access.ts';
import { setCompanyComment } from '../tenders/comments.ts';
import { detailSelect, needSql, serializeDetails } from '../tenders/serialize.ts';
import {
  auditMany,
  blacklistedByPart,
  COMMENTABLE,
  lockForOffer,
  lockTender,
  notEditable,
  usableProducers,
  wrongState,
} from '../tenders/service.ts';

type Tx = Db;

// ---------- list and read ----------

export const detailListSpec: ListSpec = {
  ordering: {
    created: details.created,
    updated: details.updated,
    id: details.id,
    part_code: parts.code,
    part_name: parts.name,
    part_type: partTypes.name,
    warehouse: warehouses.name,
    customer_number: details.customerNumber,
    customer_name: details.customerName,
    order_number: details.orderNumber,
    replenishment_qty: details.replenishmentQty,
    replacement_qty: details.replacementQty,
    qty: needSql,
    status: details.status,
    tender: details.tenderId,
  },
  defaultOrdering: '-created',
  search: [
    parts.code,
    parts.name,
    details.customerNumber,
    details.customerName,
    details.orderNumber,
    sql`coalesce((select string_agg(pc.code, ' ') from part_codes pc where pc.part_id = parts.id), '')`,
  ],
  id: details.id,
};

/** Buyers: lines of warehouses in their groups (an administrator all). */
function buyerLinesWhere(user: SessionUser): SQL | undefined {
  if (user.group === 'ADMINISTRATOR') return undefined;
  return user.groupIds.length ? inArray(warehouses.groupId, user.groupIds) : sql`false`;
}

/** A supplier may read the lines of a tender it may see. */
async function supplierMaySee(db: Db, user: SessionUser, tenderId: number) {
  const [t] = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)));
  return !!t;
}

export async function listDetails(
  db: Db,
  viewer: Viewer,
  query: ListQuery & { status?: DetailStatus[]; warehouse?: number; tender?: number; mode?: string },
) {
  const user = viewer.user;
  const where: (SQL | undefined)[] = [eq(details.isDeleted, false)];
  if (isSupplier(user)) {
    if (query.tender === undefined) throw forbidden();
    if (!(await supplierMaySee(db, user, query.tender))) throw notFound();
  } else where.push(buyerLinesWhere(user));
  if (query.tender !== undefined) where.push(eq(details.tenderId, query.tender));
  if (query.status?.length) where.push(inArray(details.status, query.status));
  if (query.warehouse !== undefined) where.push(eq(details.warehouseId, query.warehouse));
  return paginate({
    db,
    query,
    spec: detailListSpec,
    select: () => detailSelect(db),
    where,
    map: (rows) => serializeDetails(db, viewer, rows),
  });
}

export async function getDetail(db: Db, viewer: Viewer, id: number) {
  const user = viewer.user;
  const rows = await detailSelect(db).where(
    and(
      eq(details.id, id),
      eq(details.isDeleted, false),
      isSupplier(user) ? undefined : buyerLinesWhere(user),
    ),
  );
  const r = rows[0];
  if (!r) throw notFound();
  if (isSupplier(user) && (r.tenderId == null || !(await supplierMaySee(db, user, r.tenderId))))
    throw notFound();
  const [out] = await serializeDetails(db, viewer, rows);
  return out;
}

// ---------- line edits (buyers) ----------

/** A buyer's line. Locks: its tender first (if any), then the line, the same order as the tender transactions. */
async function lockDetail(tx: Tx, user: SessionUser, id: number) {
  const q = () =>
    tx
      .select({ detail: details, groupId: warehouses.groupId })
      .from(details)
      .innerJoin(warehouses, eq(warehouses.id, details.warehouseId))
      .where(and(eq(details.id, id), eq(details.isDeleted, false)));
  const [d0] = await q();
  if (!d0 || !buyerHasGroup(user, d0.groupId)) throw notFound();
  const tender = d0.detail.tenderId ? await lockTender(tx, user, d0.detail.tenderId) : null;
  const [d] = await q().for('update', { of: details });
  if (!d || d.detail.tenderId !== d0.detail.tenderId) throw nonField('detail_not_available');
  return { detail: d.detail, tender };
}

export interface DetailPatch {
  status?: DetailStatus;
  tender?: number | null;
  qty?: string | number | null;
  replenishment_qty?: string | number | null;
}

const EDITABLE = ['DRAFT', 'WAITING'];

/** PATCH /details/{id}/: add to / remove from a DRAFT or WAITING tender, change its quantity, or fail it (evaluation). */
export async function patchDetail(
  db: Db,
  user: SessionUser,
  id: number,
  body: DetailPatch,
): Promise<DetailStatus> {
  return db.transaction(async (tx) => {
    const { detail: d, tender: current } = await lockDetail(tx, user, id);
    const at = now();
    const targetTender = body.tender === undefined ? d.tenderId : body.tender;
    let status = body.status ?? d.status;

    // Evaluation: a line of a FINISHED/CHOOSING tender set to FAILED (its winners removed).
    if (
      current &&
      (current.status === 'FINISHED' || current.status === 'CHOOSING') &&
      status === 'FAILED' &&
      d.status !== 'FAILED'
    ) {
      requireManager(user);
      const gone = await tx.delete(winners).where(eq(winners.detailId, id)).returning({ id: winners.id });
      await tx.delete(comments).where(and(eq(comments.detailId, id), eq(comments.kind, 'WINNER')));
      await tx.update(details).set({ status: 'FAILED', updated: at }).where(eq(details.id, id));
      await auditMany(tx, user, [
        ...gone.map((w) => ({ entity: 'winner', entityId: w.id, action: 'deleted', tenderId: current.id })),
        {
          entity: 'detail',
          entityId: id,
          action: 'status',
          tenderId: current.id,
          data: { from: d.status, to: 'FAILED' },
        },
      ]);
      return 'FAILED';
    }

    if (targetTender !== d.tenderId) {
      if (targetTender === null) {
        // Removed from its tender.
        if (!current || !EDITABLE.includes(current.status)) throw notEditable();
        if (current.status !== 'DRAFT') requireManager(user);
        await tx
          .update(details)
          .set({ status: 'PREPARED', tenderId: null, qty: null, updated: at })
          .where(eq(details.id, id));
        await audit(tx, {
          entity: 'detail',
          entityId: id,
          tenderId: current.id,
          action: 'status',
          user,
          data: { from: d.status, to: 'PREPARED', removed_from_tender: current.id },
        });
        status = 'PREPARED';
      } else {
        if (d.tenderId != null || d.status !== 'PREPARED') throw invalid('tender', 'detail_not_available');
        const t = await lockTender(tx, user, targetTender);
        if (!EDITABLE.includes(t.status)) throw notEditable();
        if (t.status !== 'DRAFT') requireManager(user);
        if (t.warehouseId !== d.warehouseId) throw invalid('tender', 'warehouse_mismatch');
        await tx
          .update(details)
          .set({ status: 'WAITING', tenderId: t.id, updated: at })
          .where(eq(details.id, id));
        await audit(tx, {
          entity: 'detail',
          entityId: id,
          tenderId: t.id,
          action: 'chosen',
          user,
          data: { from: d.status, to: 'WAITING' },
        });
        status = 'WAITING';
      }
    } else if (body.status !== undefined && body.status !== d.status) {
      throw invalid('status', 'wrong_tender_state');
    }

    // Quantity: saved as replenishment_qty (and as the line's order quantity while chosen). The web may send the
    // whole line: the field that differs from the stored value is the one the user changed.
    const [fresh] = await tx
      .select({ tenderId: details.tenderId, need: needSql, rep: details.replenishmentQty })
      .from(details)
      .where(eq(details.id, id));
    const candidates = [
      { field: 'qty', raw: body.qty, current: String(fresh.need) },
      { field: 'replenishment_qty', raw: body.replenishment_qty, current: String(fresh.rep) },
    ].filter((c) => c.raw !== undefined && c.raw !== null);
    for (const c of candidates) {
      const q = toScaled(normalizeDecimal(c.raw));
      if (q == null) throw invalid(c.field, 'not_a_number');
      if (q < 0n) throw invalid(c.field, 'positive_quantity');
      if (q >= 10n ** 14n) throw invalid(c.field, 'too_large');
    }
    const change = candidates.find((c) => compareDecimal(c.raw, c.current) !== 0);
    if (change) {
      const value = fromScaled(toScaled(normalizeDecimal(change.raw))!);
      if (fresh.tenderId) {
        const [t] = await tx
          .select({ status: tenders.status })
          .from(tenders)
          .where(eq(tenders.id, fresh.tenderId));
        if (!EDITABLE.includes(t.status)) throw notEditable();
        if (t.status !== 'DRAFT') requireManager(user);
      }
      await tx
        .update(details)
        .set({ replenishmentQty: value, qty: fresh.tenderId ? value : null, updated: at })
        .where(eq(details.id, id));
      await audit(tx, {
        entity: 'detail',
        entityId: id,
        tenderId: fresh.tenderId,
        action: 'qty',
        user,
        data: { qty: value },
      });
    }
    return status;
  });
}

// ---------- per-line offers (suppliers) ----------

async function tenderOfDetail(tx: Tx, id: number) {
  const [d] = await tx
    .select({ id: details.id, tenderId: details.tenderId, partId: details.partId, need: needSql })
    .from(details)
    .where(and(eq(details.id, id), eq(details.isDeleted, false)));
  if (!d || d.tenderId == null) throw notFound();
  return { ...d, tenderId: d.tenderId };
}

const qtyOrNull = (v: string | number | null | undefined) => (isBlank(v) ? null : fromScaled(toScaled(v)!));

/** Validates one offer line against the part, the company's other lines on it and the producer catalogue. */
async function checkLine(
  tx: Tx,
  d: { id: number; partId: number; need: string },
  body: ProposalWrite,
  others: (typeof proposals.$inferSelect)[],
  at: Date,
) {
  const bl = await blacklistedByPart(tx, [d.partId]);
  const errors: Record<string, string[]> = {
    ...validateOfferLine(body, {
      today: todayOf(at),
      needQty: String(d.need),
      blacklistedProducerIds: bl.get(d.partId) ?? [],
    }),
  };
  if (body.producer != null && !errors.producer) {
    if (!(await usableProducers(tx, [body.producer])).has(body.producer))
      errors.producer = ['producer_should_exist'];
    else if (others.some((o) => o.producerId === body.producer)) errors.producer = ['duplicate_producer'];
  }
  if (!isBlank(body.available_qty) && !errors.available_qty) {
    const stated = others.map((o) => o.availableQty).filter((q): q is string => q != null);
    if (stated.length && compareDecimal(sumDecimals([...stated, body.available_qty]), String(d.need)) > 0)
      errors.available_qty = ['qty_above_need'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

function proposalValues(body: ProposalWrite) {
  return {
    producerId: body.producer!,
    price: normalizeDecimal(body.price)!,
    productCode: clean(String(body.product_code)).trim(),
    eanCode: String(body.ean_code).trim(),
    availableQty: qtyOrNull(body.available_qty),
    additionalQty: qtyOrNull(body.additional_qty),
    deliveryDate: String(body.delivery_date).trim().slice(0, 10),
  };
}

/** PATCH /details/{id}/add_proposal/: one more offer line of the company on a part (at most 3). */
export async function addProposal(db: Db, viewer: Viewer, detailId: number, body: ProposalWrite) {
  const sup = viewer.supplierId!;
  return db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    const { at } = await lockForOffer(tx, viewer, d.tenderId);
    const others = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.detailId, detailId), eq(proposals.supplierId, sup)));
    if (others.length >= 3) throw nonField('too_many_offers');
    await checkLine(tx, d, body, others, at);
    const values = proposalValues(body);
    const [p] = await tx
      .insert(proposals)
      .values({
        ...values,
        tenderId: d.tenderId,
        detailId,
        supplierId: sup,
        userId: viewer.user.id,
        created: at,
        updated: at,
      })
      .returning({ id: proposals.id });
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: p.id,
          tenderId: d.tenderId,
          action: 'created',
          data: { supplier_id: sup, detail: detailId, producer: values.producerId, price: values.price },
        },
      ],
      at,
    );
    return p.id;
  });
}

async function ownProposal(tx: Tx, viewer: Viewer, id: number) {
  const [p] = await tx
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.supplierId, viewer.supplierId!)));
  if (!p) throw notFound();
  return p;
}

/** PATCH /proposals/{id}/: changes one of the company's offer lines (fields not sent keep their value). */
export async function changeProposal(db: Db, viewer: Viewer, id: number, body: ProposalWrite) {
  return db.transaction(async (tx) => {
    const p0 = await ownProposal(tx, viewer, id);
    const { at } = await lockForOffer(tx, viewer, p0.tenderId);
    const p = await ownProposal(tx, viewer, id);
    const d = await tenderOfDetail(tx, p.detailId);
    const merged: ProposalWrite = {
      producer: body.producer !== undefined ? body.producer : p.producerId,
      price: body.price !== undefined ? body.price : p.price,
      delivery_date: body.delivery_date !== undefined ? body.delivery_date : p.deliveryDate,
      product_code: body.product_code !== undefined ? body.product_code : p.productCode,
      ean_code: body.ean_code !== undefined ? body.ean_code : p.eanCode,
      available_qty: body.available_qty !== undefined ? body.available_qty : p.availableQty,
      additional_qty: body.additional_qty !== undefined ? body.additional_qty : p.additionalQty,
    };
    const others = await tx
      .select()
      .from(proposals)
      .where(
        and(eq(proposals.detailId, p.detailId), eq(proposals.supplierId, p.supplierId), ne(proposals.id, id)),
      );
    await checkLine(tx, d, merged, others, at);
    const values = proposalValues(merged);
    await tx
      .update(proposals)
      .set({ ...values, userId: viewer.user.id, updated: at })
      .where(eq(proposals.id, id));
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: id,
          tenderId: p.tenderId,
          action: 'changed',
          data: {
            supplier_id: p.supplierId,
            detail: p.detailId,
            producer: values.producerId,
            price: values.price,
          },
        },
      ],
      at,
    );
    return id;
  });
}

/** DELETE /proposals/{id}/ */
export async function deleteProposal(db: Db, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    const p0 = await ownProposal(tx, viewer, id);
    const { at } = await lockForOffer(tx, viewer, p0.tenderId);
    const p = await ownProposal(tx, viewer, id);
    await tx.delete(proposals).where(eq(proposals.id, id));
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: id,
          tenderId: p.tenderId,
          action: 'deleted',
          data: { supplier_id: p.supplierId, detail: p.detailId },
        },
      ],
      at,
    );
  });
}

// ---------- winners (buyers, CHOOSING) ----------

async function lockForWinners(tx: Tx, user: SessionUser, detailId: number) {
  requireManager(user);
  const { detail: d, tender: t } = await lockDetail(tx, user, detailId);
  if (!t || t.status !== 'CHOOSING') throw wrongState();
  return { d, t };
}

/** PATCH /details/{id}/add_winners/: replaces the line's winners (shared winner rules) and its winner comment. */
export async function addWinners(db: Db, user: SessionUser, detailId: number, body: WinnersWrite) {
  await db.transaction(async (tx) => {
    const { d, t } = await lockForWinners(tx, user, detailId);
    const [{ need }] = await tx.select({ need: needSql }).from(details).where(eq(details.id, detailId));
    const props = (
      await tx
        .select({ id: proposals.id, price: proposals.price })
        .from(proposals)
        .where(eq(proposals.detailId, detailId))
    ).map((p) => ({
      id: p.id,
      price: String(p.price),
    }));
    const rows = body.winners.map((w) =>
      w.name == null ? { name: null } : { ...w, reason: defaultReason(w.name, w.reason, props) },
    );
    const chosen = rows.map((w, i) => ({ w, i })).filter(({ w }) => w.name != null);
    if (chosen.length === 1)
      rows[chosen[0].i] = { ...rows[chosen[0].i], amount: singleWinnerAmount(String(need)) };
    const errors: Record<string, string[]> = {
      ...validateWinners(rows, { needQty: String(need), proposals: props }, body.comment),
    };
    for (const { w, i } of chosen) {
      if (!props.some((p) => p.id === w.name)) errors[`winners.${i}.name`] = ['invalid_choice'];
      const amount = 'amount' in w ? w.amount : null;
      if (chosen.length > 1 && !isBlank(amount) && toScaled(amount) == null)
        errors[`winners.${i}.amount`] = ['not_a_number'];
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    const at = now();
    const gone = await tx
      .delete(winners)
      .where(eq(winners.detailId, detailId))
      .returning({ id: winners.id, proposalId: winners.proposalId });
    const added = chosen.length
      ? await tx
          .insert(winners)
          .values(
            chosen
              .map(({ i }) => rows[i] as { name: number; amount: string; reason: WinnerReason })
              .map((w) => ({
                detailId,
                proposalId: w.name,
                amount: fromScaled(toScaled(w.amount)!),
                reason: w.reason,
                creatorId: user.id,
                created: at,
                updated: at,
              })),
          )
          .returning()
      : [];
    await tx.delete(comments).where(and(eq(comments.detailId, detailId), eq(comments.kind, 'WINNER')));
    const [winnerComment] = isBlank(body.comment)
      ? []
      : await tx
          .insert(comments)
          .values({
            kind: 'WINNER',
            tenderId: t.id,
            detailId,
            userId: user.id,
            content: clean(body.comment!).trim(),
            created: at,
            updated: at,
          })
          .returning({ id: comments.id });
    const status: DetailStatus = added.length ? 'ORDERED' : 'WAITING';
    if (status !== d.status)
      await tx.update(details).set({ status, updated: at }).where(eq(details.id, detailId));
    await auditMany(tx, user, [
      ...gone.map((w) => ({
        entity: 'winner',
        entityId: w.id,
        action: 'deleted',
        tenderId: t.id,
        data: { detail: detailId, proposal: w.proposalId },
      })),
      ...added.map((w) => ({
        entity: 'winner',
        entityId: w.id,
        action: 'created',
        tenderId: t.id,
        data: { detail: detailId, proposal: w.proposalId, amount: w.amount, reason: w.reason },
      })),
      ...(status !== d.status
        ? [
            {
              entity: 'detail',
              entityId: detailId,
              action: 'status',
              tenderId: t.id,
              data: { from: d.status, to: status },
            },
          ]
        : []),
      ...(winnerComment
        ? [
            {
              entity: 'comment',
              entityId: winnerComment.id,
              action: 'created',
              tenderId: t.id,
              data: { kind: 'WINNER', detail: detailId },
            },
          ]
        : []),
    ]);
  });
}

/** PATCH /details/{id}/delete_winners/ */
export async function deleteWinners(db: Db, user: SessionUser, detailId: number) {
  await db.transaction(async (tx) => {
    const { d, t } = await lockForWinners(tx, user, detailId);
    const gone = await tx
      .delete(winners)
      .where(eq(winners.detailId, detailId))
      .returning({ id: winners.id, proposalId: winners.proposalId });
    await tx.delete(comments).where(and(eq(comments.detailId, detailId), eq(comments.kind, 'WINNER')));
    const status: DetailStatus = 'WAITING';
    if (d.status !== status)
      await tx.update(details).set({ status, updated: now() }).where(eq(details.id, detailId));
    await auditMany(tx, user, [
      ...gone.map((w) => ({
        entity: 'winner',
        entityId: w.id,
        action: 'deleted',
        tenderId: t.id,
        data: { detail: detailId, proposal: w.proposalId },
      })),
      ...(d.status !== status
        ? [
            {
              entity: 'detail',
              entityId: detailId,
              action: 'status',
              tenderId: t.id,
              data: { from: d.status, to: status },
            },
          ]
        : []),
    ]);
  });
}

// ---------- supplier line comment ----------

/** PATCH /details/{id}/add_supplier_comment/: the company's one comment on a line; blank content deletes it. */
export async function setSupplierComment(
  db: Db,
  viewer: Viewer,
  detailId: number,
  content: string | null,
): Promise<number | null> {
  if (!viewer.seesCompanyOffers) throw forbidden();
  return db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    const [t] = await tx
      .select()
      .from(tenders)
      .where(and(eq(tenders.id, d.tenderId), tenderVisibleWhere(viewer.user)))
      .for('update');
    if (!t) throw notFound();
    if (!COMMENTABLE.includes(t.status)) throw wrongState();
    const text = clean(content ?? '').trim();
    const r = await setCompanyComment(
      tx,
      viewer,
      { kind: 'DETAIL_SUPPLIER', tenderId: t.id, detailId },
      text,
      now(),
    );
    // Blank content removes the company's comment; with nothing to remove it is a blank comment (400).
    if (!text && content !== null && !r.existed) throw invalid('comment', 'blank');
    return r.id;
  });
}
