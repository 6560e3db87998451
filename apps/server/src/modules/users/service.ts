// People (spec 2 "Profile", "Supplier employees", "Workers"): own profile and password, account deletion,
// supplier users (employees) and workers, and removal. Workers and supplier users are rows of one users table.
import {
  type ChangePasswordBody,
  passwordProblems,
  type profilePatch,
  type SupplierUserItem,
  type supplierUserCreate,
  type supplierUserPatch,
  type WorkerItem,
  type workerCreate,
  type workerPatch,
} from '@portal/shared';
import { isCommonPassword } from '@portal/shared/common-passwords';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groups, supplierGroups, suppliers, userGroups, users } from '../../db/schema/index.ts';
import { hashPassword, revokeTokens, type SessionUser, verifyPassword } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, ErrorBag, forbidden, invalid, nonField, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { queryRows, transaction } from '../../lib/sql.ts';
import { sendInvitation, setUserActive, termsInForce } from '../auth/index.ts';

type UserRow = typeof users.$inferSelect;

// ---------------------------------------------------------------- shared checks

async function checkUnique(
  db: Db,
  v: { email?: string; personal_code?: string | null },
  bag: ErrorBag,
  exceptId?: number,
) {
  const other = exceptId ? ne(users.id, exceptId) : undefined;
  if (v.email) {
    const [dup] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${v.email})`, other))
      .limit(1);
    if (dup) bag.add('email', 'email_exists');
  }
  if (v.personal_code) {
    const [dup] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.personalCode, v.personal_code), other))
      .limit(1);
    if (dup) bag.add('personal_code', 'personal_code_exists');
  }
}

/** A racing save refused by a unique index answers like the check would. */
async function uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
    if (e?.code === '23505' && e.constraint === 'users_email_uq') throw invalid('email', 'email_exists');
    if (e?.code === '23505' && e.constraint === 'users_personal_code_uq')
      throw invalid('personal_code', 'personal_code_exists');
    throw err;
  }
}

async function groupTagsOf(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(inArray(userGroups.userId, userIds), eq(groups.isDeleted, false)))
    .orderBy(groups.name);
}

async function setGroups(tx: Db, userId: number, ids: number[]) {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(userGroups).values(unique.map((groupId) => ({ userId, groupId })));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- own profile

export async function updateProfile(
  db: Db,
  me: SessionUser,
  id: number,
  body: z.output<typeof profilePatch>,
) {
  if (id !== me.id) throw forbidden();
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound();
  const bag = new ErrorBag();
  // Once the person has signed in with an eID method the personal code is theirs: it cannot be changed.
  if (body.personal_code !== undefined && body.personal_code !== u.personalCode && u.isAuthorized)
    bag.add('personal_code', 'personal_code_locked');
  await checkUnique(
    db,
    {
      email: body.email && body.email.toLowerCase() !== u.email.toLowerCase() ? body.email : undefined,
      personal_code: body.personal_code !== u.personalCode ? body.personal_code : undefined,
    },
    bag,
    id,
  );
  bag.throwIfAny();
  await uniqueGuard(() =>
    transaction(db, async (tx) => {
      await tx
        .update(users)
        .set({
          firstName: body.first_name,
          lastName: body.last_name,
          personalCode: body.personal_code,
          email: body.email,
          phone: body.phone,
          position: body.position,
          updated: now(),
        })
        .where(eq(users.id, id));
      await audit(tx, {
        entity: 'user',
        entityId: id,
        action: 'profile_updated',
        user: me,
        data: { fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined) },
      });
    }),
  );
}

async function checkCurrent(db: Db, me: SessionUser, current: string) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(current, u?.hash ?? null)))
    throw invalid('current_password', 'wrong_current_password');
}

const ruleUser = (me: SessionUser) => ({ email: me.email, first_name: me.firstName, last_name: me.lastName });

/** POST /check_password/: the current password is right (and the new one, when given, keeps the rules). */
export async function checkPassword(db: Db, me: SessionUser, current: string, next?: string) {
  await checkCurrent(db, me, current);
  if (next !== undefined) {
    const problems = passwordProblems(next, ruleUser(me), isCommonPassword);
    if (problems.length) throw badRequest({ new_password: problems });
  }
}

/** POST /change_profile_password/: checks again, saves, and ends the user's other sessions. */
export async function changePassword(db: Db, me: SessionUser, body: ChangePasswordBody) {
  await checkCurrent(db, me, body.current_password);
  if (body.password1 !== body.password2)
    throw badRequest({ password1: ['passwords_not_same'], password2: ['passwords_not_same'] });
  const problems = passwordProblems(body.password1, ruleUser(me), isCommonPassword);
  if (problems.length) throw badRequest({ password1: problems });
  const hash = await hashPassword(body.password1);
  await transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updated: now() }).where(eq(users.id, me.id));
    await revokeTokens(tx, me.id, me.tokenId);
    await audit(tx, { entity: 'user', entityId: me.id, action: 'password_changed', user: me });
  });
}

/**
 * GET /delete_account/: closes the own account. The row stays for the history (offers, comments name it) but
 * loses what identifies the person and how to sign in; the e-mail becomes free for a new registration. A supplier's
 * only active main user is refused (400 only_main_user).
 */
export async function deleteOwnAccount(db: Db, me: SessionUser) {
  await transaction(db, async (tx) => {
    // A company's only main user stays until another is named: the company would have nobody to run it (issue 35).
    if (me.group === 'SUPPLIER' && me.isAdmin && me.supplierId != null) {
      // The company's main users, locked, so two main users closing at once cannot both go.
      const mains = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.supplierId, me.supplierId),
            eq(users.isAdmin, true),
            eq(users.isActive, true),
            eq(users.isDeleted, false),
          ),
        )
        .orderBy(users.id)
        .for('update');
      if (!mains.some((u) => u.id !== me.id)) throw nonField('only_main_user');
    }
    await tx
      .update(users)
      .set({
        isDeleted: true,
        isActive: false,
        email: `deleted-${me.id}-${Date.now().toString(36)}@deleted.invalid`,
        personalCode: null,
        phone: '',
        passwordHash: null,
        updated: now(),
      })
      .where(eq(users.id, me.id));
    await revokeTokens(tx, me.id);
    await audit(tx, { entity: 'user', entityId: me.id, action: 'account_deleted', user: me });
  });
}

// ---------------------------------------------------------------- supplier users

/** May this user manage (add, edit, remove) the users of this company? Administrators, or its own ADVANCED users. */
const managesCompany = (u: SessionUser, supplierId: number) =>
  u.group === 'ADMINISTRATOR' ||
  (u.group === 'SUPPLIER' && u.supplierId === supplierId && (u.supplierRole === 'ADVANCED' || u.isAdmin));
/** May see the company's users: those who manage it, and Contractors. */
const seesCompany = (u: SessionUser, supplierId: number) =>
  u.group === 'CONTRACTOR' || managesCompany(u, supplierId);

const supplierUserSpec: ListSpec = {
  ordering: {
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    personal_code: users.personalCode,
    phone: users.phone,
    position: users.position,
    is_active: users.isActive,
    last_login: users.lastLogin,
    role: users.supplierRole,
  },
  defaultOrdering: 'id',
  search: [users.firstName, users.lastName, users.email, users.personalCode, users.phone, users.position],
  id: users.id,
};

async function serializeSupplierUsers(
  db: Db,
  viewer: SessionUser,
  rows: UserRow[],
): Promise<SupplierUserItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const tags = await groupTagsOf(db, ids);
  const companies = await db
    .select({ id: suppliers.id, name: suppliers.name, code: suppliers.registrationCode })
    .from(suppliers)
    .where(inArray(suppliers.id, [...new Set(rows.map((r) => r.supplierId as number))]));
  const consents = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct user_id from terms_consents where user_id = any(${sql.param(ids)}::int[])
      and version = ${(await termsInForce(db)).version}`,
  );
  const consented = new Set(consents.map((r) => Number(r.user_id)));
  return rows.map((u) => {
    const g = tags.filter((x) => x.userId === u.id);
    const c = companies.find((x) => x.id === u.supplierId);
    return {
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      personal_code: u.personalCode,
      phone: u.phone,
      position: u.position,
      group: 'SUPPLIER' as const,
      is_active: u.isActive,
      is_admin: u.isAdmin,
      role: u.supplierRole ?? 'PLAIN',
      language: u.language,
      supplier__id: u.supplierId as number,
      supplier__name: c?.name ?? '',
      supplier__registration_code: c?.code ?? '',
      warehouse_group: g.map((x) => x.id),
      warehouse_groups: g.map((x) => x.name),
      warehouse_groups_tags: g.map((x) => ({ id: x.id, name: x.name })),
      // The terms column is hidden from suppliers (spec 2, Supplier page).
      terms_accepted: viewer.group === 'SUPPLIER' ? null : consented.has(u.id),
      last_login: iso(u.lastLogin),
    };
  });
}

