// Pre-orders (spec 3 "Pre-order list", "Pre-order add/edit", §4, §5): add, edit (PREPARED lines outside a tender
// only; part and warehouse locked on lines from the business system), delete (administrators, soft), and prepare a
// FAILED line again as a new PREPARED one.
import {
  type DetailStatus,
  fromScaled,
  normalizeDecimal,
  PREORDER_FIELDS,
  type PreorderWrite,
  toScaled,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, parts, warehouses } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, ErrorBag, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import {
  buyerHasGroup,
  insertPreorderLine,
  removePreorderLine,
  updatePreorderLine,
} from '../tenders/index.ts';

type Tx = Db;
const MAX = 10n ** 14n;

/** A quantity field: absent/blank → null; otherwise a decimal ≥ 0 (4 places kept). Errors go to the bag. */
function quantity(bag: ErrorBag, field: string, raw: string | number | null | undefined): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) return null;
  const scaled = toScaled(normalizeDecimal(raw));
  if (scaled == null) {
    bag.add(field, 'not_a_number');
    return null;
  }
  if (scaled < 0n) bag.add(field, 'qty_min_zero');
  else if (scaled >= MAX) bag.add(field, 'too_large');
  return fromScaled(scaled);
}

/** Administrators and contractors keep pre-orders (the menu shows them the list); masters read lines only. */
function requireKeeper(user: SessionUser) {
  if (user.group !== 'ADMINISTRATOR' && user.group !== 'CONTRACTOR') throw forbidden();
}

async function livePart(tx: Tx, id: number) {
  const [p] = await tx
    .select({ id: parts.id, isActive: parts.isActive })
    .from(parts)
    .where(and(eq(parts.id, id), eq(parts.isDeleted, false)));
  return p ?? null;
}

async function usableWarehouse(tx: Tx, user: SessionUser, id: number) {
  const [w] = await tx
    .select({ id: warehouses.id, groupId: warehouses.groupId, isActive: warehouses.isActive })
    .from(warehouses)
    .where(eq(warehouses.id, id));
  if (!w?.isActive) return 'invalid_choice';
  if (!buyerHasGroup(user, w.groupId)) return 'warehouse_not_in_group';
  return null;
}

interface Checked {
  partId: number;
  warehouseId: number;
  replacement: string;
  replenishment: string;
}

/**
 * The form's rules (spec 3 §5) on the values the line will have: a part ('part_required'), at least one positive
 * quantity ('qty_required'), both ≥ 0, a warehouse ('warehouse_required') the user's groups reach.
 */
async function check(
  tx: Tx,
  user: SessionUser,
  body: PreorderWrite,
  current: Partial<Checked> = {},
  partChanges = true,
): Promise<Checked> {
  const bag = new ErrorBag();
  const partId = body.part === undefined ? current.partId : body.part;
  const warehouseId = body.warehouse === undefined ? current.warehouseId : body.warehouse;
  if (partId == null) bag.add('part', 'part_required');
  else if (partChanges) {
    const p = await livePart(tx, partId);
    if (!p) bag.add('part', 'invalid_choice');
    else if (!p.isActive) bag.add('part', 'part_inactive');
  }
  if (warehouseId == null) bag.add('warehouse', 'warehouse_required');
  else if (warehouseId !== current.warehouseId) {
    const problem = await usableWarehouse(tx, user, warehouseId);
    if (problem) bag.add('warehouse', problem);
  }
  const replacement =
    body.replacement_qty === undefined
      ? (current.replacement ?? null)
      : quantity(bag, 'replacement_qty', body.replacement_qty);
  const replenishment =
    body.replenishment_qty === undefined
      ? (current.replenishment ?? null)
      : quantity(bag, 'replenishment_qty', body.replenishment_qty);
  const positive = (v: string | null) => v != null && (toScaled(v) ?? 0n) > 0n;
  if (
    !bag.errors.replacement_qty &&
    !bag.errors.replenishment_qty &&
    !positive(replacement) &&
    !positive(replenishment)
  )
    bag.add('replenishment_qty', 'qty_required');
  bag.throwIfAny();
  return {
    partId: partId as number,
    warehouseId: warehouseId as number,
    replacement: replacement ?? '0',
    replenishment: replenishment ?? '0',
  };
}

/** POST /details/: a new PREPARED pre-order made in the portal (no business-system id). */
export async function createPreorder(db: Db, user: SessionUser, body: PreorderWrite): Promise<number> {
  requireKeeper(user);
  return db.transaction(async (tx) => {
    const v = await check(tx, user, body);
    const at = now();
    const id = await insertPreorderLine(
      tx,
      {
        partId: v.partId,
        warehouseId: v.warehouseId,
        replacementQty: v.replacement,
        replenishmentQty: v.replenishment,
        creatorId: user.id,
      },
      at,
    );
    await audit(tx, {
      entity: 'detail',
      entityId: id,
      action: 'created',
      user,
      data: {
        part: v.partId,
        warehouse: v.warehouseId,
        replacement_qty: v.replacement,
        replenishment_qty: v.replenishment,
      },
    });
    return id;
  });
}

/** A pre-order this user may keep, locked for the change (404 when it is gone or outside the user's groups). */
async function lockPreorder(tx: Tx, user: SessionUser, id: number) {
  const [d] = await tx
    .select({ detail: details, groupId: warehouses.groupId })
    .from(details)
    .innerJoin(warehouses, eq(warehouses.id, details.warehouseId))
    .where(and(eq(details.id, id), eq(details.isDeleted, false)))
    .for('update', { of: details });
  if (!d || !buyerHasGroup(user, d.groupId)) throw notFound();
  return d.detail;
}

