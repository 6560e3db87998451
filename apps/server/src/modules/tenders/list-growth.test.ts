// The tender list as history grows (issue 37): every ordering's pages (read through their own indexes: by the
// tender's columns, one warehouse, group, buyer or status at a time, or from the counters) hold the tenders of the
// whole list in its order, for every role; the total is exact up to LIST_COUNT_LIMIT and "more than" above it;
// pages deeper than the limit are refused with a translated message; the search matches codes from their start or
// at their end and names anywhere, whatever the case, Estonian and Russian letters included.
import { LIST_COUNT_LIMIT } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groups, tenders, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { buildWarehouse } from '../../test/factories.ts';
import { type BuiltTender, buildTender } from '../../test/tenders.ts';

const ctx = await testContext();
let ordered: BuiltTender;
let active: BuiltTender;
let estonian: { id: number; name: string };
let russianGroup: string;

const ORDERINGS = [
  'code',
  'tender_code',
  'start',
  'finish',
  'status',
  'details_count',
  'proposals_count',
  'winners_count',
  'group',
  'warehouse',
  'creator',
  'created',
  'updated',
  'id',
];

beforeAll(async () => {
  ordered = await buildTender(ctx, 'ORDERED', { lines: 2 });
  active = await buildTender(ctx, 'ACTIVE', { lines: 3 });
  await buildTender(ctx, 'DRAFT', { lines: 1 });
  // Names with Estonian and Russian letters.
  const w = await buildWarehouse(ctx.db, { groupId: ctx.group.id, name: 'Õismäe Ülemiste ladu' });
  await buildWarehouse(ctx.db, { groupId: ctx.group2.id });
  estonian = { id: w.id, name: w.name };
  russianGroup = 'Склад Жуковский';
  await ctx.db.update(groups).set({ name: russianGroup }).where(eq(groups.id, ctx.group2.id));
  // 40 more tenders copied from the ORDERED one over every status, both groups, all warehouses and two buyers (one
  // without a creator), some sharing a start, so each ordering has ties and several keys.
  const [model] = await ctx.db.select().from(tenders).where(eq(tenders.id, ordered.id));
  const { id: _id, ...copy } = model;
  const whs = await queryRows<{ id: number; group_id: number }>(
    ctx.db,
    sql`select id, group_id from warehouses order by id`,
  );
  const statuses = [
    'DRAFT',
    'WAITING',
    'ACTIVE',
    'FINISHED',
    'CHOOSING',
    'ORDERED',
    'CANCELED',
    'FAILED',
  ] as const;
  await ctx.db.insert(tenders).values(
    Array.from({ length: 40 }, (_, i) => {
      const wh = whs[i % whs.length];
      return {
        ...copy,
        tenderCode: `G-${String(i).padStart(3, '0')}`,
        start: new Date(model.start.getTime() - Math.floor(i / 4) * 60_000),
        finish: new Date(model.finish.getTime() + (i % 5) * 60_000),
        status: statuses[i % statuses.length],
        warehouseId: wh.id,
        groupId: wh.group_id,
        creatorId: i % 7 === 0 ? null : i % 2 ? ctx.users.contractor.id : ctx.users.admin.id,
      };
    }),
  );
}, 120_000);

const all = async (role: Parameters<typeof ctx.as>[0], query: string) => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/?page_size=0${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((t) => t.id);
};

const page = async (role: Parameters<typeof ctx.as>[0], query: string) => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as { results: { id: number }[]; count: number; pages: number; count_more?: boolean };
};

