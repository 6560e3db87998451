// Integrations: the manual Directo export and its status (spec 1 §7).
import {
  directoExportQuery,
  directoExportStarted,
  directoExportState,
  directoExportStatusQuery,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { registerBusinessCentral } from './businessCentral.ts';
import { catalogueSyncFinished } from './businessCentralCatalogue.ts';
import { directoExportStatus, startDirectoExport } from './directo.ts';

export default async function routes(app: ZApp) {
  const tags = ['integrations'];
  // Business Central: purchase orders go out when a tender becomes ORDERED; a parts sync in progress is let
  // finish before the database closes.
  registerBusinessCentral(app);
  app.addHook('onClose', () => catalogueSyncFinished(app.db));

  app.post(
    '/directo_export_manual/',
    {
      // Masters read the export page but do not send orders to accounting (spec 1 §6).
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        summary: 'Send the purchase orders to Directo (through the outbox)',
        tags,
        querystring: directoExportQuery,
        response: { 200: directoExportStarted },
      },
    },
    (request) => startDirectoExport(app.db, currentUser(request), request.query.tender_id),
  );

  app.get(
    '/directo_export_status/',
    {
      // Like starting one: the state and its message (which can name the Directo address) are not a master's.
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        summary: 'The state of a Directo export',
        tags,
        querystring: directoExportStatusQuery,
        response: { 200: directoExportState },
      },
    },
    (request) => directoExportStatus(app.db, currentUser(request), request.query.module_export_log_id),
  );
}
