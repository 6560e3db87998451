// Pre-orders (spec 3 "Pre-order add/edit", §4, §5, §6): add, edit, locked fields of business-system lines, delete
// by administrators only, a FAILED line prepared again, the sync retry while no business system is configured,
// and every invalid case answered 400 with nothing changed.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildDetail, buildGroup, buildPart, buildWarehouse } from '../../test/factories.ts';
import { buildTender } from '../../test/tenders.ts';

const ctx = await testContext();
const db = ctx.db;
const part = await buildPart(db, { name: 'Õhufilter' });
const part2 = await buildPart(db, { name: 'Kütusefilter' });
const inactive = await buildPart(db, { isActive: false });
const otherGroup = await buildGroup(db);
const foreignWarehouse = await buildWarehouse(db, { groupId: otherGroup.id });
const warehouse2 = await buildWarehouse(db, { groupId: ctx.group.id });

const countDetails = async () => (await db.select({ id: s.details.id }).from(s.details)).length;
const rowOf = async (id: number) => (await db.select().from(s.details).where(eq(s.details.id, id)))[0];
const post = (role: Parameters<typeof ctx.as>[0], payload: Record<string, unknown>) =>
  ctx.as(role, { method: 'POST', url: '/api/details/', payload });

describe('adding a pre-order', () => {
  it('saves a PREPARED line with the creator, and lists it first (newest created first)', async () => {
    const res = await post('contractor', {
      part: part.id,
      replacement_qty: '2',
      replenishment_qty: 3.5,
      warehouse: ctx.warehouse.id,
      status: 'PREPARED',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      status: 'PREPARED',
      part: part.id,
      part_name: 'Õhufilter',
      replacement_qty: '2.0000',
      replenishment_qty: '3.5000',
      warehouse: ctx.warehouse.id,
      tender: null,
      bc_id: null,
      creator_name: `${ctx.users.contractor.firstName} ${ctx.users.contractor.lastName}`,
    });
    const list = await ctx.as('admin', { method: 'GET', url: '/api/details/' });
    expect(list.json().results[0].id).toBe(d.id);
    const history = await db.select().from(s.history).where(eq(s.history.entityId, d.id));
    expect(history.map((h) => h.action)).toContain('created');
  });

  it('refuses each invalid case with the spec’s message and adds nothing', async () => {
    const before = await countDetails();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ replenishment_qty: 1, warehouse: ctx.warehouse.id }, { part: ['part_required'] }],
      [{ part: part.id, warehouse: ctx.warehouse.id }, { replenishment_qty: ['qty_required'] }],
      [
        { part: part.id, replacement_qty: '0', replenishment_qty: '', warehouse: ctx.warehouse.id },
        { replenishment_qty: ['qty_required'] },
      ],
      [{ part: part.id, replenishment_qty: 1 }, { warehouse: ['warehouse_required'] }],
      [
        { part: part.id, replenishment_qty: -1, warehouse: ctx.warehouse.id },
        { replenishment_qty: ['qty_min_zero'] },
      ],
      [
        { part: part.id, replacement_qty: 'kaks', warehouse: ctx.warehouse.id },
        { replacement_qty: ['not_a_number'] },
      ],
      [{ part: 99999999, replenishment_qty: 1, warehouse: ctx.warehouse.id }, { part: ['invalid_choice'] }],
      [{ part: inactive.id, replenishment_qty: 1, warehouse: ctx.warehouse.id }, { part: ['part_inactive'] }],
      [{ part: 'x', replenishment_qty: 1, warehouse: ctx.warehouse.id }, { part: ['not_a_number'] }],
      [{ part: part.id, replenishment_qty: 1, warehouse: 99999999 }, { warehouse: ['invalid_choice'] }],
      [
        { part: part.id, replenishment_qty: 1, warehouse: ctx.warehouse.id, status: 'ORDERED' },
        { status: ['invalid_choice'] },
      ],
      [
        {},
        { part: ['part_required'], warehouse: ['warehouse_required'], replenishment_qty: ['qty_required'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    // a contractor's groups do not reach this warehouse
    const foreign = await post('contractor', {
      part: part.id,
      replenishment_qty: 1,
      warehouse: foreignWarehouse.id,
    });
    expect(foreign.json()).toEqual({ warehouse: ['warehouse_not_in_group'] });
    const res = await ctx.as('master', {
      method: 'POST',
      url: '/api/details/',
      payload: { part: part.id, replenishment_qty: 1, warehouse: foreignWarehouse.id },
    });
    expect(res.statusCode).toBe(403);
    expect(await countDetails()).toBe(before);
  });

  it('is for administrators and contractors: 401 anonymous, 403 master and suppliers', async () => {
    const payload = { part: part.id, replenishment_qty: 1, warehouse: ctx.warehouse.id };
    expect((await post(null, payload)).statusCode).toBe(401);
    for (const role of ['master', 'supplier', 'employee'] as const)
      expect((await post(role, payload)).statusCode, role).toBe(403);
  });
});

describe('editing a pre-order', () => {
  it('changes part, quantities and warehouse of a PREPARED line (audited)', async () => {
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id });
    const res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${d.id}/`,
      payload: {
        part: part2.id,
        replacement_qty: '1,5',
        replenishment_qty: '0',
        qty: null,
        status: 'PREPARED',
        warehouse: warehouse2.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'PREPARED' });
    expect(await rowOf(d.id)).toMatchObject({
      partId: part2.id,
      replacementQty: '1.5000',
      replenishmentQty: '0.0000',
      warehouseId: warehouse2.id,
      status: 'PREPARED',
    });
    const [h] = await db.select().from(s.history).where(eq(s.history.entityId, d.id));
    expect(h.action).toBe('updated');
  });

  it('refuses invalid values and leaves the line as it was', async () => {
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id });
    for (const [payload, errors] of [
      [{ part: null, replenishment_qty: 1 }, { part: ['part_required'] }],
      [{ replacement_qty: 0, replenishment_qty: 0, part: part.id }, { replenishment_qty: ['qty_required'] }],
      [{ warehouse: null, part: part.id }, { warehouse: ['warehouse_required'] }],
      [{ warehouse: foreignWarehouse.id, part: part.id }, { warehouse: ['warehouse_not_in_group'] }],
    ] as const) {
      const res = await ctx.as('contractor', { method: 'PATCH', url: `/api/details/${d.id}/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await rowOf(d.id)).toMatchObject({
      partId: part.id,
      warehouseId: ctx.warehouse.id,
      replenishmentQty: '5.0000',
    });
  });

  it('keeps part and warehouse of a line from the business system, but lets its quantities change', async () => {
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id, bcId: 'BC-PO-1' });
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${d.id}/`,
      payload: { part: part2.id, warehouse: warehouse2.id, replenishment_qty: 9 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ part: ['detail_locked_field'], warehouse: ['detail_locked_field'] });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${d.id}/`,
      payload: { part: part.id, warehouse: ctx.warehouse.id, replacement_qty: 1, replenishment_qty: 9 },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(d.id)).toMatchObject({
      partId: part.id,
      replenishmentQty: '9.0000',
      replacementQty: '1.0000',
    });
  });

  it('edits only PREPARED lines outside a tender; masters may not edit pre-order fields', async () => {
    const t = await buildTender(ctx, 'WAITING', { lines: 1 });
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${t.lines[0]}/`,
      payload: { part: part.id, replacement_qty: 1, warehouse: ctx.warehouse.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['detail_not_editable'] });
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id });
    const m = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${d.id}/`,
      payload: { part: part2.id, replacement_qty: 1 },
    });
    expect(m.statusCode).toBe(403);
    expect((await rowOf(d.id)).partId).toBe(part.id);
  });
});

