import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups, warehouses } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildGroup, buildWarehouse, uid } from '../../test/factories.ts';

const ctx = await testContext();

const countGroups = async () => (await ctx.db.select({ id: groups.id }).from(groups)).length;
const countWarehouses = async () => (await ctx.db.select({ id: warehouses.id }).from(warehouses)).length;

describe('groups', () => {
  it('creates, reads, edits and lists a group', async () => {
    const name = `Trammid ${uid()}`;
    let res = await ctx.as('contractor', {
      method: 'POST',
      url: '/api/groups/',
      payload: { name, is_active: true },
    });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toEqual({ id: expect.any(Number), name, is_active: true, is_deleted: false });

    res = await ctx.as('admin', { method: 'GET', url: `/api/groups/${g.id}/` });
    expect(res.json()).toEqual(g);

    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/groups/${g.id}/`,
      payload: { name: `${name} 2`, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...g, name: `${name} 2`, is_active: false });

    res = await ctx.as('admin', { method: 'GET', url: '/api/groups/', query: { search: `${name} 2` } });
    expect(res.json()).toEqual({
      results: [{ ...g, name: `${name} 2`, is_active: false }],
      pages: 1,
      count: 1,
    });
  });

  it('requires a name and refuses a name a live group already has (any case), changing nothing', async () => {
    const before = await countGroups();
    let res = await ctx.as('admin', { method: 'POST', url: '/api/groups/', payload: { is_active: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['required'] });
    res = await ctx.as('admin', { method: 'POST', url: '/api/groups/', payload: { name: '   ' } });
    expect(res.json()).toEqual({ name: ['blank'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/groups/',
      payload: { name: ctx.group.name.toUpperCase() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['name_exists'] });
    expect(await countGroups()).toBe(before);

    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/groups/${ctx.group2.id}/`,
      payload: { name: ctx.group.name, is_active: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['name_exists'] });
    const [g2] = await ctx.db.select().from(groups).where(eq(groups.id, ctx.group2.id));
    expect(g2.name).toBe(ctx.group2.name);
    expect(g2.isActive).toBe(true);
  });

  it('soft-deletes: the group is disabled, leaves lists, answers 404, and its name is free again', async () => {
    const g = await buildGroup(ctx.db);
    let res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/groups/${g.id}/`,
      payload: { is_deleted: true, is_active: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, is_deleted: true, is_active: false });
    res = await ctx.as('admin', { method: 'GET', url: '/api/groups/', query: { page_size: '0' } });
    expect(res.json().map((x: { id: number }) => x.id)).not.toContain(g.id);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/groups/${g.id}/` })).statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'PATCH', url: `/api/groups/${g.id}/`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    res = await ctx.as('admin', { method: 'POST', url: '/api/groups/', payload: { name: g.name } });
    expect(res.statusCode).toBe(201);
  });

  it('filters by is_active', async () => {
    const off = await buildGroup(ctx.db, { isActive: false });
    const res = await ctx.as('admin', {
      method: 'GET',
      url: '/api/groups/',
      query: { is_active: 'false', page_size: '0' },
    });
    const rows = res.json() as { id: number; is_active: boolean }[];
    expect(rows.map((r) => r.id)).toContain(off.id);
    expect(rows.every((r) => !r.is_active)).toBe(true);
    const on = await ctx.as('admin', {
      method: 'GET',
      url: '/api/groups/',
      query: { is_active: 'true', page_size: '0' },
    });
    expect((on.json() as { id: number }[]).map((r) => r.id)).not.toContain(off.id);
  });

  it('lets every signed-in user read groups, only Administrator and Contractor write them', async () => {
    for (const role of ['master', 'supplier', 'employee'] as const) {
      expect((await ctx.as(role, { method: 'GET', url: '/api/groups/' })).statusCode).toBe(200);
      expect((await ctx.as(role, { method: 'GET', url: `/api/groups/${ctx.group.id}/` })).statusCode).toBe(
        200,
      );
      const post = await ctx.as(role, {
        method: 'POST',
        url: '/api/groups/',
        payload: { name: `Nope ${uid()}` },
      });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ detail: 'forbidden' });
      const patch = await ctx.as(role, {
        method: 'PATCH',
        url: `/api/groups/${ctx.group.id}/`,
        payload: { is_deleted: true },
      });
      expect(patch.statusCode).toBe(403);
    }
    const anon = await ctx.as(null, { method: 'GET', url: '/api/groups/' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'not_authenticated' });
    const [g] = await ctx.db.select().from(groups).where(eq(groups.id, ctx.group.id));
    expect(g.isDeleted).toBe(false);
  });
});

describe('racing saves', () => {
  it('lets one of several simultaneous saves of one name win and answers the others 400, never 500', async () => {
    const name = `Race ${uid()}`;
    const res = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.as('admin', { method: 'POST', url: '/api/groups/', payload: { name } }),
      ),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of res.filter((x) => x.statusCode === 400))
      expect(r.json()).toEqual({ name: ['name_exists'] });

    const code = `R${uid()}`;
    const wres = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.as('admin', {
          method: 'POST',
          url: '/api/warehouses/',
          payload: { name: `W ${uid()}`, group: ctx.group.id, code },
        }),
      ),
    );
    expect(wres.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of wres.filter((x) => x.statusCode === 400))
      expect(r.json()).toEqual({ code: ['warehouse_code_exists'] });
  });
});

