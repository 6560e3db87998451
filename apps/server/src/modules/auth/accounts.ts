// Accounts: supplier self-registration, password recovery and reset, invitations (set-password links for new
// workers and employees), and (de)activation of users and supplier companies, which ends their sessions.
import crypto from 'node:crypto';
import {
  type Language,
  passwordProblems,
  type registrationBody,
  type registrationStep1,
  type TemplateKey,
} from '@portal/shared';
import { isCommonPassword } from '@portal/shared/common-passwords';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  authTokens,
  emailSettings,
  groups,
  recoveryRequests,
  suppliers,
  termsConsents,
  users,
} from '../../db/schema/index.ts';
import { hashKey, hashPassword, revokeTokens, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, invalid } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { amendUnclaimed } from '../../lib/outbox.ts';
import { queueEmail, templateLanguage } from '../notifications/index.ts';
import { ALL } from './limits.ts';
import { termsInForce } from './terms.ts';
import { hit, type Limit } from './throttle.ts';
import { accountWriters } from './writers.ts';

/** A recovery link works for 24 hours, once. */
export const RESET_KEY_HOURS = 24;
/** An invitation link works for 7 days, once (a new colleague may read the mail after a weekend). */
export const INVITATION_KEY_HOURS = 7 * 24;

type Step1 = z.output<typeof registrationStep1>;
type Registration = z.output<typeof registrationBody>;
type Actor = Pick<SessionUser, 'id' | 'firstName' | 'lastName'> | null;

/** Active groups (departments) for the registration form, which is used without login. */
export async function publicGroups(db: Db) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.isActive, true), eq(groups.isDeleted, false)))
    .orderBy(groups.name);
}

/** Step 1 on the server: the rules of the schema plus a free registration code and existing active groups. */
export async function checkCompany(db: Db, body: Step1) {
  const [taken] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(sql`lower(${suppliers.registrationCode}) = lower(${body.supplier_registration_code})`)
    .limit(1);
  if (taken) throw invalid('supplier_registration_code', 'regcode_exists');
  const ids = [...new Set(body.supplier_groups)];
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, ids), eq(groups.isActive, true), eq(groups.isDeleted, false)));
  if (found.length !== ids.length) throw invalid('supplier_groups', 'invalid_choice');
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Registers a supplier company with its main user. The company is inactive and new until an administrator
 * activates it; the user is active, ADVANCED and the company's admin, without a password: the activation mails a set-password link.
 * When the user's e-mail already has an account nothing is created and the owner of that address gets a recovery
 * link instead (a recovery request, handled after the answer); the answer is the same, so the form never tells which
 * e-mails exist. The administrators are told as `tellAdministrators` says, so a flood of registrations cannot flood
 * them.
 */
