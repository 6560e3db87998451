// The supplier's offer spreadsheet (issue 34 point 1), the server-kept offer draft (point 2) and the company's last
// offers (point 3): layout, the reading of cells written by a spreadsheet program, the answers' schemas and the
// sheet's texts in et, ru and en. The cells are checked with the offer rules of rules/offer.ts, like the form.
import { z } from 'zod';
import type { Language } from './enums.ts';
import { MAX_OFFER_LINES_PER_PART } from './limits.ts';
import { isCalendarDate, type OfferErrorKey } from './rules/offer.ts';

// ---------- layout ----------

/** The offer sheet's columns, in order (A, B, …). `line` columns are locked; `offer` columns are filled in. */
export const SHEET_COLUMNS = [
  { key: 'line_id', kind: 'line', width: 9 },
  { key: 'n', kind: 'line', width: 6 },
  { key: 'part_name', kind: 'line', width: 42 },
  { key: 'qty', kind: 'line', width: 10 },
  { key: 'unit', kind: 'line', width: 8 },
  { key: 'offer_no', kind: 'line', width: 8 },
  { key: 'producer', kind: 'offer', width: 24 },
  { key: 'price', kind: 'offer', width: 13 },
  { key: 'delivery_date', kind: 'offer', width: 14 },
  { key: 'product_code', kind: 'offer', width: 18 },
  { key: 'ean_code', kind: 'offer', width: 17 },
  { key: 'available_qty', kind: 'offer', width: 12 },
  { key: 'additional_qty', kind: 'offer', width: 12 },
] as const;
export type SheetColumnKey = (typeof SHEET_COLUMNS)[number]['key'];
export type SheetOfferField = Extract<(typeof SHEET_COLUMNS)[number], { kind: 'offer' }>['key'];
export const SHEET_OFFER_FIELDS = SHEET_COLUMNS.filter((c) => c.kind === 'offer').map(
  (c) => c.key,
) as SheetOfferField[];
/** The sheet row of the column headers; offer rows follow it. Row 1 is the title, row 2 the short instruction. */
export const SHEET_HEADER_ROW = 3;
export const SHEET_FIRST_ROW = SHEET_HEADER_ROW + 1;
/** Offer rows per part in the sheet. */
export const SHEET_ROWS_PER_PART = MAX_OFFER_LINES_PER_PART;
/** Largest upload read (bytes). */
export const SHEET_MAX_BYTES = 5 * 1024 * 1024;

/** The column letter of a key ("A" for line_id). */
export function sheetColumnLetter(key: SheetColumnKey): string {
  const i = SHEET_COLUMNS.findIndex((c) => c.key === key);
  return String.fromCharCode(65 + i);
}
/** 1-based column number of a key. */
export const sheetColumnNumber = (key: SheetColumnKey) => SHEET_COLUMNS.findIndex((c) => c.key === key) + 1;

// ---------- reading cells ----------

/** A cell's value as the server reads it from the file: text, number, a date (a date cell), or empty. */
export type SheetCell = string | number | Date | null;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A date cell's value: the day as written (ExcelJS gives a date cell as UTC midnight of that day). */
function isoOfDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  // A time of day past noon is a date-time typed late in the day: still that day (no time zone shifts it).
  return iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * A delivery date from a cell: a date cell, an Excel day number (1900 system; 46000 = 9 December 2025), or text as
 * DD.MM.YYYY (also D.M.YYYY, with / or -) or YYYY-MM-DD. `value` null: empty; `error` when it is not a real day.
 */
export function readSheetDate(cell: SheetCell): { value: string | null; error?: 'invalid_date' } {
  if (cell == null) return { value: null };
  if (cell instanceof Date) {
    const v = isoOfDate(cell);
    return v ? { value: v } : { value: null, error: 'invalid_date' };
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 1 || cell >= 2958466) return { value: null, error: 'invalid_date' };
    const v = isoOfDate(new Date(EXCEL_EPOCH_MS + Math.floor(cell) * 86_400_000));
    return v ? { value: v } : { value: null, error: 'invalid_date' };
  }
  const text = cell.trim();
  if (!text) return { value: null };
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  let v: string | null = null;
  if (m) v = iso(Number(m[3]), Number(m[2]), Number(m[1]));
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) v = text;
  else if (/^\d{5}(\.\d+)?$/.test(text)) return readSheetDate(Number(text));
  return v && isCalendarDate(v) ? { value: v } : { value: null, error: 'invalid_date' };
}