export function listSupplierUsers(
  db: Db,
  viewer: SessionUser,
  query: ListQuery & { supplier?: number; is_admin?: boolean; is_active?: boolean },
) {
  let supplierId = query.supplier;
  if (viewer.group === 'SUPPLIER') {
    // A supplier user sees its own company's users only, and only when it may manage them.
    if (supplierId !== undefined && supplierId !== viewer.supplierId) throw forbidden();
    supplierId = viewer.supplierId as number;
    if (!managesCompany(viewer, supplierId)) throw forbidden();
  }
  return paginate({
    db,
    query,
    spec: supplierUserSpec,
    select: () => db.select().from(users).$dynamic(),
    where: [
      eq(users.group, 'SUPPLIER'),
      eq(users.isDeleted, false),
      supplierId === undefined ? undefined : eq(users.supplierId, supplierId),
      query.is_admin === undefined ? undefined : eq(users.isAdmin, query.is_admin),
      query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
    ],
    map: (rows) => serializeSupplierUsers(db, viewer, rows as UserRow[]),
  });
}

/** A supplier user the viewer may see; another company's user is 404 to a supplier user (nothing to learn). */
async function visibleSupplierUser(db: Db, viewer: SessionUser, id: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.group, 'SUPPLIER'), eq(users.isDeleted, false)));
  if (!u) throw notFound();
  if (viewer.group === 'SUPPLIER' && viewer.supplierId !== u.supplierId) throw notFound();
  if (!seesCompany(viewer, u.supplierId as number)) throw forbidden();
  return u;
}

