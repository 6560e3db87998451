// Tender routes (spec 1-tenders §7): list, read, create, edit and transitions, delete, reopen, supplier flags,
// comments and the supplier's offer. Thin: rules live in service.ts, sealed output in serialize.ts.
import {
  commentWrite,
  logWrite,
  offerWrite,
  TENDER_LOG_ACTIONS,
  TENDER_STATUSES,
  tender as tenderSchema,
  tenderWrite,
} from '@portal/shared';
import { gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZApp } from '../../app.ts';
import { groups, tenders, warehouses } from '../../db/schema/index.ts';
import { ADMIN, BUYERS, currentUser, EVERYONE, isSupplier } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { boolQuery, idParams, type ListSpec, listQuery, paged, paginate } from '../../lib/list.ts';
import { tenderVisibleWhere, viewerOf } from './access.ts';
import { creator, loadTender, serializeTenders, tenderSelect } from './serialize.ts';
import {
  addLog,
  addTenderComment,
  cancelOffer,
  changeComment,
  createComment,
  createTender,
  removeLog,
  removeTender,
  reopenTender,
  submitOffer,
  updateTender,
} from './service.ts';

const SUPPLIER = ['SUPPLIER'] as const;
const dbId = z.number().int().positive().max(2147483647, 'invalid_id');

const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'invalid_ids')
  .transform((s) => s.split(',').map(Number));
const dateQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'invalid_date')
  .refine((s) => !Number.isNaN(new Date(s.length === 10 ? `${s}T00:00:00Z` : s).getTime()), 'invalid_date');
const statusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(TENDER_STATUSES, 'invalid_choice')));

export const tenderListQuery = listQuery.extend({
  filter_groups: idList.optional(),
  filter_start: dateQuery.optional(),
  filter_finish: dateQuery.optional(),
  filter_status: statusList.optional(),
  failed_bc_details: boolQuery.optional(),
});

const asDate = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
const count = (expr: SQL) => sql`(${expr})`;

/** The list's ordering and search; a supplier's counts are its own company's (never others'). */
const listSpecFor = (supplierId: number | null): ListSpec => ({
  ordering: {
    code: tenders.tenderCode,
    tender_code: tenders.tenderCode,
    start: tenders.start,
    finish: tenders.finish,
    status: tenders.status,
    details_count: count(sql`select count(*) from details d where d.tender_id = tenders.id`),
    proposals_count: count(
      sql`select count(*) from proposals p where p.tender_id = tenders.id ${supplierId == null ? sql`` : sql`and p.supplier_id = ${supplierId}`}`,
    ),
    winners_count: count(
      sql`select count(*) from winners w join proposals p on p.id = w.proposal_id where p.tender_id = tenders.id ${supplierId == null ? sql`` : sql`and p.supplier_id = ${supplierId}`}`,
    ),
    group: groups.name,
    warehouse: warehouses.name,
    created: tenders.created,
    updated: tenders.updated,
    creator: creator.lastName,
    id: tenders.id,
  },
  defaultOrdering: '-start',
  // The code through its trigram index; group, warehouse and creator names as id lists on the tender itself, so
  // the planner ORs index scans instead of filtering the whole join (BENCHMARKS.md, tender list).
  search: [
    tenders.tenderCode,
    (p: string) => sql`${tenders.groupId} in (select g.id from groups g where g.name ilike ${p})`,
    (p: string) => sql`${tenders.warehouseId} in (select w.id from warehouses w where w.name ilike ${p})`,
    (p: string) =>
      sql`${tenders.creatorId} in (select u.id from users u where (u.first_name || ' ' || u.last_name) ilike ${p})`,
  ],
  id: tenders.id,
});

const tenderOut = tenderSchema;
const okOut = z.object({ ok: z.literal(true) });
const commentOut = z.object({
  id: z.number(),
  creator: z.string().nullable(),
  created: z.string(),
  content: z.string(),
});
/** The list page may send the bare text WATCHED (or the JSON string "WATCHED") instead of {action}. */
const logBody = z
  .union([logWrite, z.enum(TENDER_LOG_ACTIONS, 'invalid_choice')])
  .transform((b) => (typeof b === 'string' ? b : b.action));

