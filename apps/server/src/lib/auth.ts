// Tokens, passwords, and the one permission guard every route goes through.
// Each route declares `config: { access }`; app.ts refuses to start if an /api route has none.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { SupplierRole, UserGroup } from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';
import { now } from './clock.ts';
import { forbidden, unauthorized } from './errors.ts';
import { queryPrepared } from './sql.ts';

export type Role = UserGroup;
/** 'public': anyone; 'authenticated': any logged-in user; a list: those groups only. */
export type Access = 'public' | 'authenticated' | readonly Role[];

export const BUYERS = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'] as const satisfies readonly Role[];
export const ADMIN_CONTRACTOR = ['ADMINISTRATOR', 'CONTRACTOR'] as const satisfies readonly Role[];
export const ADMIN = ['ADMINISTRATOR'] as const satisfies readonly Role[];
export const EVERYONE = [...BUYERS, 'SUPPLIER'] as const satisfies readonly Role[];

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  group: UserGroup;
  supplierId: number | null;
  supplierRole: SupplierRole | null;
  isAdmin: boolean;
  canBlacklist: boolean;
  language: string;
  groupIds: number[];
  tokenId: number;
  /**
   * A supplier user's company: whether its employees may see the company's offers, as read with the session (the
   * same request); undefined when not read (viewerOf then reads it).
   */
  companySharing?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access and schema, as registered (the guard test walks it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  schema: {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response?: Record<string, unknown>;
    hide?: boolean;
  };
}

export const isSupplier = (u: SessionUser | null): u is SessionUser & { supplierId: number } =>
  u?.group === 'SUPPLIER';
export const isBuyer = (u: SessionUser | null) => !!u && u.group !== 'SUPPLIER';
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

// ---- passwords: scrypt (memory-hard), self-describing format scrypt$N$r$p$salt$hash ----
const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  o: crypto.ScryptOptions,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, { ...SCRYPT, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Unknown users still pay for one hash so timing tells nothing.
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await scrypt(password, Buffer.alloc(16), 32, { ...SCRYPT, maxmem: 64 * 1024 * 1024 });
    return false;
  }
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const got = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(expected, got);
}

// ---- tokens: 32 random bytes, only the SHA-256 is stored ----
// Every request hashes its token: the one-shot `crypto.hash` takes a third of `createHash`'s time (0.2 against 0.6 µs).
export const hashKey = (key: string) => crypto.hash('sha256', key, 'hex');

export async function issueToken(
  db: Db,
  userId: number,
  idleHours: number,
  kind: 'session' | 'reset' = 'session',
): Promise<string> {
  const key = crypto.randomBytes(32).toString('base64url');
  const t = now();
  await db.insert(authTokens).values({
    userId,
    keyHash: hashKey(key),
    kind,
    created: t,
    lastUsed: t,
    expires: new Date(t.getTime() + idleHours * 3600_000),
  });
  return key;
}

export async function revokeTokens(db: Db, userId: number, exceptTokenId?: number) {
  await db
    .update(authTokens)
    .set({ revoked: now() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revoked),
        exceptTokenId ? sql`${authTokens.id} <> ${exceptTokenId}` : undefined,
      ),
    );
}

/** The session statement's row: the token, its user, the user's groups and the company's sharing flag. */
type SessionRow = Omit<SessionUser, 'groupIds' | 'companySharing'> & {
  lastUsedMs: number;
  groupIds: number[] | null;
  companySharing: boolean | null;
};

/**
 * Looks a session key up; slides its expiry (written at most once a minute). Null when unknown, expired or revoked,
 * and when its user or the user's supplier company is not active: sessions follow the account. One prepared
 * statement per request (token, user, the user's groups and the company's sharing flag): every request pays it, and
 * reading it from the database each time keeps a logout, a password change, a role or group change or a
 * deactivation effective at once on every server replica (no cache to invalidate).
 */
export async function resolveToken(db: Db, key: string, idleHours: number): Promise<SessionUser | null> {
  const t = now();
  const [row] = await queryPrepared<SessionRow>(
    db,
    sql`select t.id as "tokenId", floor(extract(epoch from t.last_used) * 1000)::float8 as "lastUsedMs",
      u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u."group", u.supplier_id as "supplierId",
      u.supplier_role as "supplierRole", u.is_admin as "isAdmin", u.can_blacklist as "canBlacklist", u.language,
      array(select ug.group_id from user_groups ug where ug.user_id = u.id order by ug.group_id) as "groupIds",
      s.is_employees_can_view_proposal as "companySharing"
    from auth_tokens t
    join users u on u.id = t.user_id
    left join suppliers s on s.id = u.supplier_id
    where t.key_hash = ${hashKey(key)} and t.kind = 'session' and t.revoked is null and t.expires > ${t.toISOString()}
      and u.is_active and not u.is_deleted and (u.supplier_id is null or s.is_active)
    limit 1`,
  );
  if (!row) return null;
  if (t.getTime() - Number(row.lastUsedMs) > 60_000) {
    await db
      .update(authTokens)
      .set({ lastUsed: t, expires: new Date(t.getTime() + idleHours * 3600_000) })
      .where(eq(authTokens.id, row.tokenId));
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    group: row.group,
    supplierId: row.supplierId,
    supplierRole: row.supplierRole,
    isAdmin: row.isAdmin,
    canBlacklist: row.canBlacklist,
    language: row.language,
    groupIds: (row.groupIds ?? []).map(Number),
    tokenId: row.tokenId,
    companySharing: row.supplierId == null ? undefined : row.companySharing === true,
  };
}

export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Token\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return m ? m[1] : null;
}

/** Installs the guard: authenticates, then checks the route's declared access. */
export function installGuard(app: FastifyInstance, db: Db, idleHours: number) {
  app.decorateRequest('user', null);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api')) return;
    // The API reference page (its HTML and assets) is public; every other route declares its access.
    if (!route.config?.access && url.startsWith('/api/docs'))
      route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!access) throw new Error(`Route ${method} ${url} declares no access (config.access)`);
      table.push({ method, url, access, schema: (route.schema ?? {}) as RouteEntry['schema'] });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const header = request.headers.authorization;
    const key = tokenFromHeader(header);
    if (key) request.user = await resolveToken(db, key, idleHours);
    if (access === 'public') return;
    if (!header) throw unauthorized('not_authenticated');
    if (!request.user) throw unauthorized('invalid_token');
    if (access !== 'authenticated' && !access.includes(request.user.group)) throw forbidden();
  });
}