export async function getSupplierUser(db: Db, viewer: SessionUser, id: number) {
  const [out] = await serializeSupplierUsers(db, viewer, [await visibleSupplierUser(db, viewer, id)]);
  return out;
}

/** The employee's groups must be groups its company serves. */
async function checkCompanyGroups(db: Db, supplierId: number, ids: number[] | undefined, bag: ErrorBag) {
  if (!ids?.length) return;
  const served = (
    await db
      .select({ id: supplierGroups.groupId })
      .from(supplierGroups)
      .where(eq(supplierGroups.supplierId, supplierId))
  ).map((g) => g.id);
  if (ids.some((g) => !served.includes(g))) bag.add('warehouse_group', 'group_not_of_supplier');
}

export async function createSupplierUser(
  db: Db,
  actor: SessionUser,
  body: z.output<typeof supplierUserCreate>,
) {
  const supplierId = body.supplier__id;
  if (actor.group === 'SUPPLIER' && actor.supplierId !== supplierId) throw forbidden();
  if (!managesCompany(actor, supplierId)) throw forbidden();
  const [company] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!company) throw invalid('supplier__id', 'invalid_choice');
  const bag = new ErrorBag();
  await checkUnique(db, { email: body.email, personal_code: body.personal_code }, bag);
  await checkCompanyGroups(db, supplierId, body.warehouse_group, bag);
  bag.throwIfAny();
  const id = await uniqueGuard(() =>
    transaction(db, async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          personalCode: body.personal_code ?? null,
          phone: body.phone,
          position: body.position ?? '',
          group: 'SUPPLIER',
          supplierId,
          supplierRole: body.role,
          isActive: body.is_active,
          language: body.language ?? 'et',
          created: now(),
          updated: now(),
        })
        .returning({ id: users.id });
      await setGroups(tx, u.id, body.warehouse_group ?? []);
      await audit(tx, {
        entity: 'user',
        entityId: u.id,
        action: 'created',
        user: actor,
        data: { role: body.role },
      });
      // The new person gets a USER_INVITATION mail with a link to set a password.
      await sendInvitation(tx, u.id);
      return u.id;
    }),
  );
  return getSupplierUser(db, actor, id);
}

