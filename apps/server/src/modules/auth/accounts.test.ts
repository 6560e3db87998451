// Registration, recovery, reset, invitations and sessions that follow the account, through the API with a real
// database and the SMTP catcher.

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import {
  authTokens,
  emailSettings,
  outbox,
  supplierGroups,
  suppliers,
  termsConsents,
  users,
} from '../../db/schema/index.ts';
import { advance } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildGroup, buildSupplier, buildUser, TEST_PASSWORD, uid } from '../../test/factories.ts';
import { sendInvitation, setSupplierActive, setUserActive } from './accounts.ts';
import { recoveriesSettled } from './recovery.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUBLIC_URL: 'https://portal.example.test',
  WEB_DIST: '/nonexistent-web-dist',
  // This file registers many companies, each from its own address; the overall cap has a test of its own.
  REGISTRATION_HOURLY_LIMIT: 1000,
});
await ctx.db
  .insert(emailSettings)
  .values({ id: 1, fromEmail: 'portal@example.test', adminEmail: 'admins@example.test' });
const inactiveGroup = await buildGroup(ctx.db, { isActive: false });

let ipSeq = 0;
/** A fresh client address, so one test's attempts do not use up another's limit. */
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const post = (url: string, payload: unknown, ip = newIp()) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: ip });

function company(over: Record<string, unknown> = {}) {
  const u = uid();
  return {
    supplier_name: `Registreeruja ${u} OÜ`,
    supplier_registration_code: `R${u}`,
    supplier_address: 'Pärnu mnt 10, Tallinn',
    supplier_country_code: 'EE',
    supplier_email: `info.${u}@example.test`,
    supplier_notes: '',
    supplier_groups: [ctx.group.id],
    ...over,
  };
}
function person(over: Record<string, unknown> = {}) {
  return {
    user_first_name: 'Mari',
    user_last_name: 'Maasikas',
    user_personal_code: '',
    user_position: 'Juhataja',
    user_language_code: 'ru',
    user_phone: '+372 5551 2345',
    user_email: `mari.${uid()}@example.test`,
    agreed: true,
    ...over,
  };
}

const counts = async () => {
  const [s] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(suppliers);
  const [u] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [o] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
  return { suppliers: s.n, users: u.n, outbox: o.n };
};

/** Handles the recovery requests, delivers the outbox and returns the mails that arrived for an address. */
async function mailsTo(address: string) {
  await recoveriesSettled(ctx.db);
  await ctx.app.outbox.runOnce();
  return smtp.messages.filter((m) => m.to.includes(address));
}
const keyOf = (text: string) => /\/reset\?key=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;

beforeEach(async () => {
  await ctx.app.outbox.runOnce(); // what earlier tests left queued
  smtp.clear();
});

