// The reports contract (spec 2 "Reports", §3 report rows, §7 calls): row shapes shared by the server's route
// schemas and the web's types, and the date presets, which are pure functions of "today" (a Europe/Tallinn day).
// Money and quantities travel as decimal strings; dates as YYYY-MM-DD (Tallinn days) or ISO instants.
import { z } from 'zod';
import { TENDER_STATUSES, WINNER_REASONS } from './enums.ts';

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
