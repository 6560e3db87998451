// Suppliers API by role: list, page, form, supplier-page edits, activation mails and sessions, categories,
// removal, and that the groups edited here decide which tenders a supplier sees.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildGroup, buildSupplier, buildUser, TEST_PASSWORD, uid } from '../../test/factories.ts';
import { advance, buildTender, offer, offerLine } from '../../test/tenders.ts';

const ctx = await testContext();

const supplierRow = async (id: number) =>
  (await ctx.db.select().from(s.suppliers).where(eq(s.suppliers.id, id)))[0];
const outboxFor = async (email: string) =>
  (
    (await ctx.db.execute(
      sql`select payload from outbox where kind = 'email' and payload->>'to' = ${email} order by id`,
    )) as unknown as { rows: { payload: { template: string; language: string } }[] }
  ).rows.map((r) => r.payload);

describe('GET /suppliers/', () => {
  it('answers 401 without a token and 403 to masters and supplier users', async () => {
    expect((await ctx.as(null, { method: 'GET', url: '/api/suppliers/' })).statusCode).toBe(401);
    for (const role of ['master', 'supplier', 'employee'] as const)
      expect((await ctx.as(role, { method: 'GET', url: '/api/suppliers/' })).statusCode).toBe(403);
  });

  it('lists suppliers newest first with groups, user counts, is_new, and filters by group and search', async () => {
    const g = await buildGroup(ctx.db);
    const fresh = await buildSupplier(ctx.db, { isNew: true, name: `Fresh ${uid()} OÜ` }, [g.id]);
    await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: fresh.id,
      supplierRole: 'ADVANCED',
      isActive: false,
    });
    for (const role of ['admin', 'contractor'] as const) {
      const res = await ctx.as(role, { method: 'GET', url: `/api/suppliers/?filter_groups=${g.id}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({
        id: fresh.id,
        is_new: true,
        warehouse_groups: [g.name],
        active_users: 0,
        non_active_users: 1,
      });
    }
    const all = (await ctx.as('admin', { method: 'GET', url: '/api/suppliers/' })).json();
    expect(all.results[0].id).toBeGreaterThan(all.results[1].id); // default ordering -id
    const found = await ctx.as('admin', {
      method: 'GET',
      url: `/api/suppliers/?search=${encodeURIComponent(fresh.registrationCode)}`,
    });
    expect(found.json().results.map((r: { id: number }) => r.id)).toEqual([fresh.id]);
    const exported = await ctx.as('admin', {
      method: 'GET',
      url: `/api/suppliers/?page_size=0&ids=${fresh.id},${ctx.supplierCo.id}`,
    });
    expect(Array.isArray(exported.json())).toBe(true);
    expect(exported.json()).toHaveLength(2);
  });

  it("shows each company's first and last offer time as its offers stand, after a new set, a resend and a withdrawal", async () => {
    const listed = async (id: number) => {
      const name = (await supplierRow(id)).name;
      const res = await ctx.as('admin', {
        method: 'GET',
        url: `/api/suppliers/?search=${encodeURIComponent(name)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().results.find((r: { id: number }) => r.id === id);
      return { first: row.last_proposal_date, last: row.last_proposal_date_updated };
    };
    const recount = async (id: number) => {
      const [r] = (
        (await ctx.db.execute(
          sql`select min(created) as first, max(updated) as last from proposals where supplier_id = ${id}`,
        )) as unknown as { rows: { first: string | Date | null; last: string | Date | null }[] }
      ).rows;
      const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
      return { first: iso(r.first), last: iso(r.last) };
    };
    const co = ctx.supplierCo.id;
    await buildTender(ctx, 'ACTIVE', { lines: 1 });
    await advance(ctx, 90);
    const b = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const afterSets = await recount(co);
    expect(afterSets.first).not.toBeNull();
    expect(afterSets.last).not.toBe(afterSets.first);
    expect(await listed(co)).toEqual(afterSets);
    // a resend on the second tender: the last time moves, the first stays
    await advance(ctx, 90);
    const res = await offer(ctx, 'supplier', b.id, [
      { detail: b.lines[0], offers: [offerLine(b.producers[0], '9,99')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const afterResend = await recount(co);
    expect(afterResend.last).not.toBe(afterSets.last);
    expect(afterResend.first).toBe(afterSets.first);
    expect(await listed(co)).toEqual(afterResend);
    // the second tender's offer withdrawn: the last time goes back to the first tender's
    const gone = await ctx.as('supplier', { method: 'DELETE', url: `/api/tenders/${b.id}/offer/` });
    expect(gone.statusCode, gone.body).toBe(200);
    const afterWithdrawal = await recount(co);
    expect(afterWithdrawal.last! < afterResend.last!).toBe(true);
    expect(await listed(co)).toEqual(afterWithdrawal);
    // a company that never offered has neither
    const none = await buildSupplier(ctx.db, { name: `Never ${uid()} OÜ` }, []);
    expect(await listed(none.id)).toEqual({ first: null, last: null });
  });

  it('answers 400 to bad list input', async () => {
    for (const q of ['filter_groups=a', 'ordering=password_hash', 'page=0', 'is_active=maybe']) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/suppliers/?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('GET /suppliers/{id}/', () => {
  it('shows the supplier page to administrators, contractors and its own ADVANCED users only', async () => {
    const id = ctx.supplierCo.id;
    for (const role of ['admin', 'contractor', 'supplier'] as const) {
      const res = await ctx.as(role, { method: 'GET', url: `/api/suppliers/${id}/` });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().registration_code).toBe(ctx.supplierCo.registrationCode);
    }
    expect((await ctx.as('employee', { method: 'GET', url: `/api/suppliers/${id}/` })).statusCode).toBe(403);
    expect((await ctx.as('master', { method: 'GET', url: `/api/suppliers/${id}/` })).statusCode).toBe(403);
    // Another company's ADVANCED user learns nothing, not even that the supplier exists.
    expect((await ctx.as('supplier2', { method: 'GET', url: `/api/suppliers/${id}/` })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/suppliers/abc/' })).statusCode).toBe(400);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/suppliers/99999999/' })).statusCode).toBe(404);
  });

  it('sends abilities: administrators edit everything, ADVANCED users their own data, contractors the switch', async () => {
    const a = (await ctx.as('admin', { method: 'GET', url: `/api/suppliers/${ctx.supplierCo.id}/` })).json();
    expect(a.abilities).toMatchObject({ edit: true, edit_groups: true, edit_categories: true, remove: true });
    const c = (
      await ctx.as('contractor', { method: 'GET', url: `/api/suppliers/${ctx.supplierCo.id}/` })
    ).json();
    expect(c.abilities).toMatchObject({ edit: false, switch_view_proposals: true, edit_categories: false });
    const own = (
      await ctx.as('supplier', { method: 'GET', url: `/api/suppliers/${ctx.supplierCo.id}/` })
    ).json();
    expect(own.abilities).toMatchObject({
      edit: true,
      edit_groups: false,
      manage_users: true,
      remove: false,
    });
  });
});

describe('POST /suppliers/', () => {
  const body = () => ({
    name: `Added ${uid()} OÜ`,
    registration_code: `7${uid()}`,
    email: `added.${uid()}@example.test`,
    country_code: 'EE',
    is_active: true,
    is_employees_can_view_proposal: false,
    warehouse_groups: [ctx.group.id],
  });

  it('lets an administrator add a supplier with its groups', async () => {
    const b = body();
    const res = await ctx.as('admin', { method: 'POST', url: '/api/suppliers/', payload: b });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: b.name, warehouse_groups: [ctx.group.name], is_active: true });
  });

  it('refuses other roles with 403 and creates nothing', async () => {
    for (const role of ['contractor', 'master', 'supplier', 'employee'] as const) {
      const b = body();
      const res = await ctx.as(role, { method: 'POST', url: '/api/suppliers/', payload: b });
      expect(res.statusCode, role).toBe(403);
      const rows = await ctx.db.select().from(s.suppliers).where(eq(s.suppliers.name, b.name));
      expect(rows).toHaveLength(0);
    }
    expect((await ctx.as(null, { method: 'POST', url: '/api/suppliers/', payload: body() })).statusCode).toBe(
      401,
    );
  });

  it('answers field errors (no group, duplicate code, bad e-mail, NUL) and saves nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ warehouse_groups: [] }, { warehouse_groups: ['choose_group'] }],
      [{ registration_code: ctx.supplierCo.registrationCode }, { registration_code: ['regcode_exists'] }],
      [{ email: 'not-an-email' }, { email: ['invalid_email'] }],
      [{ name: 'A\u0000B' }, { name: ['invalid_characters'] }],
      [{ name: '  --  ' }, { name: ['needs_letter_or_digit'] }],
      [{ name: '' }, { name: ['required'] }],
      [{ warehouse_groups: [99999999] }, { warehouse_groups: ['invalid_choice'] }],
      [{ country_code: 'Estonia' }, { country_code: ['invalid_country'] }],
    ];
    for (const [change, errors] of cases) {
      const b = { ...body(), ...change };
      const res = await ctx.as('admin', { method: 'POST', url: '/api/suppliers/', payload: b });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject(errors);
      const rows = await ctx.db
        .select()
        .from(s.suppliers)
        .where(eq(s.suppliers.email, String(b.email)));
      expect(rows).toHaveLength(0);
    }
  });
});

describe('PATCH /suppliers/{id}/', () => {
  it('lets its own ADVANCED user change the company data, but not activation, groups or code', async () => {
    const id = ctx.supplierCo.id;
    const res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/suppliers/${id}/`,
      payload: { address: 'Pärnu mnt 1, Tallinn', notes: 'Open 8-17', is_employees_can_view_proposal: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      address: 'Pärnu mnt 1, Tallinn',
      is_employees_can_view_proposal: true,
    });
    const before = await supplierRow(id);
    for (const payload of [
      { is_active: false },
      { registration_code: `9${uid()}` },
      { warehouse_groups: [ctx.group.id] },
      { address: 'Elsewhere 5', is_active: false },
    ]) {
      const r = await ctx.as('supplier', { method: 'PATCH', url: `/api/suppliers/${id}/`, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect(await supplierRow(id)).toEqual(before);
  });

  it('refuses a PLAIN employee any change of its company', async () => {
    const id = ctx.supplierCo.id;
    const before = await supplierRow(id);
    for (const payload of [
      { address: 'Hacked 1' },
      { is_employees_can_view_proposal: !before.isEmployeesCanViewProposal },
      { name: 'X' },
    ]) {
      const r = await ctx.as('employee', { method: 'PATCH', url: `/api/suppliers/${id}/`, payload });
      expect(r.statusCode).toBe(403);
    }
    expect(await supplierRow(id)).toEqual(before);
  });

  it('refuses another company’s ADVANCED user (404) and changes nothing', async () => {
    const id = ctx.supplierCo.id;
    const before = await supplierRow(id);
    const r = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/suppliers/${id}/`,
      payload: { notes: 'mine now' },
    });
    expect(r.statusCode).toBe(404);
    expect(await supplierRow(id)).toEqual(before);
  });

  it('lets contractors switch whether employees may view offers, nothing else; anyone who sees it clears is_new', async () => {
    const sup = await buildSupplier(ctx.db, { isNew: true }, [ctx.group.id]);
    let r = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { is_employees_can_view_proposal: true },
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { name: 'Renamed' },
    });
    expect(r.statusCode).toBe(403);
    r = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { is_new: false },
    });
    expect(r.statusCode).toBe(200);
    expect(await supplierRow(sup.id)).toMatchObject({
      isNew: false,
      isEmployeesCanViewProposal: true,
      name: sup.name,
    });
  });

  it('tells a company waiting for its first activation from a blocked one, whoever opened its page', async () => {
    // As registration leaves it: inactive, new, never activated.
    const sup = await buildSupplier(ctx.db, { isNew: true, isActive: false }, [ctx.group.id]);
    const status = async () =>
      (
        await ctx.as('admin', {
          method: 'GET',
          url: `/api/suppliers/?search=${encodeURIComponent(sup.registrationCode)}`,
        })
      ).json().results[0] as { is_active: boolean; awaiting_activation: boolean };
    expect(await status()).toMatchObject({ is_active: false, awaiting_activation: true });
    const patch = (payload: Record<string, unknown>) =>
      ctx.as('admin', { method: 'PATCH', url: `/api/suppliers/${sup.id}/`, payload });
    expect((await patch({ is_new: false })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ is_active: false, awaiting_activation: true });
    expect((await patch({ is_active: true })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ is_active: true, awaiting_activation: false });
    expect((await patch({ is_active: false })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ is_active: false, awaiting_activation: false });
  });

  it('answers 400 to bad input and changes nothing', async () => {
    const id = ctx.supplierCo.id;
    const before = await supplierRow(id);
    for (const payload of [
      { email: 'x' },
      { warehouse_groups: [] },
      { name: 'a\u0000' },
      { is_active: 'yes' },
      { registration_code: ctx.supplierCo2.registrationCode },
      { categories: [{ group: 'x', categories: [] }] },
    ]) {
      const r = await ctx.as('admin', { method: 'PATCH', url: `/api/suppliers/${id}/`, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await supplierRow(id)).toEqual(before);
  });
});

