// The comparison matrix of an opened tender (buyers; FINISHED, CHOOSING, ORDERED): its columns and sums, its rows in
// windows, and the whole matrix as a spreadsheet (matrix.ts).
import { type MatrixSort, matrixQuery, matrixRowsOut, matrixSummaryOut } from '@portal/shared';
import { BUYERS, currentUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { fileAnswer, XLSX_TYPE } from '../../lib/openapi.ts';
import { ymdOf } from './exportFiles.ts';
import { matrixAll, matrixRows, matrixSummary } from './matrix.ts';
import { buildMatrixXlsx } from './matrixXlsx.ts';

export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  app.get(
    '/tenders/:id/matrix/',
    {
      config: { access: BUYERS },
      schema: {
        summary: "The comparison matrix's columns (companies with their totals) and its three sums",
        tags,
        params: idParams,
        response: { 200: matrixSummaryOut },
      },
    },
    (request) => matrixSummary(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/tenders/:id/matrix/rows/',
    {
      config: { access: BUYERS },
      schema: {
        summary:
          "A window of the comparison matrix's rows (one per line, a cell per company), sorted and filtered",
        tags,
        params: idParams,
        querystring: matrixQuery,
        response: { 200: matrixRowsOut },
      },
    },
    (request) => {
      const q = request.query;
      return matrixRows(app.db, currentUser(request), request.params.id, {
        offset: q.offset,
        limit: q.limit,
        sort: q.sort?.replace(/^-/, '') as MatrixSort | undefined,
        desc: q.sort?.startsWith('-'),
        filter: q.filter,
        supplier: q.supplier,
      });
    },
  );

  app.get(
    '/tenders/:id/matrix/xlsx/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'Download the comparison matrix as xlsx (numbers and dates as such)',
        tags,
        params: idParams,
        response: { 200: fileAnswer('the comparison matrix as a spreadsheet', XLSX_TYPE) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const m = await matrixAll(app.longDb, user, request.params.id);
      const body = await buildMatrixXlsx(m, user.language);
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="tender_${m.summary.tender.id}_matrix_${ymdOf(now())}.xlsx"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
