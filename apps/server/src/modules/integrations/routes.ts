// Integrations: the manual Directo export and its status (spec 1 §7).
import { EXPORT_STATUSES } from '@portal/shared';
import { z } from 'zod';
import type { ZApp } from '../../app.ts';
import { BUYERS, currentUser } from '../../lib/auth.ts';
import { idString } from '../../lib/list.ts';
import { directoExportStatus, startDirectoExport } from './directo.ts';

export default async function routes(app: ZApp) {
  const tags = ['integrations'];

  app.post(
    '/directo_export_manual/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        querystring: z.object({ tender_id: idString }),
        response: { 200: z.object({ module_export_log_id: z.number() }) },
      },
    },
    (request) => startDirectoExport(app.db, currentUser(request), request.query.tender_id),
  );

  app.get(
    '/directo_export_status/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        querystring: z.object({ module_export_log_id: idString }),
        response: { 200: z.object({ status: z.enum(EXPORT_STATUSES), message: z.string().nullable() }) },
      },
    },
    (request) => directoExportStatus(app.db, currentUser(request), request.query.module_export_log_id),
  );
}
