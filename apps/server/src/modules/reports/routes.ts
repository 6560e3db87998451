// Report routes (spec 2 §7): consolidated (Administrator), orders, parts, suppliers (Administrator, Contractor),
// categories (Administrator, Contractor); suppliers get none (§6). Lists follow lib/list.ts: page, page_size
// (0 = plain array for exports), ids, search, whitelisted ordering; filters are parsed here, bad ones answer 400.
import {
  categoriesReportQuery,
  categoryReportRow,
  categoryTreeQuery,
  categoryTreeReport,
  consolidatedReportAnswer,
  ordersReportAnswer,
  paged,
  partsReportAnswer,
  partsReportQuery,
  reportQuery,
  spendChartAnswer,
  suppliersReportAnswer,
  suppliersReportQuery,
} from '@portal/shared';
import { ADMIN, ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import {
  categoriesReport,
  categoryTree,
  consolidatedReport,
  ordersReport,
  partsReport,
  spendChart,
  suppliersReport,
} from './service.ts';

export default async function routes(app: ZApp) {
  app.get(
    '/reports/consolidated/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['reports'],
        summary: 'Orders per supplier over a period: lines, quantity, orders and sum.',
        operationId: 'reportConsolidated',
        querystring: reportQuery,
        response: { 200: consolidatedReportAnswer },
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
        querystring: reportQuery,
        response: { 200: spendChartAnswer },
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
        querystring: reportQuery,
        response: { 200: ordersReportAnswer },
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
        querystring: partsReportQuery,
        response: { 200: partsReportAnswer },
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
        querystring: suppliersReportQuery,
        response: { 200: suppliersReportAnswer },
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
        querystring: categoriesReportQuery,
        response: { 200: paged(categoryReportRow) },
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
        querystring: categoryTreeQuery,
        response: { 200: categoryTreeReport },
      },
    },
    async (request) => categoryTree(app.longDb, request.query.filter_group ?? []),
  );
}
