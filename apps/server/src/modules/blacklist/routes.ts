// Blacklist (spec 3 §7): buyers read; Administrator and Contractor with the able-to-blacklist permission write.
import type { ZApp } from '../../app.ts';
import { BUYERS, currentUser } from '../../lib/auth.ts';
import { idParams, paged } from '../../lib/list.ts';
import {
  blacklistCreate,
  blacklistDetail,
  blacklistItem,
  blacklistListQuery,
  blacklistPatch,
} from './schema.ts';
import { createBlacklist, getBlacklist, listBlacklists, updateBlacklist } from './service.ts';

export default async function routes(app: ZApp) {
  const tags = ['blacklist'];

  app.get(
    '/black_lists/',
    {
      config: { access: BUYERS },
      schema: { tags, querystring: blacklistListQuery, response: { 200: paged(blacklistItem) } },
    },
    (request) => listBlacklists(app.db, request.query),
  );
  app.get(
    '/black_lists/:id/',
    { config: { access: BUYERS }, schema: { tags, params: idParams, response: { 200: blacklistDetail } } },
    (request) => getBlacklist(app.db, request.params.id),
  );
  app.post(
    '/black_lists/',
    {
      config: { access: BUYERS },
      schema: { tags, body: blacklistCreate, response: { 201: blacklistDetail } },
    },
    async (request, reply) =>
      reply.code(201).send(await createBlacklist(app.db, currentUser(request), request.body)),
  );
  app.patch(
    '/black_lists/:id/',
    {
      config: { access: BUYERS },
      schema: { tags, params: idParams, body: blacklistPatch, response: { 200: blacklistDetail } },
    },
    (request) => updateBlacklist(app.db, currentUser(request), request.params.id, request.body),
  );
}
