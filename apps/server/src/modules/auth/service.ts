import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, suppliers, termsConsents, userGroups, users } from '../../db/schema/index.ts';
import { issueToken, verifyPassword } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';

/** The terms of use in force; a user who has not consented to this version is asked to. */
export const TERMS_VERSION = '2026-01';

/** Failed logins per address; after too many in the window the address gets 429 until it passes. */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();
  private readonly max: number;
  private readonly windowMs: number;
  constructor(max: number, windowMs = 15 * 60_000) {
    this.max = max;
    this.windowMs = windowMs;
  }
  check(ip: string) {
    const f = this.failures.get(ip);
    if (f && f.until > Date.now() && f.count >= this.max)
      throw new AppError(429, { detail: 'too_many_requests' });
  }
  fail(ip: string) {
    const f = this.failures.get(ip);
    if (!f || f.until <= Date.now()) this.failures.set(ip, { count: 1, until: Date.now() + this.windowMs });
    else f.count++;
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value as string);
  }
  succeed(ip: string) {
    this.failures.delete(ip);
  }
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
  await db.update(users).set({ lastLogin: now() }).where(eq(users.id, u.id));
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

export async function needsTerms(db: Db, userId: number) {
  const [c] = await db
    .select({ id: termsConsents.id })
    .from(termsConsents)
    .where(and(eq(termsConsents.userId, userId), eq(termsConsents.version, TERMS_VERSION)));
  return !c;
}

export async function consent(db: Db, userId: number) {
  await db
    .insert(termsConsents)
    .values({ userId, version: TERMS_VERSION, created: now() })
    .onConflictDoNothing();
}
