// Categories (spec 3 §2 "Category management", §4 "Category states", §7): the tree per division (group), the new
// and inactive columns, and every state change: add, edit, move (parent and order), revert, deactivate, activate,
// trash. The tree is at most CATEGORY_MAX_DEPTH levels deep; a move or add beyond it is refused.
import {
  CATEGORY_MAX_DEPTH,
  type CategoryCreate,
  type CategoryItem,
  type CategoryNode,
  type CategoryPatch,
  type CategoryTree,
} from '@portal/shared';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, categoryGroups, groups } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { ErrorBag, invalid, nonField, notFound } from '../../lib/errors.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { queryRow, queryRows, transaction } from '../../lib/sql.ts';

type Row = typeof categories.$inferSelect;

const spec: ListSpec = {
  ordering: {
    name: categories.name,
    code: categories.code,
    order: categories.order,
    is_active: categories.isActive,
    id: categories.id,
  },
  defaultOrdering: 'name',
  search: [categories.name, categories.code],
  id: categories.id,
};

async function groupsOf(db: Db, ids: number[]) {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const rows = await db
    .select()
    .from(categoryGroups)
    .where(inArray(categoryGroups.categoryId, ids))
    .orderBy(asc(categoryGroups.groupId));
  for (const r of rows) map.set(r.categoryId, [...(map.get(r.categoryId) ?? []), r.groupId]);
  return map;
}

const item = (c: Row, groupIds: number[]): CategoryItem => ({
  id: c.id,
  name: c.name,
  code: c.code ?? '',
  parent: c.parentId ?? 0,
  order: c.order,
  is_active: c.isActive,
  is_deleted: c.isDeleted,
  is_placed: c.isPlaced,
  groups: groupIds,
  class: c.className ? { key: c.className, text: c.className } : null,
});

export function listCategories(db: Db, query: ListQuery & { is_active?: boolean; group?: number }) {
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ c: categories }).from(categories).$dynamic(),
    where: [
      eq(categories.isDeleted, false),
      query.is_active === undefined ? undefined : eq(categories.isActive, query.is_active),
      query.group === undefined
        ? undefined
        : inArray(
            categories.id,
            db
              .select({ id: categoryGroups.categoryId })
              .from(categoryGroups)
              .where(eq(categoryGroups.groupId, query.group)),
          ),
    ],
    map: async (rows) => {
      const g = await groupsOf(
        db,
        rows.map((r) => r.c.id),
      );
      return rows.map((r) => item(r.c, g.get(r.c.id) ?? []));
    },
  });
}

async function liveRow(db: Db, id: number, lock = false) {
  const q = db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isDeleted, false)))
    .limit(1);
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw notFound();
  return c;
}

export async function getCategory(db: Db, id: number): Promise<CategoryItem> {
  const c = await liveRow(db, id);
  return item(c, (await groupsOf(db, [id])).get(id) ?? []);
}

/**
 * The tree of one division: placed active categories nested (a category is in the division's tree when it or one
 * of its descendants belongs to the division, so paths stay whole), then the division's new and inactive ones.
 */
export async function categoryTree(db: Db, division: number): Promise<CategoryTree> {
  const [g] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, division)).limit(1);
  if (!g) throw notFound();
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.isDeleted, false))
    .orderBy(asc(categories.order), asc(categories.id));
  const gmap = await groupsOf(
    db,
    rows.map((r) => r.id),
  );
  const inDivision = (c: Row) => (gmap.get(c.id) ?? []).includes(division);
  const node = (c: Row): CategoryNode => ({
    ...item(c, gmap.get(c.id) ?? []),
    key: c.id,
    type: c.isActive ? 'category' : 'inactive',
    collapsed: false,
    visible: true,
    children: [],
  });
  const byParent = new Map<number, Row[]>();
  for (const r of rows)
    if (r.isActive && r.isPlaced && r.parentId != null)
      byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (c: Row, depth: number): CategoryNode | null => {
    const n = node(c);
    if (depth < CATEGORY_MAX_DEPTH)
      n.children = (byParent.get(c.id) ?? [])
        .map((k) => build(k, depth + 1))
        .filter((k): k is CategoryNode => !!k);
    return inDivision(c) || n.children.length ? n : null;
  };
  return {
    list: rows
      .filter((r) => r.isActive && r.isPlaced && r.parentId == null)
      .map((r) => build(r, 1))
      .filter((n): n is CategoryNode => !!n),
    categories: rows.filter((r) => r.isActive && !r.isPlaced && inDivision(r)).map(node),
    inactives: rows.filter((r) => !r.isActive && inDivision(r)).map(node),
  };
}

