import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { history, suppliers, users } from '../../db/schema/index.ts';
import { freeze, now, setNow } from '../../lib/clock.ts';
import { audit } from '../../lib/history.ts';
import { testContext } from '../../test/context.ts';
import { buildSupplier, buildUser } from '../../test/factories.ts';
import { buildOrderedTender, pdfText } from '../../test/tenderExports.ts';

const ctx = await testContext();
const loserCo = await buildSupplier(ctx.db, {}, [ctx.group.id]);
const loser = await buildUser(ctx.db, {
  group: 'SUPPLIER',
  supplierId: loserCo.id,
  supplierRole: 'ADVANCED',
  isAdmin: true,
});
// supplier (supplierCo) wins two lines, supplier2 (supplierCo2) one, loserCo none.
const built = await buildOrderedTender(ctx.db, {
  groupId: ctx.group.id,
  warehouseId: ctx.warehouse.id,
  winnerA: ctx.supplierCo.id,
  winnerB: ctx.supplierCo2.id,
  loser: loserCo.id,
  creatorId: ctx.users.admin.id,
});
const id = built.tender.id;
// The file name carries the server clock's date in Tallinn. The clock is held still for the test (and moves on
// afterwards), so a run across midnight cannot see two dates.
const ymdTallinn = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(d);
let today = '';
beforeEach(() => {
  freeze();
  today = ymdTallinn(now());
});
afterEach(() => setNow(now()));

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('tender exports', () => {
  it('gives a buyer a real spreadsheet with every order, exact totals and the dated file name', async () => {
    const res = await ctx.as('master', { method: 'GET', url: `/api/tenders/${id}/export_excel/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tender_${id}_${today}.xlsx"`);
    const rows = await readXlsx(res.rawPayload);
    const flat = rows.map((r) => r.join('|'));
    expect(rows[1]).toEqual(['Hanke kood', built.tender.tenderCode]);
    expect(flat).toContain(`Tarnija|${ctx.supplierCo.name}|Tellimuse number|${built.orders.A.orderCode}`);
    expect(flat).toContain(`Tarnija|${ctx.supplierCo2.name}|Tellimuse number|${built.orders.B.orderCode}`);
    const a1 = rows.find((r) => r[0] === built.parts.partA1.code);
    expect(a1).toEqual([
      built.parts.partA1.code,
      'Тормозная колодка Ülemiste',
      built.producer.name,
      expect.stringMatching(/^PC-/),
      '4006633100011',
      // the delivery date as a date cell (its day at midnight, as spreadsheets keep dates without a zone)
      new Date(Date.UTC(2026, 11, 1)),
      12.345,
      3,
      37.04,
    ]);
    const a2 = rows.find((r) => r[0] === built.parts.partA2.code);
    expect(a2?.slice(6)).toEqual([0.3333, 2.5, 0.83]);
    const totals = rows.filter((r) => r[0] === 'Tellimuse summa').map((r) => r.at(-1));
    expect(totals.sort()).toEqual([35, 37.87]);
    expect(rows.at(-1)).toEqual(['Kokku', '', '', '', '', '', '', '', 72.87]);
  });

  it('labels the files in the user language', async () => {
    await ctx.db.update(users).set({ language: 'ru' }).where(eq(users.id, ctx.users.contractor.id));
    const res = await ctx.as('contractor', { method: 'GET', url: `/api/tenders/${id}/export_excel/` });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[1][0]).toBe('Код тендера');
    expect(rows.at(-1)?.[0]).toBe('Итого');
  });

  it('gives a winning supplier only its own order, and refuses a losing supplier', async () => {
    const res = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/export_excel/` });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    const codes = rows.map((r) => r[0]);
    expect(codes).toContain(built.parts.partA1.code);
    expect(codes).toContain(built.parts.partA2.code);
    expect(codes).not.toContain(built.parts.partB.code);
    expect(rows.map((r) => r[1])).not.toContain(ctx.supplierCo2.name);
    expect(rows.at(-1)?.at(-1)).toBe(37.87);

    const pdf = await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${id}/export_pdf/` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s/g, '');
    expect(text).toContain(built.parts.partB.code);
    expect(text).not.toContain(built.parts.partA1.code);

    const token = await ctx.login(loser.email);
    for (const kind of ['export_excel', 'export_pdf']) {
      const r = await ctx.app.inject({
        method: 'GET',
        url: `/api/tenders/${id}/${kind}/`,
        headers: { authorization: `Token ${token}` },
      });
      expect(r.statusCode).toBe(403);
    }
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/export_data/` })).statusCode,
    ).toBe(403);
  });

  it('lets a PLAIN employee of the winner download only when the company shares its offers with employees', async () => {
    const url = `/api/tenders/${id}/export_excel/`;
    expect((await ctx.as('employee', { method: 'GET', url })).statusCode).toBe(403);
    await ctx.db
      .update(suppliers)
      .set({ isEmployeesCanViewProposal: true })
      .where(eq(suppliers.id, ctx.supplierCo.id));
    expect((await ctx.as('employee', { method: 'GET', url })).statusCode).toBe(200);
    await ctx.db
      .update(suppliers)
      .set({ isEmployeesCanViewProposal: false })
      .where(eq(suppliers.id, ctx.supplierCo.id));
  });

  it('makes a PDF with the tender code and Cyrillic and Estonian text', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/export_pdf/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tender_${id}_${today}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload).replace(/\s/g, '');
    expect(text).toContain(built.tender.tenderCode);
    expect(text).toContain('Тормознаяколодка');
    expect(text).toContain('Ülemiste');
    expect(text).toContain('Lõpp');
    expect(text).toContain('37,04€');
    expect(text).toContain('12,345€');
    expect(text).toContain('72,87€');
  });

  it('writes numbers and words the reader s way: comma decimals in et and ru PDFs, the screens headers', async () => {
    const texts: Record<string, string> = {};
    for (const language of ['et', 'ru', 'en'] as const) {
      await ctx.db.update(users).set({ language }).where(eq(users.id, ctx.users.admin.id));
      const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/export_pdf/` });
      expect(res.statusCode).toBe(200);
      texts[language] = pdfText(res.rawPayload);
    }
    await ctx.db.update(users).set({ language: 'et' }).where(eq(users.id, ctx.users.admin.id));
    const flat = (s: string) => s.replace(/\s/g, '');
    // A price keeps 2 to 4 decimals, money 2, a quantity its own; the separator is the reader's.
    for (const lang of ['et', 'ru']) {
      expect(flat(texts[lang])).toContain('12,345€');
      expect(flat(texts[lang])).toContain('0,3333€');
      expect(flat(texts[lang])).toContain('0,83€');
      expect(flat(texts[lang])).toContain('72,87€');
      for (const dotted of ['12.345€', '0.3333€', '0.83€', '37.04€', '72.87€'])
        expect(flat(texts[lang])).not.toContain(dotted);
    }
    expect(flat(texts.en)).toContain('12.345€');
    expect(flat(texts.en)).toContain('72.87€');
    // A whole price shows its cents like the sums beside it (delivery date, price 5, quantity 7): never "5 €".
    expect(flat(texts.et)).toContain('01.12.20265,00€7');
    expect(flat(texts.ru)).toContain('01.12.20265,00€7');
    expect(flat(texts.en)).toContain('01.12.20265.00€7');
    for (const commaed of ['12,345€', '0,83€', '72,87€']) expect(flat(texts.en)).not.toContain(commaed);
    // "Grupp" / "Группа" / "Group" as on the screens, never the old "Osakond" / "Отдел".
    expect(texts.et).toContain('Grupp');
    expect(texts.et).toContain('Ladu');
    expect(texts.et).not.toContain('Osakond');
    expect(texts.ru).toContain('Группа');
    expect(texts.ru).toContain('Склад');
    expect(texts.ru).not.toContain('Отдел');
    expect(texts.en).toContain('Group');
  });

  it('keeps spreadsheet prices, quantities and totals real numbers with a grouped number format', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/export_excel/` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const labels: string[] = [];
    ws.getColumn(1).eachCell((c) => {
      labels.push(String(c.value));
    });
    expect(labels).toContain('Grupp');
    expect(labels).toContain('Ladu');
    expect(labels).not.toContain('Osakond');
    let a1: ExcelJS.Row | undefined;
    let a2: ExcelJS.Row | undefined;
    let grand: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === built.parts.partA1.code) a1 = row;
      if (row.getCell(1).value === built.parts.partA2.code) a2 = row;
      if (row.getCell(1).value === 'Kokku') grand = row;
    });
    expect(a1 && a2 && grand).toBeTruthy();
    const cell = (r: ExcelJS.Row | undefined, n: number) => (r as ExcelJS.Row).getCell(n);
    expect(cell(a1, 7).value).toBe(12.345);
    expect(cell(a1, 7).numFmt).toBe('#,##0.00##');
    expect(cell(a1, 8).value).toBe(3);
    expect(cell(a1, 8).numFmt).toBe('#,##0');
    expect(cell(a2, 8).value).toBe(2.5);
    expect(cell(a2, 8).numFmt).toBe('#,##0.0##');
    expect(cell(a1, 9).value).toBe(37.04);
    expect(cell(a1, 9).numFmt).toBe('#,##0.00');
    expect(cell(grand, 9).value).toBe(72.87);
    expect(cell(grand, 9).numFmt).toBe('#,##0.00');
    // The EAN stays text (leading zeros kept).
    expect(typeof cell(a1, 5).value).toBe('string');
  });

  it('refuses tenders that are not ORDERED, unknown ones and anonymous calls', async () => {
    const other = await buildOrderedTender(ctx.db, {
      groupId: ctx.group.id,
      warehouseId: ctx.warehouse.id,
      winnerA: ctx.supplierCo.id,
      winnerB: ctx.supplierCo2.id,
      status: 'CHOOSING',
    });
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${other.tender.id}/export_pdf/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_ordered'] });
    expect(
      (await ctx.as('admin', { method: 'GET', url: '/api/tenders/999999/export_excel/' })).statusCode,
    ).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/tenders/x/export_excel/' })).statusCode).toBe(
      400,
    );
    expect((await ctx.as(null, { method: 'GET', url: `/api/tenders/${id}/export_excel/` })).statusCode).toBe(
      401,
    );
  });

  it('answers export_data: orders per supplier with codes, contacts, lines and SQL totals', async () => {
    const res = await ctx.as('contractor', { method: 'GET', url: `/api/tenders/${id}/export_data/` });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.status).toBeNull();
    expect(data.module_export_log_id).toBeNull();
    const a = data.orders.find((o: { order_code: string }) => o.order_code === built.orders.A.orderCode);
    expect(a.supplier).toEqual({
      id: ctx.supplierCo.id,
      name: ctx.supplierCo.name,
      email: ctx.supplierCo.email,
      phone: '',
    });
    expect(a.grand_total).toBe('37.87');
    expect(a.export_code).toBeNull();
    expect(a.details).toHaveLength(2);
    expect(a.details[0]).toEqual({
      part: {
        code: built.parts.partA1.code,
        name: 'Тормозная колодка Ülemiste',
        tags: [expect.stringMatching(/^TAG-/)],
      },
      proposal: {
        producer: built.producer.name,
        delivery_date: '2026-12-01',
        price: '12.3450',
        ordered_qty: '3.0000',
        total: '37.04',
        product_code: expect.any(String),
        ean_code: '4006633100011',
      },
    });
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/export_data/` })).statusCode,
    ).toBe(403);
  });
});

