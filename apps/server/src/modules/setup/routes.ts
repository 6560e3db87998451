// Groups (departments) and warehouses, spec 3 §7. Any signed-in user reads groups (tender and registration forms
// list them); buyers read warehouses; Administrator and Contractor write both.

import {
  groupCreate,
  groupItem,
  groupListQuery,
  groupPatch,
  warehouseCreate,
  warehouseItem,
  warehouseListQuery,
  warehousePatch,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, BUYERS } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

export default async function routes(app: ZApp) {
  const tags = ['setup'];

  app.get(
    '/groups/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'List groups (not deleted).',
        operationId: 'listGroups',
        querystring: groupListQuery,
        response: { 200: paged(groupItem) },
      },
    },
    (request) => svc.listGroups(app.db, request.query),
  );
  app.get(
    '/groups/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Read one group.',
        operationId: 'getGroup',
        params: idParams,
        response: { 200: groupItem },
      },
    },
    (request) => svc.getGroup(app.db, request.params.id),
  );
  app.post(
    '/groups/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Add a group.',
        operationId: 'createGroup',
        body: groupCreate,
        response: { 201: groupItem },
      },
    },
    async (request, reply) => reply.code(201).send(await svc.createGroup(app.db, request.body)),
  );
  app.patch(
    '/groups/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Edit or soft-delete a group.',
        operationId: 'updateGroup',
        params: idParams,
        body: groupPatch,
        response: { 200: groupItem },
      },
    },
    (request) => svc.updateGroup(app.db, request.params.id, request.body),
  );

  app.get(
    '/warehouses/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'List warehouses.',
        operationId: 'listWarehouses',
        querystring: warehouseListQuery,
        response: { 200: paged(warehouseItem) },
      },
    },
    (request) => svc.listWarehouses(app.db, request.query),
  );
  app.get(
    '/warehouses/:id/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'Read one warehouse.',
        operationId: 'getWarehouse',
        params: idParams,
        response: { 200: warehouseItem },
      },
    },
    (request) => svc.getWarehouse(app.db, request.params.id),
  );
  app.post(
    '/warehouses/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Add a warehouse.',
        operationId: 'createWarehouse',
        body: warehouseCreate,
        response: { 201: warehouseItem },
      },
    },
    async (request, reply) => reply.code(201).send(await svc.createWarehouse(app.db, request.body)),
  );
  app.patch(
    '/warehouses/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Edit a warehouse.',
        operationId: 'updateWarehouse',
        params: idParams,
        body: warehousePatch,
        response: { 200: warehouseItem },
      },
    },
    (request) => svc.updateWarehouse(app.db, request.params.id, request.body),
  );
}