describe('activation and deactivation', () => {
  it('deactivation mails ACCOUNT_DEACTIVATED, ends the company’s sessions at once; activation mails ACCOUNT_ACTIVATED', async () => {
    const sup = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const main = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: sup.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
      language: 'en',
    });
    const token = await ctx.login(main.email);
    const call = () =>
      ctx.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Token ${token}` } });
    expect((await call()).statusCode).toBe(200);

    let r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { is_active: false },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call()).statusCode).toBe(401);
    const left = await ctx.db.select().from(s.authTokens).where(eq(s.authTokens.userId, main.id));
    expect(left.every((t) => t.revoked !== null)).toBe(true);
    expect(await outboxFor(main.email)).toEqual([
      expect.objectContaining({ template: 'ACCOUNT_DEACTIVATED', language: 'ENG' }),
    ]);

    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { is_active: true },
    });
    expect(r.statusCode).toBe(200);
    // The old session stays dead after re-activation.
    expect((await call()).statusCode).toBe(401);
    expect((await outboxFor(main.email)).map((p) => p.template)).toEqual([
      'ACCOUNT_DEACTIVATED',
      'ACCOUNT_ACTIVATED',
    ]);
  });

  it('a self-registered company’s main user signs in only once an administrator activates the company', async () => {
    const sup = await buildSupplier(ctx.db, { isActive: false, isNew: true }, [ctx.group.id]);
    const main = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: sup.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    });
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: main.email, password: TEST_PASSWORD },
    });
    expect(before.statusCode).toBe(403);
    const r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { is_active: true },
    });
    expect(r.statusCode).toBe(200);
    expect((await outboxFor(main.email)).map((p) => p.template)).toEqual(['ACCOUNT_ACTIVATED']);
    await ctx.login(main.email);
  });
});

describe('categories', () => {
  async function tree() {
    const [top] = await ctx.db
      .insert(s.categories)
      .values({ name: `Engine ${uid()}`, isPlaced: true })
      .returning();
    const [mid] = await ctx.db
      .insert(s.categories)
      .values({ name: `Filters ${uid()}`, parentId: top.id, isPlaced: true })
      .returning();
    const [leaf] = await ctx.db
      .insert(s.categories)
      .values({ name: `Oil ${uid()}`, parentId: mid.id, isPlaced: true })
      .returning();
    await ctx.db
      .insert(s.categoryGroups)
      .values([top, mid, leaf].map((c) => ({ categoryId: c.id, groupId: ctx.group.id })));
    return { top, mid, leaf };
  }

  it('serves the group’s tree nested, to those who see the supplier page', async () => {
    const { top, mid, leaf } = await tree();
    const url = `/api/suppliers/${ctx.supplierCo.id}/category_tree/?group=${ctx.group.id}`;
    const r = await ctx.as('supplier', { method: 'GET', url });
    expect(r.statusCode, r.body).toBe(200);
    const node = r.json().list.find((n: { key: number }) => n.key === top.id);
    expect(node.nested[0]).toMatchObject({ key: mid.id, nested: [{ key: leaf.id, text: leaf.name }] });
    expect((await ctx.as('employee', { method: 'GET', url })).statusCode).toBe(403);
    expect((await ctx.as('supplier2', { method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'GET', url: url.replace(/group=\d+/, 'group=x') })).statusCode,
    ).toBe(400);
  });

  it('lets an administrator replace a group’s categories, guarded by category_update_ts', async () => {
    const { mid, leaf } = await tree();
    const sup = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    let r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: {
        categories: [{ group: ctx.group.id, categories: [mid.id, leaf.id] }],
        category_update_ts: null,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const ts = r.json().category_update_ts;
    expect(ts).toBeTruthy();
    expect(r.json().categories.sort()).toEqual([mid.name, leaf.name].sort());
    const links = await ctx.as('admin', {
      method: 'GET',
      url: `/api/supplier_category_groups/?page_size=200&supplier=${sup.id}&group=${ctx.group.id}`,
    });
    expect(
      links
        .json()
        .results.map((l: { category: number }) => l.category)
        .sort(),
    ).toEqual([mid.id, leaf.id].sort());
    // An editor that started before this save is refused instead of overwriting it.
    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { categories: [{ group: ctx.group.id, categories: [] }], category_update_ts: null },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ categories: ['category_conflict'] });
    // A group the supplier does not serve, or a category of another group, is refused.
    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { categories: [{ group: ctx.group2.id, categories: [] }] },
    });
    expect(r.json()).toEqual({ categories: ['group_not_of_supplier'] });
    const [other] = await ctx.db
      .insert(s.categories)
      .values({ name: `Other ${uid()}`, isPlaced: true })
      .returning();
    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { categories: [{ group: ctx.group.id, categories: [other.id] }], category_update_ts: ts },
    });
    expect(r.json()).toEqual({ categories: ['category_not_in_group'] });
    const after = await ctx.db
      .select()
      .from(s.supplierCategoryGroups)
      .where(eq(s.supplierCategoryGroups.supplierId, sup.id));
    expect(after).toHaveLength(2);
  });

  it('refuses category changes by the supplier itself (ADVANCED and PLAIN) and by contractors', async () => {
    const { leaf } = await tree();
    const id = ctx.supplierCo.id;
    const before = await ctx.db
      .select()
      .from(s.supplierCategoryGroups)
      .where(eq(s.supplierCategoryGroups.supplierId, id));
    for (const role of ['supplier', 'employee', 'contractor'] as const) {
      const r = await ctx.as(role, {
        method: 'PATCH',
        url: `/api/suppliers/${id}/`,
        payload: { categories: [{ group: ctx.group.id, categories: [leaf.id] }] },
      });
      expect(r.statusCode, role).toBe(403);
      const p = await ctx.as(role, {
        method: 'POST',
        url: '/api/supplier_category_groups/',
        payload: { supplier: id, group: ctx.group.id, category: leaf.id },
      });
      expect(p.statusCode, role).toBe(403);
    }
    const after = await ctx.db
      .select()
      .from(s.supplierCategoryGroups)
      .where(eq(s.supplierCategoryGroups.supplierId, id));
    expect(after).toEqual(before);
  });

  it('adds and deletes single links (administrator); suppliers read only their own links', async () => {
    const { leaf } = await tree();
    const sup = ctx.supplierCo2.id;
    const r = await ctx.as('admin', {
      method: 'POST',
      url: '/api/supplier_category_groups/',
      payload: { supplier: sup, group: ctx.group.id, category: leaf.id },
    });
    expect(r.statusCode, r.body).toBe(201);
    const link = r.json();
    expect(
      (
        await ctx.as('supplier2', { method: 'GET', url: `/api/supplier_category_groups/?supplier=${sup}` })
      ).json().results,
    ).toEqual([link]);
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/supplier_category_groups/?supplier=${sup}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.as('employee', { method: 'GET', url: '/api/supplier_category_groups/' })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.as('supplier2', { method: 'DELETE', url: `/api/supplier_category_groups/${link.id}/` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.as('admin', { method: 'DELETE', url: `/api/supplier_category_groups/${link.id}/` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.as('admin', { method: 'DELETE', url: `/api/supplier_category_groups/${link.id}/` }))
        .statusCode,
    ).toBe(404);
    const bad = await ctx.as('admin', {
      method: 'POST',
      url: '/api/supplier_category_groups/',
      payload: { supplier: sup },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /remove_supplier/ and tender visibility', () => {
  it('keeps a supplier with offers (forbidden), removes one without, only for administrators', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    expect(t.id).toBeGreaterThan(0);
    let r = await ctx.as('admin', {
      method: 'POST',
      url: '/api/remove_supplier/',
      payload: { supplier_id: ctx.supplierCo.id },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ detail: 'forbidden' });
    expect(await supplierRow(ctx.supplierCo.id)).toBeTruthy();

    const sup = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const u = await buildUser(ctx.db, { group: 'SUPPLIER', supplierId: sup.id, supplierRole: 'PLAIN' });
    for (const role of ['contractor', 'supplier'] as const) {
      r = await ctx.as(role, {
        method: 'POST',
        url: '/api/remove_supplier/',
        payload: { supplier_id: sup.id },
      });
      expect(r.statusCode).toBe(403);
    }
    r = await ctx.as('admin', {
      method: 'POST',
      url: '/api/remove_supplier/',
      payload: { supplier_id: 'x' },
    });
    expect(r.statusCode).toBe(400);
    r = await ctx.as('admin', {
      method: 'POST',
      url: '/api/remove_supplier/',
      payload: { supplier_id: sup.id },
    });
    expect(r.statusCode).toBe(204);
    expect(await supplierRow(sup.id)).toBeUndefined();
    expect(await ctx.db.select().from(s.users).where(eq(s.users.id, u.id))).toHaveLength(0);
  });

  it('a supplier sees a tender only while an administrator keeps the tender’s group among its groups', async () => {
    const t = await buildTender(ctx, 'WAITING', { lines: 1 });
    const sup = await buildSupplier(ctx.db, {}, [ctx.group.id]);
    const main = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: sup.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    });
    const token = await ctx.login(main.email);
    const sees = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/tenders/${t.id}/`,
        headers: { authorization: `Token ${token}` },
      });
      return res.statusCode;
    };
    expect(await sees()).toBe(200);
    let r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { warehouse_groups: [ctx.group2.id] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await sees()).toBe(404);
    r = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/suppliers/${sup.id}/`,
      payload: { warehouse_groups: [ctx.group.id, ctx.group2.id] },
    });
    expect(await sees()).toBe(200);
    const groupsNow = await ctx.db
      .select()
      .from(s.supplierGroups)
      .where(and(eq(s.supplierGroups.supplierId, sup.id)));
    expect(groupsNow).toHaveLength(2);
  });
});
