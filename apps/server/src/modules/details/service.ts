// Tender lines ("details"): list and read for buyers and (one tender's lines) suppliers, and the buyer's line
// edits of the tender form. Offers, winners and comments on a line belong to the tenders module.
import {
  canLine,
  compareDecimal,
  type DetailStatus,
  defined,
  fromScaled,
  normalizeDecimal,
  toScaled,
} from '@portal/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, parts, partTypes, tenders, warehouses } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type AuditRow, audit } from '../../lib/history.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import {
  actorOf,
  attachLine,
  auditMany,
  buyerLinesWhere,
  detachLine,
  detailSelect,
  failLine,
  lockDetail,
  lockTender,
  needSql,
  notEditable,
  removeLineWinners,
  requireLine,
  requireTender,
  serializeDetails,
  setLineReplenishment,
  supplierLineStatus,
  supplierMaySee,
  type Viewer,
} from '../tenders/index.ts';

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

/**
 * A supplier may order and search only by what it is shown: part code, code tags, transport number, customer,
 * order number are hidden from it (spec 1 §2), so they would answer yes/no questions about hidden values; the
 * line status is WAITING for it until the tender is ORDERED, so it is ordered and filtered by that.
 */
export const supplierDetailListSpec: ListSpec = {
  ordering: {
    created: details.created,
    updated: details.updated,
    id: details.id,
    part_name: parts.name,
    part_type: partTypes.name,
    warehouse: warehouses.name,
    replenishment_qty: details.replenishmentQty,
    replacement_qty: details.replacementQty,
    qty: needSql,
    status: supplierLineStatus,
    tender: details.tenderId,
  },
  defaultOrdering: '-created',
  search: [parts.name],
  id: details.id,
};

export async function listDetails(
  db: Db,
  viewer: Viewer,
  query: ListQuery & {
    status?: DetailStatus[];
    warehouse?: number;
    tender?: number;
    mode?: string;
    fields?: 'view';
    offers?: number;
  },
) {
  const user = viewer.user;
  const where: (SQL | undefined)[] = [eq(details.isDeleted, false)];
  if (isSupplier(user)) {
    if (query.tender === undefined) throw forbidden();
    if (!(await supplierMaySee(db, user, query.tender))) throw notFound();
  } else where.push(buyerLinesWhere(user));
  if (query.tender !== undefined) where.push(eq(details.tenderId, query.tender));
  if (query.status?.length)
    where.push(
      isSupplier(user) ? inArray(supplierLineStatus, query.status) : inArray(details.status, query.status),
    );
  if (query.warehouse !== undefined) where.push(eq(details.warehouseId, query.warehouse));
  return paginate({
    db,
    query,
    spec: isSupplier(user) ? supplierDetailListSpec : detailListSpec,
    select: () => detailSelect(db),
    where,
    map: (rows) =>
      query.fields === 'view'
        ? serializeDetails(db, viewer, rows, 'view', query.offers)
        : serializeDetails(db, viewer, rows, 'full'),
  });
}

// ---------- line edits (buyers) ----------

export interface DetailPatch {
  status?: DetailStatus;
  tender?: number | null;
  qty?: string | number | null;
  replenishment_qty?: string | number | null;
}

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

    // Evaluation ("cancel proposals"): a line of a FINISHED/CHOOSING tender set to FAILED (its winners removed).
    if (current && body.status === 'FAILED' && targetTender === d.tenderId) {
      const actor = actorOf(user);
      // Sent again for a line already FAILED while it may be cancelled: nothing to do.
      if (d.status === 'FAILED' && canLine(actor, 'cancel_proposals', { status: current.status }))
        return 'FAILED';
      requireLine(actor, 'cancel_proposals', { status: current.status, lineStatus: d.status });
      const gone = await removeLineWinners(tx, id);
      await failLine(tx, id, at);
      await auditMany(tx, user, [
        ...gone.map(
          (w): AuditRow => ({ entity: 'winner', entityId: w.id, action: 'deleted', tenderId: current.id }),
        ),
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
        if (!current) throw notEditable();
        requireTender(actorOf(user), 'edit', { status: current.status }, { state: notEditable });
        await detachLine(tx, id, at);
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
        requireTender(actorOf(user), 'edit', { status: t.status }, { state: notEditable });
        if (t.warehouseId !== d.warehouseId) throw invalid('tender', 'warehouse_mismatch');
        await attachLine(tx, id, t.id, at);
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
      const value = fromScaled(defined(toScaled(normalizeDecimal(change.raw)), 'checked quantity'));
      if (fresh.tenderId) {
        const [t] = await tx
          .select({ status: tenders.status })
          .from(tenders)
          .where(eq(tenders.id, fresh.tenderId));
        requireTender(actorOf(user), 'edit', { status: t.status }, { state: notEditable });
      }
      await setLineReplenishment(tx, id, value, fresh.tenderId != null, at);
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
