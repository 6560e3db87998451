// Tender line routes (spec 1-tenders §7): list, read and the buyer's line edits. Per-line offers, winners and
// supplier comments are the tenders module's (tenders/lineRoutes.ts), the retry of a line's business-system sync
// the integrations module's (integrations/businessCentralRoutes.ts).
import {
  detailLine,
  detailListLine,
  detailListQuery,
  detailPatch,
  detailStatusAnswer,
  noContent,
  preorderWrite,
} from '@portal/shared';
import { ADMIN, ADMIN_CONTRACTOR, BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { getDetail, viewerOf } from '../tenders/index.ts';
import { createPreorder, deletePreorder, editPreorder, isPreorderEdit, prepareAgain } from './preorders.ts';
import { listDetails, patchDetail } from './service.ts';

const _SUPPLIER = ['SUPPLIER'] as const;

export default async function routes(app: ZApp) {
  app.get(
    '/details/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'List tender lines and pre-order lines the user may see',
        tags: ['details'],
        querystring: detailListQuery,
        response: { 200: paged(detailListLine) },
      },
    },
    async (request) => listDetails(app.db, await viewerOf(app.db, currentUser(request)), request.query),
  );

  app.get(
    '/details/:id/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'Read one tender line as the user may see it (sealed offers)',
        tags: ['details'],
        params: idParams,
        response: { 200: detailLine },
      },
    },
    async (request) => getDetail(app.db, await viewerOf(app.db, currentUser(request)), request.params.id),
  );

  app.patch(
    '/details/:id/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'Edit a line in the tender form (status, tender, quantities)',
        tags: ['details'],
        params: idParams,
        body: detailPatch,
        response: { 200: detailStatusAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      const preorder = await isPreorderEdit(app.db, request.params.id, body);
      const status = preorder
        ? await editPreorder(app.db, currentUser(request), request.params.id, {
            ...body,
            status: undefined,
          })
        : await patchDetail(app.db, currentUser(request), request.params.id, body);
      return { status };
    },
  );

  // ---- pre-orders (spec 3 "Pre-order add/edit"): add, delete, prepare a failed line again, business-system sync
  app.post(
    '/details/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['details'],
        summary: 'Adds a PREPARED pre-order (part, quantities, warehouse).',
        operationId: 'createPreorder',
        body: preorderWrite,
        response: { 201: detailLine },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createPreorder(app.db, user, request.body);
      return reply.code(201).send(await getDetail(app.db, await viewerOf(app.db, user), id));
    },
  );

  app.delete(
    '/details/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['details'],
        summary: 'Deletes a PREPARED pre-order (administrators; soft delete).',
        operationId: 'deletePreorder',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deletePreorder(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/details/:id/prepare_again/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['details'],
        summary:
          'Makes a new PREPARED pre-order from a FAILED line (same part, quantities, warehouse), once.',
        operationId: 'preparePreorderAgain',
        params: idParams,
        response: { 200: detailLine, 201: detailLine },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // 201 with the new line; 200 with the copy made before (the line is prepared again once).
      const { id, created } = await prepareAgain(app.db, user, request.params.id);
      return reply.code(created ? 201 : 200).send(await getDetail(app.db, await viewerOf(app.db, user), id));
    },
  );
}
