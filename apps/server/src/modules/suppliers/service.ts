// Suppliers (spec 2 "Supplier list", "Supplier form", "Supplier page"): who may see and change which supplier,
// the list, the form's create and edit, activation mails, removal, and the company's category links.
import type { SupplierItem, supplierCreate, supplierPatch } from '@portal/shared';
import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groups, supplierCategoryGroups, supplierGroups, suppliers } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, ErrorBag, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { queryRow, queryRows, transaction } from '../../lib/sql.ts';
import { setSupplierActive } from '../auth/index.ts';
import { removeSupplierUsers } from '../users/index.ts';

type SupplierRow = typeof suppliers.$inferSelect;
type Abilities = SupplierItem['abilities'];

// ---------------------------------------------------------------- who may do what

const isAdmin = (u: SessionUser) => u.group === 'ADMINISTRATOR';
const isContractor = (u: SessionUser) => u.group === 'CONTRACTOR';
/** An ADVANCED user (or the main user) of this very company. */
export const isOwnAdvanced = (u: SessionUser, supplierId: number) =>
  u.group === 'SUPPLIER' && u.supplierId === supplierId && (u.supplierRole === 'ADVANCED' || u.isAdmin);

/** The supplier page is for Administrators, Contractors and the company's own ADVANCED users (spec 2 §6). */
export function canSeeSupplier(u: SessionUser, supplierId: number) {
  return isAdmin(u) || isContractor(u) || isOwnAdvanced(u, supplierId);
}

export function abilitiesFor(u: SessionUser, supplierId: number): Abilities {
  const admin = isAdmin(u);
  const own = isOwnAdvanced(u, supplierId);
  return {
    edit: admin || own,
    edit_groups: admin,
    edit_categories: admin,
    edit_active: admin,
    switch_view_proposals: admin || isContractor(u) || own,
    manage_users: admin || own,
    remove: admin,
  };
}

/** Fields an ADVANCED supplier user may change on its own company; the rest stays with the buyer side. */
const OWN_FIELDS = new Set([
  'name',
  'email',
  'country_code',
  'address',
  'notes',
  'phone',
  'is_employees_can_view_proposal',
]);

// ---------------------------------------------------------------- reading

const supplierSpec: ListSpec = {
  ordering: {
    id: suppliers.id,
    name: suppliers.name,
    registration_code: suppliers.registrationCode,
    email: suppliers.email,
    country_code: suppliers.countryCode,
    is_active: suppliers.isActive,
    is_new: suppliers.isNew,
    created: suppliers.created,
  },
  defaultOrdering: '-id',
  search: [suppliers.name, suppliers.registrationCode, suppliers.email],
  id: suppliers.id,
};

const iso = (d: Date | string | null | undefined) =>
  d ? (d instanceof Date ? d : new Date(d)).toISOString() : null;

/** Batch-loads groups, user counts, last offer and category names of a page of suppliers. */
async function serialize(db: Db, viewer: SessionUser, rows: SupplierRow[]): Promise<SupplierItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const groupRows = await db
    .select({ supplierId: supplierGroups.supplierId, id: groups.id, name: groups.name })
    .from(supplierGroups)
    .innerJoin(groups, eq(groups.id, supplierGroups.groupId))
    .where(and(inArray(supplierGroups.supplierId, ids), eq(groups.isDeleted, false)))
    .orderBy(groups.name);
  const counts = await queryRows<{ supplier_id: number; active: number; inactive: number }>(
    db,
    sql`
    select supplier_id,
      count(*) filter (where is_active)::int as active,
      count(*) filter (where not is_active)::int as inactive
    from users where supplier_id = any(${sql.param(ids)}::int[]) and not is_deleted
    group by supplier_id`,
  );
  // The first and last offer time of each company from the per-tender counters the offer triggers keep exact:
  // two index ends per company (migration 0026), however many offers its history holds.
  const offers = await queryRows<{
    supplier_id: number;
    first: string | Date | null;
    last: string | Date | null;
  }>(
    db,
    sql`
    select s.id as supplier_id,
      (select min(c.first_created) from tender_supplier_counts c where c.supplier_id = s.id) as first,
      (select max(c.last_updated) from tender_supplier_counts c where c.supplier_id = s.id) as last
    from unnest(${sql.param(ids)}::int[]) as s(id)`,
  );
  const cats = await queryRows<{ supplier_id: number; name: string }>(
    db,
    sql`
    select distinct scg.supplier_id, c.name from supplier_category_groups scg
    join categories c on c.id = scg.category_id
    where scg.supplier_id = any(${sql.param(ids)}::int[]) and not c.is_deleted
    order by c.name`,
  );
  return rows.map((s) => {
    const g = groupRows.filter((x) => x.supplierId === s.id);
    const c = counts.find((x) => Number(x.supplier_id) === s.id);
    const o = offers.find((x) => Number(x.supplier_id) === s.id);
    return {
      id: s.id,
      name: s.name,
      registration_code: s.registrationCode,
      email: s.email,
      address: s.address,
      notes: s.notes,
      phone: s.phone,
      country_code: s.countryCode,
      is_active: s.isActive,
      is_new: s.isNew,
      awaiting_activation: !s.isActive && s.activatedAt == null,
      is_employees_can_view_proposal: s.isEmployeesCanViewProposal,
      warehouse_groups: g.map((x) => x.name),
      warehouse_groups_tags: g.map((x) => ({ id: x.id, name: x.name })),
      active_users: Number(c?.active ?? 0),
      non_active_users: Number(c?.inactive ?? 0),
      last_proposal_date: iso(o?.first),
      last_proposal_date_updated: iso(o?.last),
      categories: cats.filter((x) => Number(x.supplier_id) === s.id).map((x) => x.name),
      category_update_ts: iso(s.categoryUpdateTs),
      abilities: abilitiesFor(viewer, s.id),
    };
  });
}

