// Report routes (spec 2 §7): consolidated (Administrator), orders, parts, suppliers (Administrator, Contractor),
// categories (Administrator, Contractor); suppliers get none (§6). Lists follow lib/list.ts: page, page_size
// (0 = plain array for exports), ids, search, whitelisted ordering; filters are parsed here, bad ones answer 400.
import {
  categoryReportRow,
  categoryTreeNode,
  consolidatedRow,
  isDay,
  orderReportRow,
  partReportRow,
  spendPoint,
  supplierReportRow,
  WINNER_REASONS,
} from '@portal/shared';
import { z } from 'zod';
import { ADMIN, ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { boolQuery, listQuery } from '../../lib/list.ts';
import {
  categoriesReport,
  categoryTree,
  consolidatedReport,
  ordersReport,
  partsReport,
  spendChart,
  suppliersReport,
} from './service.ts';

/** Free text from a query: NUL characters (which PostgreSQL text cannot hold) removed, trimmed; blank = absent. */
const text = z
  .string()
  .max(200, 'too_long')
  .transform((s) => s.replaceAll(String.fromCharCode(0), '').trim() || undefined);
const day = z.string().refine(isDay, 'invalid_date');
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

const base = listQuery.extend({
  search: text.optional(),
  filter_name: text.optional(),
  filter_registration_code: text.optional(),
  filter_start: day.optional(),
  filter_finish: day.optional(),
});
const partsQuery = base.extend({
  filter_code: text.optional(),
  filter_reason: z.enum(WINNER_REASONS, 'invalid_choice').optional(),
});
const suppliersQuery = base.extend({ filter_winner: boolQuery.optional() });
const categoriesQuery = listQuery.extend({
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
const dec = z.string();
const int = z.number();

export default async function routes(app: ZApp) {
  app.get(
    '/reports/consolidated/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['reports'],
        summary: 'Orders per supplier over a period: lines, quantity, orders and sum.',
        operationId: 'reportConsolidated',
        querystring: base,
        response: {
          200: report(
            consolidatedRow,
            z.object({ ordered_number_of_details: int, ordered_qty: dec, orders_qty: int, orders_sum: dec }),
          ),
        },
      },
    },
    async (request) => consolidatedReport(app.longDb, currentUser(request), request.query),
  );

  app.get(
    '/reports/consolidated/chart/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['reports'],
        summary: 'Spend per month and group over the consolidated report period.',
        operationId: 'reportConsolidatedChart',
        querystring: base,
        response: { 200: z.array(spendPoint) },
      },
    },
    async (request) => spendChart(app.longDb, currentUser(request), request.query),
  );

  app.get(
    '/reports/orders/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['reports'],
        summary: 'Purchase orders of ordered tenders with their line count and sum.',
        operationId: 'reportOrders',
        querystring: base,
        response: { 200: report(orderReportRow, z.object({ number_of_details: int, sum_of_details: dec })) },
      },
    },
    async (request) => ordersReport(app.longDb, currentUser(request), request.query),
  );

  app.get(
    '/reports/parts/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['reports'],
        summary: 'Offered and winning prices per tender line, with the winner reasons.',
        operationId: 'reportParts',
        querystring: partsQuery,
        response: { 200: report(partReportRow, z.object({ ordered_qty: dec, sum: dec })) },
      },
    },
    async (request) => partsReport(app.longDb, currentUser(request), request.query),
  );

  app.get(
    '/reports/suppliers/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['reports'],
        summary: 'Offers and wins of each supplier per tender.',
        operationId: 'reportSuppliers',
        querystring: suppliersQuery,
        response: {
          200: report(
            supplierReportRow,
            z.object({ number_of_proposals: int, number_of_details: int, sum_of_details: dec }),
          ),
        },
      },
    },
    async (request) => suppliersReport(app.longDb, currentUser(request), request.query),
  );

  app.get(
    '/reports/categories/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['reports'],
        summary: 'Active suppliers with the groups and categories they serve.',
        operationId: 'reportCategories',
        querystring: categoriesQuery,
        response: {
          200: z.union([
            z.object({
              results: z.array(categoryReportRow),
              pages: z.number().int(),
              count: z.number().int(),
              count_more: z.boolean().optional(),
            }),
            z.array(categoryReportRow),
          ]),
        },
      },
    },
    async (request) => categoriesReport(app.longDb, request.query),
  );

  app.get(
    '/reports/categories/tree/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['reports'],
        summary: 'Category tree of the chosen groups for the category report filter.',
        operationId: 'reportCategoryTree',
        querystring: z.object({ filter_group: names.optional() }),
        response: { 200: z.array(categoryTreeNode) },
      },
    },
    async (request) => categoryTree(app.longDb, request.query.filter_group ?? []),
  );
}