export async function register(
  db: Db,
  body: Registration,
  adminMail: Limit,
): Promise<{ created: boolean; recovery: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      await checkCompany(tx, body);
      const [existing] = await tx
        .select({ id: users.id, isDeleted: users.isDeleted })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${body.user_email})`)
        .limit(1);
      if (existing) {
        if (!existing.isDeleted) await requestRecovery(tx, body.user_email);
        return { created: false, recovery: !existing.isDeleted };
      }
      if (body.user_personal_code) {
        const [code] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.personalCode, body.user_personal_code))
          .limit(1);
        if (code) throw invalid('user_personal_code', 'personal_code_exists');
      }
      const t = now();
      const writers = accountWriters();
      const supplier = await writers.insertRegisteredSupplier(
        tx,
        {
          name: body.supplier_name,
          registrationCode: body.supplier_registration_code,
          email: body.supplier_email,
          address: body.supplier_address,
          notes: body.supplier_notes,
          countryCode: body.supplier_country_code,
          isActive: false,
          isNew: true,
          created: t,
          updated: t,
        },
        [...new Set(body.supplier_groups)],
      );
      const user = await writers.insertRegisteredUser(tx, {
        email: body.user_email,
        firstName: body.user_first_name,
        lastName: body.user_last_name,
        personalCode: body.user_personal_code,
        phone: body.user_phone,
        position: body.user_position,
        group: 'SUPPLIER',
        supplierId: supplier.id,
        supplierRole: 'ADVANCED',
        isAdmin: true,
        isActive: true,
        language: body.user_language_code,
        created: t,
        updated: t,
      });
      // The form's agreement is the consent to the terms of use in force.
      await tx
        .insert(termsConsents)
        .values({ userId: user.id, version: (await termsInForce(tx)).version, created: t });
      await audit(tx, {
        entity: 'supplier',
        entityId: supplier.id,
        action: 'registered',
        data: { name: supplier.name, registration_code: supplier.registrationCode, user: user.id },
      });
      await audit(tx, { entity: 'user', entityId: user.id, action: 'created', data: { by: 'registration' } });
      const context = {
        company_name: supplier.name,
        company_registration_code: supplier.registrationCode,
        user_first_name: user.firstName,
        user_last_name: user.lastName,
        user_personal_code: user.personalCode ?? '',
        user_email: user.email,
        user_phone: user.phone,
      };
      const admin = await adminAddress(tx);
      if (admin) await tellAdministrators(tx, admin, adminMail, supplier.id, context);
      await queueEmail(
        tx,
        {
          to: user.email,
          template: 'ACCOUNT_REGISTERED',
          type: 'EXTERNAL',
          language: templateLanguage(user.language),
          context: { user_first_name: user.firstName, user_last_name: user.lastName },
        },
        `account-registered:${user.id}`,
      );
      return { created: true, recovery: false };
    });
  } catch (err) {
    // Two registrations of one code at once: the unique index decides, the loser gets the same message.
    if (isUniqueViolation(err)) {
      const msg =
        String((err as Error).message ?? '') + String((err as { cause?: Error }).cause?.message ?? '');
      if (msg.includes('suppliers_regcode_uq')) throw invalid('supplier_registration_code', 'regcode_exists');
      if (msg.includes('users_personal_code_uq')) throw invalid('user_personal_code', 'personal_code_exists');
      return { created: false, recovery: false };
    }
    throw err;
  }
}

/**
 * The administrators hear of a new company at once when it is the first of an `adminMail` window (NEW_SUPPLIER with
 * its details); the later ones of the window are gathered into one NEW_SUPPLIERS mail that is due when the window
 * ends. In the registration's transaction: the window's counter row stays locked until the commit, so registrations
 * add to the gathered mail one at a time. Should that mail already be on its way (a replica's clock ahead), the
 * company gets a mail of its own.
 */
async function tellAdministrators(
  tx: Db,
  admin: string,
  adminMail: Limit,
  supplierId: number,
  context: Record<string, string>,
) {
  const own = () =>
    queueEmail(
      tx,
      { to: admin, template: 'NEW_SUPPLIER', type: 'INTERNAL', language: 'EST', context },
      `new-supplier:${supplierId}`,
    );
  const [n] = await hit(tx, [{ limit: adminMail, key: ALL }]);
  if (n.count === 1) return own();
  const line = `${context.company_name}, ${context.company_registration_code} — ${context.user_first_name} ${context.user_last_name}, ${context.user_email}, ${context.user_phone}`;
  const key = `new-suppliers:${n.windowEnd.toISOString()}`;
  // Never claimed by the outbox (a claim counts an attempt, takes a lease and moves next_attempt_at to the lease's end).
  const added = await amendUnclaimed(
    tx,
    sql`dedupe_key = ${key} and next_attempt_at = ${n.windowEnd}`,
    sql`payload = jsonb_set(jsonb_set(payload,
        '{context,companies_list}', to_jsonb((payload #>> '{context,companies_list}') || ${`
${line}`})),
        '{context,companies_count}', to_jsonb(((payload #>> '{context,companies_count}')::int + 1)::text))`,
  );
  if (added.length) return;
  await queueEmail(
    tx,
    {
      to: admin,
      template: 'NEW_SUPPLIERS',
      type: 'INTERNAL',
      language: 'EST',
      context: { companies_count: '1', companies_list: line },
    },
    key,
  );
  const due = await amendUnclaimed(tx, sql`dedupe_key = ${key}`, sql`next_attempt_at = ${n.windowEnd}`);
  if (!due.length) await own();
}

async function adminAddress(db: Db): Promise<string | null> {
  const [s] = await db
    .select({ email: emailSettings.adminEmail })
    .from(emailSettings)
    .where(eq(emailSettings.id, 1));
  return s?.email?.trim() || null;
}

/**
 * A new single-use key for setting the password (recovery or invitation). Only its SHA-256 is stored; older
 * unused keys of the user stop working, so only the newest link does.
 */
export async function createSetPasswordKey(tx: Db, userId: number, hours: number) {
  const t = now();
  await tx
    .update(authTokens)
    .set({ revoked: t })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'reset'), isNull(authTokens.revoked)));
  const key = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(t.getTime() + hours * 3600_000);
  await tx.insert(authTokens).values({
    userId,
    keyHash: hashKey(key),
    kind: 'reset',
    created: t,
    lastUsed: t,
    expires,
  });
  return { key, expires };
}

