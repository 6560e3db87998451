// The history names what its ids stand for (issue 7, "Readable history"): the part of a line, the supplier and
// producer of an offer, the price of a chosen offer, a new warehouse; and a sealed history (ACTIVE, CANCELED)
// names no supplier, producer or price.

import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { details, parts, producers } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildWarehouse } from '../../test/factories.ts';
import { type BuiltTender, buildTender, patchTender } from '../../test/tenders.ts';
import type { HistoryEntry } from './history.ts';

const ctx = await testContext();
let ordered: BuiltTender;
let partNames: Map<number, string>;
let producerNames: Map<number, string>;

const historyOf = async (id: number) => {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/history/?page_size=0` });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, rows: res.json() as HistoryEntry[] };
};

beforeAll(async () => {
  ordered = await buildTender(ctx, 'ORDERED', { lines: 2 });
  const lineRows = await ctx.db
    .select({ id: details.id, code: parts.code, name: parts.name })
    .from(details)
    .innerJoin(parts, eq(details.partId, parts.id))
    .where(inArray(details.id, ordered.lines));
  partNames = new Map(lineRows.map((r) => [r.id, `${r.code} ${r.name}`]));
  const prods = await ctx.db.select().from(producers).where(inArray(producers.id, ordered.producers));
  producerNames = new Map(prods.map((p) => [p.id, p.name]));
}, 120_000);

describe('the history names what its ids stand for', () => {
  it('offers carry their supplier, producer and part; winners also the chosen price', async () => {
    const { rows } = await historyOf(ordered.id);
    const offers = rows.filter((r) => r.entity === 'proposal' && r.action === 'created');
    expect(offers).toHaveLength(4);
    const bySupplier = (name: string) => offers.filter((r) => r.names?.supplier === name);
    expect(bySupplier(ctx.supplierCo.name)).toHaveLength(2);
    expect(bySupplier(ctx.supplierCo2.name)).toHaveLength(2);
    for (const o of bySupplier(ctx.supplierCo.name)) {
      expect(o.names?.producer).toBe(producerNames.get(ordered.producers[0]));
      expect(o.names?.part).toBe(partNames.get(o.data.detail as number));
    }
    const won = rows.filter((r) => r.entity === 'winner' && r.action === 'created');
    expect(won).toHaveLength(2);
    for (const w of won) {
      expect(w.names).toMatchObject({
        supplier: ctx.supplierCo.name,
        producer: producerNames.get(ordered.producers[0]),
        price: expect.stringMatching(/^11\.1111/),
        part: partNames.get(w.data.detail as number),
      });
    }
    const lines = rows.filter((r) => r.entity === 'detail');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.names?.part).toBe(partNames.get(l.entity_id));
    const orders = rows.filter((r) => r.action === 'order_created');
    expect(orders.map((o) => o.names?.supplier)).toEqual([ctx.supplierCo.name]);
  });

  it('a sealed history (ACTIVE, then CANCELED) names its lines but no supplier, producer or price', async () => {
    // Built here: the clock moves on in the other tests, which would finish an older ACTIVE tender.
    const active = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const [line] = await ctx.db
      .select({ code: parts.code, name: parts.name })
      .from(details)
      .innerJoin(parts, eq(details.partId, parts.id))
      .where(eq(details.id, active.lines[0]));
    const prods = await ctx.db.select().from(producers).where(inArray(producers.id, active.producers));
    const secrets = [
      ctx.supplierCo.name,
      ctx.supplierCo2.name,
      ...prods.map((p) => p.name),
      '11.1111',
      '22.2222',
    ];
    const before = await historyOf(active.id);
    expect(
      before.rows.some((r) => r.entity === 'detail' && r.names?.part === `${line.code} ${line.name}`),
    ).toBe(true);
    for (const secret of secrets) expect(before.body).not.toContain(secret);
    // Cancelling deletes the offers; the history stays sealed and names none of them.
    const res = await patchTender(ctx, active.id, { status: 'CANCELED' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await historyOf(active.id);
    expect(after.rows.some((r) => r.entity === 'tender' && r.data.to === 'CANCELED')).toBe(true);
    for (const secret of secrets) expect(after.body).not.toContain(secret);
  });

  it('names the warehouse a draft moves to by its name', async () => {
    const t = await buildTender(ctx, 'DRAFT', { lines: 1 });
    const other = await buildWarehouse(ctx.db, { groupId: ctx.group.id, name: `Kopli depoo ${t.id}` });
    const res = await patchTender(ctx, t.id, { warehouse: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await historyOf(t.id);
    const changed = rows.find((r) => r.action === 'changed');
    expect(changed?.data.warehouse).toBe(other.id);
    expect(changed?.names?.warehouse).toBe(`Kopli depoo ${t.id}`);
    const released = rows.find((r) => r.entity === 'detail' && r.data.to === 'PREPARED');
    expect(released?.names?.part).toMatch(/\S+ \S+/);
  });
});
