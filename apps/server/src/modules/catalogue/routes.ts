// Catalogue: producers (spec 3 §7). Everyone signed in reads and adds producers (suppliers add them inline from
// the offer form); Administrator and Contractor edit and delete.

import { producerCreate, producerItem, producerListQuery, producerPatch } from '@portal/shared';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { createProducer, getProducer, listProducers, updateProducer } from './producers.ts';

export default async function routes(app: ZApp) {
  const tags = ['catalogue'];

  app.get(
    '/producers/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'List producers (not deleted).',
        operationId: 'listProducers',
        querystring: producerListQuery,
        response: { 200: paged(producerItem) },
      },
    },
    (request) => listProducers(app.db, request.query),
  );
  app.get(
    '/producers/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Read one producer.',
        operationId: 'getProducer',
        params: idParams,
        response: { 200: producerItem },
      },
    },
    (request) => getProducer(app.db, request.params.id),
  );
  app.post(
    '/producers/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Add a producer.',
        operationId: 'createProducer',
        body: producerCreate,
        response: { 201: producerItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProducer(app.db, currentUser(request), request.body)),
  );
  app.patch(
    '/producers/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Edit or soft-delete a producer.',
        operationId: 'updateProducer',
        params: idParams,
        body: producerPatch,
        response: { 200: producerItem },
      },
    },
    (request) => updateProducer(app.db, request.params.id, request.body),
  );
}
