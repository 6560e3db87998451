// The tender order files: a spreadsheet (.xlsx, ExcelJS) and a PDF (pdfmake with the Roboto font, which has
// Estonian and Cyrillic glyphs). Labels follow the user's language (et, ru, en) in the screens' words ("Grupp",
// "Ladu"); the PDF writes numbers the reader's way ("1 234,50 €" in et and ru), the spreadsheet keeps real
// numbers with a number format, which the spreadsheet program shows with the reader's own separators.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@portal/shared';
import {
  formatMoney,
  formatNumber,
  formatPrice,
  formatQuantity,
  needsWrittenContract,
  roundDecimal,
  trimDecimals,
  WRITTEN_CONTRACT_FROM_EUR,
  XLSX_DATE,
  XLSX_DATE_TIME,
  xlsxDate,
  xlsxDateTime,
} from '@portal/shared';
import type ExcelJSModule from 'exceljs';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ExportOrders } from './exportData.ts';

const require = createRequire(import.meta.url);

const LABELS = {
  et: {
    title: 'Hanke tellimused',
    tender_code: 'Hanke kood',
    start: 'Algus',
    finish: 'Lõpp',
    approved: 'Kinnitatud',
    group: 'Grupp',
    warehouse: 'Ladu',
    supplier: 'Tarnija',
    order_code: 'Tellimuse number',
    email: 'E-post',
    phone: 'Telefon',
    part_code: 'Osa kood',
    part_name: 'Nimetus',
    producer: 'Tootja',
    product_code: 'Tootekood',
    ean: 'EAN-kood',
    delivery_date: 'Tarnekuupäev',
    price: 'Hind km-ta',
    qty: 'Tellitud kogus',
    total: 'Summa',
    order_total: 'Tellimuse summa',
    grand_total: 'Kokku',
    written_contract: 'Tellimuse summa on {limit} või rohkem: vajalik on kirjalik leping',
  },
  ru: {
    title: 'Заказы тендера',
    tender_code: 'Код тендера',
    start: 'Начало',
    finish: 'Окончание',
    approved: 'Утверждено',
    group: 'Группа',
    warehouse: 'Склад',
    supplier: 'Поставщик',
    order_code: 'Номер заказа',
    email: 'Эл. почта',
    phone: 'Телефон',
    part_code: 'Код детали',
    part_name: 'Наименование',
    producer: 'Производитель',
    product_code: 'Код продукта',
    ean: 'Код EAN',
    delivery_date: 'Дата поставки',
    price: 'Цена без НДС',
    qty: 'Заказано',
    total: 'Сумма',
    order_total: 'Сумма заказа',
    grand_total: 'Итого',
    written_contract: 'Сумма заказа {limit} или больше: нужен письменный договор',
  },
  en: {
    title: 'Tender orders',
    tender_code: 'Tender code',
    start: 'Start',
    finish: 'End',
    approved: 'Approved',
    group: 'Group',
    warehouse: 'Warehouse',
    supplier: 'Supplier',
    order_code: 'Order number',
    email: 'E-mail',
    phone: 'Phone',
    part_code: 'Part code',
    part_name: 'Name',
    producer: 'Producer',
    product_code: 'Product code',
    ean: 'EAN code',
    delivery_date: 'Delivery date',
    price: 'Price excl. VAT',
    qty: 'Ordered qty',
    total: 'Sum',
    order_total: 'Order total',
    grand_total: 'Total',
    written_contract: 'The order is {limit} or more: a written contract is needed',
  },
} satisfies Record<Language, Record<string, string>>;
export type ExportLabels = (typeof LABELS)['en'];
const langOf = (lang: string): Language => (lang in LABELS ? lang : 'et') as Language;
export const exportLabels = (lang: string): ExportLabels => LABELS[langOf(lang)];
/** "The order is 10 000 € or more: a written contract is needed" in the reader's language and number format. */
export const writtenContractNote = (lang: string) =>
  LABELS[langOf(lang)].written_contract.replace(
    '{limit}',
    `${formatNumber(WRITTEN_CONTRACT_FROM_EUR, langOf(lang), 0)} €`,
  );

