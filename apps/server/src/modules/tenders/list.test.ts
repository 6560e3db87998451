// GET /tenders/: visibility per role, search, filters, whitelisted ordering, export modes, counts.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { details, tenders } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildWarehouse } from '../../test/factories.ts';
import { type BuiltTender, buildLines, buildTender, isoIn } from '../../test/tenders.ts';

const ctx = await testContext();
let ordered: BuiltTender;
let active: BuiltTender;
let draft: BuiltTender;
let other: number;

beforeAll(async () => {
  ordered = await buildTender(ctx, 'ORDERED', { lines: 2 });
  active = await buildTender(ctx, 'ACTIVE', { lines: 3 });
  draft = await buildTender(ctx, 'DRAFT', { lines: 1 });
  // a tender in group2 (admin and contractor only)
  const w2 = await buildWarehouse(ctx.db, { groupId: ctx.group2.id });
  const [l] = await buildLines(ctx, 1, { warehouseId: w2.id });
  const res = await ctx.as('contractor', {
    method: 'POST',
    url: '/api/tenders/',
    payload: {
      start: isoIn(60),
      finish: isoIn(120),
      group: ctx.group2.id,
      warehouse: w2.id,
      details: [{ id: l.id, qty: 1 }],
    },
  });
  other = res.json().id;
}, 60_000);

const ids = async (role: Parameters<typeof ctx.as>[0], query = '') => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/?page_size=0${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((t) => t.id);
};

