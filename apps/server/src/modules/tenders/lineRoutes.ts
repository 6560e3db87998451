// Per-line calls of a tender (spec 1-tenders §7): a supplier's offer lines and line comment, the buyers' winners.
import {
  commentWrite,
  detailLine,
  idAnswer,
  noContent,
  proposalWrite,
  supplierCommentAnswer,
  supplierCommentDeleteBody,
  supplierCommentDeleted,
  winnersDeleteBody,
  winnersWrite,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { viewerOf } from './access.ts';
import { setSupplierComment } from './comments.ts';
import { getDetail } from './lines.ts';
import { addProposal, changeProposal, deleteProposal } from './offers.ts';
import { addWinners, deleteWinners } from './winners.ts';

const SUPPLIER = ['SUPPLIER'] as const;

export default async function routes(app: ZApp) {
  app.patch(
    '/details/:id/add_proposal/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: 'Add an offer line to a tender line',
        tags: ['details'],
        params: idParams,
        body: proposalWrite,
        response: { 200: idAnswer },
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
        summary: 'Change an offer line',
        tags: ['details'],
        params: idParams,
        body: proposalWrite,
        response: { 200: idAnswer },
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
      schema: {
        summary: 'Delete an offer line',
        tags: ['details'],
        params: idParams,
        response: { 204: noContent },
      },
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
      schema: {
        summary: "Choose a line's winners",
        tags: ['details'],
        params: idParams,
        body: winnersWrite,
        response: { 200: detailLine },
      },
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
        summary: "Clear a line's winners",
        tags: ['details'],
        params: idParams,
        body: winnersDeleteBody,
        response: { 200: detailLine },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await deleteWinners(app.db, user, request.params.id, request.body?.version);
      return getDetail(app.db, await viewerOf(app.db, user), request.params.id);
    },
  );

  app.patch(
    '/details/:id/add_supplier_comment/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Set the company's comment on a line",
        tags: ['details'],
        params: idParams,
        body: commentWrite,
        response: { 200: supplierCommentAnswer },
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
        summary: "Delete the company's comment on a line",
        tags: ['details'],
        params: idParams,
        body: supplierCommentDeleteBody,
        response: { 200: supplierCommentDeleted },
      },
    },
    async (request) => {
      await setSupplierComment(app.db, await viewerOf(app.db, currentUser(request)), request.params.id, null);
      return { id: null };
    },
  );
}
