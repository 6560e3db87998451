// The one list mechanism (lib/list.ts), exercised through the groups and warehouses routes.
import { describe, expect, it } from 'vitest';
import { groups } from '../db/schema/index.ts';
import { testContext } from '../test/context.ts';
import { buildWarehouse, uid } from '../test/factories.ts';

const ctx = await testContext();
// Letters only: the search test looks for number words ("12"), which a hex tag could contain.
const tag = uid().replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);
// 230 groups named "List <tag> NNN", every fifth disabled; plus warehouses in ctx.group.
await ctx.db.insert(groups).values(
  Array.from({ length: 230 }, (_, i) => ({
    name: `List ${tag} ${String(i).padStart(3, '0')}`,
    isActive: i % 5 !== 0,
  })),
);
const N = 230;
const get = (url: string, query: Record<string, string> = {}) =>
  ctx.as('admin', { method: 'GET', url, query });
const listGroups = (query: Record<string, string>) =>
  get('/api/groups/', { search: `List ${tag}`, ...query });
type Row = { id: number; name: string; is_active: boolean };

describe('paging', () => {
  it('answers 50 rows by default with count and pages', async () => {
    const body = (await listGroups({})).json();
    expect(body.count).toBe(N);
    expect(body.pages).toBe(5);
    expect(body.results).toHaveLength(50);
    expect(body.results[0].name).toBe(`List ${tag} 000`);
  });

  it('answers page sizes 100 and 200 and later pages', async () => {
    let body = (await listGroups({ page_size: '100', page: '3' })).json();
    expect(body).toMatchObject({ count: N, pages: 3 });
    expect(body.results.map((r: Row) => r.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `List ${tag} ${200 + i}`),
    );
    body = (await listGroups({ page_size: '200' })).json();
    expect(body).toMatchObject({ count: N, pages: 2 });
    expect(body.results).toHaveLength(200);
  });

  it('answers a page past the end with no rows and the right count', async () => {
    const res = await listGroups({ page: '9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [], count: N, pages: 5 });
  });

  it('counts correctly past the end of a joined list too', async () => {
    const all = (await get('/api/warehouses/', { page_size: '0' })).json() as Row[];
    const res = await get('/api/warehouses/', { page: '50', page_size: '100' });
    expect(res.json()).toEqual({
      results: [],
      count: all.length,
      pages: Math.max(1, Math.ceil(all.length / 100)),
    });
  });

  it('answers an empty list as one empty page', async () => {
    expect((await listGroups({ search: 'no-such-group-anywhere' })).json()).toEqual({
      results: [],
      count: 0,
      pages: 1,
    });
  });

  it('page_size 0 answers every row as a plain array', async () => {
    const rows = (await listGroups({ page_size: '0' })).json() as Row[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(N);
  });

  it('ids with page_size 0 answers only those rows', async () => {
    const all = (await listGroups({ page_size: '0' })).json() as Row[];
    const pick = [all[3].id, all[100].id, all[229].id];
    const rows = (await get('/api/groups/', { page_size: '0', ids: pick.join(',') })).json() as Row[];
    expect(rows.map((r) => r.id).sort()).toEqual([...pick].sort());
  });

  it('refuses bad paging values with 400 and a key', async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ page: '0' }, { page: ['invalid_page'] }],
      [{ page: '-1' }, { page: ['invalid_page'] }],
      [{ page: 'two' }, { page: ['invalid_page'] }],
      [{ page_size: '10000' }, { page_size: ['page_size_too_large'] }],
      [{ page_size: '1.5' }, { page_size: ['invalid_page_size'] }],
      [{ ids: '1,a' }, { ids: ['invalid_ids'] }],
      [{ ids: '1,,2' }, { ids: ['invalid_ids'] }],
      [
        { ids: Array.from({ length: 5001 }, (_, i) => i + 1).join(','), page_size: '0' },
        { ids: ['invalid_ids'] },
      ],
      [{ is_active: 'maybe' }, { is_active: ['invalid_choice'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await get('/api/groups/', query);
      expect(res.statusCode, JSON.stringify(query).slice(0, 80)).toBe(400);
      expect(res.json(), JSON.stringify(query).slice(0, 80)).toEqual(errors);
    }
  });
});

describe('search', () => {
  it('requires every word to match (any column), case-insensitively', async () => {
    const rows = (
      await get('/api/groups/', { search: `list ${tag.toUpperCase()} 12`, page_size: '0' })
    ).json() as Row[];
    expect(rows.map((r) => r.name).sort()).toEqual([
      `List ${tag} 012`,
      `List ${tag} 112`,
      `List ${tag} 120`,
      `List ${tag} 121`,
      `List ${tag} 122`,
      `List ${tag} 123`,
      `List ${tag} 124`,
      `List ${tag} 125`,
      `List ${tag} 126`,
      `List ${tag} 127`,
      `List ${tag} 128`,
      `List ${tag} 129`,
      `List ${tag} 212`,
    ]);
    expect((await get('/api/groups/', { search: `${tag} nothere`, page_size: '0' })).json()).toEqual([]);
  });

  it('matches words across columns of warehouses, group name included', async () => {
    const u = uid();
    const w = await buildWarehouse(ctx.db, {
      groupId: ctx.group2.id,
      name: `Depot ${u}`,
      address: `Kalamaja ${u}`,
      description: 'cold store',
    });
    await buildWarehouse(ctx.db, {
      groupId: ctx.group.id,
      name: `Depot ${u} two`,
      description: 'warm store',
    });
    const groupWord = ctx.group2.name.split(' ').at(-1)!;
    const names = async (search: string) =>
      ((await get('/api/warehouses/', { search, page_size: '0' })).json() as Row[]).map((r) => r.name);
    expect(await names(`kalamaja ${u}`)).toEqual([w.name]);
    expect(await names(`${u} cold`)).toEqual([w.name]);
    expect(await names(`${u} ${groupWord}`)).toEqual([w.name]);
    expect((await names(`Depot ${u}`)).sort()).toEqual([w.name, `Depot ${u} two`]);
    expect(await names(`${u} hot`)).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await get('/api/groups/', { search: '%', page_size: '0' })).json()).toEqual([]);
    expect((await get('/api/groups/', { search: `${tag}_`, page_size: '0' })).json()).toEqual([]);
  });
});

