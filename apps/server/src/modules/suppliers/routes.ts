// Suppliers, their category links and the category tree of the supplier page (spec 2 §7). Thin: schema, access,
// call the service. Finer rules (own company, ADVANCED, which field) live in service.ts.
import {
  noContent,
  removeSupplierBody,
  supplierCategoryLink,
  supplierCategoryLinkCreate,
  supplierCategoryTreeAnswer,
  supplierCategoryTreeQuery,
  supplierCreate,
  supplierItem,
  supplierLinkListQuery,
  supplierListQuery,
  supplierPatch,
} from '@portal/shared';
import { ADMIN, ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

const tags = ['suppliers'];
const SUPPLIER_PAGE = ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'] as const;

export default async function routes(app: ZApp) {
  app.get(
    '/suppliers/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'List suppliers with their groups, user counts and last offer.',
        operationId: 'listSuppliers',
        querystring: supplierListQuery,
        response: { 200: paged(supplierItem) },
      },
    },
    (request) => svc.listSuppliers(app.db, currentUser(request), request.query),
  );

  app.get(
    '/suppliers/:id/',
    {
      config: { access: SUPPLIER_PAGE },
      schema: {
        tags,
        summary: 'One supplier with its categories (own company only for supplier users).',
        operationId: 'getSupplier',
        params: idParams,
        response: { 200: supplierItem },
      },
    },
    (request) => svc.getSupplier(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/suppliers/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Add a supplier with at least one group.',
        operationId: 'createSupplier',
        body: supplierCreate,
        response: { 201: supplierItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.createSupplier(app.db, currentUser(request), request.body)),
  );

  app.patch(
    '/suppliers/:id/',
    {
      config: { access: SUPPLIER_PAGE },
      schema: {
        tags,
        summary: 'Change a supplier: fields, groups, categories, activation, is_new.',
        operationId: 'updateSupplier',
        params: idParams,
        body: supplierPatch,
        response: { 200: supplierItem },
      },
    },
    (request) => svc.updateSupplier(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/remove_supplier/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a supplier without offers (one with offers answers forbidden).',
        operationId: 'removeSupplier',
        body: removeSupplierBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await svc.removeSupplier(app.db, currentUser(request), request.body.supplier_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/suppliers/:id/category_tree/',
    {
      config: { access: SUPPLIER_PAGE },
      schema: {
        tags,
        summary: "The category tree of one of the supplier's groups, for its categories tab.",
        operationId: 'getSupplierCategoryTree',
        params: idParams,
        querystring: supplierCategoryTreeQuery,
        response: { 200: supplierCategoryTreeAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await svc.getSupplier(app.db, user, request.params.id); // 403/404 as for the page
      return { list: await svc.categoryTree(app.db, request.query.group) };
    },
  );

  app.get(
    '/supplier_category_groups/',
    {
      config: { access: SUPPLIER_PAGE },
      schema: {
        tags,
        summary: 'Category links of a supplier (per group).',
        operationId: 'listSupplierCategoryGroups',
        querystring: supplierLinkListQuery,
        response: { 200: paged(supplierCategoryLink) },
      },
    },
    (request) => svc.listCategoryLinks(app.db, currentUser(request), request.query),
  );

  app.post(
    '/supplier_category_groups/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Link a category of a group to a supplier.',
        operationId: 'createSupplierCategoryGroup',
        body: supplierCategoryLinkCreate,
        response: { 201: supplierCategoryLink },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.addCategoryLink(app.db, currentUser(request), request.body)),
  );

  app.delete(
    '/supplier_category_groups/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Remove a category link of a supplier.',
        operationId: 'deleteSupplierCategoryGroup',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.group !== 'ADMINISTRATOR') throw forbidden();
      await svc.deleteCategoryLink(app.db, user, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