describe('GET /tenders/ as history grows', () => {
  it('every ordering, both directions, pages through the whole list in its order, for a buyer and a supplier', async () => {
    for (const role of ['contractor', 'supplier'] as const)
      for (const f of ORDERINGS)
        for (const dir of ['', '-']) {
          const ordering = `&ordering=${dir}${f}`;
          const whole = await all(role, ordering);
          expect(whole.length, role).toBeGreaterThan(10);
          const paged: number[] = [];
          for (let p = 1; paged.length < whole.length && p < 20; p++) {
            const body = await page(role, `page_size=15&page=${p}${ordering}`);
            expect([body.count, body.count_more], `${role} ${dir}${f} ${p}`).toEqual([
              whole.length,
              undefined,
            ]);
            paged.push(...body.results.map((t) => t.id));
          }
          expect(paged, `${role} ${dir}${f}`).toEqual(whole);
        }
    // With a status filter and a search too (the count orderings read the counters, filtered).
    for (const q of ['&filter_status=ORDERED,DRAFT', `&search=${encodeURIComponent('õismäe')}`])
      for (const f of ['-proposals_count', 'warehouse', 'creator', 'status', '-finish']) {
        const whole = await all('admin', `${q}&ordering=${f}`);
        const paged = [
          ...(await page('admin', `page_size=3&page=1${q}&ordering=${f}`)).results,
          ...(await page('admin', `page_size=3&page=2${q}&ordering=${f}`)).results,
        ].map((t) => t.id);
        expect(paged, `${q} ${f}`).toEqual(whole.slice(0, 6));
      }
  }, 600_000);

  it('searches codes from their start or at their end and names anywhere, in any case and alphabet', async () => {
    const [t] = await ctx.db.select().from(tenders).where(eq(tenders.id, active.id));
    const code = t.tenderCode;
    expect(await all('admin', `&search=${encodeURIComponent(code.toLowerCase())}`)).toEqual([active.id]);
    // The code's start, and its end (the number), in either case.
    expect(await all('admin', `&search=${encodeURIComponent(code.slice(0, -1).toLowerCase())}`)).toContain(
      active.id,
    );
    expect(await all('admin', `&search=${encodeURIComponent(code.slice(-3))}`)).toContain(active.id);
    expect((await all('admin', '&search=g-01')).length).toBe(10); // G-010 … G-019
    expect((await all('admin', '&search=G-0')).length).toBe(40);
    expect(await all('admin', '&search=-01')).toEqual([]); // neither a start nor an end of any code
    // Estonian letters in a warehouse's name, upper and lower case, a part of the name.
    const byWarehouse = await all('admin', `&search=${encodeURIComponent('ÜLEMISTE')}`);
    expect(byWarehouse.length).toBeGreaterThan(0);
    expect(await all('admin', `&search=${encodeURIComponent('õismäe')}`)).toEqual(byWarehouse);
    const ws = await queryRows<{ id: number }>(
      ctx.db,
      sql`select t.id from tenders t join warehouses w on w.id = t.warehouse_id where w.name = ${estonian.name} order by t.start desc, t.id desc`,
    );
    expect(byWarehouse).toEqual(ws.map((r) => r.id));
    // Russian letters in a group's name.
    const byGroup = await all('admin', `&search=${encodeURIComponent('жуковск')}`);
    expect(byGroup.length).toBeGreaterThan(0);
    expect(await all('admin', `&search=${encodeURIComponent('ЖУКОВСКИЙ')}`)).toEqual(byGroup);
    const inGroup = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from tenders where group_id = ${ctx.group2.id} order by start desc, id desc`,
    );
    expect(byGroup).toEqual(inGroup.map((r) => r.id));
    // A buyer's name; every word must match (a name and a code).
    const [contractor] = await ctx.db.select().from(users).where(eq(users.id, ctx.users.contractor.id));
    const byBuyer = await all('admin', `&search=${encodeURIComponent(contractor.lastName.toUpperCase())}`);
    expect(byBuyer.length).toBeGreaterThan(0);
    const both = await all('admin', `&search=${encodeURIComponent(`${contractor.lastName} g-01`)}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((id) => byBuyer.includes(id))).toBe(true);
    // LIKE's wildcards are plain letters.
    expect(await all('admin', '&search=%25')).toEqual([]);
    expect(await all('admin', '&search=_')).toEqual([]);
    // A supplier finds only what it may see.
    const seen = await all('supplier', '');
    const found = await all('supplier', `&search=${encodeURIComponent(russianGroup)}`);
    expect(found).toEqual(byGroup.filter((id) => seen.includes(id)));
  });

  it(`counts exactly up to ${LIST_COUNT_LIMIT} tenders, then "more than", and refuses pages deeper than that`, async () => {
    const before = (await page('admin', 'page_size=50')).count;
    expect(before).toBeLessThan(LIST_COUNT_LIMIT);
    // Enough tenders to pass the limit, in one statement.
    await ctx.db.execute(sql`insert into tenders (tender_code, start, finish, status, warehouse_id, group_id,
        additional_info, created, updated)
      select 'M-' || lpad(g::text, 6, '0'), t.start - make_interval(mins => g), t.finish, 'CANCELED', t.warehouse_id,
             t.group_id, '', t.created, t.updated
      from generate_series(1, ${LIST_COUNT_LIMIT + 5}) g, tenders t where t.id = ${ordered.id}`);
    const first = await page('admin', 'page_size=50');
    expect([first.count, first.count_more, first.pages]).toEqual([
      LIST_COUNT_LIMIT,
      true,
      LIST_COUNT_LIMIT / 50,
    ]);
    // A filter under the limit is counted exactly again.
    const few = await page('admin', 'page_size=50&filter_status=ORDERED');
    expect(few.count_more).toBeUndefined();
    expect(few.count).toBe((await all('admin', '&filter_status=ORDERED')).length);
    // The status-filtered page (its total inside its one statement) says "more than" too.
    const canceled = await page('admin', 'page_size=50&filter_status=CANCELED,FAILED&page=2');
    expect([canceled.count, canceled.count_more]).toEqual([LIST_COUNT_LIMIT, true]);
    // The deepest page is served, in every kind of ordering; one beyond is refused with a message.
    for (const ordering of ['-start', 'warehouse', '-proposals_count', 'status']) {
      const last = await page('admin', `page_size=200&page=${LIST_COUNT_LIMIT / 200}&ordering=${ordering}`);
      expect(last.results.length, ordering).toBe(200);
      const deeper = await ctx.as('admin', {
        method: 'GET',
        url: `/api/tenders/?page_size=200&page=${LIST_COUNT_LIMIT / 200 + 1}&ordering=${ordering}`,
      });
      expect(deeper.statusCode).toBe(400);
      expect(deeper.json()).toEqual({ page: ['page_too_deep'] });
    }
    const deep = await ctx.as('admin', { method: 'GET', url: '/api/tenders/?page=2000' });
    expect([deep.statusCode, deep.json()]).toEqual([400, { page: ['page_too_deep'] }]);
    // The other lists share the rule: a page beyond the limit is refused.
    const lines = await ctx.as('admin', { method: 'GET', url: '/api/details/?status=PREPARED&page=2000' });
    expect([lines.statusCode, lines.json()]).toEqual([400, { page: ['page_too_deep'] }]);
  }, 120_000);
});
