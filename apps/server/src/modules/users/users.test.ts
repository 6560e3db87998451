// People API by role: own profile, password change, account deletion, supplier employees (own company only),
// workers (administrators only), removal; 401/403/400 with nothing changed.
import { passwordProblems } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildSupplier, buildUser, TEST_PASSWORD, uid } from '../../test/factories.ts';
import { buildTender } from '../../test/tenders.ts';

const ctx = await testContext();
const userRow = async (id: number) => (await ctx.db.select().from(s.users).where(eq(s.users.id, id)))[0];
const mailsTo = async (email: string) =>
  (
    (await ctx.db.execute(
      sql`select payload->>'template' as t from outbox where kind = 'email' and payload->>'to' = ${email} order by id`,
    )) as unknown as { rows: { t: string }[] }
  ).rows.map((r) => r.t);
const asToken = (token: string, opts: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }) =>
  ctx.app.inject({ ...opts, headers: { authorization: `Token ${token}` } });

describe('the password rule', () => {
  it('wants 8+ characters with letters and digits, without the name or e-mail', () => {
    expect(passwordProblems('')).toEqual(['password_empty']);
    expect(passwordProblems('abc12')).toEqual(['password_too_short']);
    expect(passwordProblems('abcdefghij')).toEqual(['password_letters_and_digits']);
    expect(passwordProblems('1234567890')).toEqual(['password_letters_and_digits']);
    expect(passwordProblems('Mari2026parts', { first_name: 'Mari' })).toEqual(['password_too_similar']);
    expect(passwordProblems('xjuhan.k99z', { email: 'juhan.k@firma.ee' })).toEqual(['password_too_similar']);
    expect(passwordProblems('Kevad2026talv', { first_name: 'Mari', email: 'mari@firma.ee' })).toEqual([]);
  });
});

