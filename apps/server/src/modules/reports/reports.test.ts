// The report calls: access per role, bad filters, periods in Tallinn days, ordering, exports, sealed tenders, and
// every figure recomputed from the raw rows (reference.ts) for a generated data set.
import { presetRange, tallinnDay } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../test/context.ts';
import { buildSupplier, buildWarehouse } from '../../test/factories.ts';
import {
  expectedConsolidated,
  expectedOrders,
  expectedParts,
  expectedRollups,
  expectedSuppliers,
  loadRaw,
  loadRollups,
  type Raw,
  type Scope,
  str,
} from '../../test/reportReference.ts';
import { splitPeriod } from './service.ts';
import { buildReportTender, generateReportData } from './test-data.ts';

const ctx = await testContext();
const ROUTES = [
  'consolidated',
  'consolidated/chart',
  'orders',
  'parts',
  'suppliers',
  'categories',
  'categories/tree',
];
const get = (role: Parameters<typeof ctx.as>[0], path: string) =>
  ctx.as(role, { method: 'GET', url: `/api/reports/${path}` });

let raw: Raw;
let group2Warehouse: number;
let fixed: Awaited<ReturnType<typeof buildReportTender>>;
let third: number;

beforeAll(async () => {
  const w2 = await buildWarehouse(ctx.db, { groupId: ctx.group2.id });
  group2Warehouse = w2.id;
  third = (await buildSupplier(ctx.db, { name: 'Kolmas Varuosa OÜ' }, [ctx.group.id, ctx.group2.id])).id;
  // A known tender: started 31.10.2026 23:30 Tallinn (21:30 UTC, summer time has ended: UTC+2) → October.
  fixed = await buildReportTender(ctx.db, {
    status: 'ORDERED',
    start: new Date('2026-10-31T21:30:00Z'),
    groupId: ctx.group.id,
    warehouseId: ctx.warehouse.id,
    lines: [
      // 3 × 12.345 = 37.035 → 37.04 (A); 2.5 × 0.3333 = 0.83325 → 0.83 (A); 7 × 5 = 35.00 (B)
      {
        qty: '3',
        offers: [
          { supplier: ctx.supplierCo.id, price: '12.3450', win: '3', reason: 'PRICE' },
          { supplier: ctx.supplierCo2.id, price: '13' },
        ],
      },
      {
        qty: '2.5',
        offers: [{ supplier: ctx.supplierCo.id, price: '0.3333', win: '2.5', reason: 'DUE DATE' }],
      },
      {
        qty: '7',
        offers: [
          { supplier: ctx.supplierCo2.id, price: '5', win: '7', reason: 'PRODUCER' },
          { supplier: third, price: '4.9999' },
        ],
      },
    ],
  });
  // One minute later in Tallinn it is 1 November.
  await buildReportTender(ctx.db, {
    status: 'ORDERED',
    start: new Date('2026-10-31T22:00:00Z'),
    groupId: ctx.group.id,
    warehouseId: ctx.warehouse.id,
    lines: [{ qty: '1', offers: [{ supplier: ctx.supplierCo.id, price: '100', win: '1' }] }],
  });
  // Sealed and draft tenders with offers: never in any report.
  for (const status of ['ACTIVE', 'WAITING', 'DRAFT'] as const)
    await buildReportTender(ctx.db, {
      status,
      start: new Date('2026-10-15T08:00:00Z'),
      groupId: ctx.group.id,
      warehouseId: ctx.warehouse.id,
      lines: [{ qty: '1', offers: [{ supplier: ctx.supplierCo.id, price: '1.5' }] }],
    });
  await generateReportData(ctx.db, {
    n: 45,
    seed: 20261122,
    until: new Date('2026-11-20T12:00:00Z'),
    suppliers: [ctx.supplierCo.id, ctx.supplierCo2.id, third],
    groups: [
      { groupId: ctx.group.id, warehouseId: ctx.warehouse.id },
      { groupId: ctx.group2.id, warehouseId: w2.id },
    ],
  });
  raw = await loadRaw(ctx.db);
}, 120_000);

describe('access (spec 2 §6)', () => {
  it('refuses anonymous calls on every report', async () => {
    for (const r of ROUTES) expect((await get(null, `${r}/`)).statusCode, r).toBe(401);
  });
  it('suppliers, employees and masters get none; contractors all but the consolidated report', async () => {
    for (const r of ROUTES) {
      for (const role of ['supplier', 'employee', 'master'] as const)
        expect((await get(role, `${r}/`)).statusCode, `${role} ${r}`).toBe(403);
      expect((await get('admin', `${r}/`)).statusCode, `admin ${r}`).toBe(200);
      expect((await get('contractor', `${r}/`)).statusCode, `contractor ${r}`).toBe(
        r.startsWith('consolidated') ? 403 : 200,
      );
    }
  });
});