/**
 * A decimal from a cell as text the offer rules read: a number cell as its shortest exact decimal (no binary noise,
 * no exponent), text with a comma or a dot as the decimal separator, spaces (thousands) and a euro sign dropped.
 * What is not a number is passed on as written, for the rules to refuse.
 */
export function readSheetDecimal(cell: SheetCell): string {
  if (cell == null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return String(cell);
    const short = Number(cell.toPrecision(15));
    const text = String(short);
    if (!/e/i.test(text)) return text;
    // Very small or large numbers: written out in full (at most 10 decimals; the rules refuse more than 4).
    return short.toFixed(10).replace(/\.?0+$/, '');
  }
  const text = cell
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/€$/, '');
  return text;
}

/** Text from a cell (a product code, an EAN written as a number): whole numbers without a decimal part. */
export function readSheetText(cell: SheetCell): string {
  if (cell == null) return '';
  if (cell instanceof Date) return isoOfDate(cell) ?? '';
  if (typeof cell === 'number')
    return Number.isInteger(cell) && Math.abs(cell) < 2 ** 53 ? BigInt(cell).toString() : String(cell);
  return cell.trim();
}

// ---------- answers ----------

const producerRef = z.object({ id: z.number(), name: z.string() });

/** One offer line as the form holds it (typed text; the draft keeps it as typed, checked on sending). */
export const draftOfferLine = z.object({
  id: z.number().int().positive().max(2147483647, 'invalid_id').nullable().optional(),
  producer: producerRef.nullable(),
  price: z.string().max(40, 'too_long'),
  delivery_date: z.string().max(10, 'too_long').nullable(),
  product_code: z.string().max(100, 'too_long'),
  ean_code: z.string().max(40, 'too_long'),
  available_qty: z.string().max(40, 'too_long'),
  additional_qty: z.string().max(40, 'too_long'),
});
export type DraftOfferLine = z.infer<typeof draftOfferLine>;

/** PUT /tenders/{id}/offer_draft/: the parts the supplier changed and has not sent, the comment and the tick. */
export const offerDraftWrite = z.object({
  lines: z
    .array(
      z.object({
        detail: z.number().int().positive().max(2147483647, 'invalid_id'),
        offers: z.array(draftOfferLine).max(MAX_OFFER_LINES_PER_PART, 'too_many_offers'),
      }),
    )
    .max(5000),
  comment: z.string().max(1000, 'comment_too_long').nullable(),
  agreed: z.boolean(),
});
export type OfferDraftWrite = z.infer<typeof offerDraftWrite>;

/** GET /tenders/{id}/offer_draft/: the company's draft (empty `lines` and null `updated` when there is none). */
export const offerDraft = offerDraftWrite.extend({
  updated: z.string().nullable(),
  user_name: z.string().nullable(),
});
export type OfferDraft = z.infer<typeof offerDraft>;

/** One valid row of an uploaded sheet: where it goes and the offer line it holds. */
export const sheetRow = z.object({
  row: z.number(),
  detail: z.number(),
  /** The producer found by its name; null with `producer_name` when the portal does not know the name. */
  offer: draftOfferLine,
  producer_name: z.string().nullable(),
});
export type SheetRow = z.infer<typeof sheetRow>;

export const sheetError = z.object({
  row: z.number(),
  /** The column letter ("H"). */
  column: z.string(),
  field: z.string(),
  key: z.string(),
  /** The message in the user's language. */
  message: z.string(),
});
export type SheetError = z.infer<typeof sheetError>;

/** POST /tenders/{id}/offer_sheet/: what the sheet holds, checked; nothing is saved. */
export const sheetReadResult = z.object({
  rows: z.array(sheetRow),
  errors: z.array(sheetError),
  /** Producer names the portal does not know (offered for creation). */
  unknown_producers: z.array(z.string()),
  /** Filled offer rows found (valid or not). */
  filled: z.number(),
});
export type SheetReadResult = z.infer<typeof sheetReadResult>;

