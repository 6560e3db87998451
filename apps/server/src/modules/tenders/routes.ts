// Tender routes (spec 1-tenders §7): list, read, create, edit and transitions, delete, reopen, supplier flags,
// comments and the supplier's offer. Thin: rules live in service.ts, sealed output in serialize.ts.
import {
  commentAnswer,
  commentChange,
  commentCreate,
  commentWrite,
  idAnswer,
  noContent,
  offerWrite,
  okAnswer,
  removeTenderBody,
  tenderListQuery,
  tenderLogAnswer,
  tenderLogBody,
  tenderReadQuery,
  tender as tenderSchema,
  tenderWrite,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN, BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { type Viewer, viewerOf } from './access.ts';
import { addTenderComment, changeComment, createComment } from './comments.ts';
import { createTender } from './form.ts';
import { listTenders, loadTender } from './list.ts';
import { addLog, cancelOffer, removeLog, submitOffer } from './offers.ts';
import { removeTender, reopenTender, updateTender } from './transitions.ts';

const SUPPLIER = ['SUPPLIER'] as const;
const _dbId = z.number().int().positive().max(2147483647, 'invalid_id');

const tenderOut = tenderSchema;

export default async function routes(app: ZApp) {
  app.get(
    '/tenders/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'List tenders with filters, search and ordering',
        tags: ['tenders'],
        querystring: tenderListQuery,
        response: { 200: paged(tenderOut) },
      },
    },
    async (request) => listTenders(app.db, await viewerOf(app.db, currentUser(request)), request.query),
  );

  app.get(
    '/tenders/:id/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'Read a tender with its counts and abilities',
        tags: ['tenders'],
        params: idParams,
        querystring: tenderReadQuery,
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const viewer = await viewerOf(app.db, user);
      const t = await loadTender(app.db, viewer, request.params.id, {
        exportData: request.query.export_data,
      });
      if (!t) throw notFound();
      return t;
    },
  );

  app.post(
    '/tenders/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'Create a tender (draft or started) with its lines',
        tags: ['tenders'],
        body: tenderWrite,
        response: { 201: idAnswer },
      },
    },
    async (request, reply) => {
      const id = await createTender(app.db, currentUser(request), request.body);
      return reply.code(201).send({ id });
    },
  );

  const reload = async (request: FastifyRequest, id: number, viewer?: Viewer) => {
    const user = currentUser(request);
    const t = await loadTender(app.db, viewer ?? (await viewerOf(app.db, user)), id);
    if (!t) throw notFound();
    return t;
  };

  app.patch(
    '/tenders/:id/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'Edit a tender or change its state (start, choose, confirm, cancel)',
        tags: ['tenders'],
        params: idParams,
        body: tenderWrite,
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      await updateTender(app.db, currentUser(request), request.params.id, request.body);
      return reload(request, request.params.id);
    },
  );

  app.post(
    '/remove_tender/',
    {
      config: { access: BUYERS },
      schema: {
        summary: 'Delete an empty draft tender',
        tags: ['tenders'],
        body: removeTenderBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeTender(app.db, currentUser(request), request.body.tender_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/tenders/:id/reopen/',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Reopen a finished or decided tender for choosing again (administrator)',
        tags: ['tenders'],
        params: idParams,
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      await reopenTender(app.db, currentUser(request), request.params.id);
      return reload(request, request.params.id);
    },
  );

  // The flag routes accept a bare text body too: their own JSON parser falls back to the raw text.
  await app.register(async (flags) => {
    flags.removeContentTypeParser(['application/json', 'text/plain']);
    flags.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => {
        const text = String(body).trim();
        if (!text) return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(null, text);
        }
      },
    );
    const typed = flags.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
    typed.patch(
      '/tenders/:id/add_log/',
      {
        config: { access: SUPPLIER },
        schema: {
          summary: "Set the company's WATCHED or AGREED flag on a tender",
          tags: ['tenders'],
          params: idParams,
          body: tenderLogBody,
          response: { 200: tenderLogAnswer },
        },
      },
      async (request) => {
        const viewer = await viewerOf(app.db, currentUser(request));
        const created = await addLog(app.db, viewer, request.params.id, request.body);
        return { created: created.toISOString(), action: request.body };
      },
    );
    typed.patch(
      '/tenders/:id/remove_log/',
      {
        config: { access: SUPPLIER },
        schema: {
          summary: "Clear the company's WATCHED or AGREED flag on a tender",
          tags: ['tenders'],
          params: idParams,
          body: tenderLogBody,
          response: { 200: okAnswer },
        },
      },
      async (request) => {
        const viewer = await viewerOf(app.db, currentUser(request));
        await removeLog(app.db, viewer, request.params.id, request.body);
        return { ok: true as const };
      },
    );
  });

  app.patch(
    '/tenders/:id/add_comment/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Set or replace the company's comment on a tender",
        tags: ['tenders'],
        params: idParams,
        body: commentWrite,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      return { id: await addTenderComment(app.db, viewer, request.params.id, request.body.comment) };
    },
  );

  app.post(
    '/tenders/:id/offer/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Replace the company's whole offer on a tender",
        tags: ['tenders'],
        params: idParams,
        body: offerWrite,
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      // The company's draft (what it has now sent) is deleted in the offer's transaction.
      const answer = await submitOffer(app.db, viewer, request.params.id, request.body);
      return answer ?? reload(request, request.params.id, viewer);
    },
  );

  app.delete(
    '/tenders/:id/offer/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Withdraw the company's offer on a tender",
        tags: ['tenders'],
        params: idParams,
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      await cancelOffer(app.db, viewer, request.params.id);
      return reload(request, request.params.id, viewer);
    },
  );

  // ---------- comments ----------
  app.post(
    '/comments/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'Add a comment to a tender or line',
        tags: ['tenders'],
        body: commentCreate,
        response: { 201: commentAnswer },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      return reply.code(201).send(await createComment(app.db, viewer, request.body));
    },
  );
  app.patch(
    '/comments/:id/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'Change a comment',
        tags: ['tenders'],
        params: idParams,
        body: commentChange,
        response: { 200: commentAnswer, 204: noContent },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      const out = await changeComment(app.db, viewer, request.params.id, request.body.content);
      return out ? out : reply.code(204).send(null);
    },
  );
  app.delete(
    '/comments/:id/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: 'Delete a comment',
        tags: ['tenders'],
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      await changeComment(app.db, viewer, request.params.id, null);
      return reply.code(204).send(null);
    },
  );
}
