// Parts and part types (spec 3 §7 "Parts and part types"). Buyers read parts (the pre-order and tender forms
// search them); Administrator and Contractor change parts and part types and start the business-system sync.
// Suppliers see none of it (spec 3 §6). The business-system sync routes are integrations/businessCentralRoutes.ts.
import {
  categoryOptionList,
  partItem,
  partListQuery,
  partPatch,
  partTypeCreate,
  partTypeItem,
  partTypeListQuery,
  partTypePatch,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, BUYERS } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import {
  categoryOptions,
  createPartType,
  getPart,
  getPartType,
  listParts,
  listPartTypes,
  patchPart,
  updatePartType,
} from './parts.ts';

export default async function routes(app: ZApp) {
  const tags = ['catalogue'];

  app.get(
    '/parts/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'Lists live parts with their unit, code tags, part type and files.',
        operationId: 'listParts',
        querystring: partListQuery,
        response: { 200: paged(partItem) },
      },
    },
    (request) => listParts(app.db, request.query),
  );
  app.get(
    '/parts/:id/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'Reads one part with its category path, class and files.',
        operationId: 'getPart',
        params: idParams,
        response: { 200: partItem },
      },
    },
    (request) => getPart(app.db, request.params.id),
  );
  app.patch(
    '/parts/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Changes a part’s unit or files, or soft-deletes it.',
        operationId: 'patchPart',
        params: idParams,
        body: partPatch,
        response: { 200: partItem },
      },
    },
    (request) => patchPart(app.db, request.params.id, request.body),
  );
  app.get(
    '/part_types/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Lists part types with their category.',
        operationId: 'listPartTypes',
        querystring: partTypeListQuery,
        response: { 200: paged(partTypeItem) },
      },
    },
    (request) => listPartTypes(app.db, request.query),
  );
  app.get(
    '/part_types/category_options/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Lists the active categories a part type may belong to, with their paths.',
        operationId: 'listPartTypeCategoryOptions',
        response: { 200: categoryOptionList },
      },
    },
    () => categoryOptions(app.db),
  );
  app.get(
    '/part_types/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Reads one part type.',
        operationId: 'getPartType',
        params: idParams,
        response: { 200: partTypeItem },
      },
    },
    (request) => getPartType(app.db, request.params.id),
  );
  app.post(
    '/part_types/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Adds a part type.',
        operationId: 'createPartType',
        body: partTypeCreate,
        response: { 201: partTypeItem },
      },
    },
    async (request, reply) => reply.code(201).send(await createPartType(app.db, request.body)),
  );
  app.patch(
    '/part_types/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Changes a part type’s category or active flag (the name is read-only).',
        operationId: 'patchPartType',
        params: idParams,
        body: partTypePatch,
        response: { 200: partTypeItem },
      },
    },
    (request) => updatePartType(app.db, request.params.id, request.body),
  );
}