describe('wiring', () => {
  it('fills export_data of GET /tenders/{id}/?export_data=true and documents the routes in OpenAPI', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/?export_data=true` });
    expect(res.statusCode).toBe(200);
    expect(res.json().export_data.orders).toHaveLength(2);
    const sup = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/?export_data=true` });
    expect(sup.json().export_data.orders.map((o: { order_code: string }) => o.order_code)).toEqual([
      built.orders.A.orderCode,
    ]);
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/tenders/{id}/export_excel/',
      '/api/tenders/{id}/export_pdf/',
      '/api/tenders/{id}/export_data/',
      '/api/tenders/{id}/history/',
    ])
      expect(Object.keys(spec.paths)).toContain(path);
  });
});

describe('tender history', () => {
  it('lists the tender history in order for buyers, paged, up to 1000 a page', async () => {
    await audit(ctx.db, {
      entity: 'tender',
      entityId: id,
      tenderId: id,
      action: 'created',
      user: ctx.users.admin,
      data: { status: 'DRAFT' },
    });
    await audit(ctx.db, {
      entity: 'tender',
      entityId: id,
      tenderId: id,
      action: 'status',
      user: null,
      data: { from: 'DRAFT', to: 'WAITING' },
    });
    await audit(ctx.db, {
      entity: 'winner',
      entityId: 5,
      tenderId: id,
      action: 'created',
      user: ctx.users.contractor,
    });
    await ctx.db.insert(history).values({ entity: 'tender', entityId: 999, tenderId: null, action: 'other' });
    const res = await ctx.as('master', { method: 'GET', url: `/api/tenders/${id}/history/?page_size=1000` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((h: { action: string }) => h.action)).toEqual(['created', 'status', 'created']);
    expect(body.results[0]).toMatchObject({
      entity: 'tender',
      entity_id: id,
      user_name: expect.stringContaining('Test'),
      data: { status: 'DRAFT' },
    });
    expect(body.results[1].user_name).toBeNull();
    const page2 = await ctx.as('master', {
      method: 'GET',
      url: `/api/tenders/${id}/history/?page_size=2&page=2`,
    });
    expect(page2.json()).toMatchObject({ count: 3, pages: 2, results: [{ action: 'created' }] });
    const tooBig = await ctx.as('master', {
      method: 'GET',
      url: `/api/tenders/${id}/history/?page_size=1001`,
    });
    expect(tooBig.json()).toEqual({ page_size: ['page_size_too_large'] });
    expect((await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/history/` })).statusCode).toBe(
      403,
    );
    expect((await ctx.as('admin', { method: 'GET', url: '/api/tenders/999999/history/' })).statusCode).toBe(
      404,
    );
  });
});
