// The breach register (issue 32). Reading: buyers (Administrator, Contractor) and the company's own users; writing:
// buyers; excluding a company: administrators. Finer rules (own company, the terms' limits) live in service.ts.
import {
  breachCreate,
  breachItem,
  breachListQuery,
  breachPatch,
  exclusionAnswer,
  exclusionWrite,
} from '@portal/shared';
import { ADMIN, ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

const tags = ['breaches'];
const READERS = ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'] as const;
export default async function routes(app: ZApp) {
  app.get(
    '/breaches/',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary:
          "Breaches of the terms: one supplier's (supplier=) or all; a supplier user gets its own only.",
        operationId: 'listBreaches',
        querystring: breachListQuery,
        response: { 200: paged(breachItem) },
      },
    },
    (request) => svc.listBreaches(app.db, currentUser(request), request.query),
  );
  app.post(
    '/breaches/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Record a breach of a supplier (late delivery, defective goods not replaced, other).',
        operationId: 'createBreach',
        body: breachCreate,
        response: { 201: breachItem },
      },
    },
    async (request, reply) => {
      const { supplier, ...rest } = request.body;
      reply.code(201);
      return svc.createBreach(app.db, currentUser(request), supplier, rest);
    },
  );
  app.patch(
    '/breaches/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Change a breach: its status (paid, waived), penalty, claim or note.',
        operationId: 'updateBreach',
        params: idParams,
        body: breachPatch,
        response: { 200: breachItem },
      },
    },
    (request) => svc.updateBreach(app.db, currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/suppliers/:id/exclude/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Exclude a supplier with two or more breaches: deactivated, its users mailed with the reason.',
        operationId: 'excludeSupplier',
        params: idParams,
        body: exclusionWrite,
        response: { 200: exclusionAnswer },
      },
    },
    async (request) => {
      await svc.excludeSupplier(app.db, currentUser(request), request.params.id, request.body.reason);
      return { status: 'excluded' as const };
    },
  );
}