describe('deleting a pre-order', () => {
  it('lets administrators soft-delete PREPARED lines only', async () => {
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id });
    for (const role of ['contractor', 'master', 'supplier'] as const) {
      const res = await ctx.as(role, { method: 'DELETE', url: `/api/details/${d.id}/` });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await ctx.as(null, { method: 'DELETE', url: `/api/details/${d.id}/` })).statusCode).toBe(401);
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/details/${d.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await rowOf(d.id)).isDeleted).toBe(true);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/details/${d.id}/` })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/details/${d.id}/` })).statusCode).toBe(404);

    const t = await buildTender(ctx, 'WAITING', { lines: 1 });
    const r2 = await ctx.as('admin', { method: 'DELETE', url: `/api/details/${t.lines[0]}/` });
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toEqual({ status: ['detail_not_editable'] });
    expect((await rowOf(t.lines[0])).isDeleted).toBe(false);
  });
});

describe('preparing a failed line again', () => {
  it('makes a new PREPARED pre-order with the same part, quantities and warehouse; the failed one stays', async () => {
    const t = await buildTender(ctx, 'CANCELED', { lines: 1 });
    const failed = await rowOf(t.lines[0]);
    expect(failed.status).toBe('FAILED');
    const before = await countDetails();
    const res = await ctx.as('contractor', {
      method: 'POST',
      url: `/api/details/${failed.id}/prepare_again/`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      status: 'PREPARED',
      tender: null,
      part: failed.partId,
      warehouse: failed.warehouseId,
      replenishment_qty: failed.replenishmentQty,
      replacement_qty: failed.replacementQty,
    });
    expect(d.id).not.toBe(failed.id);
    expect(await countDetails()).toBe(before + 1);
    expect(await rowOf(failed.id)).toMatchObject({ status: 'FAILED', tenderId: t.id, isDeleted: false });
  });

  it('prepares a failed line once: a repeat and two requests at once answer the one copy', async () => {
    const t = await buildTender(ctx, 'CANCELED', { lines: 2 });
    const before = await countDetails();
    const url = (id: number) => `/api/details/${id}/prepare_again/`;
    const first = await ctx.as('contractor', { method: 'POST', url: url(t.lines[0]) });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.as('admin', { method: 'POST', url: url(t.lines[0]) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // Two clicks at once on the other line: one copy, both answers name it.
    const both = await Promise.all([
      ctx.as('contractor', { method: 'POST', url: url(t.lines[1]) }),
      ctx.as('admin', { method: 'POST', url: url(t.lines[1]) }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json().id).toBe(both[1].json().id);
    expect(await countDetails()).toBe(before + 2);
    const prepared = await ctx.db
      .select({ id: s.details.id })
      .from(s.details)
      .where(and(eq(s.details.status, 'PREPARED'), inArray(s.details.preparedFrom, t.lines)));
    expect(prepared).toHaveLength(2);
  });

  it('refuses a line that is not FAILED, and masters and suppliers', async () => {
    const d = await buildDetail(db, { partId: part.id, warehouseId: ctx.warehouse.id });
    const before = await countDetails();
    const res = await ctx.as('admin', { method: 'POST', url: `/api/details/${d.id}/prepare_again/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['detail_not_failed'] });
    for (const role of ['master', 'supplier'] as const)
      expect(
        (await ctx.as(role, { method: 'POST', url: `/api/details/${d.id}/prepare_again/` })).statusCode,
      ).toBe(403);
    expect(await countDetails()).toBe(before);
  });
});

describe('business-system sync of a pre-order', () => {
  it('answers that no business system is configured', async () => {
    const d = await buildDetail(db, {
      partId: part.id,
      warehouseId: ctx.warehouse.id,
      bcId: 'BC-PO-2',
      bcStatus: 'error',
    });
    const res = await ctx.as('admin', { method: 'POST', url: `/api/details/${d.id}/bc-synchronize/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'business_system_not_configured' });
    expect(
      (await ctx.as('supplier', { method: 'POST', url: `/api/details/${d.id}/bc-synchronize/` })).statusCode,
    ).toBe(403);
  });
});

describe('suppliers', () => {
  it('cannot read the pre-order list', async () => {
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/details/' })).statusCode).toBe(403);
  });
});
