// Units over the API: everyone signed in reads; only an Administrator removes (soft delete); bad input is a 400.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { units } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildUnit, uid } from '../../test/factories.ts';

const ctx = await testContext();

describe('units', () => {
  it('lists, searches and sorts units by name by default', async () => {
    const tag = uid();
    const b = await buildUnit(ctx.db, { code: `kg${tag}`, name: `Kilogramm ${tag}` });
    const a = await buildUnit(ctx.db, { code: `pcs${tag}`, name: `Amount ${tag}` });
    let res = await ctx.as('supplier', { method: 'GET', url: `/api/units/?search=${tag}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    res = await ctx.as('admin', { method: 'GET', url: `/api/units/?search=${tag}&ordering=-code` });
    expect(res.json().results.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    res = await ctx.as('admin', { method: 'GET', url: `/api/units/?search=kg${tag}` });
    expect(res.json().results).toEqual([
      { id: b.id, code: `kg${tag}`, name: `Kilogramm ${tag}`, is_active: true, is_deleted: false },
    ]);
    expect((await ctx.as(null, { method: 'GET', url: '/api/units/' })).statusCode).toBe(401);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/units/?ordering=secret' })).statusCode).toBe(
      400,
    );
  });

  it('removes a unit (Administrator only) and hides it afterwards', async () => {
    const u = await buildUnit(ctx.db);
    for (const role of ['contractor', 'master', 'supplier'] as const) {
      const res = await ctx.as(role, {
        method: 'PATCH',
        url: `/api/units/${u.id}/`,
        payload: { is_deleted: true },
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect(
      (await ctx.as(null, { method: 'PATCH', url: `/api/units/${u.id}/`, payload: { is_deleted: true } }))
        .statusCode,
    ).toBe(401);
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/units/${u.id}/`,
      payload: { is_deleted: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.select().from(units).where(eq(units.id, u.id)))[0].isDeleted).toBe(false);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/units/${u.id}/`,
      payload: { is_deleted: true, is_active: false },
    });
    expect(res.json()).toMatchObject({ is_deleted: true, is_active: false });
    res = await ctx.as('admin', { method: 'GET', url: `/api/units/?search=${u.code}` });
    expect(res.json().count).toBe(0);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/units/${u.id}/`,
      payload: { is_deleted: true },
    });
    expect(res.statusCode).toBe(404);
  });
});
