// The comparison matrix as a spreadsheet: one row per line, a price and a delivery date column per company (numbers
// and dates as such, so the buyer can sort and sum in the spreadsheet), the best cell of each row in bold on green,
// blacklisted producers' offers in grey; a second sheet with the companies' totals and the three sums.
import type ExcelJSModule from 'exceljs';
import type { matrixAll } from './matrix.ts';

const LABELS = {
  et: {
    sheet: 'Võrdlus',
    sums_sheet: 'Summad',
    part_code: 'Detaili kood',
    part_name: 'Detaili nimetus',
    qty: 'Kogus',
    unit: 'Ühik',
    reference: 'Viitehind',
    best: 'Parim hind',
    price: 'hind',
    delivery: 'tarne',
    supplier: 'Tarnija',
    lines: 'Read',
    total: 'Summa',
    best_lines: 'Parim ridadel',
    cheapest_per_line: 'Odavaim igal real',
    cheapest_supplier: 'Odavaim üks tarnija',
    current_choice: 'Praegune valik',
  },
  ru: {
    sheet: 'Сравнение',
    sums_sheet: 'Суммы',
    part_code: 'Код детали',
    part_name: 'Название детали',
    qty: 'Количество',
    unit: 'Ед.',
    reference: 'Ориентир. цена',
    best: 'Лучшая цена',
    price: 'цена',
    delivery: 'поставка',
    supplier: 'Поставщик',
    lines: 'Строки',
    total: 'Сумма',
    best_lines: 'Лучший в строках',
    cheapest_per_line: 'Самое дешёвое по строкам',
    cheapest_supplier: 'Самый дешёвый один поставщик',
    current_choice: 'Текущий выбор',
  },
  en: {
    sheet: 'Comparison',
    sums_sheet: 'Sums',
    part_code: 'Part code',
    part_name: 'Part name',
    qty: 'Quantity',
    unit: 'Unit',
    reference: 'Reference price',
    best: 'Best price',
    price: 'price',
    delivery: 'delivery',
    supplier: 'Supplier',
    lines: 'Lines',
    total: 'Total',
    best_lines: 'Best on lines',
    cheapest_per_line: 'Cheapest per line',
    cheapest_supplier: 'Cheapest single supplier',
    current_choice: 'Current choice',
  },
} as const;

const PRICE = '#,##0.00##';
const MONEY = '#,##0.00';
const DATE = 'dd.mm.yyyy';
const num = (v: string | null) => (v == null ? null : Number(v));
/** A calendar date (YYYY-MM-DD) as a spreadsheet date (midnight UTC, which the file stores as that day). */
const day = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

export async function buildMatrixXlsx(m: Awaited<ReturnType<typeof matrixAll>>, lang: string) {
  const L = LABELS[(lang in LABELS ? lang : 'et') as keyof typeof LABELS];
  const ExcelJS: typeof ExcelJSModule = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tender portal';
  wb.created = new Date(0);
  const ws = wb.addWorksheet(L.sheet, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const sups = m.summary.suppliers;
  const col = new Map(sups.map((s, i) => [s.id, 7 + 2 * i]));
  ws.columns = [
    { width: 16 },
    { width: 32 },
    { width: 10 },
    { width: 6 },
    { width: 12 },
    { width: 12 },
    ...sups.flatMap(() => [{ width: 12 }, { width: 12 }]),
  ];
  const head = ws.addRow([
    L.part_code,
    L.part_name,
    L.qty,
    L.unit,
    L.reference,
    L.best,
    ...sups.flatMap((s) => [`${s.name}: ${L.price}`, `${s.name}: ${L.delivery}`]),
  ]);
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: 'top' };
  for (const r of m.rows) {
    const row = ws.addRow([
      r.part_code,
      r.part_name,
      num(r.qty),
      r.unit ?? '',
      num(r.reference_price),
      num(r.best_price),
    ]);
    row.getCell(3).numFmt = '#,##0.###';
    row.getCell(5).numFmt = PRICE;
    row.getCell(6).numFmt = PRICE;
    for (const c of r.cells) {
      const at = col.get(c.supplier);
      if (at === undefined) continue;
      const price = row.getCell(at);
      price.value = Number(c.price);
      price.numFmt = PRICE;
      const date = row.getCell(at + 1);
      date.value = day(c.delivery_date);
      date.numFmt = DATE;
      if (c.blacklisted) price.font = date.font = { color: { argb: 'FF8C8C8C' }, strike: true };
      else if (c.best) {
        price.font = { bold: true };
        price.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9F2D0' } };
      }
    }
  }
  const sums = wb.addWorksheet(L.sums_sheet);
  sums.columns = [{ width: 32 }, { width: 10 }, { width: 14 }, { width: 12 }];
  sums.addRow([L.supplier, L.lines, L.total, L.best_lines]).font = { bold: true };
  for (const s of sups) {
    const row = sums.addRow([s.name, s.lines, Number(s.total), s.best_lines]);
    row.getCell(3).numFmt = MONEY;
  }
  sums.addRow([]);
  const s = m.summary.sums;
  const lines: [string, string | null, number | null][] = [
    [L.cheapest_per_line, s.cheapest_per_line.total, s.cheapest_per_line.lines],
    [
      s.cheapest_supplier
        ? `${L.cheapest_supplier} (${s.cheapest_supplier.supplier_name})`
        : L.cheapest_supplier,
      s.cheapest_supplier?.total ?? null,
      s.cheapest_supplier?.lines ?? null,
    ],
    [L.current_choice, s.current_choice.total, s.current_choice.lines],
  ];
  for (const [label, total, n] of lines) {
    const row = sums.addRow([label, n, num(total)]);
    row.getCell(1).font = { bold: true };
    row.getCell(3).numFmt = MONEY;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