describe('warehouses', () => {
  it('creates, reads, edits and lists a warehouse with its group name', async () => {
    const u = uid();
    const body = {
      name: `Ladu ${u}`,
      group: ctx.group.id,
      code: `C${u}`,
      address: `Tallinn, Pärnu mnt ${u}`,
      description: 'Main store',
    };
    let res = await ctx.as('admin', { method: 'POST', url: '/api/warehouses/', payload: body });
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w).toEqual({ id: expect.any(Number), ...body, group_name: ctx.group.name, is_active: true });

    expect((await ctx.as('master', { method: 'GET', url: `/api/warehouses/${w.id}/` })).json()).toEqual(w);

    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/warehouses/${w.id}/`,
      payload: { id: w.id, name: `Ladu ${u} B`, group: ctx.group2.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...w,
      name: `Ladu ${u} B`,
      group: ctx.group2.id,
      group_name: ctx.group2.name,
    });

    res = await ctx.as('master', {
      method: 'GET',
      url: '/api/warehouses/',
      query: { group: String(ctx.group2.id), is_active: 'true' },
    });
    expect(res.json().results.map((x: { id: number }) => x.id)).toContain(w.id);
    res = await ctx.as('master', {
      method: 'GET',
      url: '/api/warehouses/',
      query: { group: String(ctx.group.id), page_size: '0' },
    });
    expect(res.json().map((x: { id: number }) => x.id)).not.toContain(w.id);
  });

  it('requires name and group; a group must exist and be live', async () => {
    const before = await countWarehouses();
    let res = await ctx.as('admin', { method: 'POST', url: '/api/warehouses/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['required'], group: ['required'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses/',
      payload: { name: '', group: ctx.group.id },
    });
    expect(res.json()).toEqual({ name: ['blank'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses/',
      payload: { name: `W ${uid()}`, group: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ group: ['invalid_choice'] });
    const gone = await buildGroup(ctx.db, { isDeleted: true, isActive: false });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses/',
      payload: { name: `W ${uid()}`, group: gone.id },
    });
    expect(res.json()).toEqual({ group: ['invalid_choice'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses/',
      payload: { name: `W ${uid()}`, group: 'one' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ group: ['not_a_number'] });
    expect(await countWarehouses()).toBe(before);
  });

  it('keeps name, address and code unique and says which one clashed, changing nothing', async () => {
    const other = await buildWarehouse(ctx.db, { groupId: ctx.group.id });
    const before = await countWarehouses();
    const post = (payload: Record<string, unknown>) =>
      ctx.as('admin', { method: 'POST', url: '/api/warehouses/', payload });
    let res = await post({ name: other.name.toLowerCase(), group: ctx.group.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['warehouse_name_exists'] });
    res = await post({ name: `W ${uid()}`, group: ctx.group.id, address: other.address!.toUpperCase() });
    expect(res.json()).toEqual({ address: ['warehouse_address_exists'] });
    res = await post({ name: `W ${uid()}`, group: ctx.group.id, code: other.code });
    expect(res.json()).toEqual({ code: ['warehouse_code_exists'] });
    res = await post({ name: other.name, group: ctx.group.id, code: other.code, address: other.address });
    expect(res.json()).toEqual({
      name: ['warehouse_name_exists'],
      address: ['warehouse_address_exists'],
      code: ['warehouse_code_exists'],
    });
    expect(await countWarehouses()).toBe(before);

    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/warehouses/${ctx.warehouse.id}/`,
      payload: { code: other.code, description: 'changed' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['warehouse_code_exists'] });
    const [w] = await ctx.db.select().from(warehouses).where(eq(warehouses.id, ctx.warehouse.id));
    expect(w.code).toBe(ctx.warehouse.code);
    expect(w.description).toBe(ctx.warehouse.description);

    // Saving a warehouse with its own name/code/address is not a clash; blank code and address may repeat.
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/warehouses/${other.id}/`,
      payload: { name: other.name, code: other.code, address: other.address },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      res = await post({ name: `W ${uid()}`, group: ctx.group.id, code: '', address: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ code: '', address: '' });
    }
  });

  it('answers 404 for an unknown warehouse and 400 for a bad id', async () => {
    expect((await ctx.as('admin', { method: 'GET', url: '/api/warehouses/999999/' })).statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'PATCH', url: '/api/warehouses/999999/', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    const res = await ctx.as('admin', { method: 'GET', url: '/api/warehouses/1e3/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['invalid_id'] });
  });

  it('hides warehouses from suppliers and lets only Administrator and Contractor write', async () => {
    for (const role of ['supplier', 'employee'] as const) {
      expect((await ctx.as(role, { method: 'GET', url: '/api/warehouses/' })).statusCode).toBe(403);
      expect(
        (await ctx.as(role, { method: 'GET', url: `/api/warehouses/${ctx.warehouse.id}/` })).statusCode,
      ).toBe(403);
    }
    for (const role of ['master', 'supplier'] as const) {
      const post = await ctx.as(role, {
        method: 'POST',
        url: '/api/warehouses/',
        payload: { name: `W ${uid()}`, group: ctx.group.id },
      });
      expect(post.statusCode).toBe(403);
      const patch = await ctx.as(role, {
        method: 'PATCH',
        url: `/api/warehouses/${ctx.warehouse.id}/`,
        payload: { name: 'Hacked' },
      });
      expect(patch.statusCode).toBe(403);
    }
    expect((await ctx.as(null, { method: 'GET', url: '/api/warehouses/' })).statusCode).toBe(401);
    expect((await ctx.as(null, { method: 'POST', url: '/api/warehouses/', payload: {} })).statusCode).toBe(
      401,
    );
    const [w] = await ctx.db.select().from(warehouses).where(eq(warehouses.id, ctx.warehouse.id));
    expect(w.name).toBe(ctx.warehouse.name);
  });
});
