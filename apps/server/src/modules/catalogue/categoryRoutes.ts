// Categories (spec 3 §7 "Categories"): Administrator and Contractor manage the tree (the menu shows it to them only);
// the plain list is also read by the other buyer screens that pick a category.
import {
  categoryCreate,
  categoryItem,
  categoryListQuery,
  categoryPatch,
  categoryTree,
  divisionParams,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, BUYERS } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './categories.ts';

export default async function categoryRoutes(app: ZApp) {
  const tags = ['catalogue'];

  app.get(
    '/categories/',
    {
      config: { access: BUYERS },
      schema: {
        tags,
        summary: 'List categories (not deleted), paged or as a plain array with page_size 0.',
        operationId: 'listCategories',
        querystring: categoryListQuery,
        response: { 200: paged(categoryItem) },
      },
    },
    (request) => svc.listCategories(app.db, request.query),
  );
  app.get(
    '/categories/tree/:division/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'The category tree of one division with its new and inactive categories.',
        operationId: 'getCategoryTree',
        params: divisionParams,
        response: { 200: categoryTree },
      },
    },
    (request) => svc.categoryTree(app.db, request.params.division),
  );
  app.get(
    '/categories/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Read one category.',
        operationId: 'getCategory',
        params: idParams,
        response: { 200: categoryItem },
      },
    },
    (request) => svc.getCategory(app.db, request.params.id),
  );
  app.post(
    '/categories/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Add a category, new (unplaced) or placed under a parent.',
        operationId: 'createCategory',
        body: categoryCreate,
        response: { 201: categoryItem },
      },
    },
    async (request, reply) => reply.code(201).send(await svc.createCategory(app.db, request.body)),
  );
  app.patch(
    '/categories/:id/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Edit, move, revert, deactivate, activate or trash a category.',
        operationId: 'updateCategory',
        params: idParams,
        body: categoryPatch,
        response: { 200: categoryItem },
      },
    },
    (request) => svc.updateCategory(app.db, request.params.id, request.body),
  );
}
