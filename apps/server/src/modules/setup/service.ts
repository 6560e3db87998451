// Groups (departments) and warehouses: the rules of spec 3 §4-§5. Routes only parse, guard and call these.

import type {
  GroupItem,
  groupCreate,
  groupPatch,
  MessageKey,
  WarehouseItem,
  warehouseCreate,
  warehousePatch,
} from '@portal/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groups, warehouses } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { ErrorBag, invalid, notFound } from '../../lib/errors.ts';
import { groupUses, onlyGroupOfWorker, refuseWhenInUse } from '../../lib/inUse.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';

// ---------------------------------------------------------------- groups

const groupSpec: ListSpec = {
  ordering: { name: groups.name, is_active: groups.isActive, id: groups.id },
  defaultOrdering: 'name',
  search: [groups.name],
  id: groups.id,
};

type GroupRow = typeof groups.$inferSelect;
const groupOut = (g: GroupRow): GroupItem => ({
  id: g.id,
  name: g.name,
  is_active: g.isActive,
  is_deleted: g.isDeleted,
});

export function listGroups(db: Db, query: ListQuery & { is_active?: boolean }) {
  return paginate({
    db,
    query,
    spec: groupSpec,
    select: () => db.select({ g: groups }).from(groups).$dynamic(),
    where: [
      eq(groups.isDeleted, false),
      query.is_active === undefined ? undefined : eq(groups.isActive, query.is_active),
    ],
    map: (rows) => rows.map((r) => groupOut(r.g)),
  });
}

/** A live (not deleted) group, or 404. */
async function liveGroup(db: Db, id: number) {
  const [g] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.isDeleted, false)))
    .limit(1);
  if (!g) throw notFound();
  return g;
}

export const getGroup = async (db: Db, id: number) => groupOut(await liveGroup(db, id));

async function assertGroupNameFree(db: Db, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        sql`lower(${groups.name}) = lower(${name})`,
        eq(groups.isDeleted, false),
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw invalid('name', 'name_exists');
}

export async function createGroup(db: Db, body: z.output<typeof groupCreate>) {
  return uniqueGuard(async () => {
    await assertGroupNameFree(db, body.name);
    const [g] = await db
      .insert(groups)
      .values({ name: body.name, isActive: body.is_active ?? true, created: now(), updated: now() })
      .returning();
    return groupOut(g);
  });
}

/**
 * Edit, or soft delete with is_deleted true (which also disables). A deleted group is gone (404). A group in use is
 * not deleted, and the only active group of a worker is not deactivated (400 saying where).
 */
export async function updateGroup(db: Db, id: number, body: z.output<typeof groupPatch>) {
  return uniqueGuard(() =>
    db.transaction(async (tx) => {
      const g = await liveGroup(tx as Db, id);
      if (body.name !== undefined && body.name.toLowerCase() !== g.name.toLowerCase())
        await assertGroupNameFree(tx as Db, body.name, id);
      const deleting = body.is_deleted === true;
      // A group in use is kept (refused with where it is used); a worker's only active group stays active.
      if (deleting) await refuseWhenInUse(tx as Db, groupUses(id));
      else if (body.is_active === false && g.isActive) await refuseWhenInUse(tx as Db, onlyGroupOfWorker(id));
      const [out] = await tx
        .update(groups)
        .set({
          name: body.name ?? g.name,
          isActive: deleting ? false : (body.is_active ?? g.isActive),
          isDeleted: deleting,
          updated: now(),
        })
        .where(eq(groups.id, id))
        .returning();
      return groupOut(out);
    }),
  );
}

// ---------------------------------------------------------------- warehouses

const warehouseSpec: ListSpec = {
  ordering: {
    name: warehouses.name,
    code: warehouses.code,
    address: warehouses.address,
    description: warehouses.description,
    group_name: groups.name,
    is_active: warehouses.isActive,
    id: warehouses.id,
  },
  defaultOrdering: 'name',
  search: [warehouses.name, warehouses.code, warehouses.address, warehouses.description, groups.name],
  id: warehouses.id,
};

type WarehouseRow = typeof warehouses.$inferSelect;
const warehouseOut = (w: WarehouseRow, groupName: string): WarehouseItem => ({
  id: w.id,
  name: w.name,
  code: w.code ?? '',
  address: w.address ?? '',
  description: w.description ?? '',
  group: w.groupId,
  group_name: groupName,
  is_active: w.isActive,
});

