// Tender line routes (spec 1-tenders §7): list and read, buyer edits, per-line offers, winners, supplier comments.
import { commentWrite, DETAIL_STATUSES, detailLine, proposalWrite, winnersWrite } from '@portal/shared';
import { z } from 'zod';
import type { ZApp } from '../../app.ts';
import { ADMIN_CONTRACTOR, BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import { idParams, idString, listQuery, paged } from '../../lib/list.ts';
import { viewerOf } from '../tenders/access.ts';
import {
  addProposal,
  addWinners,
  changeProposal,
  deleteProposal,
  deleteWinners,
  getDetail,
  listDetails,
  patchDetail,
  setSupplierComment,
} from './service.ts';

const SUPPLIER = ['SUPPLIER'] as const;

const statusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(DETAIL_STATUSES, 'invalid_choice')));

export const detailListQuery = listQuery.extend({
  status: statusList.optional(),
  warehouse: idString.optional(),
  tender: idString.optional(),
  mode: z.string().max(20).optional(),
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
});

export default async function routes(app: ZApp) {
  app.get(
    '/details/',
    {
      config: { access: EVERYONE },
      schema: { tags: ['details'], querystring: detailListQuery, response: { 200: paged(detailLine) } },
    },
    async (request) => listDetails(app.db, await viewerOf(app.db, currentUser(request)), request.query),
  );

  app.get(
    '/details/:id/',
    {
      config: { access: EVERYONE },
      schema: { tags: ['details'], params: idParams, response: { 200: detailLine } },
    },
    async (request) => getDetail(app.db, await viewerOf(app.db, currentUser(request)), request.params.id),
  );

  app.patch(
    '/details/:id/',
    {
      config: { access: BUYERS },
      schema: {
        tags: ['details'],
        params: idParams,
        body: detailPatch,
        response: { 200: z.object({ status: z.enum(DETAIL_STATUSES) }) },
      },
    },
    async (request) => ({
      status: await patchDetail(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/details/:id/add_proposal/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags: ['details'],
        params: idParams,
        body: proposalWrite,
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => ({
      id: await addProposal(
        app.db,
        await viewerOf(app.db, currentUser(request)),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.patch(
    '/proposals/:id/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags: ['details'],
        params: idParams,
        body: proposalWrite,
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => ({
      id: await changeProposal(
        app.db,
        await viewerOf(app.db, currentUser(request)),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/proposals/:id/',
    {
      config: { access: SUPPLIER },
      schema: { tags: ['details'], params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteProposal(app.db, await viewerOf(app.db, currentUser(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/details/:id/add_winners/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: { tags: ['details'], params: idParams, body: winnersWrite, response: { 200: detailLine } },
    },
    async (request) => {
      const user = currentUser(request);
      await addWinners(app.db, user, request.params.id, request.body);
      return getDetail(app.db, await viewerOf(app.db, user), request.params.id);
    },
  );

  app.patch(
    '/details/:id/delete_winners/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['details'],
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 200: detailLine },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await deleteWinners(app.db, user, request.params.id);
      return getDetail(app.db, await viewerOf(app.db, user), request.params.id);
    },
  );

  app.patch(
    '/details/:id/add_supplier_comment/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags: ['details'],
        params: idParams,
        body: commentWrite,
        response: { 200: z.object({ id: z.number().nullable() }) },
      },
    },
    async (request) => ({
      id: await setSupplierComment(
        app.db,
        await viewerOf(app.db, currentUser(request)),
        request.params.id,
        request.body.comment,
      ),
    }),
  );

  app.patch(
    '/details/:id/delete_supplier_comment/',
    {
      config: { access: SUPPLIER },
      schema: {
        tags: ['details'],
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 200: z.object({ id: z.null() }) },
      },
    },
    async (request) => {
      await setSupplierComment(app.db, await viewerOf(app.db, currentUser(request)), request.params.id, null);
      return { id: null };
    },
  );
}
