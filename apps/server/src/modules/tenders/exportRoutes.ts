// Tender exports: the orders spreadsheet and PDF, the export page data, and the tender history route.
import { exportData as exportDataSchema, historyQuery } from '@portal/shared';
import { BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { fileAnswer, PDF_TYPE, XLSX_TYPE } from '../../lib/openapi.ts';
import { exportAccess, exportData, loadOrders } from './exportData.ts';
import { buildPdf, buildXlsx, ymdOf } from './exportFiles.ts';
import { historyEntry, tenderHistory } from './history.ts';

export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  app.get(
    '/tenders/:id/export_excel/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: "Download the tender's purchase orders as xlsx",
        tags,
        params: idParams,
        response: { 200: fileAnswer('the order as a spreadsheet', XLSX_TYPE) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { tender, supplierId } = await exportAccess(app.longDb, request.params.id, user);
      const body = await buildXlsx(await loadOrders(app.longDb, tender, supplierId), user.language);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="tender_${tender.id}_${ymdOf(now())}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/tenders/:id/export_pdf/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: "Download the tender's purchase orders as PDF",
        tags,
        params: idParams,
        response: { 200: fileAnswer('the order as a PDF', PDF_TYPE) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { tender, supplierId } = await exportAccess(app.longDb, request.params.id, user);
      const body = await buildPdf(await loadOrders(app.longDb, tender, supplierId), user.language);
      return reply
        .header('content-type', PDF_TYPE)
        .header('content-disposition', `attachment; filename="tender_${tender.id}_${ymdOf(now())}.pdf"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/tenders/:id/export_data/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'The export page: orders and the Directo export state',
        tags,
        params: idParams,
        response: { 200: exportDataSchema },
      },
    },
    (request) => exportData(app.longDb, request.params.id, currentUser(request)),
  );

  app.get(
    '/tenders/:id/history/',
    {
      config: { access: BUYERS },
      schema: {
        summary: "The tender's history as the user may see it",
        tags,
        params: idParams,
        querystring: historyQuery,
        response: { 200: paged(historyEntry) },
      },
    },
    (request) => tenderHistory(app.db, request.params.id, currentUser(request), request.query),
  );
}
