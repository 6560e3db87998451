// Integration modules (spec 3 "Modules"): Administrator manages them; buyers may read them (the export page checks
// whether the accounting module is active) but never see the key, which is Directo's access token.

import { moduleCreate, moduleItem, moduleListQuery, modulePatch } from '@portal/shared';
import { and, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modules } from '../../db/schema/index.ts';
import { ADMIN, BUYERS, currentUser, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged, paginate } from '../../lib/list.ts';

type Row = typeof modules.$inferSelect;
const serialize = (m: Row, user: SessionUser) => ({
  id: m.id,
  name: m.name,
  url: m.url,
  key: user.group === 'ADMINISTRATOR' ? m.key : null,
  is_active: m.isActive,
});

async function nameTaken(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: modules.id })
    .from(modules)
    .where(
      and(sql`lower(${modules.name}) = lower(${name})`, exceptId ? ne(modules.id, exceptId) : undefined),
    );
  return !!row;
}

export default async function moduleRoutes(app: ZApp) {
  const tags = ['setup'];
  app.get(
    '/modules/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'List integration modules.',
        operationId: 'listModules',
        querystring: moduleListQuery,
        response: { 200: paged(moduleItem) },
      },
    },
    (request) => {
      const q = request.query;
      const user = currentUser(request);
      return paginate({
        db: app.db,
        query: q,
        spec: {
          ordering: { name: modules.name, is_active: modules.isActive, id: modules.id },
          defaultOrdering: 'name',
          search: [modules.name],
          id: modules.id,
        },
        select: () => app.db.select({ m: modules }).from(modules).$dynamic(),
        where: [
          q.name__exact
            ? ilike(
                modules.name,
                q.name__exact.replace(/[\\%_]/g, (c) => `\\${c}`),
              )
            : undefined,
          q.is_active === undefined ? undefined : eq(modules.isActive, q.is_active),
        ],
        map: (rows) => rows.map((r) => serialize(r.m, user)),
      });
    },
  );
  app.get(
    '/modules/:id/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'Read one integration module.',
        operationId: 'getModule',
        params: idParams,
        response: { 200: moduleItem },
      },
    },
    async (request) => {
      const [m] = await app.db.select().from(modules).where(eq(modules.id, request.params.id));
      if (!m) throw notFound();
      return serialize(m, currentUser(request));
    },
  );
  app.post(
    '/modules/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Add an integration module.',
        operationId: 'createModule',
        body: moduleCreate,
        response: { 201: moduleItem },
      },
    },
    async (request, reply) => {
      const b = request.body;
      if (await nameTaken(app.db, b.name)) throw invalid('name', 'name_exists');
      const [m] = await app.db
        .insert(modules)
        .values({
          name: b.name,
          url: b.url,
          key: b.key,
          isActive: b.is_active,
          created: now(),
          updated: now(),
        })
        .returning();
      return reply.code(201).send(serialize(m, currentUser(request)));
    },
  );
  app.patch(
    '/modules/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change an integration module.',
        operationId: 'updateModule',
        params: idParams,
        body: modulePatch,
        response: { 200: moduleItem },
      },
    },
    async (request) => {
      const b = request.body;
      const id = request.params.id;
      if (b.name && (await nameTaken(app.db, b.name, id))) throw invalid('name', 'name_exists');
      const [m] = await app.db
        .update(modules)
        .set({ name: b.name, url: b.url, key: b.key, isActive: b.is_active, updated: now() })
        .where(eq(modules.id, id))
        .returning();
      if (!m) throw notFound();
      return serialize(m, currentUser(request));
    },
  );
}
