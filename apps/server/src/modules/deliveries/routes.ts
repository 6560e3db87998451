// The administrators' deliveries screen (issue 31): outbox deliveries that are pending or failed, retry, discard.
import { deliveryItem, deliveryListQuery } from '@portal/shared';
import { ADMIN, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { discardDelivery, listDeliveries, retryDelivery } from './service.ts';

export default async function routes(app: ZApp) {
  const tags = ['deliveries'];
  const access = ADMIN;

  app.get(
    '/deliveries/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'List deliveries of the outbox (e-mails, Directo exports, Business Central calls); without a status filter the pending and failed ones.',
        operationId: 'listDeliveries',
        querystring: deliveryListQuery,
        response: { 200: paged(deliveryItem) },
      },
    },
    (request) => listDeliveries(app.db, request.query),
  );
  app.post(
    '/deliveries/:id/retry/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Try a pending or failed delivery again now, with a fresh attempts budget.',
        operationId: 'retryDelivery',
        params: idParams,
        response: { 200: deliveryItem },
      },
    },
    (request) => retryDelivery(app.db, currentUser(request), request.params.id),
  );
  app.post(
    '/deliveries/:id/discard/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Give up a pending or failed delivery (kept with the status discarded).',
        operationId: 'discardDelivery',
        params: idParams,
        response: { 200: deliveryItem },
      },
    },
    (request) => discardDelivery(app.db, currentUser(request), request.params.id),
  );
}