describe('registration', () => {
  it('lists the active groups without login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/register/groups/' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((g: { id: number }) => g.id);
    expect(ids).toContain(ctx.group.id);
    expect(ids).not.toContain(inactiveGroup.id);
  });

  it('accepts step 1 without writing anything', async () => {
    const before = await counts();
    const res = await post('/register/?step=1', company());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ step: 1, valid: true });
    expect(await counts()).toEqual(before);
  });

  it('refuses each step-1 rule with its message, and writes nothing', async () => {
    const before = await counts();
    const res = await post('/register/?step=1', {
      supplier_name: 'AB',
      supplier_registration_code: '1234',
      supplier_address: 'Tee',
      supplier_country_code: 'XX',
      supplier_email: 'not-an-email',
      supplier_notes: 'abc',
      supplier_groups: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      supplier_name: ['min_length_3'],
      supplier_registration_code: ['min_length_5'],
      supplier_address: ['min_length_5'],
      supplier_country_code: ['invalid_choice'],
      supplier_email: ['invalid_email'],
      supplier_notes: ['min_length_5'],
      supplier_groups: ['choose_group'],
    });
    const blank = await post('/register/?step=1', {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json().supplier_name).toEqual(['required']);
    const nul = await post('/register/?step=1', company({ supplier_name: 'Firma\u0000 OÜ' }));
    expect(nul.json()).toEqual({ supplier_name: ['invalid'] });
    const invisible = await post('/register/?step=1', company({ supplier_name: '\u200b\u200b\u200b\u200b' }));
    expect(invisible.json()).toEqual({ supplier_name: ['invalid'] });
    const badGroup = await post('/register/?step=1', company({ supplier_groups: [inactiveGroup.id] }));
    expect(badGroup.json()).toEqual({ supplier_groups: ['invalid_choice'] });
    expect(await counts()).toEqual(before);
  });

  it('registers an inactive new company with an ADVANCED admin user and mails the administrators and the user', async () => {
    const c = company({ supplier_country_code: 'EE', supplier_groups: [ctx.group.id, ctx.group2.id] });
    const p = person({ user_personal_code: '38001085718', user_language_code: 'ru' });
    const res = await post('/register/', { ...c, ...p });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ registered: true });

    const [s] = await ctx.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.registrationCode, c.supplier_registration_code));
    expect(s).toMatchObject({ name: c.supplier_name, isActive: false, isNew: true, countryCode: 'EE' });
    const groupRows = await ctx.db.select().from(supplierGroups).where(eq(supplierGroups.supplierId, s.id));
    expect(groupRows.map((g) => g.groupId).sort()).toEqual([ctx.group.id, ctx.group2.id].sort());
    const [u] = await ctx.db.select().from(users).where(eq(users.supplierId, s.id));
    expect(u).toMatchObject({
      email: p.user_email,
      group: 'SUPPLIER',
      supplierRole: 'ADVANCED',
      isAdmin: true,
      personalCode: '38001085718',
      phone: '+37255512345',
      language: 'ru',
      passwordHash: null,
    });
    const consents = await ctx.db.select().from(termsConsents).where(eq(termsConsents.userId, u.id));
    expect(consents).toHaveLength(1);

    const admins = await mailsTo('admins@example.test');
    expect(admins).toHaveLength(1);
    expect(admins[0].subject).toBe(`Uus tarnija registreerus: ${c.supplier_name}`);
    expect(admins[0].text).toContain(c.supplier_registration_code);
    expect(admins[0].text).toContain('38001085718');
    const mine = smtp.messages.filter((m) => m.to.includes(p.user_email));
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Регистрация в портале закупок');
    expect(mine[0].text).toContain('Mari Maasikas');

    // The company is not active yet: no login.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: p.user_email, password: 'whatever1' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('registers a registration code once', async () => {
    const c = company();
    expect((await post('/register/', { ...c, ...person() })).statusCode).toBe(200);
    const before = await counts();
    const again = await post('/register/', {
      ...c,
      supplier_registration_code: c.supplier_registration_code.toLowerCase(),
      ...person(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ supplier_registration_code: ['regcode_exists'] });
    const step1 = await post('/register/?step=1', c);
    expect(step1.json()).toEqual({ supplier_registration_code: ['regcode_exists'] });
    expect(await counts()).toEqual(before);
  });

  it('checks the main user: agreement, phone, e-mail, personal code only for EE and null when empty', async () => {
    const before = await counts();
    const res = await post('/register/', {
      ...company(),
      user_first_name: ' ',
      user_last_name: '',
      user_phone: '12ab',
      user_email: 'x@',
      user_language_code: 'de',
      agreed: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      user_first_name: ['required'],
      user_last_name: ['required'],
      user_phone: ['invalid_phone'],
      user_email: ['invalid_email'],
      user_language_code: ['invalid_choice'],
      agreed: ['terms_agreement_required'],
    });
    const foreign = await post('/register/', {
      ...company({ supplier_country_code: 'LV' }),
      ...person({ user_personal_code: '38001085718' }),
    });
    expect(foreign.json()).toEqual({ user_personal_code: ['personal_code_only_ee'] });
    const wrongCode = await post('/register/', {
      ...company(),
      ...person({ user_personal_code: '38001085719' }),
    });
    expect(wrongCode.json()).toEqual({ user_personal_code: ['invalid_personal_code'] });
    expect(await counts()).toEqual(before);

    const p = person({ user_personal_code: '' });
    const ok = await post('/register/', { ...company({ supplier_country_code: 'LV' }), ...p });
    expect(ok.statusCode).toBe(200);
    const [u] = await ctx.db.select().from(users).where(eq(users.email, p.user_email));
    expect(u.personalCode).toBeNull();
  });

  it('does not tell that an e-mail is taken: same answer, nothing created, the owner gets a recovery link', async () => {
    const owner = ctx.users.contractor;
    const before = await counts();
    const res = await post('/register/', {
      ...company(),
      ...person({ user_email: owner.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ registered: true });
    const after = await counts();
    expect(after.suppliers).toBe(before.suppliers);
    expect(after.users).toBe(before.users);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Salasõna taastamine');
  });

  it('is rate-limited per address and per e-mail', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await post('/register/?step=1', company(), ip)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await post('/register/?step=1', company(), ip)).json()).toEqual({ detail: 'too_many_requests' });

    const email = `limit.${uid()}@example.test`;
    const answers: number[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await post('/register/', { ...company(), ...person({ user_email: email }) })).statusCode);
    // The first registers, the next two look the same (taken), the fourth is refused — as for any address.
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('password recovery and reset', () => {
  async function recoveryKey(email: string) {
    const res = await post('/forgot_password/', { email });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(email);
    const key = keyOf(mails.at(-1)?.text ?? '');
    expect(key).toBeTruthy();
    return decodeURIComponent(key as string);
  }

  it('answers the same whether or not the e-mail exists, and mails only an existing account', async () => {
    const known = await post('/forgot_password/', { email: ctx.users.master.email });
    const unknown = await post('/forgot_password/', { email: `nobody.${uid()}@example.test` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await recoveriesSettled(ctx.db);
    await ctx.app.outbox.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const [m] = smtp.messages;
    expect(m.to).toEqual([ctx.users.master.email]);
    expect(m.text).toMatch(/https:\/\/portal\.example\.test\/reset\?key=[A-Za-z0-9_-]{43}/);
    expect(m.text).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(m.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // Only the hash is stored.
    const key = keyOf(m.text) as string;
    const rows = await ctx.db.select().from(authTokens).where(eq(authTokens.kind, 'reset'));
    expect(rows.some((r) => r.keyHash.includes(key))).toBe(false);
  });

  it('refuses bad recovery input with 400', async () => {
    expect((await post('/forgot_password/', {})).json()).toEqual({ email: ['required'] });
    expect((await post('/forgot_password/', { email: 'nope' })).json()).toEqual({ email: ['invalid_email'] });
    expect((await post('/forgot_password/', { email: 'a\u0000@b.ee' })).statusCode).toBe(400);
  });

  it('sets a new password once, logs out everywhere, and the key cannot be used again', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER', groupIds: [ctx.group.id], language: 'en' });
    const session = await ctx.login(user.email);
    const key = await recoveryKey(user.email);
    expect(smtp.messages.at(-1)?.subject).toBe('Password recovery');

    const res = await post('/reset_password/', {
      key,
      password1: 'Kevad2026rong',
      password2: 'Kevad2026rong',
    });
    expect(res.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${session}` },
    });
    expect(me.statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email: user.email, password: 'Kevad2026rong' },
        })
      ).statusCode,
    ).toBe(200);

    const again = await post('/reset_password/', {
      key,
      password1: 'Suvi2026buss',
      password2: 'Suvi2026buss',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ key: ['reset_link_invalid'] });
  });

  it('applies the password rules and changes nothing when they fail', async () => {
    const user = await buildUser(ctx.db, {
      group: 'CONTRACTOR',
      firstName: 'Kristjan',
      lastName: 'Lepik',
      groupIds: [ctx.group.id],
    });
    const key = await recoveryKey(user.email);
    const [before] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const cases: [string, string, Record<string, string[]>][] = [
      ['Ab1', 'Ab1', { password1: ['password_too_short'] }],
      ['onlyletters', 'onlyletters', { password1: ['password_letters_and_digits'] }],
      ['12345678901', '12345678901', { password1: ['password_letters_and_digits', 'password_too_common'] }],
      ['kristjan2026', 'kristjan2026', { password1: ['password_too_similar'] }],
      [
        `${user.email.split('@')[0]}9`,
        `${user.email.split('@')[0]}9`,
        { password1: ['password_too_similar'] },
      ],
      ['password1', 'password1', { password1: ['password_too_common'] }],
      ['Qwerty123', 'Qwerty123', { password1: ['password_too_common'] }],
      [
        'Kevad2026rong',
        'Kevad2026ronk',
        { password1: ['passwords_not_same'], password2: ['passwords_not_same'] },
      ],
      ['', '', { password1: ['password_empty'], password2: ['password_empty'] }],
    ];
    for (const [password1, password2, expected] of cases) {
      const res = await post('/reset_password/', { key, password1, password2 });
      expect(res.statusCode, password1).toBe(400);
      expect(res.json(), password1).toEqual(expected);
    }
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    // The key still works after refused attempts.
    expect(
      (await post('/reset_password/', { key, password1: 'Talv2026tramm', password2: 'Talv2026tramm' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an unknown, missing or expired key with the link message', async () => {
    expect(
      (
        await post('/reset_password/', {
          key: 'x'.repeat(43),
          password1: 'Kevad2026rong',
          password2: 'Kevad2026rong',
        })
      ).json(),
    ).toEqual({ key: ['reset_link_invalid'] });
    expect((await post('/reset_password/', { password1: 'a', password2: 'a' })).json()).toEqual({
      key: ['reset_link_invalid'],
    });
    const user = await buildUser(ctx.db, { group: 'MASTER' });
    const key = await recoveryKey(user.email);
    advance(24 * 3600 + 1);
    const late = await post('/reset_password/', {
      key,
      password1: 'Kevad2026rong',
      password2: 'Kevad2026rong',
    });
    expect(late.json()).toEqual({ key: ['reset_link_invalid'] });
    advance(-(24 * 3600 + 1));
  });

  it('makes an older link stop working when a newer one is sent', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER' });
    const first = await recoveryKey(user.email);
    const second = await recoveryKey(user.email);
    expect(
      (
        await post('/reset_password/', { key: first, password1: 'Kevad2026rong', password2: 'Kevad2026rong' })
      ).json(),
    ).toEqual({ key: ['reset_link_invalid'] });
    expect(
      (
        await post('/reset_password/', {
          key: second,
          password1: 'Kevad2026rong',
          password2: 'Kevad2026rong',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('rate-limits recovery per address (429) and per e-mail (same answer, no more mail)', async () => {
    const ip = newIp();
    const codes: number[] = [];
    const max = ctx.app.config.RECOVERY_ADDRESS_LIMIT;
    for (let i = 0; i <= max; i++)
      codes.push((await post('/forgot_password/', { email: `n${i}.${uid()}@example.test` }, ip)).statusCode);
    expect(codes.slice(0, max).every((c) => c === 200)).toBe(true);
    expect(codes[max]).toBe(429);

    const user = await buildUser(ctx.db, { group: 'MASTER' });
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/forgot_password/', { email: user.email })).body);
    expect(new Set(answers).size).toBe(1);
    expect(await mailsTo(user.email)).toHaveLength(3);
    // An unknown e-mail over its limit answers exactly the same.
    const nobody = `nobody.${uid()}@example.test`;
    for (let i = 0; i < 5; i++)
      expect((await post('/forgot_password/', { email: nobody })).body).toBe(answers[0]);
  });

  it('rate-limits reset attempts per address', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await post('/reset_password/', { key: `k${i}`.repeat(10), password1: 'a', password2: 'a' }, ip))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('sends no link to a deactivated account', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER', isActive: false });
    expect((await post('/forgot_password/', { email: user.email })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('invitations', () => {
  it('mails a new worker a single-use set-password link in their language', async () => {
    const worker = await buildUser(ctx.db, {
      group: 'CONTRACTOR',
      groupIds: [ctx.group.id],
      passwordHash: null,
      language: 'ru',
      firstName: 'Павел',
      lastName: 'Иванов',
    });
    await ctx.db.transaction((tx) => sendInvitation(tx, worker.id));
    const [m] = await mailsTo(worker.email);
    expect(m.subject).toBe('Приглашение в портал закупок');
    expect(m.text).toContain('Павел Иванов');
    expect(m.text).toContain(worker.email);
    expect(m.text).toMatch(/действует до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const key = decodeURIComponent(keyOf(m.text) as string);
    const res = await post('/reset_password/', { key, password1: 'Trammid2026x', password2: 'Trammid2026x' });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email: worker.email, password: 'Trammid2026x' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/reset_password/', { key, password1: 'Trammid2026y', password2: 'Trammid2026y' })).json(),
    ).toEqual({ key: ['reset_link_invalid'] });
  });

  it('keeps an invitation valid for 7 days, not longer', async () => {
    const employee = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: ctx.supplierCo.id,
      supplierRole: 'PLAIN',
      passwordHash: null,
    });
    await ctx.db.transaction((tx) => sendInvitation(tx, employee.id));
    const [m] = await mailsTo(employee.email);
    expect(m.subject).toBe('Kutse hankeportaali');
    const key = decodeURIComponent(keyOf(m.text) as string);
    advance(7 * 24 * 3600 + 60);
    expect(
      (await post('/reset_password/', { key, password1: 'Trammid2026x', password2: 'Trammid2026x' })).json(),
    ).toEqual({ key: ['reset_link_invalid'] });
    advance(-(7 * 24 * 3600 + 60));
  });
});

describe('sessions follow the account', () => {
  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Token ${token}` } });

  it('ends a user’s sessions on deactivation; re-activation does not revive them', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER', groupIds: [ctx.group.id] });
    const token = await ctx.login(user.email);
    expect((await profile(token)).statusCode).toBe(200);
    expect(await ctx.db.transaction((tx) => setUserActive(tx, user.id, false))).toBe(true);
    expect((await profile(token)).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    await ctx.db.transaction((tx) => setUserActive(tx, user.id, true));
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(await ctx.login(user.email))).statusCode).toBe(200);
    // Nothing to change: false, no second audit.
    expect(await ctx.db.transaction((tx) => setUserActive(tx, user.id, true))).toBe(false);
  });

  it('refuses a token whose user was deactivated directly in the database (the check looks at the user)', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER' });
    const token = await ctx.login(user.email);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await profile(token)).statusCode).toBe(401);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('refuses a token whose company is inactive even before tokens are revoked (the check looks at the company)', async () => {
    const co = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const user = await buildUser(ctx.db, { group: 'SUPPLIER', supplierId: co.id, supplierRole: 'PLAIN' });
    const token = await ctx.login(user.email);
    await ctx.db.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, co.id));
    expect((await profile(token)).statusCode).toBe(401);
    await ctx.db.update(suppliers).set({ isActive: true }).where(eq(suppliers.id, co.id));
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('ends every session of a company’s users when the company is deactivated and mails them', async () => {
    const co = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const main = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: co.id,
      isAdmin: true,
      language: 'en',
    });
    const plain = await buildUser(ctx.db, { group: 'SUPPLIER', supplierId: co.id, supplierRole: 'PLAIN' });
    const tokens = [await ctx.login(main.email), await ctx.login(plain.email), await ctx.login(plain.email)];
    const other = await ctx.tokenOf('supplier2');
    expect(await ctx.db.transaction((tx) => setSupplierActive(tx, co.id, false))).toBe(true);
    for (const t of tokens) expect((await profile(t)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(200);
    const live = await ctx.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, plain.id), sql`${authTokens.revoked} is null`));
    expect(live).toHaveLength(0);
    const [closed] = await mailsTo(main.email);
    expect(closed.subject).toBe('Your account has been closed');

    smtp.clear();
    await ctx.db.transaction((tx) => setSupplierActive(tx, co.id, true));
    for (const t of tokens) expect((await profile(t)).statusCode).toBe(401);
    expect((await profile(await ctx.login(plain.email))).statusCode).toBe(200);
    const opened = await mailsTo(main.email);
    expect(opened[0].subject).toBe('Your account has been activated');
    const admins = smtp.messages.filter((m) => m.to.includes('admins@example.test'));
    expect(admins[0].subject).toContain(main.lastName);
  });

  it('mails a registered main user a set-password link when the company is activated', async () => {
    const p = person({ user_language_code: 'en' });
    expect((await post('/register/', { ...company(), ...p })).statusCode).toBe(200);
    const [u] = await ctx.db.select().from(users).where(eq(users.email, p.user_email));
    smtp.clear();
    await ctx.db.transaction((tx) => setSupplierActive(tx, u.supplierId as number, true));
    const m = (await mailsTo(p.user_email)).find((x) => keyOf(x.text));
    expect(m?.subject).toBe('Invitation to the procurement portal');
    expect(m?.text).toContain('https://portal.example.test/reset?key=');
    const key = decodeURIComponent(keyOf(m?.text ?? '') as string);
    expect(
      (await post('/reset_password/', { key, password1: 'Varuosad2026', password2: 'Varuosad2026' }))
        .statusCode,
    ).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: p.user_email, password: 'Varuosad2026' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a registered company in once it is activated and its user has set a password', async () => {
    const p = person({ user_language_code: 'en' });
    expect((await post('/register/', { ...company(), ...p })).statusCode).toBe(200);
    const [u] = await ctx.db.select().from(users).where(eq(users.email, p.user_email));
    await ctx.db.transaction((tx) => setSupplierActive(tx, u.supplierId as number, true));
    smtp.clear();
    expect((await post('/forgot_password/', { email: p.user_email })).statusCode).toBe(200);
    const m = (await mailsTo(p.user_email)).find((x) => x.subject === 'Password recovery');
    expect(m && keyOf(m.text)).toBeTruthy();
    const key = decodeURIComponent(keyOf(m?.text ?? '') as string);
    expect(
      (await post('/reset_password/', { key, password1: 'Varuosad2026', password2: 'Varuosad2026' }))
        .statusCode,
    ).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: p.user_email, password: 'Varuosad2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'ADVANCED', is_admin: true, language: 'en' });
    expect((await profile(login.json().token)).statusCode).toBe(200);
  });
});