describe('bad filters answer 400 or are ignored, never 5xx', () => {
  it('unknown ordering, malformed dates, bad choices and pages are 400 with the field', async () => {
    const cases: [string, string][] = [
      ['orders/?ordering=password', 'ordering'],
      ['orders/?ordering=name;drop', 'ordering'],
      ['parts/?ordering=-unknown', 'ordering'],
      ['consolidated/?filter_start=2026-13-01', 'filter_start'],
      ['consolidated/?filter_start=2026-02-30', 'filter_start'],
      ['suppliers/?filter_finish=31.10.2026', 'filter_finish'],
      ["orders/?filter_start=2026-01-01' or '1'='1", 'filter_start'],
      ['parts/?filter_reason=CHEAP', 'filter_reason'],
      ['suppliers/?filter_winner=maybe', 'filter_winner'],
      ['orders/?page=0', 'page'],
      ['orders/?page_size=abc', 'page_size'],
      ['orders/?ids=1,x', 'ids'],
      ['categories/?ordering=secret', 'ordering'],
    ];
    for (const [url, field] of cases) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toContain(field);
    }
  });
  it('injection strings and NUL bytes in text filters are plain text', async () => {
    const evil = encodeURIComponent("'; drop table tenders; --");
    for (const r of ['consolidated', 'orders', 'parts', 'suppliers', 'categories']) {
      for (const q of [
        `filter_name=${evil}`,
        `search=${evil}`,
        'filter_name=%00',
        'search=a%00b',
        'filter_name=%25_%5C',
      ]) {
        const res = await get('admin', `${r}/?${q}`);
        expect(res.statusCode, `${r} ${q}`).toBe(200);
      }
    }
    expect((await get('admin', 'orders/?filter_registration_code=%27')).statusCode).toBe(200);
    expect((await get('admin', 'categories/?filter_group=%00|x&filter_category=%27|%22')).statusCode).toBe(
      200,
    );
  });
});

