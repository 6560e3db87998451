// The browser's spreadsheets read back with ExcelJS (issue 35): times are date cells at their Tallinn wall time with
// the format DD.MM.YYYY HH:mm, not text; the pre-order export's business-system column is a word, not a key.
import { XLSX_DATE_TIME } from '@portal/shared';
import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildXlsx, createdUpdatedColumns, xlsxDateTime } from './exportXlsx.ts';

const t = ((k: string) => k) as unknown as TFunction;

async function readBack(buf: ArrayBuffer | Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as ArrayBuffer);
  return wb.getWorksheet('data') as ExcelJS.Worksheet;
}

describe('spreadsheet dates', () => {
  it('writes times as date cells in Tallinn wall time, shown DD.MM.YYYY HH:mm (as the tender list does)', async () => {
    type Row = { start: string; finish: string; created: string; updated: string };
    // The tender list's columns: start and finish, then created and updated (features/tenders/list/columns.tsx).
    const columns = [
      { title: 'start', value: (r: Row) => xlsxDateTime(r.start) },
      { title: 'finish', value: (r: Row) => xlsxDateTime(r.finish) },
      ...createdUpdatedColumns<Row>(t),
    ];
    const row: Row = {
      // 10:00 in Tallinn in winter (UTC+2) and 09:30 in summer (UTC+3)
      start: '2026-12-01T08:00:00Z',
      finish: '2026-07-01T06:30:00Z',
      created: '2026-11-30T22:15:00Z',
      updated: '2026-11-30T22:15:00Z',
    };
    const ws = await readBack(await buildXlsx(columns as never, [row]));
    const cell = (n: number) => ws.getRow(2).getCell(n);
    expect(cell(1).value).toBeInstanceOf(Date);
    expect((cell(1).value as Date).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(cell(1).numFmt).toBe(XLSX_DATE_TIME);
    expect((cell(2).value as Date).toISOString()).toBe('2026-07-01T09:30:00.000Z');
    // Created just before midnight UTC is the next day in Tallinn.
    expect((cell(3).value as Date).toISOString()).toBe('2026-12-01T00:15:00.000Z');
    expect(cell(3).numFmt).toBe(XLSX_DATE_TIME);
    // Updated equals created: left empty, like on the screen.
    expect(cell(4).value).toBeNull();
    expect(ws.getRow(1).getCell(3).value).toBe('spreadsheet.created');
  });

  it('leaves a missing time empty', async () => {
    const ws = await readBack(
      await buildXlsx(createdUpdatedColumns(t), [{ created: null, updated: '2026-01-29T16:00:00Z' }]),
    );
    expect(ws.getRow(2).getCell(1).value).toBeNull();
    expect((ws.getRow(2).getCell(2).value as Date).toISOString()).toBe('2026-01-29T18:00:00.000Z');
  });
});