describe('own profile', () => {
  it('PATCH /users/{id}/ changes the own data only; another id is 403; anonymous 401', async () => {
    const me = ctx.users.contractor;
    const r = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/users/${me.id}/`,
      payload: { first_name: 'Kati', last_name: 'Kask', phone: '+372 5551234', position: 'Ostja', role: 'x' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ firstName: 'Kati', lastName: 'Kask', position: 'Ostja' });
    const other = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/users/${me.id}/`,
      payload: { first_name: 'X' },
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await ctx.as(null, { method: 'PATCH', url: `/api/users/${me.id}/`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await userRow(me.id)).firstName).toBe('Kati');
  });

  it('answers field errors and keeps the data: bad e-mail, taken e-mail, NUL, locked personal code', async () => {
    const me = ctx.users.master;
    const before = await userRow(me.id);
    const cases: [object, object][] = [
      [{ email: 'nope' }, { email: ['invalid_email'] }],
      [{ email: ctx.users.admin.email.toUpperCase() }, { email: ['email_exists'] }],
      [{ first_name: 'a\u0000' }, { first_name: ['invalid_characters'] }],
      [{ first_name: ' ' }, { first_name: ['required'] }],
      [{ personal_code: '12ab' }, { personal_code: ['invalid_personal_code'] }],
    ];
    for (const [payload, errors] of cases) {
      const r = await ctx.as('master', { method: 'PATCH', url: `/api/users/${me.id}/`, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()).toEqual(errors);
    }
    await ctx.db
      .update(s.users)
      .set({ isAuthorized: true, personalCode: '38001010000' })
      .where(eq(s.users.id, me.id));
    const locked = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/users/${me.id}/`,
      payload: { personal_code: '38001019999' },
    });
    expect(locked.json()).toEqual({ personal_code: ['personal_code_locked'] });
    const same = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/users/${me.id}/`,
      payload: { personal_code: '38001010000', position: 'Meister' },
    });
    expect(same.statusCode).toBe(200);
    expect(await userRow(me.id)).toMatchObject({
      email: before.email,
      firstName: before.firstName,
      personalCode: '38001010000',
    });
    const profile = (await ctx.as('master', { method: 'GET', url: '/api/profile/' })).json();
    expect(profile.results[0].is_authorized).toBe(true);
  });

  it('checks the current password first, then changes it and ends the other sessions', async () => {
    const u = await buildUser(ctx.db, { group: 'CONTRACTOR', groupIds: [ctx.group.id], firstName: 'Jaan' });
    const t1 = await ctx.login(u.email);
    const t2 = await ctx.login(u.email);
    let r = await asToken(t1, {
      method: 'POST',
      url: '/api/check_password/',
      payload: { current_password: 'wrong1234' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ current_password: ['wrong_current_password'] });
    r = await asToken(t1, {
      method: 'POST',
      url: '/api/check_password/',
      payload: { current_password: TEST_PASSWORD, new_password: 'jaan12345' },
    });
    expect(r.json()).toEqual({ new_password: ['password_too_similar'] });
    r = await asToken(t1, {
      method: 'POST',
      url: '/api/check_password/',
      payload: { current_password: TEST_PASSWORD, new_password: 'password123' },
    });
    expect(r.json()).toEqual({ new_password: ['password_too_common'] });
    r = await asToken(t1, {
      method: 'POST',
      url: '/api/check_password/',
      payload: { current_password: TEST_PASSWORD },
    });
    expect(r.json()).toEqual({ valid: true });

    const change = (payload: object) =>
      asToken(t1, { method: 'POST', url: '/api/change_profile_password/', payload });
    const hash = (await userRow(u.id)).passwordHash;
    for (const [payload, errors] of [
      [
        { current_password: TEST_PASSWORD, password1: 'Uus2026salasona', password2: 'Uus2026salasonx' },
        { password1: ['passwords_not_same'], password2: ['passwords_not_same'] },
      ],
      [
        { current_password: TEST_PASSWORD, password1: 'q7Wz9x', password2: 'q7Wz9x' },
        { password1: ['password_too_short'] },
      ],
      [
        { current_password: 'Wrong2026x', password1: 'Uus2026salasona', password2: 'Uus2026salasona' },
        { current_password: ['wrong_current_password'] },
      ],
      [
        { current_password: TEST_PASSWORD, password1: '', password2: '' },
        { password1: ['password_empty'], password2: ['password_empty'] },
      ],
    ] as const) {
      r = await change(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()).toEqual(errors);
    }
    expect((await userRow(u.id)).passwordHash).toBe(hash);
    r = await change({
      current_password: TEST_PASSWORD,
      password1: 'Uus2026salasona',
      password2: 'Uus2026salasona',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await asToken(t1, { method: 'GET', url: '/api/profile/' })).statusCode).toBe(200);
    expect((await asToken(t2, { method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    await ctx.login(u.email, 'Uus2026salasona');
  });

  it('GET /delete_account/ closes the own account: no more sign-in, sessions end, the e-mail is free again', async () => {
    const u = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: ctx.supplierCo.id,
      supplierRole: 'PLAIN',
    });
    const token = await ctx.login(u.email);
    expect((await ctx.as(null, { method: 'GET', url: '/api/delete_account/' })).statusCode).toBe(401);
    const r = await asToken(token, { method: 'GET', url: '/api/delete_account/' });
    expect(r.statusCode).toBe(200);
    expect((await asToken(token, { method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(await userRow(u.id)).toMatchObject({ isDeleted: true, isActive: false, personalCode: null });
    await buildUser(ctx.db, { group: 'MASTER', email: u.email });
  });

  it('refuses to close the account of a company’s only main user until another main user is named', async () => {
    const co = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const main = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: co.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    });
    const plain = await buildUser(ctx.db, { group: 'SUPPLIER', supplierId: co.id, supplierRole: 'PLAIN' });
    const token = await ctx.login(main.email);
    let r = await asToken(token, { method: 'GET', url: '/api/delete_account/' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ non_field_errors: ['only_main_user'] });
    expect(await userRow(main.id)).toMatchObject({ isDeleted: false, isActive: true });
    expect((await asToken(token, { method: 'GET', url: '/api/profile/' })).statusCode).toBe(200);
    // Another main user named: now he may go.
    await ctx.db
      .update(s.users)
      .set({ isAdmin: true, supplierRole: 'ADVANCED' })
      .where(eq(s.users.id, plain.id));
    r = await asToken(token, { method: 'GET', url: '/api/delete_account/' });
    expect(r.statusCode).toBe(200);
    expect(await userRow(main.id)).toMatchObject({ isDeleted: true });
  });
});

describe('supplier employees', () => {
  const employee = (over: object = {}) => ({
    first_name: 'Peeter',
    last_name: `Tamm ${uid()}`,
    email: `peeter.${uid()}@example.test`,
    phone: '+372 5123456',
    personal_code: null,
    position: 'Müügijuht',
    role: 'PLAIN',
    is_active: true,
    supplier__id: ctx.supplierCo.id,
    warehouse_group: [ctx.group.id],
    ...over,
  });

  it('the ADVANCED user adds and edits its own company’s employees', async () => {
    let r = await ctx.as('supplier', { method: 'POST', url: '/api/supplier_users/', payload: employee() });
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json();
    expect(await mailsTo(created.email)).toEqual(['USER_INVITATION']);
    expect(created).toMatchObject({
      role: 'PLAIN',
      supplier__id: ctx.supplierCo.id,
      terms_accepted: null,
      warehouse_groups: [ctx.group.name],
    });
    r = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/supplier_users/${created.id}/`,
      payload: { role: 'ADVANCED', position: 'Juhataja' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ role: 'ADVANCED', position: 'Juhataja' });
    const list = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/supplier_users/?is_admin=false&supplier=${ctx.supplierCo.id}&page_size=30`,
    });
    expect(list.json().results.map((x: { id: number }) => x.id)).toContain(created.id);
    expect(list.json().results.every((x: { is_admin: boolean }) => !x.is_admin)).toBe(true);
    const adminList = await ctx.as('admin', {
      method: 'GET',
      url: `/api/supplier_users/?supplier=${ctx.supplierCo.id}&ordering=-last_name`,
    });
    expect(typeof adminList.json().results[0].terms_accepted).toBe('boolean');
  });

  it('a PLAIN employee cannot list, add or change its company’s users', async () => {
    const count = async () =>
      (await ctx.db.select().from(s.users).where(eq(s.users.supplierId, ctx.supplierCo.id))).length;
    const before = await count();
    expect((await ctx.as('employee', { method: 'GET', url: '/api/supplier_users/' })).statusCode).toBe(403);
    expect(
      (await ctx.as('employee', { method: 'POST', url: '/api/supplier_users/', payload: employee() }))
        .statusCode,
    ).toBe(403);
    const target = ctx.users.supplier;
    const r = await ctx.as('employee', {
      method: 'PATCH',
      url: `/api/supplier_users/${target.id}/`,
      payload: { is_active: false },
    });
    expect(r.statusCode).toBe(403);
    const rm = await ctx.as('employee', {
      method: 'POST',
      url: '/api/remove_account/',
      payload: { user_id: target.id },
    });
    expect(rm.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await userRow(target.id)).isActive).toBe(true);
  });

  it('another company’s ADVANCED user can neither see nor touch the employees (404/403) and nothing changes', async () => {
    const target = ctx.users.employee;
    const before = await userRow(target.id);
    expect(
      (
        await ctx.as('supplier2', {
          method: 'GET',
          url: `/api/supplier_users/?supplier=${ctx.supplierCo.id}`,
        })
      ).statusCode,
    ).toBe(403);
    const own = await ctx.as('supplier2', { method: 'GET', url: '/api/supplier_users/' });
    expect(
      own.json().results.every((x: { supplier__id: number }) => x.supplier__id === ctx.supplierCo2.id),
    ).toBe(true);
    expect(
      (await ctx.as('supplier2', { method: 'GET', url: `/api/supplier_users/${target.id}/` })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.as('supplier2', {
          method: 'PATCH',
          url: `/api/supplier_users/${target.id}/`,
          payload: { first_name: 'Hacked' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.as('supplier2', { method: 'POST', url: '/api/supplier_users/', payload: employee() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.as('supplier2', {
          method: 'POST',
          url: '/api/remove_account/',
          payload: { user_id: target.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(await userRow(target.id)).toEqual(before);
  });

  it('contractors read employees but do not change them; masters get 403', async () => {
    expect(
      (
        await ctx.as('contractor', {
          method: 'GET',
          url: `/api/supplier_users/?supplier=${ctx.supplierCo.id}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.as('contractor', { method: 'POST', url: '/api/supplier_users/', payload: employee() }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.as('master', { method: 'GET', url: '/api/supplier_users/' })).statusCode).toBe(403);
    expect((await ctx.as(null, { method: 'GET', url: '/api/supplier_users/' })).statusCode).toBe(401);
  });

  it('answers field errors (required fields, taken e-mail, a group the company does not serve) and adds nobody', async () => {
    const cases: [object, object][] = [
      [{ phone: '' }, { phone: ['required'] }],
      [{ first_name: '' }, { first_name: ['required'] }],
      [{ email: ctx.users.admin.email }, { email: ['email_exists'] }],
      [{ role: 'BOSS' }, { role: ['invalid_choice'] }],
      [
        { supplier__id: ctx.supplierCo2.id, warehouse_group: [ctx.group2.id] },
        { warehouse_group: ['group_not_of_supplier'] },
      ],
    ];
    for (const [change, errors] of cases) {
      const body = employee(change);
      const r = await ctx.as('admin', { method: 'POST', url: '/api/supplier_users/', payload: body });
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
      expect(r.json()).toEqual(errors);
      const rows = await ctx.db
        .select()
        .from(s.users)
        .where(eq(s.users.lastName, String(body.last_name)));
      expect(rows).toHaveLength(0);
    }
  });

  it('deactivating an employee ends its sessions; its main user stays ADVANCED', async () => {
    const u = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: ctx.supplierCo.id,
      supplierRole: 'PLAIN',
    });
    const token = await ctx.login(u.email);
    const r = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/supplier_users/${u.id}/`,
      payload: { is_active: false },
    });
    expect(r.statusCode).toBe(200);
    expect((await asToken(token, { method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    const main = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/supplier_users/${ctx.users.supplier.id}/`,
      payload: { role: 'PLAIN' },
    });
    expect(main.json()).toEqual({ role: ['invalid_choice'] });
  });
});

describe('workers', () => {
  const worker = (over: object = {}) => ({
    first_name: 'Tiina',
    last_name: `Mets ${uid()}`,
    email: `tiina.${uid()}@example.test`,
    phone: '+372 5234567',
    warehouse_group: [ctx.group.id],
    ...over,
  });

  it('administrators add a worker (CONTRACTOR by default, may-blacklist), edit and list it', async () => {
    let r = await ctx.as('admin', {
      method: 'POST',
      url: '/api/workers/',
      payload: worker({ can_blacklist: true }),
    });
    expect(r.statusCode, r.body).toBe(201);
    const w = r.json();
    expect(w).toMatchObject({
      group: 'CONTRACTOR',
      is_active: true,
      can_blacklist: true,
      warehouse_groups: [ctx.group.name],
    });
    // The new worker is invited to set a password.
    expect(await mailsTo(w.email)).toEqual(['USER_INVITATION']);
    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/workers/${w.id}/`,
      payload: { group: 'MASTER', bc_code: 'BC-7' },
    });
    // Fields left out keep their values (no defaults on a change).
    expect(r.json()).toMatchObject({
      group: 'MASTER',
      bc_code: 'BC-7',
      can_blacklist: true,
      is_active: true,
    });
    r = await ctx.as('admin', {
      method: 'GET',
      url: `/api/workers/?search=${encodeURIComponent(w.last_name)}`,
    });
    expect(r.json().results.map((x: { id: number }) => x.id)).toEqual([w.id]);
    r = await ctx.as('admin', { method: 'GET', url: '/api/workers/?ordering=-last_login' });
    expect(r.statusCode).toBe(200);
    expect(r.json().results.every((x: { group: string }) => x.group !== 'SUPPLIER')).toBe(true);
  });

  it('is for administrators only (401/403) and nothing is added', async () => {
    for (const role of ['contractor', 'master', 'supplier', 'employee'] as const) {
      const body = worker();
      expect((await ctx.as(role, { method: 'GET', url: '/api/workers/' })).statusCode).toBe(403);
      expect((await ctx.as(role, { method: 'POST', url: '/api/workers/', payload: body })).statusCode).toBe(
        403,
      );
      expect(
        (
          await ctx.as(role, {
            method: 'PATCH',
            url: `/api/workers/${ctx.users.master.id}/`,
            payload: { is_active: false },
          })
        ).statusCode,
      ).toBe(403);
      const rows = await ctx.db.select().from(s.users).where(eq(s.users.email, body.email));
      expect(rows).toHaveLength(0);
    }
    expect((await ctx.as(null, { method: 'GET', url: '/api/workers/' })).statusCode).toBe(401);
    expect((await userRow(ctx.users.master.id)).isActive).toBe(true);
  });

  it('requires at least one group and valid fields (400, nothing saved); a supplier user is not a worker (404)', async () => {
    const cases: [object, object][] = [
      [{ warehouse_group: [] }, { warehouse_group: ['choose_group'] }],
      [{ warehouse_group: undefined }, { warehouse_group: ['required'] }],
      [{ group: 'SUPPLIER' }, { group: ['invalid_choice'] }],
      [{ email: 'a@b' }, { email: ['invalid_email'] }],
      [{ phone: 'call me' }, { phone: ['invalid_phone'] }],
    ];
    for (const [change, errors] of cases) {
      const body = worker(change);
      const r = await ctx.as('admin', { method: 'POST', url: '/api/workers/', payload: body });
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
      expect(r.json()).toEqual(errors);
    }
    expect(
      (await ctx.as('admin', { method: 'GET', url: `/api/workers/${ctx.users.supplier.id}/` })).statusCode,
    ).toBe(404);
    const self = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/workers/${ctx.users.admin.id}/`,
      payload: { is_active: false },
    });
    expect(self.json()).toEqual({ is_active: ['cannot_remove_self'] });
  });

  it('removal: a worker without history goes; one who created tenders is kept (forbidden); self is refused', async () => {
    const r = await ctx.as('admin', { method: 'POST', url: '/api/workers/', payload: worker() });
    const w = r.json();
    expect(
      (
        await ctx.as('contractor', {
          method: 'POST',
          url: '/api/remove_account/',
          payload: { user_id: w.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.as('admin', { method: 'POST', url: '/api/remove_account/', payload: { user_id: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.as('admin', { method: 'POST', url: '/api/remove_account/', payload: { user_id: w.id } }))
        .statusCode,
    ).toBe(204);
    expect(await userRow(w.id)).toBeUndefined();

    await buildTender(ctx, 'DRAFT', { lines: 1 }); // created by the administrator
    const creator = await ctx.db.execute(
      sql`select creator_id from tenders where creator_id is not null limit 1`,
    );
    const creatorId = Number((creator as unknown as { rows: { creator_id: number }[] }).rows[0].creator_id);
    const other = await buildUser(ctx.db, { group: 'ADMINISTRATOR', groupIds: [ctx.group.id] });
    const token = await ctx.login(other.email);
    const kept = await asToken(token, {
      method: 'POST',
      url: '/api/remove_account/',
      payload: { user_id: creatorId },
    });
    expect(kept.statusCode).toBe(403);
    expect(kept.json()).toEqual({ detail: 'forbidden' });
    expect(await userRow(creatorId)).toBeTruthy();
    const self = await ctx.as('admin', {
      method: 'POST',
      url: '/api/remove_account/',
      payload: { user_id: ctx.users.admin.id },
    });
    expect(self.json()).toEqual({ user_id: ['cannot_remove_self'] });
  });

  it('the ADVANCED user removes its own employee but not its main user', async () => {
    const u = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: ctx.supplierCo.id,
      supplierRole: 'PLAIN',
    });
    const second = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: ctx.supplierCo.id,
      supplierRole: 'ADVANCED',
    });
    expect(
      (await ctx.as('supplier', { method: 'POST', url: '/api/remove_account/', payload: { user_id: u.id } }))
        .statusCode,
    ).toBe(204);
    const token = await ctx.login(second.email);
    const r = await asToken(token, {
      method: 'POST',
      url: '/api/remove_account/',
      payload: { user_id: ctx.users.supplier.id },
    });
    expect(r.statusCode).toBe(403);
  });
});