/** Spreadsheet number formats: prices 2 to 4 decimals, money 2, quantities whole or up to 3, all grouped. */
export const XLSX_FORMATS = {
  price: '#,##0.00##',
  money: '#,##0.00',
  qty: '#,##0',
  qtyFraction: '#,##0.0##',
} as const;
const qtyFormat = (v: number) => (Number.isInteger(v) ? XLSX_FORMATS.qty : XLSX_FORMATS.qtyFraction);

const TZ = 'Europe/Tallinn';
const parts = (d: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
/** DD.MM.YYYY HH:mm in the company's time zone. */
export function formatDateTime(d: Date | null): string {
  if (!d) return '';
  const p = parts(d);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}
/** YYYY-MM-DD → DD.MM.YYYY */
export const formatDate = (ymd: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? ymd.split('-').reverse().join('.') : ymd;
/** YYYY-MM-DD of a moment in the company's time zone (file names). */
export function ymdOf(d: Date): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Price as shown: up to 4 decimals, trailing zeros trimmed. */
export const priceText = (v: string) => trimDecimals(roundDecimal(v, 4));
/** Quantities: trailing zeros trimmed. */
export const qtyText = (v: string) => trimDecimals(v);

/** The tender's header rows: dates as Date values (date cells in the spreadsheet, text in the PDF). */
const headerRows = (data: ExportOrders, L: ExportLabels): [string, string | Date][] => {
  const t = data.tender;
  const rows: [string, string | Date][] = [
    [L.tender_code, t.tenderCode],
    [L.start, t.start],
    [L.finish, t.finish],
  ];
  if (t.approved) rows.push([L.approved, t.approved]);
  rows.push(
    [L.group, t.groupName],
    [L.warehouse, [t.warehouseName, t.warehouseAddress].filter(Boolean).join(', ')],
  );
  return rows;
};
const lineHeader = (L: ExportLabels) => [
  L.part_code,
  L.part_name,
  L.producer,
  L.product_code,
  L.ean,
  L.delivery_date,
  L.price,
  L.qty,
  L.total,
];

// ---------------------------------------------------------------- spreadsheet

/**
 * One sheet: the tender header, then per supplier its order (supplier, order number, lines, order total),
 * then the grand total. Prices, quantities and totals are numeric cells (display only; the totals come from SQL).
 */
export async function buildXlsx(data: ExportOrders, lang: string): Promise<Buffer> {
  const L = exportLabels(lang);
  // Loaded on the first export, not at start (~0.3 s of every start, BENCHMARKS.md "Start").
  const ExcelJS: typeof ExcelJSModule = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tender portal';
  wb.created = new Date(0);
  const ws = wb.addWorksheet(data.tender.tenderCode.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'tender');
  ws.columns = [
    { width: 16 },
    { width: 36 },
    { width: 20 },
    { width: 18 },
    { width: 16 },
    { width: 14 },
    { width: 14 },
    { width: 14 },
    { width: 14 },
  ];
  ws.addRow([L.title]).font = { bold: true, size: 14 };
  for (const [k, v] of headerRows(data, L)) {
    const row = ws.addRow([k, v instanceof Date ? xlsxDateTime(v) : v]);
    row.getCell(1).font = { bold: true };
    if (v instanceof Date) {
      row.getCell(2).numFmt = XLSX_DATE_TIME;
      row.getCell(2).alignment = { horizontal: 'left' };
    }
  }
  for (const o of data.orders) {
    ws.addRow([]);
    const sup = ws.addRow([L.supplier, o.supplierName, L.order_code, o.orderCode]);
    sup.font = { bold: true };
    if (o.supplierEmail || o.supplierPhone) ws.addRow([L.email, o.supplierEmail, L.phone, o.supplierPhone]);
    const head = ws.addRow(lineHeader(L));
    head.font = { bold: true };
    head.eachCell((c) => {
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };
    });
    for (const l of o.lines) {
      const qty = Number(qtyText(l.orderedQty));
      const row = ws.addRow([
        l.partCode,
        l.partName,
        l.producer,
        l.productCode,
        l.ean,
        xlsxDate(l.deliveryDate) ?? formatDate(l.deliveryDate),
        Number(priceText(l.price)),
        qty,
        Number(l.total),
      ]);
      row.getCell(5).numFmt = '@';
      row.getCell(6).numFmt = XLSX_DATE;
      row.getCell(7).numFmt = XLSX_FORMATS.price;
      row.getCell(8).numFmt = qtyFormat(qty);
      row.getCell(9).numFmt = XLSX_FORMATS.money;
    }
    const tot = ws.addRow([L.order_total, '', '', '', '', '', '', '', Number(o.grandTotal)]);
    tot.font = { bold: true };
    tot.getCell(9).numFmt = XLSX_FORMATS.money;
    if (needsWrittenContract(o.grandTotal))
      ws.addRow([writtenContractNote(lang)]).font = { bold: true, color: { argb: 'FFC00000' } };
  }
  ws.addRow([]);
  const grand = ws.addRow([L.grand_total, '', '', '', '', '', '', '', Number(data.grandTotal)]);
  grand.font = { bold: true };
  grand.getCell(9).numFmt = XLSX_FORMATS.money;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- PDF

type PdfMake = typeof import('pdfmake');
let pdfMake: PdfMake | null = null;
/** pdfmake with Roboto from its own package (Latin, Estonian and Cyrillic glyphs); no URL or other file access. */
export function pdf(): PdfMake {
  if (pdfMake) return pdfMake;
  const lib = require('pdfmake') as PdfMake;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  lib.setFonts({
    Roboto: {
      normal: path.join(dir, 'Roboto-Regular.ttf'),
      bold: path.join(dir, 'Roboto-Medium.ttf'),
      italics: path.join(dir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy((p) => path.resolve(p).startsWith(dir + path.sep));
  pdfMake = lib;
  return lib;
}

export async function buildPdf(
  data: ExportOrders,
  lang: string,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const L = exportLabels(lang);
  const lg = langOf(lang);
  const price = (v: string) => formatPrice(v, lg);
  const money = (v: string) => formatMoney(v, lg);
  const content: Content[] = [
    { text: `${L.title} ${data.tender.tenderCode}`, style: 'title' },
    {
      table: {
        widths: ['auto', '*'],
        body: headerRows(data, L).map(([k, v]) => [
          { text: k, bold: true },
          v instanceof Date ? formatDateTime(v) : v,
        ]),
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 8],
    },
  ];
  for (const o of data.orders) {
    content.push({
      text: `${L.supplier}: ${o.supplierName}    ${L.order_code}: ${o.orderCode}`,
      style: 'order',
    });
    if (o.supplierEmail || o.supplierPhone)
      content.push({
        text: [o.supplierEmail, o.supplierPhone].filter(Boolean).join(', '),
        margin: [0, 0, 0, 4],
      });
    const body: TableCell[][] = [lineHeader(L).map((h) => ({ text: h, bold: true, fillColor: '#e8e8e8' }))];
    for (const l of o.lines)
      body.push([
        l.partCode,
        l.partName,
        l.producer,
        l.productCode,
        l.ean,
        formatDate(l.deliveryDate),
        { text: price(l.price), alignment: 'right' },
        { text: formatQuantity(l.orderedQty, lg), alignment: 'right' },
        { text: money(l.total), alignment: 'right' },
      ]);
    body.push([
      { text: L.order_total, bold: true, colSpan: 8 },
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      { text: money(o.grandTotal), bold: true, alignment: 'right' },
    ]);
    if (needsWrittenContract(o.grandTotal))
      body.push([
        { text: writtenContractNote(lang), bold: true, color: '#c00000', colSpan: 9 },
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
    content.push({
      table: {
        headerRows: 1,
        widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
        body,
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 10],
    });
  }
  content.push({ text: `${L.grand_total}: ${money(data.grandTotal)}`, style: 'grand' });
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 30, 30, 30],
    compress: opts.compress ?? true,
    info: {
      title: `${L.title} ${data.tender.tenderCode}`,
      creator: 'Tender portal',
      producer: 'Tender portal',
    },
    content,
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 14, bold: true, margin: [0, 0, 0, 8] },
      order: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
      grand: { fontSize: 11, bold: true, alignment: 'right' },
    },
  };
  return pdf().createPdf(doc).getBuffer();
}
