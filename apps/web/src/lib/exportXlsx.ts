// Spreadsheet export built in the browser from fetched rows: file export.xlsx, sheet "data". A column's value may be
// a Date (from `xlsxDateTime`): it becomes a date cell shown DD.MM.YYYY HH:mm, so it sorts and filters as a date.
import { XLSX_DATE_TIME, xlsxDateTime } from '@portal/shared';
import type { TFunction } from 'i18next';
import { saveBlob } from './api.ts';

export { xlsxDateTime };

/** A list's created and updated times as two date columns (the screens show them in one "created / updated"). */
export function createdUpdatedColumns<T extends { created?: string | null; updated?: string | null }>(
  t: TFunction,
) {
  return [
    { title: t('spreadsheet.created'), value: (r: T) => xlsxDateTime(r.created) },
    {
      title: t('spreadsheet.updated'),
      value: (r: T) => (r.updated && r.updated !== r.created ? xlsxDateTime(r.updated) : null),
    },
  ];
}

export async function buildXlsx(
  columns: { title: string; value: (row: never) => unknown }[],
  rows: unknown[],
) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(columns.map((c) => c.title)).font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow(columns.map((c) => c.value(r as never) ?? null));
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = XLSX_DATE_TIME;
    });
  }
  ws.columns.forEach((col) => {
    col.width = Math.min(
      50,
      Math.max(10, ...(col.values ?? []).map((v) => (v instanceof Date ? 18 : String(v ?? '').length + 2))),
    );
  });
  return wb.xlsx.writeBuffer();
}

export async function exportXlsx(
  columns: { title: string; value: (row: never) => unknown }[],
  rows: unknown[],
  fileName = 'export.xlsx',
) {
  const buf = await buildXlsx(columns, rows);
  saveBlob(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
}