export function listSuppliers(
  db: Db,
  viewer: SessionUser,
  query: ListQuery & { filter_groups?: number[]; is_active?: boolean; is_new?: boolean },
) {
  return paginate({
    db,
    query,
    spec: supplierSpec,
    select: () => db.select().from(suppliers).$dynamic(),
    where: [
      query.filter_groups?.length
        ? sql`exists (select 1 from supplier_groups sg where sg.supplier_id = ${suppliers.id} and sg.group_id = any(${sql.param(query.filter_groups)}::int[]))`
        : undefined,
      query.is_active === undefined ? undefined : eq(suppliers.isActive, query.is_active),
      query.is_new === undefined ? undefined : eq(suppliers.isNew, query.is_new),
    ],
    map: (rows) => serialize(db, viewer, rows as SupplierRow[]),
  });
}

async function row(db: Db, id: number) {
  const [s] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!s) throw notFound();
  return s;
}

/** One supplier for someone who may see it; another company's supplier answers 404 to a supplier user. */
export async function getSupplier(db: Db, viewer: SessionUser, id: number) {
  if (viewer.group === 'SUPPLIER' && viewer.supplierId !== id) throw notFound();
  if (!canSeeSupplier(viewer, id)) throw forbidden();
  const [out] = await serialize(db, viewer, [await row(db, id)]);
  return out;
}

// ---------------------------------------------------------------- checks

async function checkGroups(db: Db, ids: number[], bag: ErrorBag, field = 'warehouse_groups') {
  if (!ids.length) return;
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, ids), eq(groups.isDeleted, false)));
  if (found.length !== new Set(ids).size) bag.add(field, 'invalid_choice');
}

async function checkRegistrationCode(db: Db, code: string, bag: ErrorBag, exceptId?: number) {
  const [dup] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        sql`lower(${suppliers.registrationCode}) = lower(${code})`,
        exceptId ? ne(suppliers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) bag.add('registration_code', 'regcode_exists');
}

/** A unique index refusing a racing save answers like the check would. */
async function uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string });
    if (e?.code === '23505' && (e as { constraint?: string }).constraint === 'suppliers_regcode_uq')
      throw invalid('registration_code', 'regcode_exists');
    throw err;
  }
}

// ---------------------------------------------------------------- create, change

export async function createSupplier(db: Db, actor: SessionUser, body: z.output<typeof supplierCreate>) {
  const bag = new ErrorBag();
  await checkRegistrationCode(db, body.registration_code, bag);
  await checkGroups(db, body.warehouse_groups, bag);
  bag.throwIfAny();
  const id = await uniqueGuard(() =>
    transaction(db, async (tx) => {
      const [s] = await tx
        .insert(suppliers)
        .values({
          name: body.name,
          registrationCode: body.registration_code,
          email: body.email,
          countryCode: body.country_code,
          isActive: body.is_active,
          activatedAt: body.is_active ? now() : null,
          isEmployeesCanViewProposal: body.is_employees_can_view_proposal,
          address: body.address ?? '',
          notes: body.notes ?? '',
          phone: body.phone ?? '',
          // Added by staff: already known, so not shown as new.
          isNew: false,
          created: now(),
          updated: now(),
        })
        .returning({ id: suppliers.id });
      await tx
        .insert(supplierGroups)
        .values([...new Set(body.warehouse_groups)].map((groupId) => ({ supplierId: s.id, groupId })));
      await audit(tx, { entity: 'supplier', entityId: s.id, action: 'created', user: actor });
      return s.id;
    }),
  );
  return getSupplier(db, actor, id);
}