export default async function routes(app: ZApp) {
  app.get(
    '/tenders/',
    {
      config: { access: EVERYONE },
      schema: { tags: ['tenders'], querystring: tenderListQuery, response: { 200: paged(tenderOut) } },
    },
    async (request) => {
      const user = currentUser(request);
      const viewer = await viewerOf(app.db, user);
      const q = request.query;
      const where: (SQL | undefined)[] = [tenderVisibleWhere(user)];
      if (q.filter_groups?.length) where.push(inArray(tenders.groupId, q.filter_groups));
      if (q.filter_start) where.push(gte(tenders.start, asDate(q.filter_start)));
      if (q.filter_finish) {
        const f = asDate(q.filter_finish);
        where.push(
          lt(tenders.finish, q.filter_finish.length === 10 ? new Date(f.getTime() + 86_400_000) : f),
        );
      }
      if (q.filter_status?.length) where.push(inArray(tenders.status, q.filter_status));
      // The business-system filter is not for suppliers: ignored for them.
      if (q.failed_bc_details && !isSupplier(user))
        where.push(
          sql`exists (select 1 from details d where d.tender_id = tenders.id and d.bc_status = 'error')`,
        );
      return paginate({
        db: app.db,
        query: q,
        spec: listSpecFor(viewer.supplierId),
        select: () => tenderSelect(app.db, viewer),
        where,
        map: (rows) => serializeTenders(app.db, viewer, rows),
      });
    },
  );

  app.get(
    '/tenders/:id/',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['tenders'],
        params: idParams,
        querystring: z.object({ export_data: boolQuery.optional() }),
        response: { 200: tenderOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const viewer = await viewerOf(app.db, user);
      const t = await loadTender(app.db, viewer, request.params.id, tenderVisibleWhere(user), {
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
      schema: { tags: ['tenders'], body: tenderWrite, response: { 201: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const id = await createTender(app.db, currentUser(request), request.body);
      return reply.code(201).send({ id });
    },
  );

  const reload = async (request: FastifyRequest, id: number) => {
    const user = currentUser(request);
    const t = await loadTender(app.db, await viewerOf(app.db, user), id, tenderVisibleWhere(user));
    if (!t) throw notFound();
    return t;
  };

  app.patch(
    '/tenders/:id/',
    {
      config: { access: BUYERS },
      schema: { tags: ['tenders'], params: idParams, body: tenderWrite, response: { 200: tenderOut } },
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
        tags: ['tenders'],
        body: z.object({ tender_id: z.number().int().positive().max(2147483647, 'invalid_id') }),
        response: { 204: z.null() },
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
      schema: { tags: ['tenders'], params: idParams, response: { 200: tenderOut } },
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
          tags: ['tenders'],
          params: idParams,
          body: logBody,
          response: { 200: z.object({ created: z.string(), action: z.enum(TENDER_LOG_ACTIONS) }) },
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
        schema: { tags: ['tenders'], params: idParams, body: logBody, response: { 200: okOut } },
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
        tags: ['tenders'],
        params: idParams,
        body: commentWrite,
        response: { 200: z.object({ id: z.number() }) },
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
      schema: { tags: ['tenders'], params: idParams, body: offerWrite, response: { 200: tenderOut } },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      await submitOffer(app.db, viewer, request.params.id, request.body);
      return reload(request, request.params.id);
    },
  );

  app.delete(
    '/tenders/:id/offer/',
    {
      config: { access: SUPPLIER },
      schema: { tags: ['tenders'], params: idParams, response: { 200: tenderOut } },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      await cancelOffer(app.db, viewer, request.params.id);
      return reload(request, request.params.id);
    },
  );

  // ---------- comments ----------
  const content = z.string().max(1000, 'comment_too_long');
  app.post(
    '/comments/',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['tenders'],
        body: z.object({ content, tender: dbId.optional(), detail: dbId.optional() }),
        response: { 201: commentOut },
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
        tags: ['tenders'],
        params: idParams,
        body: z.object({ content }),
        response: { 200: commentOut, 204: z.null() },
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
      schema: { tags: ['tenders'], params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      await changeComment(app.db, viewer, request.params.id, null);
      return reply.code(204).send(null);
    },
  );
}
