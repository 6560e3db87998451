// A winner refuses (issue 32): the tender's refusals and the next best offers (buyers), and recording one
// (Administrator, Contractor; the tender table's 'refuse_award' on an ORDERED tender). Rules in refusals.ts.
import { idAnswer, refusalOverview, refusalWrite } from '@portal/shared';
import { ADMIN_CONTRACTOR, BUYERS, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { refusalOverview as overview, recordRefusal } from './refusals.ts';

export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  app.get(
    '/tenders/:id/refusals/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary:
          'Refusals of winners recorded on the tender and, while ORDERED, each won line with its next best offers.',
        operationId: 'tenderRefusals',
        params: idParams,
        response: { 200: refusalOverview },
      },
    },
    (request) => overview(app.db, currentUser(request), request.params.id),
  );
  app.post(
    '/tenders/:id/refusals/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary:
          'Record that a winner refused lines (or its whole order): replacements become winners, the claim is recorded.',
        operationId: 'recordRefusal',
        params: idParams,
        body: refusalWrite,
        response: { 201: idAnswer },
      },
    },
    async (request, reply) => {
      const id = await recordRefusal(app.db, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { id };
    },
  );
}
