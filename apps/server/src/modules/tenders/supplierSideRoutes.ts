// The supplier's side after the offer (issue 34, points 4–6): offer receipts (list, PDF, verify), lines declined
// with a reason (set, undo, the tender's declines as the caller may see them) and the feedback after the award.
// Rules in receipts.ts, declines.ts and feedback.ts; who may do what is the shared table's.
import {
  declineWrite,
  lineDecline,
  noContent,
  offerReceipts,
  receiptQuery,
  receiptVerdict,
  receiptVerify,
  tenderDeclines as tenderDeclinesSchema,
  tenderFeedback as tenderFeedbackSchema,
} from '@portal/shared';
import { currentUser, EVERYONE } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { fileAnswer, PDF_TYPE } from '../../lib/openapi.ts';
import { viewerOf } from './access.ts';
import { removeDecline, setDecline, tenderDeclines } from './declines.ts';
import { ymdOf } from './exportFiles.ts';
import { tenderFeedback } from './feedback.ts';
import { companyReceipt, companyReceipts, receiptPdf, verifyReceipt } from './receipts.ts';

const SUPPLIER = ['SUPPLIER'] as const;
export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(app.db, currentUser(request));

  app.get(
    '/tenders/:id/receipts/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags,
        summary:
          "The company's offer receipts on the tender: the current one and every earlier one, newest first",
        operationId: 'offerReceipts',
        params: idParams,
        response: { 200: offerReceipts },
      },
    },
    async (request) => companyReceipts(app.db, await viewer(request), request.params.id),
  );

  app.get(
    '/tenders/:id/receipt_pdf/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags,
        summary: "Download one of the company's offer receipts (the current one by default) as PDF",
        operationId: 'offerReceiptPdf',
        params: idParams,
        querystring: receiptQuery,
        response: { 200: fileAnswer('the offer receipt as a PDF', PDF_TYPE) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const r = await companyReceipt(
        app.db,
        await viewerOf(app.db, user),
        request.params.id,
        request.query.receipt,
      );
      const body = await receiptPdf(r, user.language);
      return reply
        .header('content-type', PDF_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="receipt_${r.tender}_${ymdOf(new Date(r.time))}_${r.id}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/receipts/verify/',
    {
      config: { access: EVERYONE },
      schema: {
        tags,
        summary:
          'Whether an offer receipt (tender, company, time, digest) matches what the portal holds: valid, replaced at, withdrawn or no match',
        operationId: 'verifyReceipt',
        body: receiptVerify,
        response: { 200: receiptVerdict },
      },
    },
    async (request) => verifyReceipt(app.db, await viewer(request), request.body),
  );

  app.put(
    '/details/:id/decline/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags,
        summary: 'Mark a line of an ACTIVE tender "no offer" with a reason (or change the reason)',
        operationId: 'declineLine',
        params: idParams,
        body: declineWrite,
        response: { 200: lineDecline },
      },
    },
    async (request) => setDecline(app.db, await viewer(request), request.params.id, request.body),
  );

  app.delete(
    '/details/:id/decline/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags,
        summary: 'Undo the company\'s "no offer" on a line of an ACTIVE tender',
        operationId: 'undeclineLine',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeDecline(app.db, await viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tenders/:id/declines/',
    {
      config: { access: EVERYONE },
      schema: {
        tags,
        summary:
          "Declined lines: a supplier its company's own; a buyer, once the tender is opened, per line how many companies declined and why",
        operationId: 'tenderDeclines',
        params: idParams,
        response: { 200: tenderDeclinesSchema },
      },
    },
    async (request) => tenderDeclines(app.db, await viewer(request), request.params.id),
  );

  app.get(
    '/tenders/:id/feedback/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags,
        summary:
          "After the award: per line the company offered on, its rank and its price's gap to the winning price",
        operationId: 'tenderFeedback',
        params: idParams,
        response: { 200: tenderFeedbackSchema },
      },
    },
    async (request) => tenderFeedback(app.db, await viewer(request), request.params.id),
  );
}
