import { describe, expect, it } from 'vitest';
import { testContext } from '../../test/context.ts';
import { buildProducer, uid } from '../../test/factories.ts';

const ctx = await testContext();

describe('producers', () => {
  it('lists producers by name for every signed-in user, suppliers included, and refuses anonymous calls', async () => {
    const tag = uid();
    await buildProducer(ctx.db, { name: `Zeta ${tag}` });
    await buildProducer(ctx.db, { name: `Alfa ${tag}` });
    await buildProducer(ctx.db, { name: `Beta ${tag}`, isActive: false });
    await buildProducer(ctx.db, { name: `Gone ${tag}`, isActive: false, isDeleted: true });
    for (const role of ['admin', 'master', 'supplier', 'employee'] as const) {
      const res = await ctx.as(role, { method: 'GET', url: `/api/producers/?search=${tag}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(3);
      expect(body.results.map((p: { name: string }) => p.name)).toEqual([
        `Alfa ${tag}`,
        `Beta ${tag}`,
        `Zeta ${tag}`,
      ]);
    }
    expect((await ctx.as(null, { method: 'GET', url: '/api/producers/' })).statusCode).toBe(401);
    const desc = await ctx.as('admin', {
      method: 'GET',
      url: `/api/producers/?search=${tag}&ordering=-name`,
    });
    expect(desc.json().results[0].name).toBe(`Zeta ${tag}`);
    const bad = await ctx.as('admin', { method: 'GET', url: '/api/producers/?ordering=created' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the inline search: active only, name contains, five results', async () => {
    const tag = uid();
    for (let i = 0; i < 7; i++) await buildProducer(ctx.db, { name: `Kx${tag} ${i}` });
    await buildProducer(ctx.db, { name: `Kx${tag} off`, isActive: false });
    const res = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/producers/?is_active=true&page_size=5&name__icontains=kx${tag.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(7);
    expect(body.pages).toBe(2);
    expect(body.results).toHaveLength(5);
    expect(body.results.every((p: { is_active: boolean }) => p.is_active)).toBe(true);
  });

  it('reads one producer and answers 404 for unknown or deleted ones', async () => {
    const p = await buildProducer(ctx.db);
    const res = await ctx.as('supplier', { method: 'GET', url: `/api/producers/${p.id}/` });
    expect(res.json()).toEqual({ id: p.id, name: p.name, is_active: true, is_deleted: false });
    expect((await ctx.as('admin', { method: 'GET', url: '/api/producers/999999/' })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/producers/abc/' })).statusCode).toBe(400);
  });

  it('lets a supplier add a producer inline; it is always active', async () => {
    const name = `Ülemiste Пружина ${uid()}`;
    const res = await ctx.as('employee', {
      method: 'POST',
      url: '/api/producers/',
      payload: { name, is_active: false, is_deleted: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, is_active: true, is_deleted: false });
    const found = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/producers/?is_active=true&name__icontains=${encodeURIComponent('пружина')}`,
    });
    expect(found.json().results.map((p: { name: string }) => p.name)).toContain(name);
  });

  it('enforces the name rules', async () => {
    const post = (name: unknown) =>
      ctx.as('admin', {
        method: 'POST',
        url: '/api/producers/',
        payload: { name, is_active: true, is_deleted: false },
      });
    for (const name of ['-Bosch', 'Bosch.', '(ZF', '12345', '12 345', 'Bo"sch', '"Hella"']) {
      const res = await post(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ name: ['producer_name_invalid'] });
    }
    expect((await post('')).json()).toEqual({ name: ['blank'] });
    expect((await post('   ')).json()).toEqual({ name: ['blank'] });
    expect((await post(undefined)).json()).toEqual({ name: ['required'] });
    for (const name of ['MANN-FILTER', 'Knorr-Bremse 2', '3M', 'Febi Bilstein', `Sachs ${uid()}`]) {
      const res = await post(name);
      expect(res.statusCode, name).toBe(201);
    }
    // surrounding spaces are trimmed, not taken for symbols
    const trimmed = await post(`  Trim ${uid()}  `);
    expect(trimmed.statusCode).toBe(201);
    expect(trimmed.json().name).toMatch(/^Trim [0-9a-f]+$/);
  });

  it('refuses a duplicate name, case-insensitively, also on edit', async () => {
    const name = `Dup ${uid()}`;
    expect(
      (await ctx.as('admin', { method: 'POST', url: '/api/producers/', payload: { name } })).statusCode,
    ).toBe(201);
    const dup = await ctx.as('supplier', {
      method: 'POST',
      url: '/api/producers/',
      payload: { name: name.toUpperCase() },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['producer_exists'] });
    const other = await buildProducer(ctx.db);
    const edit = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/producers/${other.id}/`,
      payload: { name: name.toLowerCase() },
    });
    expect(edit.json()).toEqual({ name: ['producer_exists'] });
  });

  it('edits and soft deletes as Administrator or Contractor only', async () => {
    const p = await buildProducer(ctx.db);
    for (const role of ['master', 'supplier'] as const) {
      const res = await ctx.as(role, {
        method: 'PATCH',
        url: `/api/producers/${p.id}/`,
        payload: { is_active: false },
      });
      expect(res.statusCode).toBe(403);
    }
    const newName = `Renamed ${uid()}`;
    const edit = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/producers/${p.id}/`,
      payload: { id: p.id, name: newName, is_active: false },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toEqual({ id: p.id, name: newName, is_active: false, is_deleted: false });
    // keeping its own name (any case change) is allowed
    const same = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/producers/${p.id}/`,
      payload: { name: newName.toUpperCase() },
    });
    expect(same.statusCode).toBe(200);
    const del = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/producers/${p.id}/`,
      payload: { is_deleted: true, is_active: false },
    });
    expect(del.json()).toMatchObject({ is_active: false, is_deleted: true });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/producers/${p.id}/` })).statusCode).toBe(404);
    const list = await ctx.as('admin', {
      method: 'GET',
      url: `/api/producers/?page_size=0&search=${encodeURIComponent(newName)}`,
    });
    expect(list.json()).toEqual([]);
  });
});