describe('bad input never breaks the account routes', () => {
  it('answers 4xx (never 5xx) and changes nothing for malformed bodies and queries', async () => {
    const before = await counts();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { supplier_name: ['a'], supplier_groups: 'x' },
      { supplier_groups: [1.5, -1, 'a'] },
      { supplier_name: 'x'.repeat(100_000) },
      { email: { $ne: null } },
      { key: null, password1: 5, password2: true },
      { key: 'k'.repeat(5000), password1: 'a'.repeat(5000), password2: 'a'.repeat(5000) },
      { ...company(), ...person(), agreed: 'true', user_language_code: null, user_personal_code: 12345 },
      { ...company({ supplier_country_code: 'ee' }), ...person() },
      { ...company({ supplier_email: 'a\u0000@b.ee' }), ...person({ user_first_name: '\u0000' }) },
    ];
    const wrong: string[] = [];
    for (const url of [
      '/register/?step=1',
      '/register/',
      '/register/?step=3',
      '/forgot_password/',
      '/reset_password/',
    ])
      for (const body of bodies) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api${url}`,
          remoteAddress: newIp(),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode < 400 || res.statusCode >= 500)
          wrong.push(`${url} ${JSON.stringify(body).slice(0, 60)} → ${res.statusCode}`);
      }
    for (const url of ['/register/', '/forgot_password/', '/reset_password/']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api${url}`,
        remoteAddress: newIp(),
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
      });
      if (res.statusCode !== 400) wrong.push(`${url} broken JSON → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
