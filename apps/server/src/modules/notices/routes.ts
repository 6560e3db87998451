// Maintenance notices: everyone reads the ones shown now (GET /maintenance_notices/current/, public, also before
// login); administrators list, schedule, change and remove them.
import { currentNoticeList, noContent, noticeItem, noticeWrite } from '@portal/shared';
import { ADMIN, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, listQuery, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

const tags = ['notices'];

export default async function noticeRoutes(app: ZApp) {
  app.get(
    '/maintenance_notices/current/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The maintenance notices shown now (from their show time until their window ends), for everyone.',
        operationId: 'currentMaintenanceNotices',
        response: { 200: currentNoticeList },
      },
    },
    () => svc.currentNotices(app.db),
  );
  app.get(
    '/maintenance_notices/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Every maintenance notice, latest window first.',
        operationId: 'listMaintenanceNotices',
        querystring: listQuery,
        response: { 200: paged(noticeItem) },
      },
    },
    (request) => svc.listNotices(app.db, request.query),
  );
  app.post(
    '/maintenance_notices/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Schedule a maintenance notice: its window, when it starts to show, and its text in et, ru, en.',
        operationId: 'createMaintenanceNotice',
        body: noticeWrite,
        response: { 201: noticeItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.createNotice(app.db, currentUser(request), request.body)),
  );
  app.put(
    '/maintenance_notices/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change a maintenance notice (the whole notice).',
        operationId: 'updateMaintenanceNotice',
        params: idParams,
        body: noticeWrite,
        response: { 200: noticeItem },
      },
    },
    (request) => svc.updateNotice(app.db, currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/maintenance_notices/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Remove a maintenance notice.',
        operationId: 'deleteMaintenanceNotice',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await svc.deleteNotice(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
