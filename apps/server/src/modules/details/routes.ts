// Tender line routes (spec 1-tenders §7): list, read and the buyer's line edits. Per-line offers, winners and
// supplier comments are the tenders module's (tenders/lineRoutes.ts), the retry of a line's business-system sync
// the integrations module's (integrations/businessCentralRoutes.ts).
import {
  DETAIL_STATUSES,
  detailLine,
  detailListLine,
  MAX_VIEW_OFFERS,
  preorderWrite,
  VIEW_LINE_LEFT_OUT,
  VIEW_PROPOSAL_LEFT_OUT,
} from '@portal/shared';
import { z } from 'zod';
import { ADMIN, ADMIN_CONTRACTOR, BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, idString, listQuery, paged } from '../../lib/list.ts';
import { getDetail, viewerOf } from '../tenders/index.ts';
import { createPreorder, deletePreorder, editPreorder, isPreorderEdit, prepareAgain } from './preorders.ts';
import { listDetails, patchDetail } from './service.ts';

const _SUPPLIER = ['SUPPLIER'] as const;

const statusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(DETAIL_STATUSES, 'invalid_choice')));

export const detailListQuery = listQuery.extend({
  status: statusList.optional(),
  warehouse: idString.optional(),
  tender: idString.optional(),
  mode: z.string().max(20).optional(),
  fields: z
    .enum(['view'], 'invalid_choice')
    .optional()
    .describe(
      `view: the tender view's shape of each line, sealed alike: without ${Object.keys(VIEW_LINE_LEFT_OUT).join(', ')}; each proposal without ${Object.keys(VIEW_PROPOSAL_LEFT_OUT).join(', ')}`,
    ),
  offers: z
    .string()
    .regex(/^\d{1,3}$/, 'invalid')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_VIEW_OFFERS, 'invalid')
    .optional()
    .describe(
      `With fields=view: at most this many offer lines per line (1–${MAX_VIEW_OFFERS}; its winners' first, then by price); proposals_count tells how many the line has. Without it every offer line.`,
    ),
});

const qtyInput = z
  .union([z.string().max(30, 'too_long'), z.number()])
  .nullable()
  .optional();
const detailPatch = z.object({
  status: z.enum(DETAIL_STATUSES, 'invalid_choice').optional(),
  tender: z.number().int().positive().max(2147483647, 'invalid_id').nullable().optional(),
  qty: qtyInput,
  replenishment_qty: qtyInput,
  proposals: z.array(z.unknown()).max(100).optional(),
  // pre-order form fields (spec 3 §7): a PATCH carrying any of part, warehouse, replacement_qty is a pre-order edit
  part: preorderWrite.shape.part,
  warehouse: preorderWrite.shape.warehouse,
  replacement_qty: qtyInput,
});

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
        response: { 200: z.object({ status: z.enum(DETAIL_STATUSES) }) },
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
        response: { 204: z.null() },
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
