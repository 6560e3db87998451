// The supplier's offer spreadsheet (issue 34 point 1): a workbook of the lines of an ACTIVE tender to fill offline,
// and the reading of the filled file. Reading saves nothing: its rows are checked with the form's rules
// (validateOffer of packages/shared) and go back to the form as unsent changes.
import {
  type DraftOfferLine,
  formatDateTime,
  isBlank,
  isEmptyOfferLine,
  type Language,
  normalizeDecimal,
  type OfferInput,
  readSheetDate,
  readSheetDecimal,
  readSheetText,
  SHEET_COLUMNS,
  SHEET_FIRST_ROW,
  SHEET_HEADER_ROW,
  SHEET_OFFER_FIELDS,
  SHEET_ROWS_PER_PART,
  type SheetCell,
  type SheetError,
  type SheetMessageKey,
  type SheetOfferField,
  type SheetReadResult,
  type SheetRow,
  sheetColumnLetter,
  sheetColumnNumber,
  sheetTexts,
  validateOffer,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type ExcelJSModule from 'exceljs';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { todayOf, type Viewer } from './access.ts';
import { readDraft } from './offerDrafts.ts';
import { offerTender } from './offerTender.ts';

const loadExcel = async (): Promise<typeof ExcelJSModule> => (await import('exceljs')).default;

type SheetLine = {
  id: number;
  part_id: number;
  part_name: string;
  qty: string;
  unit: string | null;
};

/** The tender's lines in the form's order (newest first), with their need. */
async function sheetLines(db: Db, tenderId: number): Promise<SheetLine[]> {
  return queryRows<SheetLine>(
    db,
    sql`select d.id, d.part_id, p.name as part_name,
        coalesce(d.qty, greatest(0, d.replenishment_qty + d.replacement_qty))::text as qty, u.code as unit
      from details d join parts p on p.id = d.part_id left join units u on u.id = p.unit_id
      where d.tender_id = ${tenderId} and not d.is_deleted
      order by d.created desc, d.id desc`,
  );
}

/** Active producers, by name (the sheet's list and the reading's lookup). */
async function activeProducers(db: Db): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from producers where is_active and not is_deleted order by lower(name), id`,
  );
}

type OwnProposal = {
  detail_id: number;
  producer: string | null;
  price: string;
  delivery_date: string;
  product_code: string;
  ean_code: string;
  available_qty: string | null;
  additional_qty: string | null;
};

const trimZeros = (v: string | null) => (v == null ? '' : v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** A decimal for a number cell (a typed text that is not a number stays text). */
const numberCell = (v: string): number | string | null => {
  if (isBlank(v)) return null;
  const n = normalizeDecimal(v);
  return n == null ? v : Number(n);
};
const dateCell = (v: string | null): Date | string | null => {
  if (!v) return null;
  const d = readSheetDate(v);
  return d.value ? new Date(`${d.value}T00:00:00Z`) : v;
};

/** GET /tenders/{id}/offer_sheet/: the workbook (xlsx) for the caller's company, in the caller's language. */
export async function buildOfferSheet(db: Db, viewer: Viewer, tenderId: number, lang?: Language) {
  const t = await offerTender(db, viewer, tenderId);
  const texts = sheetTexts(lang ?? viewer.user.language);
  const [lines, producers, own, draft] = await Promise.all([
    sheetLines(db, tenderId),
    activeProducers(db),
    queryRows<OwnProposal>(
      db,
      sql`select p.detail_id, pr.name as producer, p.price::text as price, p.delivery_date::text as delivery_date,
          p.product_code, p.ean_code, p.available_qty::text as available_qty, p.additional_qty::text as additional_qty
        from proposals p left join producers pr on pr.id = p.producer_id
        where p.tender_id = ${tenderId} and p.supplier_id = ${t.supplierId}
        order by p.id`,
    ),
    readDraft(db, viewer, tenderId, t),
  ]);
  // What the form would show: the draft's parts as drafted, the others as sent.
  const byDetail = new Map<number, DraftOfferLine[]>();
  for (const p of own) {
    const list = byDetail.get(p.detail_id) ?? [];
    list.push({
      producer: p.producer ? { id: 0, name: p.producer } : null,
      price: trimZeros(p.price),
      delivery_date: p.delivery_date,
      product_code: p.product_code,
      ean_code: p.ean_code,
      available_qty: trimZeros(p.available_qty),
      additional_qty: trimZeros(p.additional_qty),
    });
    byDetail.set(p.detail_id, list);
  }
  for (const l of draft.lines) byDetail.set(l.detail, l.offers);

  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tender portal';
  wb.created = now();
  const ws = wb.addWorksheet(texts.sheet, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: SHEET_HEADER_ROW }],
    properties: { defaultRowHeight: 18 },
  });
  const guide = wb.addWorksheet(texts.instructions_sheet);
  const lists = wb.addWorksheet('lists', { state: 'veryHidden' });

  ws.columns = SHEET_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  ws.getCell('A1').value = texts.title
    .replace('{code}', t.tenderCode)
    .replace('{finish}', formatDateTime(t.finish));
  ws.getCell('A1').font = { bold: true, size: 13 };
  ws.getCell('A2').value = texts.hint;
  ws.getCell('A2').font = { italic: true };
  const header = ws.getRow(SHEET_HEADER_ROW);
  SHEET_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = texts.headers[c.key];
    cell.font = { bold: true };
    cell.alignment = { wrapText: true, vertical: 'middle' };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
  });
  header.height = 32;

  const grey = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } } as const;
  let r = SHEET_FIRST_ROW;
  lines.forEach((line, index) => {
    const offers = byDetail.get(line.id) ?? [];
    for (let n = 0; n < SHEET_ROWS_PER_PART; n++) {
      const row = ws.getRow(r++);
      const o = offers[n];
      row.values = {
        line_id: line.id,
        n: index + 1,
        part_name: line.part_name,
        qty: Number(line.qty),
        unit: line.unit ?? '',
        offer_no: n + 1,
        producer: o?.producer?.name ?? null,
        price: o ? numberCell(o.price) : null,
        delivery_date: o ? dateCell(o.delivery_date) : null,
        product_code: o?.product_code || null,
        ean_code: o?.ean_code || null,
        available_qty: o ? numberCell(o.available_qty) : null,
        additional_qty: o ? numberCell(o.additional_qty) : null,
      };
      SHEET_COLUMNS.forEach((c, i) => {
        const cell = row.getCell(i + 1);
        if (c.kind === 'line') cell.fill = grey;
        else cell.protection = { locked: false };
      });
      row.getCell(sheetColumnNumber('price')).numFmt = '0.00##';
      row.getCell(sheetColumnNumber('delivery_date')).numFmt = 'dd.mm.yyyy';
      row.getCell(sheetColumnNumber('product_code')).numFmt = '@';
      row.getCell(sheetColumnNumber('ean_code')).numFmt = '@';
      if (n === 0)
        row.border = {
          top: { style: 'thin', color: { argb: 'FF999999' } },
        };
    }
  });
  const last = Math.max(r - 1, SHEET_FIRST_ROW);

  // The known producers on the hidden sheet: the producer cells offer them as a list, and a new name only warns.
  producers.forEach((p, i) => {
    lists.getCell(i + 1, 1).value = p.name;
  });
  const range = (key: SheetOfferField) =>
    `${sheetColumnLetter(key)}${SHEET_FIRST_ROW}:${sheetColumnLetter(key)}${last}`;
  // (ExcelJS keeps a range's rule as one entry; its typings do not declare the collection.)
  const validations = (
    ws as unknown as { dataValidations: { add(range: string, v: ExcelJSModule.DataValidation): void } }
  ).dataValidations;
  const v = texts.validation;
  const stop = { showErrorMessage: true, errorStyle: 'error' as const, errorTitle: v.title };
  if (producers.length)
    validations.add(range('producer'), {
      type: 'list',
      allowBlank: true,
      formulae: [`lists!$A$1:$A$${producers.length}`],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: v.title,
      error: v.producer,
    });
  for (const key of ['price', 'available_qty', 'additional_qty'] as const)
    validations.add(range(key), {
      type: 'decimal',
      operator: 'greaterThan',
      allowBlank: true,
      formulae: [0],
      ...stop,
      error: v.number,
    });
  validations.add(range('delivery_date'), {
    type: 'date',
    operator: 'greaterThanOrEqual',
    allowBlank: true,
    formulae: [new Date(`${todayOf(now())}T00:00:00Z`)],
    ...stop,
    error: v.date,
  });
  validations.add(range('ean_code'), {
    type: 'textLength',
    operator: 'lessThanOrEqual',
    allowBlank: true,
    formulae: [13],
    ...stop,
    error: v.ean,
  });
  validations.add(range('product_code'), {
    type: 'textLength',
    operator: 'lessThanOrEqual',
    allowBlank: true,
    formulae: [35],
    ...stop,
    error: v.code,
  });
  // Locked line columns: the protection has no password (it guards against slips; the portal checks every cell).
  await ws.protect('', {
    selectLockedCells: true,
    selectUnlockedCells: true,
    formatColumns: true,
    formatRows: true,
  });

  guide.getColumn(1).width = 120;
  texts.instructions.forEach((line, i) => {
    const cell = guide.getCell(i + 1, 1);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 13 };
  });
  wb.views = [
    { activeTab: 0, x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, visibility: 'visible' },
  ];
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { body, name: `offer_${t.tenderCode}.xlsx`.replace(/[^\w.-]+/g, '_') };
}

/** A cell's value as the rules read it: text, number, date or empty (formulas give their result). */
function cellValue(cell: ExcelJSModule.Cell): SheetCell {
  const v = cell.value as unknown;
  if (v == null) return null;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
    if ('result' in o) {
      const res = o.result;
      return typeof res === 'string' || typeof res === 'number' || res instanceof Date ? res : null;
    }
    if (typeof o.text === 'string') return o.text;
  }
  return null;
}

/** The offer worksheet of an uploaded workbook: the one whose header row starts with a line-ID header. */
function offerWorksheet(wb: ExcelJSModule.Workbook): ExcelJSModule.Worksheet | undefined {
  const headers = new Set(
    (['et', 'ru', 'en'] as const).map((l) => sheetTexts(l).headers.line_id.toLowerCase()),
  );
  return wb.worksheets.find((ws) => {
    const text = String(cellValue(ws.getCell(SHEET_HEADER_ROW, 1)) ?? '')
      .trim()
      .toLowerCase();
    return headers.has(text);
  });
}

interface ReadRow {
  row: number;
  detail: number;
  offer: DraftOfferLine;
  producerName: string | null;
  /** Placeholder id of a producer name the portal does not know (negative), for the duplicate rule. */
  producerKey: number | null;
  errors: Map<SheetOfferField, SheetMessageKey>;
}

/** POST /tenders/{id}/offer_sheet/: the filled workbook read and checked; valid rows and per-cell errors. */
export async function readOfferSheet(
  db: Db,
  viewer: Viewer,
  tenderId: number,
  file: Buffer,
  lang?: Language,
): Promise<SheetReadResult> {
  await offerTender(db, viewer, tenderId);
  const texts = sheetTexts(lang ?? viewer.user.language);
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', 'sheet_file_invalid');
  }
  const ws = offerWorksheet(wb);
  if (!ws) throw invalid('file', 'sheet_file_invalid');

  const [lines, producers, blacklisted] = await Promise.all([
    sheetLines(db, tenderId),
    activeProducers(db),
    queryRows<{ part_id: number; producer_id: number }>(
      db,
      sql`select b.part_id, bp.producer_id from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
        where b.is_active and not b.is_deleted
          and b.part_id in (select d.part_id from details d where d.tender_id = ${tenderId})`,
    ),
  ]);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const producerByName = new Map<string, { id: number; name: string }>();
  for (const p of producers) {
    const k = p.name.trim().toLowerCase();
    if (!producerByName.has(k)) producerByName.set(k, p);
  }
  const unknownKeys = new Map<string, { key: number; name: string }>();

  const errors: SheetError[] = [];
  const errorOf = (row: number, field: string, column: string, key: SheetMessageKey | string) =>
    errors.push({
      row,
      column,
      field,
      key,
      message: (texts.messages as Record<string, string>)[key] ?? key,
    });

  const read: ReadRow[] = [];
  const col = (key: (typeof SHEET_COLUMNS)[number]['key']) => sheetColumnNumber(key);
  const lastRow = Math.min(ws.rowCount, SHEET_FIRST_ROW + 3 * 5000 * SHEET_ROWS_PER_PART);
  for (let r = SHEET_FIRST_ROW; r <= lastRow; r++) {
    const row = ws.getRow(r);
    const raw = Object.fromEntries(
      SHEET_OFFER_FIELDS.map((f) => [f, cellValue(row.getCell(col(f)))]),
    ) as Record<SheetOfferField, SheetCell>;
    const producerName = readSheetText(raw.producer);
    const date = readSheetDate(raw.delivery_date);
    const offer: DraftOfferLine = {
      producer: null,
      price: readSheetDecimal(raw.price),
      delivery_date: date.value,
      product_code: readSheetText(raw.product_code),
      ean_code: readSheetText(raw.ean_code),
      available_qty: readSheetDecimal(raw.available_qty),
      additional_qty: readSheetDecimal(raw.additional_qty),
    };
    const filled =
      producerName !== '' ||
      date.error != null ||
      !isEmptyOfferLine({ ...offer, producer: null }) ||
      offer.available_qty !== '' ||
      offer.additional_qty !== '';
    if (!filled) continue;
    const idCell = cellValue(row.getCell(col('line_id')));
    const detail = typeof idCell === 'number' ? idCell : Number(String(idCell ?? '').trim());
    const rowErrors = new Map<SheetOfferField, SheetMessageKey>();
    if (!Number.isInteger(detail) || !lineById.has(detail)) {
      errorOf(r, 'line_id', sheetColumnLetter('line_id'), 'sheet_unknown_line');
      continue;
    }
    if (date.error) rowErrors.set('delivery_date', date.error);
    let producerKey: number | null = null;
    if (producerName) {
      const known = producerByName.get(producerName.toLowerCase());
      if (known) {
        offer.producer = { id: known.id, name: known.name };
        producerKey = known.id;
      } else {
        const k = producerName.toLowerCase();
        let u = unknownKeys.get(k);
        if (!u) {
          u = { key: -(unknownKeys.size + 1), name: producerName };
          unknownKeys.set(k, u);
        }
        producerKey = u.key;
      }
    }
    read.push({
      row: r,
      detail,
      offer,
      producerName: producerName && !offer.producer ? producerName : null,
      producerKey,
      errors: rowErrors,
    });
  }

  // The form's rules on every part the sheet fills: one offer of those parts, as the form would send it.
  const parts: Record<number, { needQty: string; blacklistedProducerIds: number[] }> = {};
  for (const l of lines) parts[l.id] = { needQty: l.qty, blacklistedProducerIds: [] };
  const partOfId = new Map(lines.map((l) => [l.id, l.part_id]));
  for (const b of blacklisted)
    for (const l of lines)
      if (partOfId.get(l.id) === b.part_id) parts[l.id].blacklistedProducerIds.push(b.producer_id);
  const order = [...new Set(read.map((x) => x.detail))];
  const rowsOf = order.map((d) => read.filter((x) => x.detail === d));
  const input: OfferInput = {
    agreed: true,
    lines: order.map((detail, i) => ({
      detail,
      offers: rowsOf[i].map((x) => ({
        producer: x.producerKey,
        price: x.offer.price,
        delivery_date: x.errors.has('delivery_date') ? null : x.offer.delivery_date,
        product_code: x.offer.product_code,
        ean_code: x.offer.ean_code,
        available_qty: x.offer.available_qty,
        additional_qty: x.offer.additional_qty,
      })),
    })),
  };
  const found = validateOffer(input, { today: todayOf(now()), parts });
  for (const [key, list] of Object.entries(found)) {
    const m = /^lines\.(\d+)\.offers(?:\.(\d+)\.(\w+))?$/.exec(key);
    if (!m) continue; // agreed / minimum_one_part: the form asks for them when the offer is sent
    const rowsOfPart = rowsOf[Number(m[1])];
    if (m[2] === undefined) {
      // A part's rule (the total quantity, more than 3 offers): on its first row's quantity.
      const first = rowsOfPart[0];
      first.errors.set('available_qty', list[0] as SheetMessageKey);
      continue;
    }
    const x = rowsOfPart[Number(m[2])];
    const field = m[3] as SheetOfferField;
    if (!x.errors.has(field)) x.errors.set(field, list[0] as SheetMessageKey);
  }
  const rows: SheetRow[] = [];
  for (const x of read) {
    for (const [field, key] of x.errors) errorOf(x.row, field, sheetColumnLetter(field), key);
    if (x.errors.size) continue;
    // Valid decimals as the form keeps them (a dot: "12,50" → "12.50").
    const dec = (v: string) => (isBlank(v) ? '' : (normalizeDecimal(v) ?? v));
    const offer = {
      ...x.offer,
      price: dec(x.offer.price),
      available_qty: dec(x.offer.available_qty),
      additional_qty: dec(x.offer.additional_qty),
    };
    rows.push({ row: x.row, detail: x.detail, offer, producer_name: x.producerName });
  }
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  const unknown = [...unknownKeys.values()]
    .filter((u) => rows.some((x) => x.producer_name?.toLowerCase() === u.name.toLowerCase()))
    .map((u) => u.name);
  return {
    rows,
    errors,
    unknown_producers: unknown,
    filled: read.length + errors.filter((e) => e.field === 'line_id').length,
  };
}
