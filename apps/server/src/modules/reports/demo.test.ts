// The demo data set: every report figure equals the sum recomputed from the raw rows, over all time and over
// the consolidated report's default period (last month), and the consolidated total equals the orders report's.
import { presetRange, tallinnDay } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { now } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import {
  expectedConsolidated,
  expectedOrders,
  expectedParts,
  expectedSuppliers,
  loadRaw,
  type Raw,
  type Scope,
  str,
} from '../../test/reportReference.ts';

const ctx = await testContext();
let raw: Raw;
let token: string;

beforeAll(async () => {
  await seedDemo(ctx.db);
  raw = await loadRaw(ctx.db);
  token = await ctx.login('admin@demo.ee', 'Demo2026parts');
}, 120_000);

const get = async <T>(path: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${path}`,
    headers: { authorization: `Token ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const [lastStart, lastFinish] = presetRange('last_month', tallinnDay(now()));
const SCOPES: [string, Scope, string][] = [
  ['all time', { groups: null }, ''],
  [
    'last month',
    { start: lastStart, finish: lastFinish, groups: null },
    `&filter_start=${lastStart}&filter_finish=${lastFinish}`,
  ],
];

describe('demo data: reports equal the raw rows', () => {
  it('has ordered tenders with orders to report', () => {
    expect(raw.orders.length).toBeGreaterThan(2);
    expect(raw.winners.length).toBeGreaterThan(5);
  });
  for (const [label, scope, qs] of SCOPES)
    it(`every report over ${label}`, async () => {
      const orders = await get<{ id: number; sum_of_details: string; number_of_details: number }[]>(
        `orders/?page_size=0${qs}`,
      );
      const eo = expectedOrders(raw, scope);
      expect(orders.length).toBe(eo.size);
      for (const r of orders) {
        expect(r.sum_of_details).toBe(str(eo.get(r.id)!.sum, 2));
        expect(r.number_of_details).toBe(eo.get(r.id)!.details);
      }
      const cons = await get<
        {
          id: number;
          orders_sum: string;
          ordered_qty: string;
          orders_qty: number;
          ordered_number_of_details: number;
        }[]
      >(`consolidated/?page_size=0${qs}`);
      const ec = expectedConsolidated(raw, scope);
      expect(cons.length).toBe(ec.size);
      let total = 0n;
      for (const r of cons) {
        const e = ec.get(r.id)!;
        expect([r.orders_sum, r.ordered_qty, r.orders_qty, r.ordered_number_of_details]).toEqual([
          str(e.sum, 2),
          str(e.qty, 4),
          e.orders,
          e.details,
        ]);
        total += e.sum;
      }
      const ct = await get<{ totals: { orders_sum: string } }>(`consolidated/?page_size=50${qs}`);
      const ot = await get<{ totals: { sum_of_details: string } }>(`orders/?page_size=50${qs}`);
      expect(ct.totals.orders_sum).toBe(str(total, 2));
      expect(ot.totals.sum_of_details).toBe(ct.totals.orders_sum);

      const parts = await get<
        { id: number; min_price: string; max_price: string; prices: string[]; sum: string }[]
      >(`parts/?page_size=0${qs}`);
      const ep = expectedParts(raw, scope);
      expect(parts.length).toBe(ep.size);
      for (const r of parts) {
        const e = ep.get(r.id)!;
        expect([r.min_price, r.max_price, r.prices, r.sum]).toEqual([
          str(e.min, 4),
          str(e.max, 4),
          e.prices,
          str(e.sum, 2),
        ]);
      }
      const sup = await get<
        {
          tender: number;
          supplier: number;
          number_of_proposals: number;
          number_of_details: number;
          sum_of_details: string;
        }[]
      >(`suppliers/?page_size=0${qs}`);
      const es = expectedSuppliers(raw, scope);
      expect(sup.length).toBe(es.size);
      for (const r of sup) {
        const e = es.get(`${r.tender}:${r.supplier}`)!;
        expect([r.number_of_proposals, r.number_of_details, r.sum_of_details]).toEqual([
          e.proposals,
          e.details.size,
          str(e.sum, 2),
        ]);
      }
    });

  it('the category report lists the demo suppliers with their groups and categories', async () => {
    const page = await get<{
      results: { name: string; groups: { name: string; categories: { name: string }[] }[] }[];
      count: number;
    }>('categories/?page_size=30');
    const demo = page.results.find((r) => r.name === 'Demo Parts OÜ');
    expect(demo).toBeDefined();
    expect(demo!.groups.map((g) => g.name).sort()).toEqual(['Bussid', 'Trammid']);
    expect(demo!.groups.some((g) => g.categories.length > 0)).toBe(true);
    const cat = demo!.groups.flatMap((g) => g.categories)[0].name;
    const filtered = await get<{ results: { name: string }[] }>(
      `categories/?filter_group=Bussid&filter_category=${encodeURIComponent(cat)}`,
    );
    expect(filtered.results.some((r) => r.name === 'Demo Parts OÜ')).toBe(true);
    const none = await get<{ results: unknown[] }>('categories/?filter_category=No%20such%20category');
    expect(none.results).toEqual([]);
    const tree = await get<{ key: number; text: string; nested: unknown[] }[]>(
      'categories/tree/?filter_group=Bussid',
    );
    expect(tree.length).toBeGreaterThan(0);
    expect(tree.some((n) => n.nested.length > 0)).toBe(true);
  });
});
