// Spreadsheet export built in the browser from fetched rows: file export.xlsx, sheet "data".
import { saveBlob } from './api.ts';

export async function exportXlsx(
  columns: { title: string; value: (row: never) => unknown }[],
  rows: unknown[],
  fileName = 'export.xlsx',
) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(columns.map((c) => c.title)).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r as never) ?? ''));
  ws.columns.forEach((col) => {
    col.width = Math.min(50, Math.max(10, ...(col.values ?? []).map((v) => String(v ?? '').length + 2)));
  });
  const buf = await wb.xlsx.writeBuffer();
  saveBlob(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
}
