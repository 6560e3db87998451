// The buyer's evaluation view in pages (GET /details/?tender=…&fields=view&offers=N) and the comparison matrix
// (GET /tenders/{id}/matrix/, …/rows/, …/xlsx/): what each answers, to whom, in which states, and the bad query
// values they refuse. (The generated sealed matrix covers every route for every role and state as well.)
import type { ViewLine } from '@portal/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { testContext } from '../../test/context.ts';
import { type BuiltTender, buildTender, getLines } from '../../test/tenders.ts';

const ctx = await testContext();

type Page = { results: ViewLine[]; pages: number; count: number };
const view = async (tender: number, query: string, role: 'admin' | 'supplier' = 'admin') => {
  const res = await ctx.as(role, {
    method: 'GET',
    url: `/api/details/?tender=${tender}&fields=view&${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page | ViewLine[];
};
const choose = (line: number, proposal: number, reason: string | null = null) =>
  ctx.as('admin', {
    method: 'PATCH',
    url: `/api/details/${line}/add_winners/`,
    payload: { winners: [{ name: proposal, amount: null, reason }] },
  });
/** A tender's line by its id, whole. */
const lineOf = async (tender: number, id: number) => (await getLines(ctx, tender)).find((l) => l.id === id)!;

describe('the evaluation view in pages', { timeout: 120_000 }, () => {
  let t: BuiltTender;
  it('pages the lines and keeps the first offers of each with their count', async () => {
    t = await buildTender(ctx, 'CHOOSING', { lines: 3 });
    const p1 = (await view(t.id, 'page=1&page_size=2&offers=1&ordering=id')) as Page;
    expect(p1).toMatchObject({ pages: 2, count: 3 });
    expect(p1.results.map((l) => l.id)).toEqual(t.lines.slice(0, 2));
    for (const l of p1.results) {
      expect(l.proposals_count).toBe(2);
      expect(l.proposals).toHaveLength(1);
      // the cheapest one, marked as such
      expect(l.proposals[0]).toMatchObject({ price: t.prices.supplier, is_lowest: true, sealed: false });
    }
    const p2 = (await view(t.id, 'page=2&page_size=2&offers=1&ordering=id')) as Page;
    expect(p2.results.map((l) => l.id)).toEqual([t.lines[2]]);
  });

  it('keeps every offer without `offers` (a small tender reads as before)', async () => {
    const all = (await view(t.id, 'page_size=0')) as ViewLine[];
    expect(all).toHaveLength(3);
    for (const l of all) {
      expect(l.proposals).toHaveLength(2);
      expect(l.proposals_count).toBe(2);
    }
  });

  it("shows a line's winners first among its kept offers", async () => {
    const line = await lineOf(t.id, t.lines[0]);
    const dear = line.proposals.find((p) => p.price === t.prices.supplier2)!;
    expect((await choose(line.id, dear.id!, 'DUE DATE')).statusCode).toBe(200);
    const p = (await view(t.id, 'page=1&page_size=1&offers=1&ordering=id')) as Page;
    expect(p.results[0].proposals).toEqual([
      expect.objectContaining({ id: dear.id, price: t.prices.supplier2, is_lowest: false }),
    ]);
    expect(p.results[0].proposals_count).toBe(2);
  });

  it('answers a winner save with that one line, whole, and changes no other line', async () => {
    const before = await getLines(ctx, t.id);
    const target = before[1];
    const cheap = target.proposals.find((p) => p.price === t.prices.supplier)!;
    const res = await choose(target.id, cheap.id!);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(Array.isArray(answer)).toBe(false);
    expect(answer.id).toBe(target.id);
    expect(answer.proposals).toHaveLength(2);
    expect(answer.winners.map((w: { name: number }) => w.name)).toEqual([cheap.id]);
    const after = await getLines(ctx, t.id);
    for (const [i, l] of after.entries())
      if (l.id !== target.id)
        expect({ id: l.id, updated: l.updated, winners: l.winners }).toEqual({
          id: before[i].id,
          updated: before[i].updated,
          winners: before[i].winners,
        });
  });

  it('refuses bad paging values and changes nothing', async () => {
    for (const [q, field, key] of [
      ['offers=0', 'offers', 'invalid'],
      ['offers=abc', 'offers', 'invalid'],
      ['offers=201', 'offers', 'invalid'],
      ['offers=-1', 'offers', 'invalid'],
      ['page_size=abc', 'page_size', 'invalid_page_size'],
      ['page=0', 'page', 'invalid_page'],
    ]) {
      const res = await ctx.as('admin', {
        method: 'GET',
        url: `/api/details/?tender=${t.id}&fields=view&${q}`,
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()[field as string], q).toEqual([key]);
    }
  });

  it('keeps the seal in pages: placeholders with a count while ACTIVE, a supplier its own offers only', async () => {
    const a = await buildTender(ctx, 'ACTIVE', { lines: 2 });
    const p = (await view(a.id, 'page=1&page_size=1&offers=1')) as Page;
    expect(p.results[0].proposals).toHaveLength(1);
    expect(p.results[0].proposals[0]).toMatchObject({ sealed: true, price: null, supplier_name: null });
    expect(p.results[0].proposals_count).toBe(2);
    const mine = (await view(a.id, 'page=1&page_size=2&offers=3', 'supplier')) as Page;
    for (const l of mine.results) {
      expect(l.proposals.map((x) => x.price)).toEqual([a.prices.supplier]);
      expect(l.proposals_count).toBe(1);
      expect(l.proposals[0].is_lowest).toBe(false);
    }
  });
});

describe('the comparison matrix', { timeout: 120_000 }, () => {
  let t: BuiltTender;
  const summary = async (id: number, role: 'admin' | 'master' = 'admin') => {
    const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/${id}/matrix/` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const rows = async (id: number, q = '') => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/matrix/rows/?${q}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers the companies with their totals and the three sums', async () => {
    t = await buildTender(ctx, 'CHOOSING', { lines: 3 });
    const m = await summary(t.id);
    expect(m.tender).toMatchObject({ id: t.id, status: 'CHOOSING' });
    expect(m.lines).toBe(3);
    const byId = new Map(m.suppliers.map((s: { id: number }) => [s.id, s]));
    // need 10 on every line: 3 × round(11.1111 × 10, 2) and 3 × round(22.2222 × 10, 2)
    expect(byId.get(ctx.supplierCo.id)).toMatchObject({ lines: 3, total: '333.33', best_lines: 3 });
    expect(byId.get(ctx.supplierCo2.id)).toMatchObject({ lines: 3, total: '666.66', best_lines: 0 });
    expect(m.sums).toEqual({
      cheapest_per_line: { total: '333.33', lines: 3 },
      cheapest_supplier: {
        supplier: ctx.supplierCo.id,
        supplier_name: expect.any(String),
        total: '333.33',
        lines: 3,
      },
      current_choice: { total: '0.00', lines: 0 },
    });
    // the current choice follows the winners
    const line = await lineOf(t.id, t.lines[0]);
    const dear = line.proposals.find((p) => p.price === t.prices.supplier2)!;
    expect((await choose(line.id, dear.id!, 'DUE DATE')).statusCode).toBe(200);
    expect((await summary(t.id)).sums.current_choice).toEqual({ total: '222.22', lines: 1 });
    // a master (a buyer who may not choose) reads it too
    expect((await summary(t.id, 'master')).lines).toBe(3);
  });

  it('answers rows in windows, each with a cell per company and the best marked', async () => {
    const w1 = await rows(t.id, 'limit=2');
    expect(w1).toMatchObject({ count: 3, offset: 0, limit: 2 });
    expect(w1.rows.map((r: { id: number }) => r.id)).toEqual(t.lines.slice(0, 2));
    const r0 = w1.rows[0];
    expect(r0).toMatchObject({ qty: '10.0000', best_price: '11.1111', offers: 2, above_budget: false });
    expect(r0.cells).toHaveLength(2);
    const cell = (sup: number) => r0.cells.find((c: { supplier: number }) => c.supplier === sup);
    expect(cell(ctx.supplierCo.id)).toMatchObject({
      price: '11.1111',
      best: true,
      blacklisted: false,
      offers: 1,
    });
    expect(cell(ctx.supplierCo2.id)).toMatchObject({ price: '22.2222', best: false, winner: true });
    expect(r0.winners).toHaveLength(1);
    const w2 = await rows(t.id, 'offset=2&limit=2');
    expect(w2.rows.map((r: { id: number }) => r.id)).toEqual([t.lines[2]]);
    // past the end: no rows, the count still told
    expect(await rows(t.id, 'offset=50')).toMatchObject({ count: 3, rows: [] });
  });

  it('sorts and filters over the whole tender', async () => {
    expect((await rows(t.id, 'sort=-line')).rows.map((r: { id: number }) => r.id)).toEqual(
      [...t.lines].reverse(),
    );
    // the chosen first line has no winner-less place any more
    expect((await rows(t.id, 'filter=no_winner')).rows.map((r: { id: number }) => r.id)).toEqual(
      t.lines.slice(1),
    );
    expect((await rows(t.id, 'filter=no_offers')).count).toBe(0);
    expect((await rows(t.id, 'filter=above_budget')).count).toBe(0);
    expect((await rows(t.id, `supplier=${ctx.supplierCo2.id}`)).count).toBe(3);
    expect((await rows(t.id, 'supplier=999999')).count).toBe(0);
  });

  it('greys a blacklisted producer: never best, never in a total', async () => {
    const line = await lineOf(t.id, t.lines[0]);
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: line.part, producers: [t.producers[0]], comment: 'bad batch' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const r0 = (await rows(t.id, 'limit=1')).rows[0];
    const c1 = r0.cells.find((c: { supplier: number }) => c.supplier === ctx.supplierCo.id);
    const c2 = r0.cells.find((c: { supplier: number }) => c.supplier === ctx.supplierCo2.id);
    expect(c1).toMatchObject({ blacklisted: true, best: false });
    expect(c2).toMatchObject({ best: true });
    expect(r0.best_price).toBe('22.2222');
    const m = await summary(t.id);
    const s1 = m.suppliers.find((s: { id: number }) => s.id === ctx.supplierCo.id);
    expect(s1).toMatchObject({ lines: 2, total: '222.22' });
    expect(m.sums.cheapest_per_line).toEqual({ total: '444.44', lines: 3 });
  });

  it('downloads as xlsx with numbers as numbers and dates as dates', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/matrix/xlsx/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(4);
    const row = ws.getRow(2);
    expect(row.getCell(3).value).toBe(10);
    expect(row.getCell(6).value).toBe(22.2222);
    const values = (row.values as unknown[]).slice(7);
    expect(values.filter((v) => typeof v === 'number').sort()).toEqual([11.1111, 22.2222]);
    expect(values.filter((v) => v instanceof Date)).toHaveLength(2);
    const sums = wb.worksheets[1];
    const totals: unknown[] = [];
    sums.eachRow((r) => totals.push(r.getCell(3).value));
    expect(totals).toContain(222.22);
  });

  it('refuses bad query values', async () => {
    for (const [q, field, key] of [
      ['limit=0', 'limit', 'invalid_page_size'],
      ['limit=201', 'limit', 'page_size_too_large'],
      ['limit=x', 'limit', 'invalid_page_size'],
      ['offset=-1', 'offset', 'invalid_page'],
      ['sort=price', 'sort', 'invalid_ordering'],
      ['filter=cheap', 'filter', 'invalid_choice'],
      ['supplier=abc', 'supplier', 'invalid_id'],
    ]) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/matrix/rows/?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()[field as string], q).toEqual([key]);
    }
  });

  it('answers buyers only, and only once the tender is opened (FINISHED, CHOOSING, ORDERED)', async () => {
    for (const role of ['supplier', 'employee', 'supplier2'] as const)
      for (const url of ['matrix/', 'matrix/rows/', 'matrix/xlsx/']) {
        const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/${t.id}/${url}` });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
    expect((await ctx.as(null, { method: 'GET', url: `/api/tenders/${t.id}/matrix/` })).statusCode).toBe(401);
    for (const s of ['DRAFT', 'WAITING', 'ACTIVE', 'FINISHED', 'ORDERED', 'CANCELED'] as const) {
      const x = await buildTender(ctx, s, { lines: 1 });
      for (const url of ['matrix/', 'matrix/rows/', 'matrix/xlsx/']) {
        const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${x.id}/${url}` });
        if (s === 'FINISHED' || s === 'ORDERED') expect(res.statusCode, `${s} ${url}`).toBe(200);
        else {
          expect(res.statusCode, `${s} ${url}`).toBe(400);
          expect(res.json(), `${s} ${url}`).toEqual({ status: ['wrong_tender_state'] });
          // nothing of the offers in the refusal
          expect(res.body).not.toContain(t.prices.supplier);
        }
      }
    }
    const missing = await ctx.as('admin', { method: 'GET', url: '/api/tenders/99999999/matrix/' });
    expect(missing.statusCode).toBe(404);
  });
});
