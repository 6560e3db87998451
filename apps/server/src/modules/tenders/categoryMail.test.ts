// The new-tender mail follows the categories a supplier chose on its categories tab (issue 32, point 7): a company
// with categories chosen for the tender's group is told only of tenders with a line in one of them (or below one);
// a company with none chosen keeps getting every tender of its groups.
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildDetail, buildPart, buildUnit } from '../../test/factories.ts';
import { advance, createDraft, patchTender } from '../../test/tenders.ts';

const ctx = await testContext();
const uid = () => Math.random().toString(36).slice(2, 8);

// Brakes > Disc brakes > Pads, and Filters beside it, all in the context's group.
async function categoryTree() {
  const [brakes] = await ctx.db
    .insert(s.categories)
    .values({ name: `Brakes ${uid()}`, isPlaced: true })
    .returning();
  const [disc] = await ctx.db
    .insert(s.categories)
    .values({ name: `Disc brakes ${uid()}`, parentId: brakes.id, isPlaced: true })
    .returning();
  const [pads] = await ctx.db
    .insert(s.categories)
    .values({ name: `Pads ${uid()}`, parentId: disc.id, isPlaced: true })
    .returning();
  const [filters] = await ctx.db
    .insert(s.categories)
    .values({ name: `Filters ${uid()}`, isPlaced: true })
    .returning();
  await ctx.db
    .insert(s.categoryGroups)
    .values([brakes, disc, pads, filters].map((c) => ({ categoryId: c.id, groupId: ctx.group.id })));
  return { brakes, disc, pads, filters };
}

async function partIn(categoryId: number | null) {
  const [type] = await ctx.db
    .insert(s.partTypes)
    .values({ name: `Type ${uid()}`, categoryId })
    .returning();
  return buildPart(ctx.db, { partTypeId: type.id, unitId: (await buildUnit(ctx.db)).id });
}

/** Opens a tender on the given parts (one line each) and answers who got TENDER_OPENED. */
async function openTender(partIds: number[]) {
  const lines = [];
  for (const partId of partIds)
    lines.push(await buildDetail(ctx.db, { partId, warehouseId: ctx.warehouse.id }));
  const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
  expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
  expect((await advance(ctx, 3601)).activated).toContain(id);
  const rows = await ctx.db
    .select({ payload: s.outbox.payload })
    .from(s.outbox)
    .where(like(s.outbox.dedupeKey, `tender-opened:${id}:%`));
  return rows.map((r) => (r.payload as { to: string }).to).sort();
}

async function chooseCategories(supplierId: number, categories: number[]) {
  const r = await ctx.as('admin', {
    method: 'PATCH',
    url: `/api/suppliers/${supplierId}/`,
    payload: { categories: [{ group: ctx.group.id, categories }] },
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('the new-tender mail by category', () => {
  it('tells a company of tenders in its categories or below them, and every company without categories', async () => {
    const { brakes, pads, filters } = await categoryTree();
    const padPart = await partIn(pads.id);
    const filterPart = await partIn(filters.id);
    // Demo Parts chose Brakes (a parent of Pads); Baltic chose nothing and keeps hearing of everything.
    await chooseCategories(ctx.supplierCo.id, [brakes.id]);
    const company1 = [ctx.users.supplier.email, ctx.users.employee.email];
    const company2 = [ctx.users.supplier2.email];

    expect(await openTender([padPart.id])).toEqual([...company1, ...company2].sort());
    expect(await openTender([filterPart.id])).toEqual(company2);
    // One line in a chosen category is enough.
    expect(await openTender([filterPart.id, padPart.id])).toEqual([...company1, ...company2].sort());

    // Baltic now chooses Filters only: a pads tender reaches Demo Parts alone.
    await chooseCategories(ctx.supplierCo2.id, [filters.id]);
    expect(await openTender([padPart.id])).toEqual(company1.sort());
    expect(await openTender([filterPart.id])).toEqual(company2);

    // A part with no category cannot be matched: everyone of the group is told.
    const bare = await partIn(null);
    expect(await openTender([bare.id])).toEqual([...company1, ...company2].sort());

    // Clearing the choice brings every tender of the group back.
    await chooseCategories(ctx.supplierCo.id, []);
    expect(await openTender([filterPart.id])).toEqual([...company1, ...company2].sort());
  });
});
