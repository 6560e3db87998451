// Dates in spreadsheets (issue 35): real date cells, shown DD.MM.YYYY HH:mm (or DD.MM.YYYY) at their Europe/Tallinn
// wall time. A spreadsheet's date has no time zone (ExcelJS writes a Date's UTC fields), so the cell's value is the
// Tallinn wall time written into a Date's UTC fields.
import { tallinnParts } from './format.ts';

/** The number format of a date-time cell (Excel and LibreOffice show it as DD.MM.YYYY HH:mm). */
export const XLSX_DATE_TIME = 'dd.mm.yyyy hh:mm';
/** The number format of a day cell. */
export const XLSX_DATE = 'dd.mm.yyyy';

/** An instant as a spreadsheet date-time cell value: its Tallinn wall time; null for none. */
export function xlsxDateTime(value: string | Date | null | undefined): Date | null {
  const p = value ? tallinnParts(value) : null;
  if (!p) return null;
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute));
}

/** A calendar day ("2026-03-01") as a spreadsheet day cell value; null for none or anything else. */
export function xlsxDate(ymd: string | null | undefined): Date | null {
  const m = ymd ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd) : null;
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
}