describe('ordering', () => {
  it('orders by a whitelisted field ascending or descending, default by name', async () => {
    const asc = (await listGroups({ page_size: '0' })).json() as Row[];
    expect(asc.map((r) => r.name)).toEqual([...asc.map((r) => r.name)].sort());
    const desc = (await listGroups({ page_size: '0', ordering: '-name' })).json() as Row[];
    expect(desc.map((r) => r.name)).toEqual(asc.map((r) => r.name).reverse());
    const byActive = (await listGroups({ page_size: '0', ordering: 'is_active,-name' })).json() as Row[];
    expect(byActive.slice(0, N / 5).every((r) => !r.is_active)).toBe(true);
    expect(byActive[0].name).toBe(`List ${tag} 225`);
    const byId = (await listGroups({ page_size: '0', ordering: '-id' })).json() as Row[];
    expect(byId.map((r) => r.id)).toEqual([...byId.map((r) => r.id)].sort((a, b) => b - a));
  });

  it('orders warehouses by group name', async () => {
    const rows = (await get('/api/warehouses/', { page_size: '0', ordering: '-group_name' })).json() as {
      group_name: string;
    }[];
    expect(rows.map((r) => r.group_name)).toEqual(
      rows
        .map((r) => r.group_name)
        .sort()
        .reverse(),
    );
  });

  it('refuses an unknown or malformed ordering field', async () => {
    for (const ordering of ['password', '-created', 'name;drop', 'name,', '--name']) {
      const res = await get('/api/groups/', { ordering });
      expect(res.statusCode, ordering).toBe(400);
      expect(res.json(), ordering).toEqual({ ordering: ['invalid_ordering'] });
    }
  });
});