const warehouseSelect = (db: Db) =>
  db
    .select({ w: warehouses, groupName: groups.name })
    .from(warehouses)
    .innerJoin(groups, eq(groups.id, warehouses.groupId))
    .$dynamic();

export function listWarehouses(db: Db, query: ListQuery & { is_active?: boolean; group?: number }) {
  return paginate({
    db,
    query,
    spec: warehouseSpec,
    select: () => warehouseSelect(db),
    where: [
      query.is_active === undefined ? undefined : eq(warehouses.isActive, query.is_active),
      query.group === undefined ? undefined : eq(warehouses.groupId, query.group),
    ],
    map: (rows) => rows.map((r) => warehouseOut(r.w, r.groupName)),
  });
}

export async function getWarehouse(db: Db, id: number) {
  const [r] = await warehouseSelect(db).where(eq(warehouses.id, id)).limit(1);
  if (!r) throw notFound();
  return warehouseOut(r.w, r.groupName);
}

/** Empty code/address are stored as null so that many warehouses may leave them out. */
const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : v;

async function checkWarehouse(
  db: Db,
  v: { name?: string; code?: string | null; address?: string | null; group?: number },
  exceptId?: number,
) {
  const bag = new ErrorBag();
  const other = exceptId ? ne(warehouses.id, exceptId) : undefined;
  const taken = async (cond: SQL) =>
    (await db.select({ id: warehouses.id }).from(warehouses).where(and(cond, other)).limit(1)).length > 0;
  if (v.name !== undefined && (await taken(sql`lower(${warehouses.name}) = lower(${v.name})`)))
    bag.add('name', 'warehouse_name_exists');
  if (v.address && (await taken(sql`lower(${warehouses.address}) = lower(${v.address})`)))
    bag.add('address', 'warehouse_address_exists');
  if (v.code && (await taken(eq(warehouses.code, v.code)))) bag.add('code', 'warehouse_code_exists');
  if (v.group !== undefined) {
    const [g] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, v.group), eq(groups.isDeleted, false)))
      .limit(1);
    if (!g) bag.add('group', 'invalid_choice');
  }
  bag.throwIfAny();
}

export async function createWarehouse(db: Db, body: z.output<typeof warehouseCreate>) {
  const v = {
    name: body.name,
    code: blankToNull(body.code) ?? null,
    address: blankToNull(body.address) ?? null,
    group: body.group,
  };
  const id = await uniqueGuard(async () => {
    await checkWarehouse(db, v);
    const [w] = await db
      .insert(warehouses)
      .values({
        ...v,
        groupId: v.group,
        description: body.description ?? '',
        isActive: body.is_active ?? true,
        created: now(),
        updated: now(),
      })
      .returning({ id: warehouses.id });
    return w.id;
  });
  return getWarehouse(db, id);
}

export async function updateWarehouse(db: Db, id: number, body: z.output<typeof warehousePatch>) {
  await getWarehouse(db, id);
  const v = {
    name: body.name,
    code: blankToNull(body.code),
    address: blankToNull(body.address),
    group: body.group,
  };
  await uniqueGuard(async () => {
    await checkWarehouse(db, v, id);
    await db
      .update(warehouses)
      .set({
        name: v.name,
        code: v.code,
        address: v.address,
        groupId: v.group,
        description: body.description === undefined ? undefined : (body.description ?? ''),
        isActive: body.is_active,
        updated: now(),
      })
      .where(eq(warehouses.id, id));
  });
  return getWarehouse(db, id);
}

// ---------------------------------------------------------------- a race between the check and the write

const UNIQUE_KEYS: Record<string, [string, MessageKey]> = {
  groups_name_live: ['name', 'name_exists'],
  warehouses_name_uq: ['name', 'warehouse_name_exists'],
  warehouses_code_uq: ['code', 'warehouse_code_exists'],
  warehouses_address_uq: ['address', 'warehouse_address_exists'],
};

/** Two saves racing past the checks: the unique index refuses the second; answer it like the check would. */
async function uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e =
      (err as { cause?: { code?: string; constraint?: string } }).cause ??
      (err as { code?: string; constraint?: string });
    const hit = e?.code === '23505' && e.constraint ? UNIQUE_KEYS[e.constraint] : undefined;
    if (hit) throw invalid(hit[0], hit[1]);
    throw err;
  }
}