export async function updateSupplier(
  db: Db,
  actor: SessionUser,
  id: number,
  body: z.output<typeof supplierPatch>,
) {
  if (actor.group === 'SUPPLIER' && actor.supplierId !== id) throw notFound();
  if (!canSeeSupplier(actor, id)) throw forbidden();
  const current = await row(db, id);
  const ab = abilitiesFor(actor, id);
  const given = Object.entries(body).filter(([, v]) => v !== undefined) as [string, unknown][];
  // Opening the page clears is_new: anyone who may see the supplier may send that alone (not audited).
  const onlyIsNew = given.length === 1 && given[0][0] === 'is_new' && given[0][1] === false;
  const stored: Record<string, unknown> = {
    name: current.name,
    registration_code: current.registrationCode,
    email: current.email,
    country_code: current.countryCode,
    is_active: current.isActive,
    is_new: current.isNew,
    is_employees_can_view_proposal: current.isEmployeesCanViewProposal,
    address: current.address,
    notes: current.notes,
    phone: current.phone,
  };
  // A field sent back unchanged is fine; a changed one needs the right (groups and categories: checked below).
  for (const [k, v] of given) {
    if (!(k in stored) || stored[k] === v || onlyIsNew) continue;
    const allowed =
      isAdmin(actor) ||
      (k === 'is_employees_can_view_proposal' && ab.switch_view_proposals) ||
      (ab.edit && OWN_FIELDS.has(k));
    if (!allowed) throw forbidden();
  }

  const bag = new ErrorBag();
  if (body.registration_code !== undefined && body.registration_code !== current.registrationCode)
    await checkRegistrationCode(db, body.registration_code, bag, id);
  if (body.warehouse_groups) await checkGroups(db, body.warehouse_groups, bag);
  bag.throwIfAny();

  await uniqueGuard(() =>
    transaction(db, async (tx) => {
      // Lock the row: two saves of one company (or a save and a deactivation) run one after the other.
      await tx.execute(sql`select id from suppliers where id = ${id} for update`);
      if (body.warehouse_groups) {
        const have = (
          await tx
            .select({ id: supplierGroups.groupId })
            .from(supplierGroups)
            .where(eq(supplierGroups.supplierId, id))
        )
          .map((g) => g.id)
          .sort();
        const want = [...new Set(body.warehouse_groups)].sort();
        if (JSON.stringify(have) !== JSON.stringify(want)) {
          if (!isAdmin(actor)) throw forbidden();
          await tx.delete(supplierGroups).where(eq(supplierGroups.supplierId, id));
          await tx.insert(supplierGroups).values(want.map((groupId) => ({ supplierId: id, groupId })));
          // Category links of groups the company no longer serves go with them.
          await tx
            .delete(supplierCategoryGroups)
            .where(
              and(
                eq(supplierCategoryGroups.supplierId, id),
                notInArray(supplierCategoryGroups.groupId, want),
              ),
            );
        }
      }
      const categoryTs = body.categories
        ? await replaceCategories(tx, actor, id, body.categories, body.category_update_ts)
        : undefined;
      const activeChange = body.is_active !== undefined && body.is_active !== current.isActive;
      await tx
        .update(suppliers)
        .set({
          name: body.name,
          registrationCode: body.registration_code,
          email: body.email,
          countryCode: body.country_code,
          isNew: body.is_new,
          isEmployeesCanViewProposal: body.is_employees_can_view_proposal,
          address: body.address,
          notes: body.notes,
          phone: body.phone,
          categoryUpdateTs: categoryTs,
          updated: now(),
        })
        .where(eq(suppliers.id, id));
      // Activation and deactivation (sessions of its users end, ACCOUNT_ACTIVATED / ACCOUNT_DEACTIVATED mails,
      // audit) go through the accounts service, the one place that changes whether a company may sign in.
      if (activeChange) await setSupplierActive(tx, id, body.is_active as boolean, actor);
      const otherFields = given.filter(([k]) => !['category_update_ts', 'is_active', 'is_new'].includes(k));
      if (!onlyIsNew && otherFields.length)
        await audit(tx, {
          entity: 'supplier',
          entityId: id,
          action: 'updated',
          user: actor,
          data: { fields: otherFields.map(([k]) => k) },
        });
    }),
  );
  return getSupplier(db, actor, id);
}

