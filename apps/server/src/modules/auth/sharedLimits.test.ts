// Abuse limits and eID logins shared by replicas: two app instances on one database (on PostgreSQL each with its
// own connection pool, as two processes would have) count the same login failures, registrations and recoveries,
// and a Smart-ID login started on one finishes on the other. Time comes from the test clock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmartIdSimulator } from '../../../../../tools/simulators/smart-id.ts';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { createTestCa } from '../../../../../tools/simulators/testca.ts';
import { buildApp } from '../../app.ts';
import { type Config, testConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import {
  authTokens,
  eidLogins,
  eidNonces,
  emailSettings,
  outbox,
  suppliers,
  throttles,
} from '../../db/schema/index.ts';
import { advance, now } from '../../lib/clock.ts';
import { queryRow } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { buildUser, TEST_PASSWORD, uid } from '../../test/factories.ts';
import { recoveriesSettled } from './recovery.ts';
import { hit, sweep } from './throttle.ts';

// Up to 120 logins a test, each hashing a password (~50 ms idle, several times that on a busy machine): the budget
// is the test's whole run, not a time-out on any answer.
vi.setConfig({ testTimeout: 180_000 });

const ca = createTestCa();
const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-ca-'));
fs.writeFileSync(path.join(caDir, 'ca.pem'), ca.certPem);
const smart = await startSmartIdSimulator({ ca, answerAfterMs: 1500, timeoutAfterMs: 1200 });
const smtp = await startSmtpCatcher({ port: 0 });

const settings: Partial<Config> = {
  SMART_ID_URL: smart.url,
  MOBILE_ID_URL: smart.url,
  EID_TRUSTED_CA_DIR: caDir,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  WEB_DIST: '/nonexistent-web-dist',
};
const ctx = await testContext(settings);
const A = ctx.app;
const config = A.config;

/** A second instance on the same database: on PostgreSQL with a pool of its own. */
async function secondInstance(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  let database: Database = ctx.database;
  if (ctx.database.kind === 'postgres') {
    const row = await queryRow<{ name: string }>(ctx.db, sql`select current_database() as name`);
    const u = new URL(process.env.DATABASE_URL as string);
    u.pathname = `/${row?.name}`;
    database = await openDatabase({ url: u.toString(), poolSize: 4 });
  }
  const app = await buildApp({ config: testConfig(settings), database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== ctx.database) await database.close();
    },
  };
}
const second = await secondInstance();
const B = second.app;
afterAll(async () => {
  await second.close();
  await smart.close();
  await smtp.close();
});

await ctx.db
  .insert(emailSettings)
  .values({ id: 1, fromEmail: 'portal@example.test', adminEmail: 'admins@example.test' });

