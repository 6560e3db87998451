// The Business Central routes the catalogue screen and the line view call: starting and polling the parts and
// pre-order sync (spec 3 §7 "Parts and part types") and retrying one line's purchase orders (spec 1-tenders §7).
// They live here, beside the sync they start, so that integrations depends on catalogue and details and never the
// other way round; their paths, tags and access are those of the screens that call them.
import { bcSyncAnswer, bcSyncStarted, bcSyncState } from '@portal/shared';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { retryLineSync } from './businessCentral.ts';
import { catalogueSyncState, startCatalogueSync } from './businessCentralCatalogue.ts';

export default async function routes(app: ZApp) {
  app.post(
    '/setup/bc-sync',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['catalogue'],
        summary:
          'Starts the parts and pre-order synchronisation with the business system (409 while none is configured).',
        operationId: 'startPartsSync',
        response: { 200: bcSyncStarted },
      },
    },
    (request) => startCatalogueSync(app, currentUser(request)),
  );
  app.get(
    '/setup/bc-sync',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['catalogue'],
        summary:
          'Whether a business system is configured, and the state and counts of the latest parts sync.',
        operationId: 'getPartsSync',
        response: { 200: bcSyncState },
      },
    },
    () => catalogueSyncState(app),
  );

  app.post(
    '/details/:id/bc-synchronize/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['details'],
        summary:
          'Sends a line’s purchase orders to the business system again (409 while none is configured).',
        operationId: 'syncPreorder',
        params: idParams,
        response: { 200: bcSyncAnswer },
      },
    },
    (request) => retryLineSync(app, currentUser(request), request.params.id),
  );
}
