// A group, unit or producer still in use is not deleted, and the answer says where it is used (issue 35); the only
// active group of a worker is not deactivated, so nobody loses the tenders of his group.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups, parts, producers, units } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import {
  buildGroup,
  buildPart,
  buildProducer,
  buildSupplier,
  buildUnit,
  buildUser,
  buildWarehouse,
} from '../../test/factories.ts';

const ctx = await testContext();

const patch = (path: string, id: number, payload: object) =>
  ctx.as('admin', { method: 'PATCH', url: `/api/${path}/${id}/`, payload });
const trash = { is_deleted: true, is_active: false };

describe('deleting what is in use', () => {
  it('refuses a group with warehouses, suppliers and workers, naming each; deletes it once unused', async () => {
    const g = await buildGroup(ctx.db);
    await buildWarehouse(ctx.db, { groupId: g.id });
    await buildSupplier(ctx.db, {}, [g.id]);
    await buildUser(ctx.db, { group: 'CONTRACTOR', groupIds: [g.id, ctx.group.id] });
    let res = await patch('groups', g.id, trash);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['in_use', 'in_use_warehouses', 'in_use_suppliers', 'in_use_users'],
    });
    const [kept] = await ctx.db.select().from(groups).where(eq(groups.id, g.id));
    expect(kept).toMatchObject({ isDeleted: false, isActive: true });
    // The demo context's own group has tenders too.
    res = await patch('groups', ctx.group.id, trash);
    expect(res.json().non_field_errors).toEqual(expect.arrayContaining(['in_use', 'in_use_users']));

    const free = await buildGroup(ctx.db);
    res = await patch('groups', free.id, trash);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_deleted: true });
  });

  it('keeps a master able to create tenders: his only group is neither deleted nor deactivated', async () => {
    const g = await buildGroup(ctx.db);
    const master = await buildUser(ctx.db, { group: 'MASTER', groupIds: [g.id] });
    let res = await patch('groups', g.id, { is_active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['in_use', 'only_group_of_worker'] });
    expect((await patch('groups', g.id, trash)).json().non_field_errors).toContain('in_use_users');
    // With another active group of his own the first one can rest.
    const other = await buildGroup(ctx.db);
    await ctx.db.execute(sql`insert into user_groups (user_id, group_id) values (${master.id}, ${other.id})`);
    res = await patch('groups', g.id, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_active: false });
  });

  it('refuses a unit of a part and a producer of an offer or a blacklist entry', async () => {
    const unit = await buildUnit(ctx.db);
    const part = await buildPart(ctx.db, { unitId: unit.id });
    let res = await patch('units', unit.id, trash);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['in_use', 'in_use_parts'] });
    expect((await ctx.db.select().from(units).where(eq(units.id, unit.id)))[0].isDeleted).toBe(false);
    await ctx.db.update(parts).set({ isDeleted: true }).where(eq(parts.id, part.id));
    expect((await patch('units', unit.id, trash)).statusCode).toBe(200);

    const producer = await buildProducer(ctx.db);
    const other = await buildPart(ctx.db);
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: other.id, producers: [producer.id], is_active: true, comment: 'Defective batches' },
    });
    expect(res.statusCode, res.body).toBe(201);
    res = await patch('producers', producer.id, trash);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['in_use', 'in_use_blacklist'] });
    const [p] = await ctx.db.select().from(producers).where(eq(producers.id, producer.id));
    expect(p).toMatchObject({ isDeleted: false, isActive: true });
    // Deactivating stays possible.
    expect((await patch('producers', producer.id, { is_active: false })).statusCode).toBe(200);
  });
});