/** GET /tenders/{id}/last_offers/: per part of the tender, the company's offer lines of the last tender it offered it in. */
export const lastOffer = z.object({
  detail: z.number(),
  tender_code: z.string(),
  offered: z.string(),
  offers: z.array(
    z.object({
      producer: producerRef.nullable(),
      price: z.string(),
      product_code: z.string(),
      ean_code: z.string(),
    }),
  ),
});
export type LastOffer = z.infer<typeof lastOffer>;

// ---------- texts ----------

export type SheetMessageKey = OfferErrorKey | 'invalid_date' | 'sheet_unknown_line';

interface SheetTexts {
  sheet: string;
  instructions_sheet: string;
  title: string;
  hint: string;
  headers: Record<SheetColumnKey, string>;
  instructions: string[];
  validation: { number: string; date: string; ean: string; code: string; producer: string; title: string };
  messages: Record<SheetMessageKey, string>;
}

/** The sheet's texts and its error messages (the form's messages, word for word) per language. */
export const SHEET_TEXTS: Record<Language, SheetTexts> = {
  et: {
    sheet: 'Pakkumine',
    instructions_sheet: 'Juhend',
    title: 'Hanke {code} pakkumine, lõpeb {finish}',
    hint: 'Täitke valged lahtrid (kuni 3 pakkumist osa kohta) ja laadige fail portaalis hanke lehel üles.',
    headers: {
      line_id: 'Rea ID',
      n: 'Nr',
      part_name: 'Nimetus',
      qty: 'Kogus',
      unit: 'Ühik',
      offer_no: 'Pakkumine',
      producer: 'Tootja',
      price: 'Hind km-ta (€)',
      delivery_date: 'Tarnekuupäev',
      product_code: 'Tootekood',
      ean_code: 'EAN-kood',
      available_qty: 'Saadaval kogus',
      additional_qty: 'Lisakogus',
    },
    instructions: [
      'Kuidas pakkumist tabelis täita',
      '1. Hallid veerud (rea ID, nimetus, kogus, ühik) on lukus: neid ei saa muuta.',
      '2. Igal osal on kolm rida: iga täidetud rida on üks pakkumine. Tühjad read jäetakse vahele.',
      '3. Tootja: valige loendist portaalis olev tootja. Uue nime saab kirjutada; portaal pakub selle lisamist üleslaadimisel.',
      '4. Hind ilma käibemaksuta, kuni 4 kümnendkohta; koma ja punkt on mõlemad lubatud.',
      '5. Tarnekuupäev kujul PP.KK.AAAA (näiteks 15.03.2027), mitte minevikus.',
      '6. Tootekood kuni 35 märki; EAN-kood ainult numbrid, kuni 13.',
      '7. Laadige täidetud fail üles hanke lehel. Vigased lahtrid näidatakse rea ja veeru kaupa; korras read lähevad vormi ülevaatamiseks ning pakkumine saadetakse tavapäraselt nupuga "Tee pakkumine".',
    ],
    validation: {
      title: 'Vigane väärtus',
      number: 'Sisestage arv, mis on suurem kui null.',
      date: 'Sisestage kuupäev kujul PP.KK.AAAA, mitte minevikus.',
      ean: 'EAN-kood: kuni 13 numbrit.',
      code: 'Tootekood: kuni 35 märki.',
      producer: 'Seda tootjat portaalis veel pole: selle lisamist pakutakse üleslaadimisel.',
    },
    messages: {
      producer_should_exist: 'Tootja peab olema valitud',
      blacklisted_producer: 'Tootja on selle osa mustas nimekirjas',
      duplicate_producer: 'Sama tootja on juba pakutud',
      price_empty: 'Hind ei tohi olla tühi',
      incorrect_price: 'Vigane hind',
      price_more_than_zero: 'Hind peab olema suurem kui null',
      delivery_date_should_exist: 'Tarnekuupäev peab olema määratud',
      delivery_date_in_past: 'Tarnekuupäev on minevikus',
      delivery_date_too_far: 'Tarnekuupäev on rohkem kui 5 aasta kaugusel',
      product_code_required: 'Tootekood on kohustuslik',
      product_code_too_long: 'Tootekood on liiga pikk (kuni 35 märki)',
      ean_required: 'EAN-kood on kohustuslik',
      ean_digits_only: 'EAN-kood võib sisaldada ainult numbreid',
      ean_too_long: 'EAN-kood on liiga pikk (kuni 13 numbrit)',
      qty_above_zero: 'Kogus peab olema suurem kui null',
      qty_above_need: 'Kogus ületab vajaliku koguse',
      too_many_offers: 'Ühe osa kohta on lubatud kuni 3 pakkumist',
      agreement_required: 'Hinnapakkumise esitamiseks on kinnitus kohustuslik!',
      minimum_one_part: 'Pakkuge vähemalt ühele osale',
      invalid_date: 'Vigane kuupäev',
      sheet_unknown_line: 'Seda rida selles hankes pole',
    },
  },
  ru: {
    sheet: 'Предложение',
    instructions_sheet: 'Инструкция',
    title: 'Предложение по тендеру {code}, окончание {finish}',
    hint: 'Заполните белые ячейки (до 3 предложений на деталь) и загрузите файл на странице тендера в портале.',
    headers: {
      line_id: 'ID строки',
      n: '№',
      part_name: 'Наименование',
      qty: 'Кол-во',
      unit: 'Ед.',
      offer_no: 'Предложение',
      producer: 'Производитель',
      price: 'Цена без НДС (€)',
      delivery_date: 'Дата поставки',
      product_code: 'Код товара',
      ean_code: 'EAN-код',
      available_qty: 'Доступное кол-во',
      additional_qty: 'Доп. кол-во',
    },
    instructions: [
      'Как заполнить предложение в таблице',
      '1. Серые столбцы (ID строки, наименование, количество, единица) защищены: их нельзя изменить.',
      '2. У каждой детали три строки: каждая заполненная строка — одно предложение. Пустые строки пропускаются.',
      '3. Производитель: выберите из списка производителя, известного порталу. Можно написать новое имя; при загрузке портал предложит его добавить.',
      '4. Цена без НДС, до 4 знаков после запятой; допускаются и запятая, и точка.',
      '5. Дата поставки в виде ДД.ММ.ГГГГ (например, 15.03.2027), не в прошлом.',
      '6. Код товара до 35 символов; EAN-код только цифры, до 13.',
      '7. Загрузите заполненный файл на странице тендера. Ошибки показываются по строке и столбцу; верные строки попадают в форму для проверки, и предложение отправляется как обычно кнопкой «Сделать предложение».',
    ],
    validation: {
      title: 'Неверное значение',
      number: 'Введите число больше нуля.',
      date: 'Введите дату в виде ДД.ММ.ГГГГ, не в прошлом.',
      ean: 'EAN-код: до 13 цифр.',
      code: 'Код товара: до 35 символов.',
      producer: 'Этого производителя ещё нет в портале: при загрузке будет предложено его добавить.',
    },
    messages: {
      producer_should_exist: 'Производитель должен быть указан',
      blacklisted_producer: 'Производитель в чёрном списке для этой детали',
      duplicate_producer: 'Этот производитель уже предложен',
      price_empty: 'Цена не может быть пустой',
      incorrect_price: 'Неверная цена',
      price_more_than_zero: 'Цена должна быть больше нуля',
      delivery_date_should_exist: 'Дата поставки должна быть указана',
      delivery_date_in_past: 'Дата поставки в прошлом',
      delivery_date_too_far: 'Дата поставки более чем через 5 лет',
      product_code_required: 'Код товара обязателен',
      product_code_too_long: 'Код товара слишком длинный (до 35 символов)',
      ean_required: 'EAN-код обязателен',
      ean_digits_only: 'EAN-код может содержать только цифры',
      ean_too_long: 'EAN-код слишком длинный (до 13 цифр)',
      qty_above_zero: 'Количество должно быть больше нуля',
      qty_above_need: 'Количество превышает необходимое',
      too_many_offers: 'Не более 3 предложений на деталь',
      agreement_required: 'Для подачи предложения требуется подтверждение!',
      minimum_one_part: 'Предложите хотя бы одну деталь',
      invalid_date: 'Неверная дата',
      sheet_unknown_line: 'Такой строки в этом тендере нет',
    },
  },
  en: {
    sheet: 'Offer',
    instructions_sheet: 'Instructions',
    title: 'Offer for tender {code}, ends {finish}',
    hint: 'Fill in the white cells (up to 3 offers per part) and upload the file on the tender page in the portal.',
    headers: {
      line_id: 'Line ID',
      n: 'No',
      part_name: 'Name',
      qty: 'Quantity',
      unit: 'Unit',
      offer_no: 'Offer',
      producer: 'Producer',
      price: 'Price excl. VAT (€)',
      delivery_date: 'Delivery date',
      product_code: 'Product code',
      ean_code: 'EAN code',
      available_qty: 'Available qty',
      additional_qty: 'Additional qty',
    },
    instructions: [
      'How to fill in the offer sheet',
      '1. The grey columns (line ID, name, quantity, unit) are locked: they cannot be changed.',
      '2. Each part has three rows: every filled row is one offer. Empty rows are skipped.',
      '3. Producer: choose a producer the portal knows from the list. A new name may be typed; the portal offers to add it when you upload.',
      '4. Price without VAT, up to 4 decimals; a comma and a dot both work.',
      '5. Delivery date as DD.MM.YYYY (for example 15.03.2027), not in the past.',
      '6. Product code up to 35 characters; EAN code digits only, up to 13.',
      '7. Upload the filled file on the tender page. Errors are shown by row and column; valid rows go into the form for review, and the offer is sent as usual with "Make offer".',
    ],
    validation: {
      title: 'Invalid value',
      number: 'Enter a number above zero.',
      date: 'Enter a date as DD.MM.YYYY, not in the past.',
      ean: 'EAN code: up to 13 digits.',
      code: 'Product code: up to 35 characters.',
      producer: 'The portal does not know this producer yet: you will be offered to add it when you upload.',
    },
    messages: {
      producer_should_exist: 'Producer should exist',
      blacklisted_producer: 'Blacklisted producer',
      duplicate_producer: 'This producer is already offered',
      price_empty: 'Price can not be empty',
      incorrect_price: 'Incorrect price',
      price_more_than_zero: 'Price must be more than zero',
      delivery_date_should_exist: 'Delivery date should exist',
      delivery_date_in_past: 'Delivery date is in the past',
      delivery_date_too_far: 'Delivery date is more than 5 years ahead',
      product_code_required: 'Product code is required',
      product_code_too_long: 'Product code is too long (at most 35 characters)',
      ean_required: 'EAN code is required',
      ean_digits_only: 'EAN code may contain digits only',
      ean_too_long: 'EAN code is too long (at most 13 digits)',
      qty_above_zero: 'Quantity must be above zero',
      qty_above_need: 'Quantity is above the needed quantity',
      too_many_offers: 'At most 3 offers per part',
      agreement_required: 'Confirmation is required to submit a tender offer!',
      minimum_one_part: 'Offer at least one part',
      invalid_date: 'Invalid date',
      sheet_unknown_line: 'This line is not in this tender',
    },
  },
};

/** The sheet's texts for a user's stored language (EST/RUS/ENG or et/ru/en); Estonian by default. */
export function sheetTexts(language: string | null | undefined): SheetTexts {
  const l = (language ?? '').toLowerCase();
  if (l === 'ru' || l === 'rus') return SHEET_TEXTS.ru;
  if (l === 'en' || l === 'eng') return SHEET_TEXTS.en;
  return SHEET_TEXTS.et;
}

/** PUT offer_draft answer: when the draft was saved (null when nothing was left to keep). */
export const offerDraftSaved = z.object({ updated: z.string().nullable() });
export type OfferDraftSaved = z.infer<typeof offerDraftSaved>;

/** GET last_offers answer. */
export const lastOfferList = z.array(lastOffer);
