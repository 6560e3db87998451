import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { groups, suppliers, termsConsents, userGroups, users } from '../../db/schema/index.ts';
import { issueToken, verifyPassword } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import type { LoginLimits } from './limits.ts';
import { termsInForce } from './terms.ts';
import { clear, hit, takeOrThrow, undo } from './throttle.ts';
import { accountWriters } from './writers.ts';

/** What one login attempt is counted against: the account (password logins) and the client address. */
export interface LoginKeys {
  /** The account's e-mail in the form the counter keys it (lower case); none for an eID login. */
  account?: string;
  address: string;
}

const loginEntries = (limits: LoginLimits, k: LoginKeys) => [
  ...(k.account !== undefined ? [{ limit: limits.account, key: k.account }] : []),
  { limit: limits.address, key: k.address },
];

/**
 * Counts a login attempt as a failure before it is tried (so parallel guesses cannot slip past the limit between a
 * read and a write); 429 with Retry-After when the account's or the address's window is used up. A success then
 * takes it back with `loginSucceeded`.
 */
export function takeLoginAttempt(db: Db, reply: FastifyReply | undefined, limits: LoginLimits, k: LoginKeys) {
  return takeOrThrow(db, reply, loginEntries(limits, k));
}

/** Counts a failure that was not taken beforehand (an eID login the service refused). */
export async function countLoginFailure(db: Db, limits: LoginLimits, k: LoginKeys) {
  await hit(db, loginEntries(limits, k));
}

/**
 * A login succeeded: the attempt is taken back from the address and the account's own failures are forgotten. Other
 * accounts' counters stay as they are.
 */
export async function loginSucceeded(db: Db, limits: LoginLimits, k: LoginKeys) {
  await undo(db, [{ limit: limits.address, key: k.address }]);
  if (k.account !== undefined) await clear(db, limits.account.scope, k.account);
}

export async function sessionUserPayload(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const options = await groupOptions(db, u);
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    personal_code: u.personalCode,
    phone: u.phone,
    position: u.position,
    picture: u.picture,
    group: u.group,
    role: u.group === 'SUPPLIER' ? (u.supplierRole ?? 'PLAIN') : u.group,
    supplier: u.supplierId,
    is_admin: u.isAdmin,
    can_blacklist: u.canBlacklist,
    language: u.language,
    supplier_group: options[0]?.id ?? null,
    warehouse_groups_options: options,
  };
}

/** The warehouse groups a user works in: a worker's own groups, a supplier user's company groups. */
export async function groupOptions(db: Db, u: { id: number; group: string; supplierId: number | null }) {
  if (u.group === 'SUPPLIER' && u.supplierId) {
    return db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(
        and(
          eq(groups.isDeleted, false),
          sql`${groups.id} in (select group_id from supplier_groups where supplier_id = ${u.supplierId})`,
        ),
      )
      .orderBy(groups.name);
  }
  return db
    .select({ id: groups.id, name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, u.id), eq(groups.isDeleted, false)))
    .orderBy(groups.name);
}

export async function login(db: Db, email: string, password: string, idleHours: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.isDeleted, false)));
  const ok = await verifyPassword(password, u?.passwordHash ?? null);
  if (!u || !ok) throw invalid('password', 'invalid_credentials');
  return startSession(db, u, idleHours);
}

/** The login of an authenticated person (e-mail and password, or an eID method): the same token and answer. */
async function startSession(db: Db, u: typeof users.$inferSelect, idleHours: number) {
  if (!u.isActive) throw new AppError(403, { detail: 'account_disabled' });
  if (u.supplierId) {
    const [s] = await db
      .select({ isActive: suppliers.isActive })
      .from(suppliers)
      .where(eq(suppliers.id, u.supplierId));
    if (!s?.isActive) throw new AppError(403, { detail: 'supplier_disabled' });
  }
  const token = await issueToken(db, u.id, idleHours);
  await accountWriters().recordLogin(db, u.id);
  return { token, user: await sessionUserPayload(db, u.id) };
}

/**
 * Login by a personal code that an eID method (Smart-ID, Mobile-ID, ID card) has proven. Null when no user has
 * that code; 403 account_disabled / supplier_disabled as for the e-mail login.
 */
export async function loginByPersonalCode(db: Db, personalCode: string, idleHours: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.personalCode, personalCode), eq(users.isDeleted, false)));
  if (!u) return null;
  return startSession(db, u, idleHours);
}

/** Whether the user has yet to consent to the version in force (a new version asks everyone again from its day). */
export async function needsTerms(db: Db, userId: number) {
  const { version } = await termsInForce(db);
  const [c] = await db
    .select({ id: termsConsents.id })
    .from(termsConsents)
    .where(and(eq(termsConsents.userId, userId), eq(termsConsents.version, version)));
  return !c;
}

/** Records consent to the version in force. */
export async function consent(db: Db, userId: number) {
  const { version } = await termsInForce(db);
  await db.insert(termsConsents).values({ userId, version, created: now() }).onConflictDoNothing();
}