export async function updateSupplierUser(
  db: Db,
  actor: SessionUser,
  id: number,
  body: z.output<typeof supplierUserPatch>,
) {
  const u = await visibleSupplierUser(db, actor, id);
  const supplierId = u.supplierId as number;
  if (!managesCompany(actor, supplierId)) throw forbidden();
  // The company's main user is changed by itself or an administrator only, and stays ADVANCED.
  if (u.isAdmin && actor.group === 'SUPPLIER' && actor.id !== u.id) throw forbidden();
  const bag = new ErrorBag();
  if (u.isAdmin && body.role === 'PLAIN') bag.add('role', 'invalid_choice');
  if (u.id === actor.id && body.is_active === false) bag.add('is_active', 'cannot_remove_self');
  await checkUnique(
    db,
    {
      email: body.email && body.email.toLowerCase() !== u.email.toLowerCase() ? body.email : undefined,
      personal_code: body.personal_code !== u.personalCode ? body.personal_code : undefined,
    },
    bag,
    id,
  );
  await checkCompanyGroups(db, supplierId, body.warehouse_group, bag);
  bag.throwIfAny();
  await saveUser(db, actor, u, {
    values: {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      personalCode: body.personal_code,
      phone: body.phone,
      position: body.position,
      supplierRole: body.role,
      isActive: body.is_active,
      language: body.language,
    },
    groups: body.warehouse_group,
  });
  return getSupplierUser(db, actor, id);
}

/** Writes a user's changes; a deactivation ends the user's sessions in the same transaction. */
async function saveUser(
  db: Db,
  actor: SessionUser,
  u: UserRow,
  change: { values: Partial<typeof users.$inferInsert>; groups?: number[] },
) {
  await uniqueGuard(() =>
    transaction(db, async (tx) => {
      const { isActive, ...values } = change.values;
      await tx
        .update(users)
        .set({ ...values, updated: now() })
        .where(eq(users.id, u.id));
      if (change.groups) await setGroups(tx, u.id, change.groups);
      // (De)activation goes through the accounts service: a deactivated user's sessions end at once.
      if (isActive !== undefined) await setUserActive(tx, u.id, isActive, actor);
      await audit(tx, { entity: 'user', entityId: u.id, action: 'updated', user: actor });
    }),
  );
}

// ---------------------------------------------------------------- workers

const LABEL: Record<string, string> = {
  ADMINISTRATOR: 'Administrator',
  CONTRACTOR: 'Contractor',
  MASTER: 'Master',
};

const workerSpec: ListSpec = {
  ordering: {
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    personal_code: users.personalCode,
    bc_code: users.bcCode,
    phone: users.phone,
    group: users.group,
    position: users.position,
    is_active: users.isActive,
    last_login: users.lastLogin,
  },
  defaultOrdering: 'first_name',
  search: [
    users.firstName,
    users.lastName,
    users.email,
    users.personalCode,
    users.bcCode,
    users.phone,
    users.position,
    users.group,
  ],
  id: users.id,
};

async function serializeWorkers(db: Db, rows: UserRow[]): Promise<WorkerItem[]> {
  const tags = await groupTagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((u) => {
    const g = tags.filter((x) => x.userId === u.id);
    return {
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      personal_code: u.personalCode,
      bc_code: u.bcCode ?? '',
      phone: u.phone,
      position: u.position,
      group: u.group as WorkerItem['group'],
      group_label: LABEL[u.group] ?? u.group,
      can_blacklist: u.canBlacklist,
      is_active: u.isActive,
      language: u.language,
      warehouse_group: g.map((x) => x.id),
      warehouse_groups: g.map((x) => x.name),
      warehouse_groups_tags: g.map((x) => ({ id: x.id, name: x.name })),
      last_login: iso(u.lastLogin),
    };
  });
}

const workerWhere = (): SQL[] => [sql`${users.group} <> 'SUPPLIER'`, eq(users.isDeleted, false)];

export function listWorkers(db: Db, query: ListQuery & { is_active?: boolean; group?: string }) {
  return paginate({
    db,
    query,
    spec: workerSpec,
    select: () => db.select().from(users).$dynamic(),
    where: [
      ...workerWhere(),
      query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
      query.group ? eq(users.group, query.group as UserRow['group']) : undefined,
    ],
    map: (rows) => serializeWorkers(db, rows as UserRow[]),
  });
}

async function workerRow(db: Db, id: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), ...workerWhere()));
  if (!u) throw notFound();
  return u;
}