type Page<T> = { results: T[]; pages: number; count: number; totals: Record<string, string | number> };
const all = async <T>(role: Parameters<typeof ctx.as>[0], path: string) => {
  const res = await get(role, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T[];
};
const paged = async <T>(role: Parameters<typeof ctx.as>[0], path: string) => {
  const res = await get(role, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<T>;
};
const q = (s: Scope) =>
  [s.start && `filter_start=${s.start}`, s.finish && `filter_finish=${s.finish}`].filter(Boolean).join('&');

const SCOPES: Scope[] = [
  { groups: null },
  { start: '2026-10-01', finish: '2026-10-31', groups: null },
  { start: '2026-11-01', groups: null },
  { start: '2026-05-15', finish: '2026-08-20', groups: null },
  // whole months from the monthly roll-ups and partial months from the summaries, in every combination
  { start: '2026-03-10', finish: '2026-10-31', groups: null },
  { finish: '2026-09-14', groups: null },
  { start: '2025-12-01', finish: '2026-05-31', groups: null },
  { start: '2026-10-31', finish: '2026-11-01', groups: null },
];

describe('every figure equals the sum recomputed from the raw rows (generated data set)', () => {
  for (const role of ['admin', 'contractor'] as const)
    for (const scope of SCOPES)
      it(`orders, parts and suppliers as ${role} over ${scope.start ?? '…'}–${scope.finish ?? '…'}`, async () => {
        const s: Scope = { ...scope, groups: role === 'admin' ? null : [ctx.group.id, ctx.group2.id] };
        const exp = expectedOrders(raw, s);
        const rows = await all<{
          id: number;
          number_of_details: number;
          sum_of_details: string;
          tender_code: string;
          name: string;
        }>(role, `orders/?page_size=0&${q(s)}`);
        expect(rows.length).toBe(exp.size);
        let total = 0n;
        for (const r of rows) {
          const e = exp.get(r.id);
          expect(e, `order ${r.id}`).toBeDefined();
          expect(r.sum_of_details).toBe(str(e!.sum, 2));
          expect(r.number_of_details).toBe(e!.details);
          expect(r.tender_code).toBe(e!.tender);
          expect(r.name).toBe(e!.supplier);
          total += e!.sum;
        }
        const page = await paged<unknown>(role, `orders/?page_size=5&${q(s)}`);
        expect(page.count).toBe(exp.size);
        expect(page.totals.sum_of_details).toBe(str(total, 2));

        const parts = await all<{
          id: number;
          min_price: string;
          max_price: string;
          prices: string[];
          reasons: string[];
          sum: string;
        }>(role, `parts/?page_size=0&${q(s)}`);
        const ep = expectedParts(raw, s);
        expect(parts.length).toBe(ep.size);
        for (const r of parts) {
          const e = ep.get(r.id)!;
          expect(e, `line ${r.id}`).toBeDefined();
          expect(r.min_price).toBe(str(e.min, 4));
          expect(r.max_price).toBe(str(e.max, 4));
          expect(r.prices).toEqual(e.prices);
          expect([...r.reasons].sort()).toEqual(e.reasons);
          expect(r.sum).toBe(str(e.sum, 2));
        }

        const sup = await all<{
          tender: number;
          supplier: number;
          number_of_proposals: number;
          number_of_details: number;
          sum_of_details: string;
        }>(role, `suppliers/?page_size=0&${q(s)}`);
        const es = expectedSuppliers(raw, s);
        expect(sup.length).toBe(es.size);
        for (const r of sup) {
          const e = es.get(`${r.tender}:${r.supplier}`)!;
          expect(e).toBeDefined();
          expect(r.number_of_proposals).toBe(e.proposals);
          expect(r.number_of_details).toBe(e.details.size);
          expect(r.sum_of_details).toBe(str(e.sum, 2));
        }

        // the totals row and counts (whole months from the roll-ups, edges from the summaries) equal the raw sums
        const add = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
        const pt = await paged<unknown>(role, `parts/?page_size=5&${q(s)}`);
        expect(pt.count).toBe(ep.size);
        expect(pt.totals.sum).toBe(str(add([...ep.values()].map((e) => e.sum)), 2));
        expect(pt.totals.ordered_qty).toBe(str(add([...ep.values()].map((e) => e.qty)), 4));
        for (const reason of ['PRICE', 'DUE DATE', 'PRODUCER', 'TEST']) {
          const mine = [...ep.values()].filter((e) => e.reasons.includes(reason));
          const pr = await paged<unknown>(
            role,
            `parts/?page_size=5&filter_reason=${encodeURIComponent(reason)}&${q(s)}`,
          );
          expect(pr.count, reason).toBe(mine.length);
          expect(pr.totals.sum, reason).toBe(str(add(mine.map((e) => e.sum)), 2));
        }
        for (const winner of [undefined, true, false]) {
          const mine = [...es.values()].filter((e) => winner === undefined || e.details.size > 0 === winner);
          const st = await paged<unknown>(
            role,
            `suppliers/?page_size=5${winner === undefined ? '' : `&filter_winner=${winner}`}&${q(s)}`,
          );
          expect(st.count, `winner ${winner}`).toBe(mine.length);
          expect(st.totals.number_of_proposals).toBe(mine.reduce((a, e) => a + e.proposals, 0));
          expect(st.totals.number_of_details).toBe(mine.reduce((a, e) => a + e.details.size, 0));
          expect(st.totals.sum_of_details).toBe(str(add(mine.map((e) => e.sum)), 2));
        }
      });

  for (const scope of SCOPES)
    it(`consolidated over ${scope.start ?? '…'}–${scope.finish ?? '…'} equals the orders report's total`, async () => {
      const exp = expectedConsolidated(raw, scope);
      const rows = await all<{
        id: number;
        ordered_number_of_details: number;
        ordered_qty: string;
        orders_qty: number;
        orders_sum: string;
      }>('admin', `consolidated/?page_size=0&${q(scope)}`);
      expect(rows.length).toBe(exp.size);
      let total = 0n;
      for (const r of rows) {
        const e = exp.get(r.id)!;
        expect(r.orders_sum).toBe(str(e.sum, 2));
        expect(r.ordered_qty).toBe(str(e.qty, 4));
        expect(r.orders_qty).toBe(e.orders);
        expect(r.ordered_number_of_details).toBe(e.details);
        total += e.sum;
      }
      const cons = await paged<unknown>('admin', `consolidated/?${q(scope)}`);
      const ord = await paged<unknown>('admin', `orders/?${q(scope)}`);
      expect(cons.totals.orders_sum).toBe(str(total, 2));
      expect(ord.totals.sum_of_details).toBe(cons.totals.orders_sum);
      // the chart adds up to the same total
      const chart = await all<{ month: string; group: string; sum: string }>(
        'admin',
        `consolidated/chart/?${q(scope)}`,
      );
      const chartTotal = chart.reduce((a, p) => a + BigInt(p.sum.replace('.', '')), 0n);
      expect(chartTotal.toString()).toBe(
        str(total, 2)
          .replace('.', '')
          .replace(/^0+(?=\d)/, ''),
      );
    });
});

describe('orders are the documents: a tender’s report sum equals its orders’ grand totals', () => {
  it('the known tender: 37.87 for one company, 35.00 for the other', async () => {
    const rows = await all<{
      tender: number;
      name: string;
      sum_of_details: string;
      number_of_details: number;
    }>('admin', 'orders/?page_size=0&filter_start=2026-10-31&filter_finish=2026-10-31');
    const mine = rows.filter((r) => r.tender === fixed.tender.id);
    expect(mine.map((r) => r.sum_of_details).sort()).toEqual(['35.00', '37.87']);
    const view = await ctx.as('admin', {
      method: 'GET',
      url: `/api/tenders/${fixed.tender.id}/?export_data=true`,
    });
    expect(view.statusCode, view.body).toBe(200);
    const grand = (view.json().export_data.orders as { grand_total: string }[])
      .map((o) => o.grand_total)
      .sort();
    expect(grand).toEqual(['35.00', '37.87']);
  });
  it('matches grand totals for every ordered tender of the generated data', async () => {
    const rows = await all<{ tender: number; sum_of_details: string; tender_status: string }>(
      'admin',
      'orders/?page_size=0',
    );
    const byTender = new Map<number, string[]>();
    for (const r of rows) byTender.set(r.tender, [...(byTender.get(r.tender) ?? []), r.sum_of_details]);
    for (const [id, sums] of [...byTender].slice(0, 12)) {
      const view = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/?export_data=true` });
      const grand = (view.json().export_data.orders as { grand_total: string }[]).map((o) => o.grand_total);
      expect(sums.sort()).toEqual(grand.sort());
    }
  });
});

describe('a period as whole months (roll-ups) and partial edge months (summaries)', () => {
  it('splits at month starts, with open ends and periods inside one month', () => {
    expect(splitPeriod({})).toEqual({ whole: { from: undefined, to: undefined }, edges: [] });
    expect(splitPeriod({ filter_start: '2026-10-01', filter_finish: '2026-10-31' })).toEqual({
      whole: { from: '2026-10-01', to: '2026-11-01' },
      edges: [],
    });
    expect(splitPeriod({ filter_start: '2026-03-10', filter_finish: '2026-10-30' })).toEqual({
      whole: { from: '2026-04-01', to: '2026-10-01' },
      edges: [
        ['2026-03-10', '2026-04-01'],
        ['2026-10-01', '2026-10-31'],
      ],
    });
    expect(splitPeriod({ filter_finish: '2026-09-14' })).toEqual({
      whole: { from: undefined, to: '2026-09-01' },
      edges: [['2026-09-01', '2026-09-15']],
    });
    expect(splitPeriod({ filter_start: '2026-12-31' })).toEqual({
      whole: { from: '2027-01-01', to: undefined },
      edges: [['2026-12-31', '2027-01-01']],
    });
    // inside one month, across a month end, and backwards: no whole month
    expect(splitPeriod({ filter_start: '2026-10-05', filter_finish: '2026-10-20' })).toEqual({
      whole: null,
      edges: [['2026-10-05', '2026-10-21']],
    });
    expect(splitPeriod({ filter_start: '2026-10-31', filter_finish: '2026-11-01' })).toEqual({
      whole: null,
      edges: [['2026-10-31', '2026-11-02']],
    });
    expect(splitPeriod({ filter_start: '2026-11-20', filter_finish: '2026-11-01' })).toEqual({
      whole: null,
      edges: [],
    });
  });
});

describe('periods are Europe/Tallinn days of the tender start', () => {
  it('23:30 on 31 October in Tallinn is October; 00:00 on 1 November is November', async () => {
    const oct = await all<{ tender: number }>(
      'admin',
      'orders/?page_size=0&filter_start=2026-10-31&filter_finish=2026-10-31',
    );
    const nov = await all<{ tender: number; sum_of_details: string }>(
      'admin',
      'orders/?page_size=0&filter_start=2026-11-01&filter_finish=2026-11-01',
    );
    expect(oct.some((r) => r.tender === fixed.tender.id)).toBe(true);
    expect(nov.some((r) => r.tender === fixed.tender.id)).toBe(false);
    expect(nov.some((r) => r.sum_of_details === '100.00')).toBe(true);
  });
  it('the consolidated rows carry the period; its end is the day after the last day', async () => {
    const page = await paged<{ start: string; finish: string }>(
      'admin',
      'consolidated/?filter_start=2026-10-01&filter_finish=2026-10-31',
    );
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results[0]).toMatchObject({ start: '2026-10-01', finish: '2026-11-01' });
  });
  it('presets: last month seen from 22.11.2026 is October; weeks start on Monday', async () => {
    expect(presetRange('last_month', '2026-11-22')).toEqual(['2026-10-01', '2026-10-31']);
    expect(presetRange('current_week', '2026-11-22')).toEqual(['2026-11-16', '2026-11-22']);
    expect(presetRange('last_week', '2026-11-22')).toEqual(['2026-11-09', '2026-11-15']);
    expect(presetRange('yesterday', '2026-03-01')).toEqual(['2026-02-28', '2026-02-28']);
    expect(presetRange('current_month', '2026-02-10')).toEqual(['2026-02-01', '2026-02-28']);
    expect(presetRange('last_3_months', '2026-05-31')).toEqual(['2026-02-28', '2026-05-31']);
    expect(presetRange('last_6_months', '2026-11-22')).toEqual(['2026-05-22', '2026-11-22']);
    expect(presetRange('last_year', '2026-11-22')).toEqual(['2025-01-01', '2025-12-31']);
    expect(presetRange('today', '2026-11-22')).toEqual(['2026-11-22', '2026-11-22']);
    expect(tallinnDay(new Date('2026-10-31T22:00:00Z'))).toBe('2026-11-01');
    const [a, b] = presetRange('last_month', '2026-11-22');
    const rows = await all<{ period: { start: string } }>(
      'admin',
      `orders/?page_size=0&filter_start=${a}&filter_finish=${b}`,
    );
    for (const r of rows) expect(tallinnDay(new Date(r.period.start)).slice(0, 7)).toBe('2026-10');
  });
});

describe('search: every word matches one of the row’s texts; rows and totals equal the raw rows', () => {
  const matches = (search: string, texts: string[]) =>
    search
      .trim()
      .split(/\s+/)
      .every((w) => texts.some((t) => t.toLowerCase().includes(w.toLowerCase())));
  const add = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const scope: Scope = { groups: null };
  const must = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('missing in the raw rows');
    return x;
  };

  it('orders: company name or code, tender code, order code', async () => {
    const exp = expectedOrders(raw, scope);
    const order = must(raw.orders.find((o) => exp.has(o.id)));
    for (const search of ['kolmas', `${fixed.tender.tenderCode}`, order.code, 'varuosa OÜ']) {
      const want = [...exp.entries()].filter(([id]) => {
        const o = must(raw.orders.find((x) => x.id === id));
        const s = must(raw.suppliers.get(o.supplier));
        const t = must(raw.tenders.find((x) => x.id === o.tender));
        return matches(search, [s.name, s.code, t.code, o.code]);
      });
      expect(want.length, search).toBeGreaterThan(0);
      const rows = await all<{ id: number }>(
        'admin',
        `orders/?page_size=0&search=${encodeURIComponent(search)}`,
      );
      expect(rows.map((r) => r.id).sort(), search).toEqual(want.map(([id]) => id).sort());
      const page = await paged<unknown>('admin', `orders/?page_size=2&search=${encodeURIComponent(search)}`);
      expect(page.count, search).toBe(want.length);
      expect(page.totals.sum_of_details, search).toBe(str(add(want.map(([, e]) => e.sum)), 2));
    }
  });

  it('parts: part code or name, tender code; suppliers: company, tender code; consolidated: company', async () => {
    const ep = expectedParts(raw, scope);
    const line = must(raw.lines.find((l) => ep.has(l.id)));
    const part = must(raw.parts.get(line.part));
    for (const search of [part.code, part.name.split(' ')[0], fixed.tender.tenderCode]) {
      const want = [...ep.entries()].filter(([id]) => {
        const l = must(raw.lines.find((x) => x.id === id));
        const p = must(raw.parts.get(l.part));
        const t = must(raw.tenders.find((x) => x.id === l.tender));
        return matches(search, [p.code, p.name, t.code]);
      });
      expect(want.length, search).toBeGreaterThan(0);
      const page = await paged<{ id: number }>(
        'admin',
        `parts/?page_size=0&search=${encodeURIComponent(search)}`,
      );
      expect((page as unknown as { id: number }[]).map((r) => r.id).sort(), search).toEqual(
        want.map(([id]) => id).sort(),
      );
      const p2 = await paged<unknown>('admin', `parts/?page_size=2&search=${encodeURIComponent(search)}`);
      expect(p2.count, search).toBe(want.length);
      expect(p2.totals.sum, search).toBe(str(add(want.map(([, e]) => e.sum)), 2));
    }
    const es = expectedSuppliers(raw, scope);
    for (const search of ['kolmas', fixed.tender.tenderCode]) {
      const want = [...es.entries()].filter(([key]) => {
        const [tender, supplier] = key.split(':').map(Number);
        const s = must(raw.suppliers.get(supplier));
        const t = must(raw.tenders.find((x) => x.id === tender));
        return matches(search, [s.name, s.code, t.code]);
      });
      expect(want.length, search).toBeGreaterThan(0);
      const p = await paged<unknown>('admin', `suppliers/?page_size=2&search=${encodeURIComponent(search)}`);
      expect(p.count, search).toBe(want.length);
      expect(p.totals.number_of_proposals, search).toBe(want.reduce((a, [, e]) => a + e.proposals, 0));
      expect(p.totals.sum_of_details, search).toBe(str(add(want.map(([, e]) => e.sum)), 2));
    }
    const ec = expectedConsolidated(raw, scope);
    const kolmas = [...ec.entries()].filter(([id]) => matches('kolmas', [must(raw.suppliers.get(id)).name]));
    expect(kolmas.length).toBe(1);
    const c = await paged<{ id: number }>('admin', 'consolidated/?search=kolmas');
    expect(c.results.map((r) => r.id)).toEqual([kolmas[0][0]]);
    expect(c.totals.orders_sum).toBe(str(kolmas[0][1].sum, 2));
  });

  it('parts: the code and name filters, a word matching nothing, and wildcards taken literally', async () => {
    const ep = expectedParts(raw, scope);
    const line = must(raw.lines.find((l) => ep.has(l.id)));
    const part = must(raw.parts.get(line.part));
    const code = part.code.slice(1, 4);
    const name = part.name.split(' ')[0].slice(0, 4).toUpperCase();
    for (const [filter, value, pick] of [
      ['filter_code', code, (p: { code: string }) => p.code],
      ['filter_name', name, (p: { name: string }) => p.name],
    ] as const) {
      const want = [...ep.entries()].filter(([id]) => {
        const l = must(raw.lines.find((x) => x.id === id));
        return matches(value, [pick(must(raw.parts.get(l.part)))]);
      });
      expect(want.length, filter).toBeGreaterThan(0);
      const page = await paged<{ id: number }>(
        'admin',
        `parts/?page_size=2&${filter}=${encodeURIComponent(value)}`,
      );
      expect(page.count, filter).toBe(want.length);
      expect(page.totals.sum, filter).toBe(str(add(want.map(([, e]) => e.sum)), 2));
    }
    for (const route of ['parts', 'orders', 'suppliers']) {
      for (const q of ['search=zzq-no-such-word', 'search=%25', 'search=_']) {
        const page = await paged<unknown>('admin', `${route}/?${q}`);
        expect(page.count, `${route} ${q}`).toBe(0);
        expect(page.results, `${route} ${q}`).toEqual([]);
      }
    }
    const none = await paged<unknown>('admin', 'parts/?filter_code=%25&filter_name=_');
    expect(none.count).toBe(0);
  });
});

describe('ordering, filters, exports', () => {
  it('header orderings with a minus prefix, on every report', async () => {
    const num = (v: string | number) => Number(v);
    const check = async (
      path: string,
      field: string,
      pick: (r: Record<string, unknown>) => string | number,
    ) => {
      for (const dir of ['', '-']) {
        const page = await paged<Record<string, unknown>>(
          'admin',
          `${path}?ordering=${dir}${field}&page_size=200`,
        );
        const vals = page.results.map(pick);
        const sorted = [...vals].sort((a, b) =>
          typeof a === 'number' || /^\d+(\.\d+)?$/.test(String(a))
            ? num(a) - num(b)
            : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' })
              ? 0
              : 0,
        );
        if (typeof vals[0] === 'number' || /^\d+(\.\d+)?$/.test(String(vals[0]))) {
          if (dir) sorted.reverse();
          expect(vals.map(num), `${path} ${dir}${field}`).toEqual(sorted.map(num));
        }
        expect(page.results.length).toBeGreaterThan(1);
      }
    };
    await check('orders/', 'sum_of_details', (r) => r.sum_of_details as string);
    await check('orders/', 'number_of_details', (r) => r.number_of_details as number);
    await check('consolidated/', 'orders_sum', (r) => r.orders_sum as string);
    await check('consolidated/', 'ordered_qty', (r) => r.ordered_qty as string);
    await check('parts/', 'min_price', (r) => r.min_price as string);
    await check('parts/', 'max_price', (r) => r.max_price as string);
    await check('suppliers/', 'number_of_proposals', (r) => r.number_of_proposals as number);
    await check('suppliers/', 'sum_of_details', (r) => r.sum_of_details as string);
    // default ordering: code (tender code / part code)
    const codes = (await paged<{ tender_code: string }>('admin', 'orders/?page_size=200')).results.map(
      (r) => r.tender_code,
    );
    expect(codes).toEqual([...codes].sort());
    const desc = (await paged<{ code: string }>('admin', 'parts/?ordering=-code&page_size=200')).results.map(
      (r) => r.code,
    );
    expect(desc).toEqual([...desc].sort().reverse());
  });

  it('name, registration code, part code, reason and winner filters', async () => {
    const byName = await all<{ name: string }>(
      'admin',
      `orders/?page_size=0&filter_name=${encodeURIComponent('kolmas varuosa')}`,
    );
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.name === 'Kolmas Varuosa OÜ')).toBe(true);
    const code = ctx.supplierCo2.registrationCode;
    const byCode = await all<{ registration_code: string }>(
      'admin',
      `consolidated/?page_size=0&filter_registration_code=${code}`,
    );
    expect(byCode.map((r) => r.registration_code)).toEqual([code]);
    const reasons = await all<{ reasons: string[] }>('admin', 'parts/?page_size=0&filter_reason=DUE%20DATE');
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => r.reasons.includes('DUE DATE'))).toBe(true);
    const partCode = reasons[0] as unknown as { code: string };
    const byPart = await all<{ code: string }>(
      'admin',
      `parts/?page_size=0&filter_code=${encodeURIComponent(partCode.code)}`,
    );
    expect(byPart.every((r) => r.code === partCode.code)).toBe(true);
    const winners = await all<{ number_of_details: number }>(
      'admin',
      'suppliers/?page_size=0&filter_winner=true',
    );
    const losers = await all<{ number_of_details: number }>(
      'admin',
      'suppliers/?page_size=0&filter_winner=false',
    );
    const every = await all<unknown>('admin', 'suppliers/?page_size=0');
    expect(winners.every((r) => r.number_of_details > 0)).toBe(true);
    expect(losers.every((r) => r.number_of_details === 0)).toBe(true);
    expect(winners.length + losers.length).toBe(every.length);
  });

  it('exports: page_size=0 answers a plain array, ids narrow it', async () => {
    for (const r of ['consolidated', 'orders', 'parts', 'suppliers', 'categories']) {
      const rows = await all<{ id: number }>('admin', `${r}/?page_size=0`);
      expect(Array.isArray(rows), r).toBe(true);
      expect(rows.length, r).toBeGreaterThan(1);
      const ids = rows.slice(0, 2).map((x) => x.id);
      const some = await all<{ id: number }>('admin', `${r}/?page_size=0&ids=${ids.join(',')}`);
      expect(some.map((x) => x.id).sort(), r).toEqual(ids.sort());
    }
  });

  it('sealed and draft tenders never show, their companies and prices stay hidden', async () => {
    const sealed = raw.tenders
      .filter((t) => ['ACTIVE', 'WAITING', 'DRAFT', 'CANCELED'].includes(t.status))
      .map((t) => t.id);
    for (const r of ['parts', 'suppliers', 'orders']) {
      const rows = await all<{ tender: number }>('admin', `${r}/?page_size=0`);
      expect(
        rows.some((x) => sealed.includes(x.tender)),
        r,
      ).toBe(false);
    }
  });

  it('a contractor sees only the tenders of its groups', async () => {
    const only1 = await ctx.db.execute(
      // move the contractor out of group2 for this check
      (await import('drizzle-orm'))
        .sql`delete from user_groups where user_id = ${ctx.users.contractor.id} and group_id = ${ctx.group2.id}`,
    );
    expect(only1).toBeDefined();
    const token = await ctx.login(ctx.users.contractor.email);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/orders/?page_size=0',
      headers: { authorization: `Token ${token}` },
    });
    const rows = res.json() as { tender: number }[];
    const g2 = new Set(raw.tenders.filter((t) => t.group === ctx.group2.id).map((t) => t.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => g2.has(r.tender))).toBe(false);
    expect(group2Warehouse).toBeGreaterThan(0);
  });
});

/** The monthly roll-ups equal a recount from the raw rows (tenders, lines, offers, winners, purchase orders). */
async function expectRollupsExact(step: string) {
  const exp = expectedRollups(await loadRaw(ctx.db));
  const got = await loadRollups(ctx.db);
  expect(Object.fromEntries(got.suppliers), `${step}: per company and month`).toEqual(
    Object.fromEntries(exp.suppliers),
  );
  expect(Object.fromEntries(got.lines), `${step}: per reason and month`).toEqual(
    Object.fromEntries(exp.lines),
  );
}

describe('the summaries follow every later write (triggers)', () => {
  it('the monthly roll-ups equal a recount from the raw rows of the generated data', async () => {
    await expectRollupsExact('generated data');
    expect((await loadRollups(ctx.db)).suppliers.size).toBeGreaterThan(10);
  });

  it('the monthly roll-ups stay exact through offers, winners, orders, moved and regrouped tenders', async () => {
    const { sql } = await import('drizzle-orm');
    const [one] = (
      (await ctx.db.execute(
        sql`select t.id, t.start from tenders t where t.status = 'ORDERED' and t.id <> ${fixed.tender.id}
            and exists (select 1 from purchase_orders po where po.tender_id = t.id) order by t.id limit 1`,
      )) as unknown as { rows: { id: number; start: string }[] }
    ).rows;
    const yearTotal = async () =>
      (await paged<unknown>('admin', 'consolidated/?filter_start=2025-11-01&filter_finish=2026-11-30')).totals
        .orders_sum;
    const ordersTotal = async () =>
      (await paged<unknown>('admin', 'orders/?filter_start=2025-11-01&filter_finish=2026-11-30')).totals
        .sum_of_details;
    const steps: [string, ReturnType<typeof sql>][] = [
      [
        'the tender moves to another month',
        sql`update tenders set start = start - interval '40 days' where id = ${one.id}`,
      ],
      [
        'the tender moves to the other group',
        sql`update tenders set group_id = ${ctx.group2.id} where id = ${one.id}`,
      ],
      [
        'a winner’s quantity changes',
        sql`update winners set amount = amount + 1 where id = (select w.id from winners w join proposals p on p.id = w.proposal_id where p.tender_id = ${one.id} order by w.id limit 1)`,
      ],
      [
        'a winner’s reason changes',
        sql`update winners set reason = 'TEST' where id = (select w.id from winners w join proposals p on p.id = w.proposal_id where p.tender_id = ${one.id} order by w.id limit 1)`,
      ],
      [
        'a purchase order is deleted',
        sql`delete from purchase_orders where id = (select min(id) from purchase_orders where tender_id = ${one.id})`,
      ],
      [
        'an offer without a win is deleted',
        sql`delete from proposals where id = (select p.id from proposals p where p.tender_id = ${one.id} and not exists (select 1 from winners w where w.proposal_id = p.id) order by p.id limit 1)`,
      ],
      ['the tender is reopened', sql`update tenders set status = 'CHOOSING' where id = ${one.id}`],
      ['it is ordered again', sql`update tenders set status = 'ORDERED' where id = ${one.id}`],
      ['the tender is cancelled', sql`update tenders set status = 'CANCELED' where id = ${one.id}`],
    ];
    for (const [step, statement] of steps) {
      await ctx.db.execute(statement);
      await expectRollupsExact(step);
      // a year of whole months plus an edge: the consolidated total still equals the orders report's
      const exp = expectedConsolidated(await loadRaw(ctx.db), {
        start: '2025-11-01',
        finish: '2026-11-30',
        groups: null,
      });
      const sum = [...exp.values()].reduce((x, e) => x + e.sum, 0n);
      expect(await yearTotal(), step).toBe(str(sum, 2));
      expect(await ordersTotal(), step).toBe(str(sum, 2));
    }
    expect(one.start).toBeTruthy();
  });

  it('two tenders of one month and the same companies ordered at once: both commit, the roll-ups add both', async () => {
    const { sql } = await import('drizzle-orm');
    const { transaction } = await import('../../lib/sql.ts');
    const make = (day: string) =>
      buildReportTender(ctx.db, {
        status: 'CHOOSING',
        start: new Date(`2026-09-${day}T09:00:00Z`),
        groupId: ctx.group.id,
        warehouseId: ctx.warehouse.id,
        orders: true,
        lines: [
          {
            qty: '2',
            offers: [
              { supplier: ctx.supplierCo.id, price: '10.125', win: '2', reason: 'PRICE' },
              { supplier: ctx.supplierCo2.id, price: '11' },
            ],
          },
          {
            qty: '3',
            offers: [
              { supplier: ctx.supplierCo2.id, price: '4.5', win: '3', reason: 'PRODUCER' },
              { supplier: ctx.supplierCo.id, price: '4.4' },
            ],
          },
        ],
      });
    const [a, b] = [await make('10'), await make('12')];
    // each transaction touches the same roll-up rows (September, group, both companies) in two statements and
    // holds them while the other waits
    const order = (id: number) =>
      transaction(ctx.db, async (tx) => {
        await tx.execute(sql`update tenders set status = 'ORDERED' where id = ${id}`);
        await new Promise((r) => setTimeout(r, 150));
        await tx.execute(
          sql`update winners set amount = amount + 1 where detail_id in (select id from details where tender_id = ${id})`,
        );
      });
    await Promise.all([order(a.tender.id), order(b.tender.id)]);
    await expectRollupsExact('two tenders ordered at once');
    const orders = await all<{ tender: number; sum_of_details: string }>(
      'admin',
      'orders/?page_size=0&filter_start=2026-09-01&filter_finish=2026-09-30',
    );
    // 3 × 10.125 = 30.375 → 30.38; 4 × 4.5 = 18.00, for each tender
    for (const t of [a, b])
      expect(
        orders
          .filter((r) => r.tender === t.tender.id)
          .map((r) => r.sum_of_details)
          .sort(),
      ).toEqual(['18.00', '30.38']);
    const sep = await paged<unknown>(
      'admin',
      'consolidated/?filter_start=2026-09-01&filter_finish=2026-09-30',
    );
    const exp = expectedConsolidated(await loadRaw(ctx.db), {
      start: '2026-09-01',
      finish: '2026-09-30',
      groups: null,
    });
    expect(sep.totals.orders_sum).toBe(
      str(
        [...exp.values()].reduce((x, e) => x + e.sum, 0n),
        2,
      ),
    );
  });

  it('a changed ordered quantity, a renamed part code, a deleted winner and a reopened tender show at once', async () => {
    const { sql } = await import('drizzle-orm');
    const orders = async () =>
      (
        await all<{ tender: number; sum_of_details: string }>(
          'admin',
          'orders/?page_size=0&filter_start=2026-10-31&filter_finish=2026-10-31',
        )
      )
        .filter((r) => r.tender === fixed.tender.id)
        .map((r) => r.sum_of_details)
        .sort();
    expect(await orders()).toEqual(['35.00', '37.87']);
    // 7 × 5 → 8 × 5
    await ctx.db.execute(sql`update winners set amount = 8 where detail_id = ${fixed.lineIds[2]}`);
    expect(await orders()).toEqual(['37.87', '40.00']);
    // the part's code is renamed in the catalogue: the parts report shows (and sorts by) the new code
    const code = `ZZ-${Date.now()}`;
    await ctx.db.execute(
      sql`update parts set code = ${code} where id = (select part_id from details where id = ${fixed.lineIds[0]})`,
    );
    const parts = await all<{ id: number; code: string }>('admin', `parts/?page_size=0&filter_code=${code}`);
    expect(parts.map((p) => p.id)).toEqual([fixed.lineIds[0]]);
    const last = (await paged<{ code: string }>('admin', 'parts/?ordering=-code&page_size=1')).results[0];
    expect(last.code).toBe(code);
    // a purchase order's code changes: the orders report shows it and finds it by the new code at once
    const newCode = `PO-${Date.now()}`;
    await ctx.db.execute(
      sql`update purchase_orders set order_code = ${newCode} where id = (select min(id) from purchase_orders where tender_id = ${fixed.tender.id})`,
    );
    const found = await all<{ tender: number; order_code: string }>(
      'admin',
      `orders/?page_size=0&search=${newCode}`,
    );
    expect(found.map((r) => [r.tender, r.order_code])).toEqual([[fixed.tender.id, newCode]]);
    expect(
      (await paged<{ order_code: string }>('admin', 'orders/?ordering=-order_code&page_size=1')).results[0]
        .order_code,
    ).not.toBe('');
    // a winner removed: that company's order has one line less
    await ctx.db.execute(sql`delete from winners where detail_id = ${fixed.lineIds[1]}`);
    expect(await orders()).toEqual(['37.04', '40.00']);
    // reopened (back to CHOOSING): no orders any more, the offers stay in the parts and suppliers reports
    await ctx.db.execute(sql`update tenders set status = 'CHOOSING' where id = ${fixed.tender.id}`);
    expect(await orders()).toEqual([]);
    const sup = await all<{ tender: number; number_of_details: number }>(
      'admin',
      'suppliers/?page_size=0&filter_start=2026-10-31&filter_finish=2026-10-31',
    );
    const mine = sup.filter((r) => r.tender === fixed.tender.id);
    expect(mine.length).toBe(3);
    expect(mine.every((r) => r.number_of_details === 0)).toBe(true);
    // and ORDERED again
    await ctx.db.execute(sql`update tenders set status = 'ORDERED' where id = ${fixed.tender.id}`);
    expect(await orders()).toEqual(['37.04', '40.00']);
    // the sums still equal the order documents
    const view = await ctx.as('admin', {
      method: 'GET',
      url: `/api/tenders/${fixed.tender.id}/?export_data=true`,
    });
    const grand = (view.json().export_data.orders as { grand_total: string }[])
      .map((o) => o.grand_total)
      .sort();
    expect(grand).toEqual(['37.04', '40.00']);
    await expectRollupsExact('after the changes of the known tender');
  });
});