let ipSeq = 0;
const newIp = () => `10.31.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const call = (app: FastifyInstance, opts: InjectOptions & { url: string }, ip: string) =>
  app.inject({ ...opts, remoteAddress: ip });
const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  call(app, { method: 'POST', url: '/api/login/', payload: { email, password } }, ip);

beforeEach(async () => {
  await recoveriesSettled(ctx.db);
  await A.outbox.runOnce();
  smtp.clear();
});

describe('password guessing', () => {
  it('guesses spread over two instances hit the per-account limit at the same count as on one', async () => {
    const victim = await buildUser(ctx.db, { group: 'ADMINISTRATOR' });
    const codes: number[] = [];
    for (let i = 0; i < config.LOGIN_RATE_LIMIT + 2; i++)
      // every guess from another address, alternating instances
      codes.push((await login(i % 2 ? B : A, victim.email, `wrong-${i}`, newIp())).statusCode);
    expect(codes).toEqual([...Array(config.LOGIN_RATE_LIMIT).fill(400), 429, 429]);
    const right = await login(B, victim.email, TEST_PASSWORD, newIp());
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ detail: 'too_many_requests' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The window is 15 minutes, on every instance.
    advance(15 * 60);
    expect((await login(A, victim.email, TEST_PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('parallel guesses on both instances cannot slip past the limit', async () => {
    const victim = await buildUser(ctx.db, { group: 'ADMINISTRATOR' });
    const codes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login(i % 2 ? B : A, victim.email, `wrong-${i}`, newIp()).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 400)).toHaveLength(config.LOGIN_RATE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(24 - config.LOGIN_RATE_LIMIT);
  });

  it('another account’s successful login resets nothing (the issue’s 8 + 1 + 8 pattern stops at the limit)', async () => {
    const victim = await buildUser(ctx.db, { group: 'ADMINISTRATOR' });
    const ip = newIp();
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 8; i++)
        codes.push((await login(round % 2 ? B : A, victim.email, 'guess', ip)).statusCode);
      // the attacker's own account, from the same address
      expect((await login(A, ctx.users.contractor.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    }
    expect(codes.filter((c) => c === 400)).toHaveLength(config.LOGIN_RATE_LIMIT);
    expect(codes.slice(config.LOGIN_RATE_LIMIT).every((c) => c === 429)).toBe(true);
  });

  it('an attacked account stays usable by its owner: Smart-ID login, then recovery and a new password', async () => {
    const victim = await buildUser(ctx.db, { group: 'MASTER', personalCode: '30303039914' });
    for (let i = 0; i <= config.LOGIN_RATE_LIMIT; i++) await login(A, victim.email, 'guess', newIp());
    expect((await login(B, victim.email, TEST_PASSWORD, newIp())).statusCode).toBe(429);

    // Smart-ID: started on A, polled to completion on B.
    const ip = newIp();
    const init = await call(
      A,
      { method: 'POST', url: '/api/login_smart_init/', payload: { personal_code: '30303039914' } },
      ip,
    );
    expect(init.statusCode).toBe(200);
    const { auth_id, challenge } = init.json();
    let body: { status: string; token?: string; challenge: string; user?: { id: number } } | null = null;
    for (let i = 0; i < 30 && (!body || body.status === 'OUTSTANDING_TRANSACTION'); i++)
      body = (
        await call(B, { method: 'GET', url: `/api/login_smart_status/?auth_id=${auth_id}` }, ip)
      ).json();
    expect(body).toMatchObject({ status: 'USER_AUTHENTICATED', challenge, user: { id: victim.id } });
    const profile = await A.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${body?.token}` },
    });
    expect(profile.statusCode).toBe(200);
    // One login, one token: the other instance finds nothing more to answer.
    const again = await call(A, { method: 'GET', url: `/api/login_smart_status/?auth_id=${auth_id}` }, ip);
    expect(again.json()).toMatchObject({ status: 'EXPIRED' });
    expect(await ctx.db.select().from(eidLogins).where(eq(eidLogins.authId, auth_id))).toHaveLength(0);

    // Recovery on B, the link used on A; the new password works at once (the reset forgets the guesses).
    const forgot = await call(
      B,
      { method: 'POST', url: '/api/forgot_password/', payload: { email: victim.email } },
      ip,
    );
    expect(forgot.statusCode).toBe(200);
    await recoveriesSettled(ctx.db);
    await A.outbox.runOnce();
    const [mail] = smtp.messages.filter((m) => m.to.includes(victim.email));
    const key = decodeURIComponent(/\/reset\?key=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(key).not.toBe('');
    const reset = await call(
      A,
      {
        method: 'POST',
        url: '/api/reset_password/',
        payload: { key, password1: 'Kevad2026rong', password2: 'Kevad2026rong' },
      },
      ip,
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(B, victim.email, 'Kevad2026rong', newIp())).statusCode).toBe(200);
  });

  it('an office: many accounts failing from one address below its limit are not locked out', async () => {
    const ip = newIp();
    const staff = await Promise.all(Array.from({ length: 20 }, () => buildUser(ctx.db, { group: 'MASTER' })));
    const codes: number[] = [];
    for (const [i, u] of staff.entries())
      for (let k = 0; k < 4; k++)
        codes.push((await login(i % 2 ? A : B, u.email, `typo-${k}`, ip)).statusCode);
    expect(codes).toHaveLength(80);
    expect(codes.every((c) => c === 400)).toBe(true);
    for (const [i, u] of staff.entries())
      expect((await login(i % 2 ? B : A, u.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('hammering a locked account from an office address does not lock the office out', async () => {
    const victim = await buildUser(ctx.db, { group: 'MASTER' });
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < config.LOGIN_ADDRESS_LIMIT + 20; i++)
      codes.push((await login(i % 2 ? A : B, victim.email, `guess-${i}`, ip)).statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(config.LOGIN_RATE_LIMIT);
    // Refused attempts are taken back: the address has only the account's failures on it. (A minute later, past the
    // route's own limit of 120 calls a minute; the address's window runs 15 minutes.)
    advance(60);
    expect((await login(A, ctx.users.master.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('the address limit holds across instances too', async () => {
    const ip = newIp();
    const [row] = await ctx.db
      .insert(throttles)
      .values({
        scope: 'login_address',
        key: ip,
        count: config.LOGIN_ADDRESS_LIMIT - 1,
        windowEnd: new Date(now().getTime() + 60_000),
      })
      .returning();
    expect(row.count).toBe(config.LOGIN_ADDRESS_LIMIT - 1);
    expect((await login(A, `nobody.${uid()}@example.test`, 'x', ip)).statusCode).toBe(400);
    const blocked = await login(B, ctx.users.master.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('registration flood', () => {
  const registration = (email: string) => {
    const u = uid();
    return {
      supplier_name: `Tulv ${u} OÜ`,
      supplier_registration_code: `F${u}`,
      supplier_address: 'Pärnu mnt 10, Tallinn',
      supplier_country_code: 'EE',
      supplier_email: `info.${u}@example.test`,
      supplier_notes: '',
      supplier_groups: [ctx.group.id],
      user_first_name: 'Mari',
      user_last_name: 'Maasikas',
      user_personal_code: '',
      user_position: 'Juhataja',
      user_language_code: 'et',
      user_phone: '+372 5551 2345',
      user_email: email,
      agreed: true,
    };
  };
  const register = (app: FastifyInstance, ip: string, email = `flood.${uid()}@example.test`) =>
    call(app, { method: 'POST', url: '/api/register/', payload: registration(email) }, ip);
  const floodCompanies = async () =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(suppliers)
        .where(sql`${suppliers.name} like 'Tulv %'`)
    )[0].n;

  it('one address is capped, the overall cap holds, the administrators get one mail and then one digest', async () => {
    advance(3600); // windows of earlier tests are over
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 29; i++) codes.push((await register(i % 2 ? B : A, ip)).statusCode);
    const cap = config.REGISTRATION_ADDRESS_LIMIT;
    expect(codes.slice(0, cap).every((c) => c === 200)).toBe(true);
    expect(codes.slice(cap).every((c) => c === 429)).toBe(true);
    expect(await floodCompanies()).toBe(cap);
    await A.outbox.runOnce();
    const toAdmins = () => smtp.messages.filter((m) => m.to.includes('admins@example.test'));
    expect(toAdmins()).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.some((t) => t.startsWith('flood.')))).toHaveLength(cap);

    // Many addresses: the overall hourly cap.
    const more: number[] = [];
    for (let i = 0; i < config.REGISTRATION_HOURLY_LIMIT; i++)
      more.push((await register(i % 2 ? A : B, newIp())).statusCode);
    // `cap` of the hour's registrations came from the flooding address.
    const accepted = config.REGISTRATION_HOURLY_LIMIT - cap;
    expect(more.filter((c) => c === 200)).toHaveLength(accepted);
    expect(more.slice(accepted).every((c) => c === 429)).toBe(true);
    await A.outbox.runOnce();
    expect(toAdmins()).toHaveLength(1);

    // When the interval ends, one mail lists every company registered after the first.
    advance(config.NEW_SUPPLIER_MAIL_MINUTES * 60);
    await B.outbox.runOnce();
    const [first, digest] = toAdmins();
    expect(toAdmins()).toHaveLength(2);
    const names = (
      await ctx.db
        .select({ name: suppliers.name })
        .from(suppliers)
        .where(sql`${suppliers.name} like 'Tulv %'`)
        .orderBy(suppliers.id)
    ).map((r) => r.name);
    expect(names).toHaveLength(config.REGISTRATION_HOURLY_LIMIT);
    expect(first.subject).toBe(`Uus tarnija registreerus: ${names[0]}`);
    expect(digest.subject).toBe(`Uued tarnijad registreerusid (${names.length - 1})`);
    for (const name of names.slice(1)) expect(digest.text).toContain(name);
    expect(digest.text).not.toContain(names[0]);

    // The next hour: a registration is accepted and mailed to the administrators at once again.
    advance(3600);
    expect((await register(B, newIp())).statusCode).toBe(200);
    await A.outbox.runOnce();
    expect(toAdmins()).toHaveLength(3);
  });

  it('one recipient gets at most its limit of mails, whichever instance is asked', async () => {
    advance(3600);
    const email = `target.${uid()}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await register(i % 2 ? A : B, newIp(), email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await recoveriesSettled(ctx.db);
    await A.outbox.runOnce();
    // One registration mail; the two that found the e-mail taken sent recovery links instead.
    const mails = smtp.messages.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(config.ACCOUNT_MAIL_RECIPIENT_LIMIT);
  });
});

describe('password recovery', () => {
  it('does the same work for a known and an unknown e-mail; the look-up and the mail follow the answer', async () => {
    const known = await buildUser(ctx.db, { group: 'MASTER' });
    const unknown = `nobody.${uid()}@example.test`;
    const seq = async () =>
      Number(
        (await queryRow<{ n: string }>(ctx.db, sql`select last_value as n from recovery_requests_id_seq`))?.n,
      );
    const keys = async (email: string) =>
      ctx.db
        .select({ count: throttles.count })
        .from(throttles)
        .where(and(eq(throttles.scope, 'recovery_email'), eq(throttles.key, email.toLowerCase())));
    await recoveriesSettled(ctx.db);
    const s0 = await seq();
    const a = await call(
      B,
      { method: 'POST', url: '/api/forgot_password/', payload: { email: known.email } },
      newIp(),
    );
    const s1 = await seq();
    const b = await call(
      A,
      { method: 'POST', url: '/api/forgot_password/', payload: { email: unknown } },
      newIp(),
    );
    const s2 = await seq();
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    // Each answer wrote one recovery request and one count for its e-mail: the same rows, whatever the e-mail.
    expect([s1 - s0, s2 - s1]).toEqual([1, 1]);
    expect(await keys(known.email)).toEqual([{ count: 1 }]);
    expect(await keys(unknown)).toEqual([{ count: 1 }]);
    // After the answer: a key and a mail for the account, nothing for the unknown e-mail.
    await recoveriesSettled(ctx.db);
    expect(
      await queryRow<{ n: number }>(ctx.db, sql`select count(*)::int as n from recovery_requests`),
    ).toEqual({ n: 0 });
    const tokens = await ctx.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, known.id), eq(authTokens.kind, 'reset')));
    expect(tokens).toHaveLength(1);
    const mails = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'template' = 'PASSWORD_RECOVERY'`);
    const recipients = mails.map((m) => (m.payload as { to: string }).to);
    expect(recipients).toContain(known.email);
    expect(recipients).not.toContain(unknown);
  });
});

describe('shared per-route limits and eID state', () => {
  it('the per-route limit of @fastify/rate-limit counts both instances together', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push(
        (await call(i % 2 ? A : B, { method: 'POST', url: '/api/login_idcard_challenge/' }, ip)).statusCode,
      );
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    advance(60);
  });

  it('an ID-card challenge issued by one instance is known to the other, once', async () => {
    const ip = newIp();
    const { nonce } = (await call(A, { method: 'POST', url: '/api/login_idcard_challenge/' }, ip)).json();
    const token = {
      unverifiedCertificate: 'AAAA',
      algorithm: 'ES384',
      signature: 'AAAA',
      format: 'web-eid:1.0',
    };
    const first = await call(
      B,
      { method: 'POST', url: '/api/login_idcard/', payload: { nonce, auth_token: token } },
      ip,
    );
    // B knew the nonce: the token itself is what it refuses.
    expect(first.json()).toEqual({ non_field_errors: ['idcard_certificate_unreadable'] });
    const reused = await call(
      A,
      { method: 'POST', url: '/api/login_idcard/', payload: { nonce, auth_token: token } },
      ip,
    );
    expect(reused.json()).toEqual({ non_field_errors: ['idcard_webeid_nonce_invalid'] });
  });

  it('a window that ends further ahead than its length (the clock was set back) starts anew', async () => {
    const limit = { scope: 'test_clock', max: 2, windowMs: 15 * 60_000 };
    const key = newIp();
    expect((await hit(ctx.db, [{ limit, key }]))[0].count).toBe(1);
    expect((await hit(ctx.db, [{ limit, key }]))[0].count).toBe(2);
    advance(-3600);
    const [h] = await hit(ctx.db, [{ limit, key }]);
    expect(h).toMatchObject({ count: 1, over: false });
    expect(h.windowEnd.getTime() - now().getTime()).toBeLessThanOrEqual(limit.windowMs);
    advance(3600);
  });

  it('expired counters, logins and nonces are swept', async () => {
    const ip = newIp();
    await call(A, { method: 'POST', url: '/api/login_idcard_challenge/' }, ip);
    await call(
      A,
      { method: 'POST', url: '/api/login_smart_init/', payload: { personal_code: '30303039914' } },
      ip,
    );
    const count = async () => ({
      throttles: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(throttles))[0].n,
      logins: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(eidLogins))[0].n,
      nonces: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(eidNonces))[0].n,
    });
    const before = await count();
    expect(before.throttles).toBeGreaterThan(0);
    expect(before.logins).toBeGreaterThan(0);
    expect(before.nonces).toBeGreaterThan(0);
    advance(2 * 3600);
    await sweep(ctx.db);
    expect(await count()).toEqual({ throttles: 0, logins: 0, nonces: 0 });
  });
});