// ---------------------------------------------------------------- removal

/** Deletes a supplier with its users; one that has offers, comments or orders keeps its history (forbidden). */
export async function removeSupplier(db: Db, actor: SessionUser, id: number) {
  await row(db, id);
  try {
    await transaction(db, async (tx) => {
      const used = await queryRow(
        tx,
        sql`
          select 1 from proposals where supplier_id = ${id}
          union all select 1 from tender_logs where supplier_id = ${id}
          union all select 1 from purchase_orders where supplier_id = ${id}
          union all select 1 from comments where supplier_id = ${id}
          limit 1`,
      );
      if (used) throw forbidden();
      await removeSupplierUsers(tx, id);
      await tx.delete(suppliers).where(eq(suppliers.id, id));
      await audit(tx, { entity: 'supplier', entityId: id, action: 'removed', user: actor });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
    // Anything else that still points at the company or its users (history of other kinds) refuses too.
    if (e?.code === '23503') throw forbidden();
    throw err;
  }
}

// ---------------------------------------------------------------- categories

/** Replaces the company's categories of the given groups; answers the new category_update_ts. */
async function replaceCategories(
  tx: Db,
  actor: SessionUser,
  supplierId: number,
  sets: { group: number; categories: number[] }[],
  startedFrom?: string | null,
): Promise<Date | null> {
  const [s] = await tx
    .select({ ts: suppliers.categoryUpdateTs })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  // Someone saved the categories since this editor opened them: refuse instead of overwriting.
  if (startedFrom !== undefined && (s.ts?.toISOString() ?? null) !== (startedFrom ?? null)) {
    const started = startedFrom ? new Date(startedFrom).getTime() : null;
    if (started === null || Number.isNaN(started) || s.ts?.getTime() !== started)
      throw invalid('categories', 'category_conflict');
  }
  const served = (
    await tx
      .select({ id: supplierGroups.groupId })
      .from(supplierGroups)
      .where(eq(supplierGroups.supplierId, supplierId))
  ).map((g) => g.id);
  let changed = false;
  for (const set of sets) {
    if (!served.includes(set.group)) throw invalid('categories', 'group_not_of_supplier');
    const want = [...new Set(set.categories)].sort((a, b) => a - b);
    if (want.length) {
      const ok = await queryRows<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n from categories c
        join category_groups cg on cg.category_id = c.id and cg.group_id = ${set.group}
        where c.id = any(${sql.param(want)}::int[]) and not c.is_deleted`,
      );
      if (Number(ok[0].n) !== want.length) throw invalid('categories', 'category_not_in_group');
    }
    const have = (
      await tx
        .select({ id: supplierCategoryGroups.categoryId })
        .from(supplierCategoryGroups)
        .where(
          and(
            eq(supplierCategoryGroups.supplierId, supplierId),
            eq(supplierCategoryGroups.groupId, set.group),
          ),
        )
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    if (JSON.stringify(have) === JSON.stringify(want)) continue;
    if (!isAdmin(actor)) throw forbidden();
    changed = true;
    await tx
      .delete(supplierCategoryGroups)
      .where(
        and(eq(supplierCategoryGroups.supplierId, supplierId), eq(supplierCategoryGroups.groupId, set.group)),
      );
    if (want.length)
      await tx
        .insert(supplierCategoryGroups)
        .values(want.map((categoryId) => ({ supplierId, groupId: set.group, categoryId })));
  }
  if (changed)
    await audit(tx, {
      entity: 'supplier',
      entityId: supplierId,
      action: 'categories_changed',
      user: actor,
      data: { groups: sets.map((x) => x.group) },
    });
  return changed ? now() : s.ts;
}

export function listCategoryLinks(
  db: Db,
  viewer: SessionUser,
  query: ListQuery & { supplier?: number; group?: number },
) {
  // A supplier user reads only its own company's links (and only an ADVANCED one).
  let supplierId = query.supplier;
  if (viewer.group === 'SUPPLIER') {
    if (supplierId !== undefined && supplierId !== viewer.supplierId) throw forbidden();
    if (!isOwnAdvanced(viewer, viewer.supplierId as number)) throw forbidden();
    supplierId = viewer.supplierId as number;
  }
  const where: (SQL | undefined)[] = [
    supplierId === undefined ? undefined : eq(supplierCategoryGroups.supplierId, supplierId),
    query.group === undefined ? undefined : eq(supplierCategoryGroups.groupId, query.group),
  ];
  return paginate({
    db,
    query,
    spec: {
      ordering: { id: supplierCategoryGroups.id },
      defaultOrdering: 'id',
      id: supplierCategoryGroups.id,
    },
    select: () => db.select().from(supplierCategoryGroups).$dynamic(),
    where,
    map: (rows) =>
      (rows as (typeof supplierCategoryGroups.$inferSelect)[]).map((r) => ({
        id: r.id,
        supplier: r.supplierId,
        group: r.groupId,
        category: r.categoryId,
      })),
  });
}

/** POST /supplier_category_groups/: one link (Administrator); an existing link is answered as it is. */
export async function addCategoryLink(
  db: Db,
  actor: SessionUser,
  body: { supplier: number; group: number; category: number },
) {
  await row(db, body.supplier);
  return transaction(db, async (tx) => {
    const have = (
      await tx
        .select({ id: supplierCategoryGroups.categoryId })
        .from(supplierCategoryGroups)
        .where(
          and(
            eq(supplierCategoryGroups.supplierId, body.supplier),
            eq(supplierCategoryGroups.groupId, body.group),
          ),
        )
    ).map((r) => r.id);
    const ts = await replaceCategories(tx, actor, body.supplier, [
      { group: body.group, categories: [...have, body.category] },
    ]);
    await tx.update(suppliers).set({ categoryUpdateTs: ts }).where(eq(suppliers.id, body.supplier));
    const [link] = await tx
      .select()
      .from(supplierCategoryGroups)
      .where(
        and(
          eq(supplierCategoryGroups.supplierId, body.supplier),
          eq(supplierCategoryGroups.groupId, body.group),
          eq(supplierCategoryGroups.categoryId, body.category),
        ),
      );
    return { id: link.id, supplier: link.supplierId, group: link.groupId, category: link.categoryId };
  });
}

export async function deleteCategoryLink(db: Db, actor: SessionUser, id: number) {
  const [link] = await db.select().from(supplierCategoryGroups).where(eq(supplierCategoryGroups.id, id));
  if (!link) throw notFound();
  await transaction(db, async (tx) => {
    await tx.delete(supplierCategoryGroups).where(eq(supplierCategoryGroups.id, id));
    await tx.update(suppliers).set({ categoryUpdateTs: now() }).where(eq(suppliers.id, link.supplierId));
    await audit(tx, {
      entity: 'supplier',
      entityId: link.supplierId,
      action: 'category_removed',
      user: actor,
      data: { group: link.groupId, category: link.categoryId },
    });
  });
}

/**
 * The category tree of a group (active, placed categories linked to the group), nested up to five levels, for the
 * supplier page's categories tab. Read-only; the catalogue module owns the categories.
 */
export async function categoryTree(db: Db, groupId: number) {
  const rows = await queryRows<{
    id: number;
    name: string;
    code: string | null;
    class_name: string | null;
    parent_id: number | null;
  }>(
    db,
    sql`
    select c.id, c.name, c.code, c.class_name, c.parent_id, c."order"
    from categories c join category_groups cg on cg.category_id = c.id and cg.group_id = ${groupId}
    where c.is_active and not c.is_deleted and (c.is_placed or c.parent_id is not null)
    order by c."order", c.name`,
  );
  type Node = { key: number; text: string; code: string | null; class: string | null; nested: Node[] };
  const byId = new Map<number, Node & { parent: number | null }>();
  for (const r of rows)
    byId.set(Number(r.id), {
      key: Number(r.id),
      text: r.name,
      code: r.code,
      class: r.class_name,
      nested: [],
      parent: r.parent_id === null ? null : Number(r.parent_id),
    });
  const roots: Node[] = [];
  for (const n of byId.values()) {
    const parent = n.parent === null ? undefined : byId.get(n.parent);
    if (parent) parent.nested.push(n);
    else if (n.parent === null) roots.push(n);
  }
  const strip = (n: Node, depth: number): Node => ({
    key: n.key,
    text: n.text,
    code: n.code,
    class: n.class,
    nested: depth < 5 ? n.nested.map((c) => strip(c, depth + 1)) : [],
  });
  return roots.map((r) => strip(r, 1));
}
