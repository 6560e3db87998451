// The comparison matrix's answers (issue 33): the server's response schemas and the web's types, one copy.
import { z } from 'zod';
import { TENDER_STATUSES } from './enums.ts';
import { idString } from './lists.ts';

export const MATRIX_SORTS = ['line', 'part_code', 'part_name', 'best_price', 'offers', 'spread'] as const;
export const MATRIX_FILTERS = ['all', 'no_offers', 'above_budget', 'no_winner'] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];
export type MatrixFilter = (typeof MATRIX_FILTERS)[number];
export const MATRIX_WINDOW_MAX = 200;

const decimal = z.string();
const money = z.string().describe('euros, 2 decimals');

export const matrixSupplierColumn = z.object({
  id: z.number(),
  name: z.string(),
  lines: z.number().describe('lines with an offer of this company whose producer is not blacklisted'),
  total: money.describe('sum over those lines of round(price × need, 2), its best offer line on each'),
  best_lines: z.number().describe('lines on which its offer is the cheapest'),
});
export const matrixSummaryOut = z.object({
  tender: z.object({ id: z.number(), status: z.enum(TENDER_STATUSES), tender_code: z.string() }),
  suppliers: z.array(matrixSupplierColumn),
  lines: z.number(),
  lines_with_offers: z.number(),
  lines_without_offers: z.number(),
  lines_above_budget: z.number(),
  sums: z.object({
    cheapest_per_line: z.object({ total: money, lines: z.number() }),
    cheapest_supplier: z
      .object({ supplier: z.number(), supplier_name: z.string(), total: money, lines: z.number() })
      .nullable()
      .describe('of the companies covering the most lines, the one with the lowest total for them'),
    current_choice: z.object({ total: money, lines: z.number() }),
  }),
});
export const matrixCellOut = z.object({
  supplier: z.number(),
  proposal: z.number(),
  price: decimal,
  delivery_date: z.string(),
  producer: z.number(),
  producer_name: z.string(),
  available_qty: decimal.nullable(),
  offers: z.number().describe("the company's offer lines on this line"),
  best: z.boolean(),
  blacklisted: z.boolean(),
  winner: z.boolean(),
});
export const matrixRowOut = z.object({
  id: z.number(),
  part: z.number(),
  part_code: z.string(),
  part_name: z.string(),
  unit: z.string().nullable(),
  qty: decimal,
  reference_price: decimal
    .nullable()
    .describe('median price paid for the part in ORDERED tenders over the last 12 months'),
  above_budget: z.boolean(),
  best_price: decimal.nullable(),
  offers: z.number(),
  winners: z.array(z.object({ proposal: z.number(), supplier: z.number(), amount: decimal })),
  cells: z.array(matrixCellOut).describe('one per company with an offer on the line (its best offer line)'),
});
export const matrixRowsOut = z.object({
  count: z.number(),
  offset: z.number(),
  limit: z.number(),
  rows: z.array(matrixRowOut),
});

export type MatrixSupplier = z.infer<typeof matrixSupplierColumn>;
export type MatrixSummary = z.infer<typeof matrixSummaryOut>;
export type MatrixCell = z.infer<typeof matrixCellOut>;
export type MatrixRow = z.infer<typeof matrixRowOut>;
export type MatrixRowsPage = z.infer<typeof matrixRowsOut>;

// ---------- the rows' query ----------

const sortValues = MATRIX_SORTS.flatMap((s) => [s, `-${s}`]);
export const matrixQuery = z.object({
  offset: z
    .string()
    .regex(/^\d{1,7}$/, 'invalid_page')
    .transform(Number)
    .optional()
    .describe('rows to skip (default 0)'),
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'invalid_page_size')
    .transform(Number)
    .refine((n) => n >= 1, 'invalid_page_size')
    .refine((n) => n <= MATRIX_WINDOW_MAX, 'page_size_too_large')
    .optional()
    .describe(`rows in the window, 1–${MATRIX_WINDOW_MAX} (default 100)`),
  sort: z
    .string()
    .refine((s) => sortValues.includes(s), 'invalid_ordering')
    .optional()
    .describe(`${MATRIX_SORTS.join(', ')}; a leading minus sorts descending (default line)`),
  filter: z.enum(MATRIX_FILTERS, 'invalid_choice').optional(),
  supplier: idString.optional().describe('only the lines this company offered on'),
});