/** The link in the mail: a path, made absolute with PUBLIC_URL by the mailer when it sends. */
export const resetLinkPath = (key: string) => `/reset?key=${encodeURIComponent(key)}`;

async function queueSetPasswordMail(tx: Db, userId: number, template: TemplateKey, hours: number) {
  const [u] = await tx.select().from(users).where(eq(users.id, userId));
  if (!u) throw new Error(`user ${userId} not found`);
  const { key, expires } = await createSetPasswordKey(tx, userId, hours);
  await queueEmail(tx, {
    to: u.email,
    template,
    type: 'EXTERNAL',
    language: templateLanguage(u.language),
    context: {
      user_first_name: u.firstName,
      user_last_name: u.lastName,
      user_email: u.email,
      reset_link: resetLinkPath(key),
      link_expires: expires.toISOString(),
    },
  });
  return { expires };
}

/** A recovery request, handled after the answer by recovery.ts (in the caller's transaction when given one). */
export async function requestRecovery(db: Db, email: string) {
  await db.insert(recoveryRequests).values({ email: email.trim(), created: now() });
}

/** Queues a PASSWORD_RECOVERY mail with a new 24-hour key (in the caller's transaction). */
export function sendRecovery(tx: Db, userId: number) {
  return queueSetPasswordMail(tx, userId, 'PASSWORD_RECOVERY', RESET_KEY_HOURS);
}

/**
 * Invites a new worker or supplier employee: a new single-use key (7 days) and a USER_INVITATION mail with the
 * set-password link, in the user's language. Call it in the transaction that creates the user.
 */
export function sendInvitation(tx: Db, userId: number) {
  return queueSetPasswordMail(tx, userId, 'USER_INVITATION', INVITATION_KEY_HOURS);
}