describe('GET /tenders/', () => {
  it('each role sees its own groups; suppliers never see drafts nor groups they do not serve', async () => {
    expect((await ids('admin')).sort()).toEqual([ordered.id, active.id, draft.id, other].sort());
    expect((await ids('contractor')).sort()).toEqual([ordered.id, active.id, draft.id, other].sort());
    expect((await ids('master')).sort()).toEqual([ordered.id, active.id, draft.id].sort());
    expect((await ids('supplier')).sort()).toEqual([ordered.id, active.id].sort());
    expect((await ids('supplier2')).sort()).toEqual([ordered.id, active.id].sort());
  });

  it('pages with counts computed in SQL and default ordering -start', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/tenders/?page_size=2' });
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.pages).toBe(2);
    const starts = body.results.map((t: { start: string }) => t.start);
    expect([...starts].sort().reverse()).toEqual(starts);
    const all = (await ctx.as('admin', { method: 'GET', url: '/api/tenders/?page_size=0' })).json() as {
      id: number;
      details_count: number;
      proposals_count: number;
      winners_count: number;
    }[];
    expect(all.find((t) => t.id === ordered.id)).toMatchObject({
      details_count: 2,
      proposals_count: 4,
      winners_count: 2,
    });
    expect(all.find((t) => t.id === active.id)).toMatchObject({
      details_count: 3,
      proposals_count: 6,
      winners_count: 0,
    });
    const mine = (await ctx.as('supplier', { method: 'GET', url: '/api/tenders/?page_size=0' })).json() as {
      id: number;
      proposals_count: number;
      company_proposals: number;
      is_winner: boolean;
    }[];
    expect(mine.find((t) => t.id === active.id)).toMatchObject({
      proposals_count: 3,
      company_proposals: 3,
      is_winner: false,
    });
    expect(mine.find((t) => t.id === ordered.id)).toMatchObject({ is_winner: true });
  });

  it('orders by every whitelisted field, both directions', async () => {
    for (const f of [
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
      'created',
    ]) {
      for (const dir of ['', '-']) {
        const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/?ordering=${dir}${f}` });
        expect(res.statusCode, `${dir}${f}`).toBe(200);
      }
    }
    // Status sorts by the lifecycle (DRAFT, WAITING, ACTIVE, … ORDERED), not alphabetically by code.
    const byStatus = await ids('admin', '&ordering=status');
    expect(byStatus.indexOf(draft.id)).toBeLessThan(byStatus.indexOf(active.id));
    expect(byStatus.indexOf(active.id)).toBeLessThan(byStatus.indexOf(ordered.id));
    const byStatusDesc = await ids('admin', '&ordering=-status');
    expect(byStatusDesc.indexOf(ordered.id)).toBeLessThan(byStatusDesc.indexOf(active.id));
    const byLines = await ids('admin', '&ordering=-details_count');
    expect(byLines[0]).toBe(active.id);
    const supplierOrder = await ctx.as('supplier', {
      method: 'GET',
      url: '/api/tenders/?ordering=-proposals_count',
    });
    expect(supplierOrder.statusCode).toBe(200);
    expect(
      (await ctx.as('admin', { method: 'GET', url: '/api/tenders/?ordering=creator_id' })).json(),
    ).toEqual({ ordering: ['invalid_ordering'] });
  });

  it('searches code, group, warehouse and creator', async () => {
    const [t] = await ctx.db.select().from(tenders).where(eq(tenders.id, active.id));
    expect(await ids('admin', `&search=${encodeURIComponent(t.tenderCode)}`)).toEqual([active.id]);
    expect(await ids('admin', `&search=${encodeURIComponent(ctx.group2.name)}`)).toEqual([other]);
    expect((await ids('admin', `&search=${encodeURIComponent(ctx.warehouse.name)}`)).sort()).toEqual(
      [ordered.id, active.id, draft.id].sort(),
    );
    expect(await ids('admin', `&search=${encodeURIComponent(ctx.users.contractor.lastName)}`)).toEqual([
      other,
    ]);
    expect(await ids('admin', '&search=nothing-like-this')).toEqual([]);
  });

  it('filters groups, dates, statuses, failed business-system lines, and ids for exports', async () => {
    expect(await ids('admin', `&filter_groups=${ctx.group2.id}`)).toEqual([other]);
    expect((await ids('admin', `&filter_status=ORDERED,ACTIVE`)).sort()).toEqual(
      [ordered.id, active.id].sort(),
    );
    const [a] = await ctx.db.select().from(tenders).where(eq(tenders.id, active.id));
    const [o] = await ctx.db.select().from(tenders).where(eq(tenders.id, ordered.id));
    // The Tallinn day the ORDERED tender finished on (a UTC slice is the day before after 22:00 UTC).
    const day = o.finish.toLocaleDateString('sv-SE', { timeZone: 'Europe/Tallinn' });
    expect(
      await ids('admin', `&filter_start=${a.start.toISOString()}&filter_finish=${a.finish.toISOString()}`),
    ).not.toContain(ordered.id);
    const byDay = await ids('admin', `&filter_start=2000-01-01&filter_finish=${day}`);
    expect(byDay).toContain(ordered.id);
    const dayBefore = new Date(`${day}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(await ids('admin', `&filter_finish=${dayBefore.toISOString().slice(0, 10)}`)).not.toContain(
      ordered.id,
    );
    expect(await ids('admin', '&filter_start=2100-01-01')).toEqual([]);
    // A plain day is a Tallinn day: a tender from 00:30 on the 10th to 00:30 on the 13th, Tallinn time (22:30 UTC
    // the day before each), starts on the 10th and does not finish by the end of the 12th; a UTC reading says
    // the 9th and the 12th.
    await ctx.db
      .update(tenders)
      .set({ start: new Date('2031-03-09T22:30:00Z'), finish: new Date('2031-03-12T22:30:00Z') })
      .where(eq(tenders.id, active.id));
    expect(await ids('admin', '&filter_start=2031-03-10&filter_finish=2031-03-13')).toEqual([active.id]);
    expect(await ids('admin', '&filter_start=2031-03-10&filter_finish=2031-03-12')).toEqual([]);
    expect(await ids('admin', '&filter_start=2031-03-11')).not.toContain(active.id);
    await ctx.db.update(tenders).set({ start: a.start, finish: a.finish }).where(eq(tenders.id, active.id));
    await ctx.db.update(details).set({ bcStatus: 'error' }).where(eq(details.id, ordered.lines[0]));
    expect(await ids('admin', '&failed_bc_details=true')).toEqual([ordered.id]);
    // The total of a full page is counted in SQL (with the counters joined only for this filter): one tender.
    const failedPage = (
      await ctx.as('admin', { method: 'GET', url: '/api/tenders/?failed_bc_details=true&page_size=1' })
    ).json();
    expect([failedPage.count, failedPage.pages, failedPage.results.length]).toEqual([1, 1, 1]);
    const allPage = (await ctx.as('admin', { method: 'GET', url: '/api/tenders/?page_size=1' })).json();
    expect(allPage.count).toBe((await ids('admin')).length);
    expect(allPage.count).toBeGreaterThan(1);
    const row = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${ordered.id}/` })).json();
    expect(row.failed_bc_details).toBe(1);
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${ordered.id}/` })).json()
        .failed_bc_details,
    ).toBe(0);
    expect((await ids('supplier', '&failed_bc_details=true')).length).toBe(2);
    expect((await ids('admin', `&ids=${draft.id},${other}`)).sort()).toEqual([draft.id, other].sort());
    const res = await ctx.as('admin', { method: 'GET', url: '/api/tenders/?filter_groups=1,x' });
    expect(res.statusCode).toBe(400);
  });

  it('a status-filtered page (one ordered range per status, merged) holds the same tenders as the whole list', async () => {
    // More tenders in a few states, some sharing a start, so ties fall to the id.
    for (const status of ['WAITING', 'CANCELED', 'WAITING'] as const)
      await buildTender(ctx, status, { lines: 1 });
    const statuses = 'WAITING,ACTIVE,CANCELED,ORDERED,DRAFT';
    for (const role of ['admin', 'contractor', 'supplier'] as const)
      for (const ordering of ['', '-start', 'start', 'code', '-finish', 'created,-id', '-updated']) {
        const query = `&filter_status=${statuses}${ordering ? `&ordering=${ordering}` : ''}`;
        const all = await ids(role, query);
        expect(all.length, `${role} ${ordering}`).toBeGreaterThan(2);
        const paged: number[] = [];
        for (let page = 1; paged.length < all.length && page < 20; page++) {
          const res = await ctx.as(role, {
            method: 'GET',
            url: `/api/tenders/?page_size=2&page=${page}${query}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as { results: { id: number }[]; count: number };
          expect(body.count).toBe(all.length);
          paged.push(...body.results.map((t) => t.id));
        }
        expect(paged, `${role} ${ordering}`).toEqual(all);
      }
  });

  it('pages of the whole list (the page and its total in two statements) hold the same tenders as the whole list', async () => {
    // Enough tenders for full pages of the usual size (their first pages are written into the statement's text),
    // some sharing a start so that ties fall to the id; removed again at the end.
    const [model] = await ctx.db.select().from(tenders).where(eq(tenders.id, ordered.id));
    const { id: _id, ...copy } = model;
    const added = await ctx.db
      .insert(tenders)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          ...copy,
          tenderCode: `${model.tenderCode}-P${i}`,
          start: new Date(model.start.getTime() - Math.floor(i / 3) * 60_000),
          status: i % 4 ? model.status : ('CANCELED' as const),
        })),
      )
      .returning({ id: tenders.id });
    try {
      for (const role of ['admin', 'contractor', 'supplier'] as const)
        for (const ordering of ['', '-finish']) {
          const query = ordering ? `&ordering=${ordering}` : '';
          const all = await ids(role, query);
          expect(all.length, role).toBeGreaterThan(120);
          for (const size of [50, 7]) {
            const paged: number[] = [];
            for (let page = 1; paged.length < all.length && page < 40; page++) {
              const res = await ctx.as(role, {
                method: 'GET',
                url: `/api/tenders/?page_size=${size}&page=${page}${query}`,
              });
              expect(res.statusCode, res.body).toBe(200);
              const body = res.json() as { results: { id: number }[]; count: number; pages: number };
              expect([body.count, body.pages], `${role} ${size} ${page}`).toEqual([
                all.length,
                Math.ceil(all.length / size),
              ]);
              paged.push(...body.results.map((t) => t.id));
            }
            expect(paged, `${role} ${ordering} ${size}`).toEqual(all);
          }
        }
    } finally {
      await ctx.db.delete(tenders).where(
        inArray(
          tenders.id,
          added.map((a) => a.id),
        ),
      );
    }
  });

  it('every list row equals the tender read by the same caller (its own statement: counts, comments, flags)', async () => {
    const roles = ['admin', 'contractor', 'master', 'supplier', 'employee', 'supplier2'] as const;
    const compare = async () => {
      for (const role of roles) {
        const all = (await ctx.as(role, { method: 'GET', url: '/api/tenders/?page_size=0' })).json() as {
          id: number;
        }[];
        const paged = (
          await ctx.as(role, { method: 'GET', url: '/api/tenders/?page_size=1&page=2&ordering=id' })
        ).json() as { results: { id: number }[] };
        expect(all.length, role).toBeGreaterThan(0);
        for (const row of [...all, ...paged.results]) {
          const one = await ctx.as(role, { method: 'GET', url: `/api/tenders/${row.id}/` });
          expect(one.statusCode, one.body).toBe(200);
          const { server_time: _a, ...listed } = row as Record<string, unknown>;
          const { server_time: _b, ...read } = one.json() as Record<string, unknown>;
          expect(listed, `${role} tender ${row.id}`).toEqual(read);
        }
      }
    };
    // buildTender leaves supplier comments on the ACTIVE and ORDERED tenders and an approver comment on the ORDERED.
    const withComments = (
      await ctx.as('admin', { method: 'GET', url: `/api/tenders/?ids=${ordered.id}` })
    ).json() as { results: { comments_options: unknown[]; approver_comment_content: string | null }[] };
    expect(withComments.results[0].comments_options.length).toBeGreaterThan(0);
    expect(withComments.results[0].approver_comment_content).not.toBeNull();
    await compare();
    // The company's sharing flag is read with the session on every request: a change shows at once.
    const { suppliers } = await import('../../db/schema/index.ts');
    const setSharing = (on: boolean) =>
      ctx.db
        .update(suppliers)
        .set({ isEmployeesCanViewProposal: on })
        .where(eq(suppliers.id, ctx.supplierCo.id));
    const employeeSees = async () =>
      (
        (await ctx.as('employee', { method: 'GET', url: `/api/tenders/?ids=${active.id}` })).json() as {
          results: { proposals_count: number; company_proposals_sharing_enabled: boolean }[];
        }
      ).results[0];
    await setSharing(true);
    expect(await employeeSees()).toMatchObject({ company_proposals_sharing_enabled: true });
    expect((await employeeSees()).proposals_count).toBeGreaterThan(0);
    await compare();
    await setSharing(false);
    expect(await employeeSees()).toMatchObject({
      company_proposals_sharing_enabled: false,
      proposals_count: 0,
    });
  });

  it('a form edit of a draft is written to the history with the changed fields', async () => {
    const res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/tenders/${draft.id}/`,
      payload: { additional_info: 'new text' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const h = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${draft.id}/` });
    expect(h.json().additional_info).toBe('new text');
    const { history } = await import('../../db/schema/index.ts');
    const rows = await ctx.db.select().from(history).where(eq(history.tenderId, draft.id));
    expect(
      rows.some(
        (r) =>
          r.action === 'changed' && (r.data as { additional_info?: string }).additional_info === 'new text',
      ),
    ).toBe(true);
  });
});