export async function getWorker(db: Db, id: number) {
  const [out] = await serializeWorkers(db, [await workerRow(db, id)]);
  return out;
}

async function checkGroupIds(db: Db, ids: number[] | undefined, bag: ErrorBag) {
  if (!ids?.length) return;
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, ids), eq(groups.isDeleted, false)));
  if (found.length !== new Set(ids).size) bag.add('warehouse_group', 'invalid_choice');
}

export async function createWorker(db: Db, actor: SessionUser, body: z.output<typeof workerCreate>) {
  const bag = new ErrorBag();
  await checkUnique(db, { email: body.email, personal_code: body.personal_code }, bag);
  await checkGroupIds(db, body.warehouse_group, bag);
  bag.throwIfAny();
  const id = await uniqueGuard(() =>
    transaction(db, async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          personalCode: body.personal_code ?? null,
          phone: body.phone,
          position: body.position ?? '',
          bcCode: body.bc_code || null,
          group: body.group,
          canBlacklist: body.can_blacklist,
          isActive: body.is_active,
          language: body.language ?? 'et',
          created: now(),
          updated: now(),
        })
        .returning({ id: users.id });
      await setGroups(tx, u.id, body.warehouse_group);
      await audit(tx, {
        entity: 'user',
        entityId: u.id,
        action: 'created',
        user: actor,
        data: { role: body.group },
      });
      // The new person gets a USER_INVITATION mail with a link to set a password.
      await sendInvitation(tx, u.id);
      return u.id;
    }),
  );
  return getWorker(db, id);
}

export async function updateWorker(
  db: Db,
  actor: SessionUser,
  id: number,
  body: z.output<typeof workerPatch>,
) {
  const u = await workerRow(db, id);
  const bag = new ErrorBag();
  // An administrator cannot lock itself out (disable itself or drop its own role).
  if (id === actor.id && body.is_active === false) bag.add('is_active', 'cannot_remove_self');
  if (id === actor.id && body.group && body.group !== u.group) bag.add('group', 'cannot_remove_self');
  await checkUnique(
    db,
    {
      email: body.email && body.email.toLowerCase() !== u.email.toLowerCase() ? body.email : undefined,
      personal_code: body.personal_code !== u.personalCode ? body.personal_code : undefined,
    },
    bag,
    id,
  );
  await checkGroupIds(db, body.warehouse_group, bag);
  bag.throwIfAny();
  await saveUser(db, actor, u, {
    values: {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      personalCode: body.personal_code,
      phone: body.phone,
      position: body.position,
      bcCode: body.bc_code === undefined ? undefined : body.bc_code || null,
      group: body.group,
      canBlacklist: body.can_blacklist,
      isActive: body.is_active,
      language: body.language,
    },
    groups: body.warehouse_group,
  });
  return getWorker(db, id);
}

// ---------------------------------------------------------------- removal

/**
 * POST /remove_account/: deletes a worker (Administrator) or a supplier employee (Administrator, or an ADVANCED
 * user of the same company; never the main user). A person whose name is on offers, tenders or comments keeps
 * that history: refused with 'forbidden' (deactivate instead).
 */
export async function removeAccount(db: Db, actor: SessionUser, userId: number) {
  if (userId === actor.id) throw invalid('user_id', 'cannot_remove_self');
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)));
  if (!u) throw notFound();
  if (actor.group === 'SUPPLIER') {
    if (u.supplierId !== actor.supplierId) throw notFound();
    if (!managesCompany(actor, u.supplierId as number) || u.isAdmin) throw forbidden();
  } else if (actor.group !== 'ADMINISTRATOR') throw forbidden();
  try {
    await transaction(db, async (tx) => {
      await tx.delete(users).where(eq(users.id, userId));
      await audit(tx, {
        entity: 'user',
        entityId: userId,
        action: 'removed',
        user: actor,
        data: { email: u.email, group: u.group },
      });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
    if (e?.code === '23503') throw forbidden();
    throw err;
  }
}

/**
 * Removes the accounts of a supplier company being removed, inside the caller's transaction (the company took part
 * in nothing, so its users left no trace to keep).
 */
export async function removeSupplierUsers(tx: Db, supplierId: number) {
  await tx.delete(users).where(eq(users.supplierId, supplierId));
}
