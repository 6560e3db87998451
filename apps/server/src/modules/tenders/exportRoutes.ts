// Tender exports: the orders spreadsheet and PDF, the export page data, and the tender history route.
import { exportData as exportDataSchema } from '@portal/shared';
import { z } from 'zod';
import type { ZApp } from '../../app.ts';
import { BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { idParams, paged } from '../../lib/list.ts';
import { exportAccess, exportData, exportDataOrNull, loadOrders } from './exportData.ts';
import { buildPdf, buildXlsx, ymdOf } from './exportFiles.ts';
import { historyEntry, historyQuery, tenderHistory } from './history.ts';
import { registerExportDataProvider } from './serialize.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = z.any().describe('file download');

export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  // GET /tenders/{id}/?export_data=true (tender routes) asks this module for export_data.
  registerExportDataProvider((db, tenderId, viewer) => exportDataOrNull(db, tenderId, viewer.user));

  app.get(
    '/tenders/:id/export_excel/',
    { config: { access: EVERYONE }, schema: { tags, params: idParams, response: { 200: file } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { tender, supplierId } = await exportAccess(app.db, request.params.id, user);
      const body = await buildXlsx(await loadOrders(app.db, tender, supplierId), user.language);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="tender_${tender.id}_${ymdOf(now())}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/tenders/:id/export_pdf/',
    { config: { access: EVERYONE }, schema: { tags, params: idParams, response: { 200: file } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { tender, supplierId } = await exportAccess(app.db, request.params.id, user);
      const body = await buildPdf(await loadOrders(app.db, tender, supplierId), user.language);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="tender_${tender.id}_${ymdOf(now())}.pdf"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/tenders/:id/export_data/',
    { config: { access: BUYERS }, schema: { tags, params: idParams, response: { 200: exportDataSchema } } },
    (request) => exportData(app.db, request.params.id, currentUser(request)),
  );

  app.get(
    '/tenders/:id/history/',
    {
      config: { access: BUYERS },
      schema: { tags, params: idParams, querystring: historyQuery, response: { 200: paged(historyEntry) } },
    },
    (request) => tenderHistory(app.db, request.params.id, currentUser(request), request.query),
  );
}