/**
 * Whether a PATCH /details/{id}/ is a pre-order edit: it carries a pre-order field (part, warehouse,
 * replacement_qty), does not move the line into a tender, and the line is a free PREPARED one. Tender screens send
 * whole lines back (with their unchanged part and warehouse), so a line in a tender takes the tender path; but a
 * changed part, warehouse or replacement quantity on such a line is refused rather than silently ignored.
 */
export async function isPreorderEdit(
  db: Db,
  id: number,
  body: {
    part?: number | null;
    warehouse?: number | null;
    replacement_qty?: string | number | null;
    tender?: number | null;
  },
) {
  if (!PREORDER_FIELDS.some((f) => body[f] !== undefined)) return false;
  const [d] = await db
    .select({
      status: details.status,
      tenderId: details.tenderId,
      partId: details.partId,
      warehouseId: details.warehouseId,
      replacementQty: details.replacementQty,
    })
    .from(details)
    .where(and(eq(details.id, id), eq(details.isDeleted, false)));
  if (!d) return false; // the tender path answers 404
  if (body.tender == null && d.status === 'PREPARED' && d.tenderId == null) return true;
  const changed =
    (body.part !== undefined && body.part !== d.partId) ||
    (body.warehouse !== undefined && body.warehouse !== d.warehouseId) ||
    (body.replacement_qty != null &&
      toScaled(normalizeDecimal(body.replacement_qty)) !== toScaled(d.replacementQty));
  if (changed) throw notEditable();
  return false;
}

const notEditable = () => new AppError(400, { status: ['detail_not_editable'] });

/**
 * PATCH /details/{id}/ with pre-order fields: only a PREPARED line outside a tender; a line from the business
 * system (bc_id set) keeps its part (code and unit) and warehouse.
 */
export async function editPreorder(
  db: Db,
  user: SessionUser,
  id: number,
  body: PreorderWrite,
): Promise<DetailStatus> {
  requireKeeper(user);
  return db.transaction(async (tx) => {
    const d = await lockPreorder(tx, user, id);
    if (d.status !== 'PREPARED' || d.tenderId != null) throw notEditable();
    if (d.bcId) {
      const bag = new ErrorBag();
      if (body.part !== undefined && body.part !== d.partId) bag.add('part', 'detail_locked_field');
      if (body.warehouse !== undefined && body.warehouse !== d.warehouseId)
        bag.add('warehouse', 'detail_locked_field');
      bag.throwIfAny();
    }
    const v = await check(
      tx,
      user,
      body,
      {
        partId: d.partId,
        warehouseId: d.warehouseId,
        replacement: d.replacementQty,
        replenishment: d.replenishmentQty,
      },
      body.part !== undefined && body.part !== d.partId,
    );
    const changes: Record<string, unknown> = {};
    if (v.partId !== d.partId) changes.part = { from: d.partId, to: v.partId };
    if (v.warehouseId !== d.warehouseId) changes.warehouse = { from: d.warehouseId, to: v.warehouseId };
    if (toScaled(v.replacement) !== toScaled(d.replacementQty))
      changes.replacement_qty = { from: d.replacementQty, to: v.replacement };
    if (toScaled(v.replenishment) !== toScaled(d.replenishmentQty))
      changes.replenishment_qty = { from: d.replenishmentQty, to: v.replenishment };
    if (!Object.keys(changes).length) return 'PREPARED' as const;
    await updatePreorderLine(tx, id, {
      partId: v.partId,
      warehouseId: v.warehouseId,
      replacementQty: v.replacement,
      replenishmentQty: v.replenishment,
    });
    await audit(tx, { entity: 'detail', entityId: id, action: 'updated', user, data: changes });
    return 'PREPARED' as const;
  });
}

/** DELETE /details/{id}/: administrators only, PREPARED lines outside a tender; a soft delete, audited. */
export async function deletePreorder(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const d = await lockPreorder(tx, user, id);
    if (d.status !== 'PREPARED' || d.tenderId != null) throw notEditable();
    await removePreorderLine(tx, id);
    await audit(tx, { entity: 'detail', entityId: id, action: 'deleted', user });
  });
}

/**
 * POST /details/{id}/prepare_again/: a FAILED line (of a cancelled or failed tender) becomes a new PREPARED
 * pre-order with the same part, quantities and warehouse; the failed one stays for history. Once only: while that
 * copy lives, a repeated (or concurrent) request answers it (`created` false) instead of making another.
 */
export async function prepareAgain(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<{ id: number; created: boolean }> {
  requireKeeper(user);
  return db.transaction(async (tx) => {
    // The failed line's row lock orders concurrent requests; the second finds the first one's copy.
    const d = await lockPreorder(tx, user, id);
    if (d.status !== 'FAILED') throw invalid('status', 'detail_not_failed');
    const [copy] = await tx
      .select({ id: details.id })
      .from(details)
      .where(and(eq(details.preparedFrom, id), eq(details.isDeleted, false)))
      .limit(1);
    if (copy) return { id: copy.id, created: false };
    const p = await livePart(tx, d.partId);
    if (!p?.isActive) throw invalid('part', 'part_inactive');
    const at = now();
    const copyId = await insertPreorderLine(
      tx,
      {
        partId: d.partId,
        warehouseId: d.warehouseId,
        replacementQty: d.replacementQty,
        replenishmentQty: d.replenishmentQty,
        creatorId: user.id,
        preparedFrom: id,
      },
      at,
    );
    await audit(tx, {
      entity: 'detail',
      entityId: copyId,
      action: 'created',
      user,
      data: { prepared_again_from: id },
    });
    return { id: copyId, created: true };
  });
}