// ---------------------------------------------------------------- writes

/** Level of a placed category (1 at the top), walking up its parents. */
async function levelOf(db: Db, id: number): Promise<number> {
  const res = await queryRow<{ d: number; ids: number[] }>(
    db,
    sql`
    with recursive up as (
      select id, parent_id, 1 as d from ${categories} where id = ${id}
      union all select c.id, c.parent_id, up.d + 1 from ${categories} c join up on c.id = up.parent_id where up.d < 100
    ) select max(d)::int as d, array_agg(id) as ids from up`,
  );
  return Number(res?.d ?? 1);
}

/** Ids above a category (its ancestors). */
async function ancestorsOf(db: Db, id: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with recursive up as (
      select id, parent_id, 1 as d from ${categories} where id = ${id}
      union all select c.id, c.parent_id, up.d + 1 from ${categories} c join up on c.id = up.parent_id where up.d < 100
    ) select id from up`,
  );
  return rows.map((r) => Number(r.id));
}

/** Height of a category's live subtree (1 for a leaf). */
async function heightOf(db: Db, id: number): Promise<number> {
  const res = await queryRow<{ d: number }>(
    db,
    sql`
    with recursive down as (
      select id, 1 as d from ${categories} where id = ${id}
      union all select c.id, down.d + 1 from ${categories} c join down on c.parent_id = down.id
        where not c.is_deleted and c.is_placed and down.d < 100
    ) select max(d)::int as d from down`,
  );
  return Number(res?.d ?? 1);
}

async function hasChildren(db: Db, id: number) {
  const [k] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.parentId, id), eq(categories.isDeleted, false)))
    .limit(1);
  return !!k;
}

async function checkGroups(db: Db, bag: ErrorBag, ids: number[] | undefined) {
  if (ids === undefined) return;
  const unique = [...new Set(ids)];
  if (!unique.length) {
    bag.add('groups', 'group_required');
    return;
  }
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, unique), eq(groups.isDeleted, false)));
  if (found.length !== unique.length) bag.add('groups', 'invalid_choice');
}

/** Checks that `self` (with its subtree) may go under `parent` (0 = top): parent live, active, placed; no cycle; depth. */
async function checkPlacement(db: Db, selfId: number | null, parent: number) {
  if (parent === 0) {
    if (selfId && (await heightOf(db, selfId)) > CATEGORY_MAX_DEPTH)
      throw invalid('parent', 'category_too_deep');
    return;
  }
  const [p] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, parent), eq(categories.isDeleted, false)))
    .limit(1);
  if (!p?.isPlaced) throw invalid('parent', 'category_parent_invalid');
  if (!p.isActive) throw invalid('parent', 'category_inactive');
  if (selfId && (await ancestorsOf(db, parent)).includes(selfId)) throw invalid('parent', 'category_cycle');
  const height = selfId ? await heightOf(db, selfId) : 1;
  if ((await levelOf(db, parent)) + height > CATEGORY_MAX_DEPTH) throw invalid('parent', 'category_too_deep');
}

const siblingsWhere = (parent: number) =>
  parent === 0
    ? and(isNull(categories.parentId), eq(categories.isPlaced, true), eq(categories.isDeleted, false))
    : and(eq(categories.parentId, parent), eq(categories.isDeleted, false));

/** Puts `id` at `order` among the siblings under `parent` (end when absent) and numbers them 0, 1, 2… */
async function place(db: Db, id: number, parent: number, order: number | undefined) {
  const siblings = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(siblingsWhere(parent), ne(categories.id, id)))
    .orderBy(asc(categories.order), asc(categories.id));
  const ids = siblings.map((s) => s.id);
  ids.splice(Math.min(order ?? ids.length, ids.length), 0, id);
  const t = now();
  await db
    .update(categories)
    .set({ parentId: parent === 0 ? null : parent, isPlaced: true, updated: t })
    .where(eq(categories.id, id));
  await renumber(db, ids);
}

async function renumber(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`update ${categories} c set "order" = v.o
    from (select unnest(${sql.param(ids)}::int[]) as id,
                 generate_series(0, ${ids.length - 1}) as o) v
    where c.id = v.id and c."order" <> v.o`);
}

/** Closes the gap a category leaves among its former siblings. */
async function closeGap(db: Db, parentId: number | null, wasPlaced: boolean) {
  if (!wasPlaced) return;
  const rest = await db
    .select({ id: categories.id })
    .from(categories)
    .where(siblingsWhere(parentId ?? 0))
    .orderBy(asc(categories.order), asc(categories.id));
  await renumber(
    db,
    rest.map((r) => r.id),
  );
}

async function setGroups(db: Db, id: number, ids: number[]) {
  await db.delete(categoryGroups).where(eq(categoryGroups.categoryId, id));
  await db.insert(categoryGroups).values([...new Set(ids)].map((groupId) => ({ categoryId: id, groupId })));
}

export async function createCategory(db: Db, body: CategoryCreate): Promise<CategoryItem> {
  const id = await transaction(db, async (tx) => {
    const bag = new ErrorBag();
    await checkGroups(tx, bag, body.groups);
    bag.throwIfAny();
    const active = body.is_active ?? true;
    if (body.is_deleted) throw invalid('is_deleted', 'invalid');
    const placed = active && body.parent != null;
    if (placed) await checkPlacement(tx, null, body.parent as number);
    const t = now();
    const [c] = await tx
      .insert(categories)
      .values({
        name: body.name,
        code: body.code || null,
        isActive: active,
        isPlaced: false,
        created: t,
        updated: t,
      })
      .returning();
    await setGroups(tx, c.id, body.groups);
    if (placed) await place(tx, c.id, body.parent as number, body.order);
    return c.id;
  });
  return getCategory(db, id);
}

/**
 * One PATCH serves every change of spec 3 §4. In this order: trash (is_deleted true), activate (is_active true on
 * an inactive category), deactivate (is_active false on an active one), revert (parent null), move (parent a
 * number, with order); name, code and groups change alongside.
 */
export async function updateCategory(db: Db, id: number, body: CategoryPatch): Promise<CategoryItem> {
  let trashed = false;
  await transaction(db, async (tx) => {
    const c = await liveRow(tx, id, true);
    const bag = new ErrorBag();
    await checkGroups(tx, bag, body.groups);
    bag.throwIfAny();
    const t = now();
    const fields: Partial<typeof categories.$inferInsert> = { updated: t };
    if (body.name !== undefined) fields.name = body.name;
    if (body.code !== undefined) fields.code = body.code || null;
    if (body.groups !== undefined) await setGroups(tx, id, body.groups);
    const out = { parentId: null, isPlaced: false, order: 0 };

    if (body.is_deleted === true) {
      if (await hasChildren(tx, id)) throw nonField('category_has_children');
      await tx
        .update(categories)
        .set({ ...fields, ...out, isActive: false, isDeleted: true })
        .where(eq(categories.id, id));
      await closeGap(tx, c.parentId, c.isPlaced);
      trashed = true;
      return;
    }
    if (body.is_active === true && !c.isActive) {
      await tx
        .update(categories)
        .set({ ...fields, ...out, isActive: true, isDeleted: false })
        .where(eq(categories.id, id));
      return;
    }
    if (body.is_active === false && c.isActive) {
      if (await hasChildren(tx, id)) throw nonField('category_has_children');
      await tx
        .update(categories)
        .set({ ...fields, ...out, isActive: false })
        .where(eq(categories.id, id));
      await closeGap(tx, c.parentId, c.isPlaced);
      return;
    }
    await tx.update(categories).set(fields).where(eq(categories.id, id));
    if (body.parent === null && c.isPlaced) {
      if (await hasChildren(tx, id)) throw nonField('category_has_children');
      await tx.update(categories).set(out).where(eq(categories.id, id));
      await closeGap(tx, c.parentId, true);
      return;
    }
    if (typeof body.parent === 'number') {
      if (!c.isActive) throw invalid('parent', 'category_inactive');
      await checkPlacement(tx, id, body.parent);
      await place(tx, id, body.parent, body.order);
      if ((c.parentId ?? 0) !== body.parent || !c.isPlaced) await closeGap(tx, c.parentId, c.isPlaced);
    }
  });
  if (trashed) {
    // The trashed row as it now is (is_deleted true): the answer to a successful trash, not a 404.
    const [c] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
    return item(c, (await groupsOf(db, [id])).get(id) ?? []);
  }
  return getCategory(db, id);
}
