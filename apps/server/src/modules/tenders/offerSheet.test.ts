// The offer sheet's round trip (issue 34 point 1): the supplier downloads the sheet of an ACTIVE tender, fills it
// as a spreadsheet program would (comma decimals, text dates, an Excel day number, a date cell, an invalid EAN, an
// unknown producer) and uploads it; the answer has the valid rows and each bad cell's message in the supplier's
// language, and nothing is saved.
import { SHEET_FIRST_ROW, SHEET_HEADER_ROW } from '@portal/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer, buildSupplier, buildUser } from '../../test/factories.ts';
import { type BuiltTender, buildTender, getLines } from '../../test/tenders.ts';

const ctx = await testContext();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file as a browser's form sends it (multipart, field "file"). */
export function multipart(file: Buffer | Uint8Array, name = 'offer.xlsx') {
  const boundary = `----offer${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${XLSX}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Day `days` from the server's today as DD.MM.YYYY, YYYY-MM-DD and an Excel day number. */
function day(days: number) {
  const d = new Date(now().getTime() + days * 86_400_000);
  const isoDay = d.toISOString().slice(0, 10);
  const [y, m, dd] = isoDay.split('-');
  const serial = Math.round((Date.UTC(+y, +m - 1, +dd) - Date.UTC(1899, 11, 30)) / 86_400_000);
  return { text: `${dd}.${m}.${y}`, iso: isoDay, serial };
}

let t: BuiltTender;
let known: { id: number; name: string };
/** The lines in the sheet's order (newest first): the sheet's first part is lines[0]. */
let order: number[];

beforeAll(async () => {
  t = await buildTender(ctx, 'ACTIVE', { lines: 3 });
  known = await buildProducer(ctx.db, { name: `Knorr ${Math.random().toString(36).slice(2, 7)}` });
  await ctx.db.update(users).set({ language: 'ru' }).where(eq(users.id, ctx.users.supplier.id));
  const wb = await download('supplier');
  const ws = wb.worksheets[0];
  order = [0, 1, 2].map((i) => Number(ws.getCell(SHEET_FIRST_ROW + i * 3, 1).value));
}, 60_000);

async function download(role: 'supplier' | 'supplier2') {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/${t.id}/offer_sheet/` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

async function upload(wb: ExcelJS.Workbook, role: 'supplier' | 'supplier2' = 'supplier') {
  const body = multipart(Buffer.from(await wb.xlsx.writeBuffer()));
  return ctx.as(role, { method: 'POST', url: `/api/tenders/${t.id}/offer_sheet/`, ...body });
}

describe('the offer sheet', () => {
  it('has the lines the supplier can see, locked, with three offer rows each, its own offer and the rules', async () => {
    const wb = await download('supplier');
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Предложение');
    expect(wb.worksheets[1].name).toBe('Инструкция');
    expect(String(wb.worksheets[1].getCell('A1').value)).toContain('Как заполнить');
    expect(ws.getCell(SHEET_HEADER_ROW, 7).value).toBe('Производитель');
    // three rows per part, every part of the tender, in the form's order
    expect(new Set(order)).toEqual(new Set(t.lines));
    for (let r = SHEET_FIRST_ROW; r < SHEET_FIRST_ROW + 9; r++)
      expect(Number(ws.getCell(r, 1).value)).toBe(order[Math.floor((r - SHEET_FIRST_ROW) / 3)]);
    // the company's own offer is there; another company's is not
    expect(ws.getCell(SHEET_FIRST_ROW, 8).value).toBe(11.1111);
    const text = JSON.stringify(wb.worksheets.map((w) => w.getSheetValues()));
    expect(text).not.toContain('22.2222');
    // locked line columns, unlocked offer cells, a protected sheet
    expect(ws.getCell(SHEET_FIRST_ROW, 3).protection?.locked).not.toBe(false);
    expect(ws.getCell(SHEET_FIRST_ROW, 8).protection?.locked).toBe(false);
    expect((ws as unknown as { sheetProtection?: { sheet?: boolean } }).sheetProtection?.sheet).toBe(true);
    // the producers the portal knows, on a hidden sheet the producer cells list
    const lists = wb.getWorksheet('lists');
    expect(lists?.state).toBe('veryHidden');
    const names: string[] = [];
    lists?.eachRow((row) => {
      names.push(String(row.getCell(1).value));
    });
    expect(names).toContain(known.name);
    const rules = (ws as unknown as { dataValidations: { model: Record<string, { type: string }> } })
      .dataValidations.model;
    const types = Object.entries(rules).map(
      ([range, v]) => `${range.split(':')[0].replace(/\d+/, '')}:${v.type}`,
    );
    expect(types).toEqual(
      expect.arrayContaining(['G:list', 'H:decimal', 'I:date', 'K:textLength', 'L:decimal']),
    );
  });

  it('reads a sheet filled as a spreadsheet program does and answers per cell in the supplier language', async () => {
    const wb = await download('supplier');
    const ws = wb.worksheets[0];
    const later = day(20);
    const laterStill = day(30);
    const r = (part: number, n: number) => ws.getRow(SHEET_FIRST_ROW + part * 3 + n);
    // Part 1, offer 1: a known producer typed in other case, a comma price as text, a text date, EAN as a number.
    r(0, 0).getCell(7).value = known.name.toUpperCase();
    r(0, 0).getCell(8).value = '12,50';
    r(0, 0).getCell(9).value = later.text;
    r(0, 0).getCell(10).value = 'KB-100';
    r(0, 0).getCell(11).value = 4006381333931;
    r(0, 0).getCell(12).value = '2,5';
    // Part 1, offer 2: a producer the portal does not know, a number price, a date cell.
    r(0, 1).getCell(7).value = 'Brand New Parts OÜ';
    r(0, 1).getCell(8).value = 9.99;
    r(0, 1).getCell(9).value = new Date(`${laterStill.iso}T00:00:00Z`);
    r(0, 1).getCell(10).value = 'BN-1';
    r(0, 1).getCell(11).value = '0012345678905';
    // Part 2: an Excel day number, an EAN with letters.
    r(1, 0).getCell(7).value = known.name;
    r(1, 0).getCell(8).value = '7.5';
    r(1, 0).getCell(9).value = later.serial;
    r(1, 0).getCell(10).value = 'X-2';
    r(1, 0).getCell(11).value = '12AB';
    // Part 3: thousands with a space and a comma; offer 2 has a day that does not exist and an empty price.
    r(2, 0).getCell(7).value = known.name;
    r(2, 0).getCell(8).value = '1 234,5';
    r(2, 0).getCell(9).value = later.text;
    r(2, 0).getCell(10).value = 'Y-3';
    r(2, 0).getCell(11).value = '4006381333931';
    r(2, 1).getCell(7).value = 'Brand New Parts OÜ';
    r(2, 1).getCell(8).value = null;
    r(2, 1).getCell(9).value = '31.02.2027';
    r(2, 1).getCell(10).value = 'Y-4';
    r(2, 1).getCell(11).value = '4006381333931';

    const res = await upload(wb);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    const row = (part: number, n: number) => SHEET_FIRST_ROW + part * 3 + n;
    expect(out.errors).toEqual([
      {
        row: row(1, 0),
        column: 'K',
        field: 'ean_code',
        key: 'ean_digits_only',
        message: 'EAN-код может содержать только цифры',
      },
      {
        row: row(2, 1),
        column: 'H',
        field: 'price',
        key: 'price_empty',
        message: 'Цена не может быть пустой',
      },
      { row: row(2, 1), column: 'I', field: 'delivery_date', key: 'invalid_date', message: 'Неверная дата' },
    ]);
    expect(out.unknown_producers).toEqual(['Brand New Parts OÜ']);
    expect(out.filled).toBe(5);
    expect(out.rows).toEqual([
      {
        row: row(0, 0),
        detail: order[0],
        producer_name: null,
        offer: {
          producer: { id: known.id, name: known.name },
          price: '12.50',
          delivery_date: later.iso,
          product_code: 'KB-100',
          ean_code: '4006381333931',
          available_qty: '2.5',
          additional_qty: '',
        },
      },
      {
        row: row(0, 1),
        detail: order[0],
        producer_name: 'Brand New Parts OÜ',
        offer: {
          producer: null,
          price: '9.99',
          delivery_date: laterStill.iso,
          product_code: 'BN-1',
          ean_code: '0012345678905',
          available_qty: '',
          additional_qty: '',
        },
      },
      {
        row: row(2, 0),
        detail: order[2],
        producer_name: null,
        offer: {
          producer: { id: known.id, name: known.name },
          price: '1234.5',
          delivery_date: later.iso,
          product_code: 'Y-3',
          ean_code: '4006381333931',
          available_qty: '',
          additional_qty: '',
        },
      },
    ]);
    // Nothing was saved: the company's offer is the one it sent.
    const lines = await getLines(ctx, t.id, 'supplier');
    expect(lines.flatMap((l) => l.proposals.map((p) => p.price))).toEqual(['11.1111', '11.1111', '11.1111']);
  });

  it('checks the form rules across rows: a duplicate producer, the total above the need, a blacklisted producer', async () => {
    const wb = await download('supplier');
    const ws = wb.worksheets[0];
    const later = day(5).text;
    const fill = (r: number, producer: string, qty: string) => {
      const row = ws.getRow(r);
      row.getCell(7).value = producer;
      row.getCell(8).value = '5';
      row.getCell(9).value = later;
      row.getCell(10).value = 'C';
      row.getCell(11).value = '1';
      row.getCell(12).value = qty;
    };
    fill(SHEET_FIRST_ROW, known.name, '6');
    fill(SHEET_FIRST_ROW + 1, known.name, '6');
    const out = (await upload(wb)).json();
    expect(out.errors.map((e: { row: number; key: string }) => [e.row - SHEET_FIRST_ROW, e.key])).toEqual([
      [0, 'qty_above_need'],
      [1, 'duplicate_producer'],
    ]);
  });

  it('refuses what is not an offer sheet, and a row moved to a line of another tender', async () => {
    const bad = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer_sheet/`,
      ...multipart(Buffer.from('not a workbook')),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ file: ['sheet_file_invalid'] });
    const noFile = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer_sheet/`,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    const wb = await download('supplier');
    const ws = wb.worksheets[0];
    ws.unprotect();
    ws.getCell(SHEET_FIRST_ROW, 1).value = 999999;
    const out = (await upload(wb)).json();
    expect(out.errors[0]).toMatchObject({
      row: SHEET_FIRST_ROW,
      column: 'A',
      key: 'sheet_unknown_line',
      message: 'Такой строки в этом тендере нет',
    });
  });

  it('is only for suppliers with the offer rights, on a tender they see, while it is ACTIVE', async () => {
    const url = `/api/tenders/${t.id}/offer_sheet/`;
    for (const role of ['admin', 'contractor', 'master', 'employee'] as const)
      expect((await ctx.as(role, { method: 'GET', url })).statusCode, role).toBe(403);
    const wb = await download('supplier2');
    expect(wb.worksheets[0].name).toBe('Pakkumine'); // the user's own language (Estonian by default)
    // The screen's language when the web names it.
    const en = await ctx.as('supplier2', { method: 'GET', url: `${url}?lang=en` });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0].name).toBe('Offer');
    expect((await ctx.as('supplier2', { method: 'GET', url: `${url}?lang=xx` })).statusCode).toBe(400);
    expect((await upload(wb, 'supplier2')).statusCode).toBe(200);
    // A company that does not serve the tender's group does not see it.
    const other = await buildSupplier(ctx.db, {}, [ctx.group2.id]);
    const outsider = await buildUser(ctx.db, {
      group: 'SUPPLIER',
      supplierId: other.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    });
    const token = await ctx.login(outsider.email);
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    expect(res.statusCode).toBe(404);
    // After ACTIVE: refused.
    const done = await buildTender(ctx, 'FINISHED', { lines: 1 });
    const late = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${done.id}/offer_sheet/` });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: ['wrong_tender_state'] });
  });
});