/** The user a set-password key belongs to, while it is unused and unexpired; null otherwise. */
export async function keyOwner(db: Db, key: string) {
  const [row] = await db
    .select({ tokenId: authTokens.id, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.keyHash, hashKey(key)),
        eq(authTokens.kind, 'reset'),
        isNull(authTokens.revoked),
        gt(authTokens.expires, now()),
        eq(users.isDeleted, false),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const linkInvalid = () => invalid('key', 'reset_link_invalid');

/**
 * Sets the password with a key: the key is used up, every session of the user ends (logged out everywhere). Answers
 * whose password it was (the route then forgets the account's failed logins).
 * `onAttempt` counts the attempt against the user (rate limit) once the key is known to be good.
 */
export async function resetPassword(
  db: Db,
  body: { key: string; password1: string; password2: string },
  onAttempt: (userId: number) => Promise<unknown> | undefined = () => undefined,
) {
  const owner = await keyOwner(db, body.key);
  if (!owner) throw linkInvalid();
  await onAttempt(owner.user.id);
  if (body.password1 !== body.password2)
    throw badRequest({ password1: ['passwords_not_same'], password2: ['passwords_not_same'] });
  const problems = passwordProblems(
    body.password1,
    { email: owner.user.email, first_name: owner.user.firstName, last_name: owner.user.lastName },
    isCommonPassword,
  );
  if (problems.length) throw badRequest({ password1: problems });
  const hash = await hashPassword(body.password1);
  await db.transaction(async (tx) => {
    // Claim the key; a second use (or a concurrent one) finds it revoked.
    const claimed = await tx
      .update(authTokens)
      .set({ revoked: now() })
      .where(and(eq(authTokens.id, owner.tokenId), isNull(authTokens.revoked), gt(authTokens.expires, now())))
      .returning({ id: authTokens.id });
    if (!claimed.length) throw linkInvalid();
    await accountWriters().setUserPasswordHash(tx, owner.user.id, hash);
    await revokeTokens(tx, owner.user.id);
    await audit(tx, { entity: 'user', entityId: owner.user.id, action: 'password_reset' });
  });
  return { userId: owner.user.id, email: owner.user.email };
}

/**
 * Activates or deactivates a user. Deactivation revokes every token of the user (sessions and set-password keys)
 * at once; activation does not bring old tokens back. Returns false when the user was already in that state.
 */
export async function setUserActive(tx: Db, userId: number, active: boolean, by: Actor = null) {
  if (!(await accountWriters().switchUserActive(tx, userId, active))) return false;
  if (!active) await revokeTokens(tx, userId);
  await audit(tx, {
    entity: 'user',
    entityId: userId,
    action: active ? 'activated' : 'deactivated',
    user: by,
  });
  return true;
}

/**
 * Activates or deactivates a supplier company. Deactivation revokes the tokens of all its users (the token check
 * also looks at the company, so no session outlives it); activation does not revive them. Its users are told
 * (ACCOUNT_ACTIVATED / ACCOUNT_DEACTIVATED in their language; on activation a user without a password, such as a
 * self-registered main user, gets the USER_INVITATION set-password link instead), and the administrators' address
 * learns of an activation. Returns false when the company was already in that state.
 */
export async function setSupplierActive(
  tx: Db,
  supplierId: number,
  active: boolean,
  by: Actor = null,
  /** mail: false when the caller sends its own mail instead (an exclusion tells its reason). */
  opts: { mail?: boolean } = {},
) {
  if (!(await accountWriters().switchSupplierActive(tx, supplierId, active))) return false;
  const people = await tx
    .select()
    .from(users)
    .where(and(eq(users.supplierId, supplierId), eq(users.isDeleted, false)));
  if (!active) for (const u of people) await revokeTokens(tx, u.id);
  await audit(tx, {
    entity: 'supplier',
    entityId: supplierId,
    action: active ? 'activated' : 'deactivated',
    user: by,
  });
  const stamp = now().getTime();
  for (const u of people.filter((p) => p.isActive && opts.mail !== false)) {
    // A self-registered main user has no password yet: the activation brings the set-password link employees get.
    if (active && !u.passwordHash) {
      await queueSetPasswordMail(tx, u.id, 'USER_INVITATION', INVITATION_KEY_HOURS);
      continue;
    }
    await queueEmail(
      tx,
      {
        to: u.email,
        template: active ? 'ACCOUNT_ACTIVATED' : 'ACCOUNT_DEACTIVATED',
        type: 'EXTERNAL',
        language: templateLanguage(u.language as Language),
        context: { user_first_name: u.firstName, user_last_name: u.lastName },
      },
      `supplier-${active ? 'activated' : 'deactivated'}:${supplierId}:${u.id}:${stamp}`,
    );
  }
  const main = people.find((p) => p.isAdmin) ?? people[0];
  const admin = await adminAddress(tx);
  if (active && admin && main)
    await queueEmail(tx, {
      to: admin,
      template: 'ACCOUNT_ACTIVATED',
      type: 'INTERNAL',
      language: 'EST',
      context: { user_first_name: main.firstName, user_last_name: main.lastName },
    });
  return true;
}

/** For the routes: a registration body's user e-mail in the form the limits count it. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** A supplier company's id by its registration code (case-insensitive); null when there is none. */
export async function supplierIdByCode(db: Db, code: string): Promise<number | null> {
  const [s] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(sql`lower(${suppliers.registrationCode}) = lower(${code})`)
    .limit(1);
  return s?.id ?? null;
}
