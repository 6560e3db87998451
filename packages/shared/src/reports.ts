// The reports contract (spec 2 "Reports", §3 report rows, §7 calls): row shapes shared by the server's route
// schemas and the web's types, and the date presets, which are pure functions of "today" (a Europe/Tallinn day).
// Money and quantities travel as decimal strings; dates as YYYY-MM-DD (Tallinn days) or ISO instants.
import { z } from 'zod';
import { TENDER_STATUSES, WINNER_REASONS } from './enums.ts';
import { boolQuery, type ListPage, listQuery } from './lists.ts';
import { isDay } from './reportPeriods.ts';

const decimal = z.string();
const day = z.string(); // YYYY-MM-DD

export const consolidatedRow = z.object({
  id: z.number(),
  name: z.string(),
  registration_code: z.string(),
  ordered_number_of_details: z.number(),
  ordered_qty: decimal,
  orders_qty: z.number(),
  orders_sum: decimal,
  /** The period of the report: first day, and the day after the last (exclusive); null when open. */
  start: day.nullable(),
  finish: day.nullable(),
});

const tenderRef = {
  tender: z.number(),
  tender_code: z.string(),
  tender_status: z.enum(TENDER_STATUSES),
};
const period = z.object({ start: z.string(), finish: z.string() });

export const orderReportRow = z.object({
  id: z.number(),
  name: z.string(),
  registration_code: z.string(),
  order_code: z.string(),
  ...tenderRef,
  period,
  number_of_details: z.number(),
  sum_of_details: decimal,
});

export const partReportRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ...tenderRef,
  period,
  min_price: decimal,
  max_price: decimal,
  /** Winning prices of the line (ORDERED tenders), lowest first. */
  prices: z.array(decimal),
  reasons: z.array(z.enum(WINNER_REASONS)),
  ordered_qty: decimal,
  sum: decimal,
});

export const supplierReportRow = z.object({
  id: z.number(),
  supplier: z.number(),
  name: z.string(),
  registration_code: z.string(),
  ...tenderRef,
  period,
  number_of_proposals: z.number(),
  number_of_details: z.number(),
  sum_of_details: decimal,
});

export const categoryReportRow = z.object({
  id: z.number(),
  name: z.string(),
  registration_code: z.string(),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      categories: z.array(z.object({ id: z.number(), name: z.string(), groups: z.array(z.string()) })),
    }),
  ),
});

/** A node of the category tree filter (categories linked to the chosen groups, with their ancestors). */
export interface CategoryTreeNode {
  key: number;
  text: string;
  groups: string[];
  nested: CategoryTreeNode[];
}
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = z
  .lazy(() =>
    z.object({
      key: z.number(),
      text: z.string(),
      groups: z.array(z.string()),
      nested: z.array(categoryTreeNode),
    }),
  )
  .meta({ id: 'CategoryTreeNode' }); // recursive: a named schema in the OpenAPI document

/** Spend per month (Europe/Tallinn) and group: the consolidated report's chart. */
export const spendPoint = z.object({ month: z.string(), group: z.string(), sum: decimal });

export type ConsolidatedRow = z.infer<typeof consolidatedRow>;
export type OrderReportRow = z.infer<typeof orderReportRow>;
export type PartReportRow = z.infer<typeof partReportRow>;
export type SupplierReportRow = z.infer<typeof supplierReportRow>;
export type CategoryReportRow = z.infer<typeof categoryReportRow>;
export type SpendPoint = z.infer<typeof spendPoint>;

/** Report totals over the whole filtered result (not only the page). */
export type ReportTotals = Record<string, string | number>;

// ---------- requests and answers of the report routes ----------

/** Free text from a query: NUL characters (which PostgreSQL text cannot hold) removed, trimmed; blank = absent. */
const text = z
  .string()
  .max(200, 'too_long')
  .transform((s) => s.replaceAll(String.fromCharCode(0), '').trim() || undefined);
const reportDay = z.string().refine(isDay, 'invalid_date');
/** Names joined with a vertical bar (category report filters). */
const names = z
  .string()
  .max(4000, 'too_long')
  .transform((s) =>
    s
      .replaceAll(String.fromCharCode(0), '')
      .split('|')
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, 500),
  );

/** The query of the consolidated, orders, parts and suppliers reports (and the spend chart). */
export const reportQuery = listQuery.extend({
  search: text.optional(),
  filter_name: text.optional(),
  filter_registration_code: text.optional(),
  filter_start: reportDay.optional(),
  filter_finish: reportDay.optional(),
});
export const partsReportQuery = reportQuery.extend({
  filter_code: text.optional(),
  filter_reason: z.enum(WINNER_REASONS, 'invalid_choice').optional(),
});
export const suppliersReportQuery = reportQuery.extend({ filter_winner: boolQuery.optional() });
export const categoriesReportQuery = listQuery.extend({
  search: text.optional(),
  filter_name: text.optional(),
  filter_group: names.optional(),
  filter_category: names.optional(),
});

/** A report answer: the page with totals over the whole filtered result, or a plain array (page_size=0). */
const report = <T extends z.ZodType>(row: T, totals: z.ZodType) =>
  z.union([
    z.object({
      results: z.array(row),
      pages: z.number().int(),
      count: z.number().int(),
      count_more: z.boolean().optional(),
      totals,
    }),
    z.array(row),
  ]);

export const categoryTreeQuery = z.object({ filter_group: names.optional() });

const dec = z.string();
const int = z.number();
export const consolidatedReportAnswer = report(
  consolidatedRow,
  z.object({ ordered_number_of_details: int, ordered_qty: dec, orders_qty: int, orders_sum: dec }),
);
export const ordersReportAnswer = report(
  orderReportRow,
  z.object({ number_of_details: int, sum_of_details: dec }),
);
export const partsReportAnswer = report(partReportRow, z.object({ ordered_qty: dec, sum: dec }));
export const suppliersReportAnswer = report(
  supplierReportRow,
  z.object({ number_of_proposals: int, number_of_details: int, sum_of_details: dec }),
);
/** A report page: its rows with the totals over the whole filtered result (page_size=0 answers the rows alone). */
export type ReportPage<T> = ListPage<T> & { totals?: ReportTotals };

/** GET consolidated/chart/ answer: one point per period. */
export const spendChartAnswer = z.array(spendPoint);

/** GET reports/categories/tree/ answer. */
export const categoryTreeReport = z.array(categoryTreeNode);
