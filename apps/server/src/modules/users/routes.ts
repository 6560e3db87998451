// Profile changes, password, own account deletion, supplier users, workers and removal (spec 2 §7).
// Thin: schema, access, call the service. Own-company and ADVANCED rules live in service.ts.
import {
  accountDeleted,
  changePasswordBody,
  checkPasswordBody,
  idAnswer,
  noContent,
  passwordChecked,
  passwordSaved,
  profilePatch,
  removeAccountBody,
  supplierUserCreate,
  supplierUserItem,
  supplierUserListQuery,
  supplierUserPatch,
  workerCreate,
  workerItem,
  workerListQuery,
  workerPatch,
} from '@portal/shared';
import { ADMIN, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

const SUPPLIER_USER_ACCESS = ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'] as const;
const MANAGERS = ['ADMINISTRATOR', 'SUPPLIER'] as const;
/** A few tries a minute: a stolen token cannot guess the current password quickly. */
const passwordLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export default async function routes(app: ZApp) {
  // ---- own profile and account
  app.patch(
    '/users/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Change the own personal data (the personal code is locked once authorised).',
        operationId: 'updateProfile',
        params: idParams,
        body: profilePatch,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      await svc.updateProfile(app.db, currentUser(request), request.params.id, request.body);
      return { id: request.params.id };
    },
  );

  app.post(
    '/check_password/',
    {
      config: { access: 'authenticated', ...passwordLimit },
      schema: {
        tags: ['profile'],
        summary: 'Verify the current password (and the rules of a new one) before a change.',
        operationId: 'checkPassword',
        body: checkPasswordBody,
        response: { 200: passwordChecked },
      },
    },
    async (request) => {
      await svc.checkPassword(
        app.db,
        currentUser(request),
        request.body.current_password,
        request.body.new_password,
      );
      return { valid: true as const };
    },
  );

  app.post(
    '/change_profile_password/',
    {
      config: { access: 'authenticated', ...passwordLimit },
      schema: {
        tags: ['profile'],
        summary: 'Change the own password; other sessions end.',
        operationId: 'changeProfilePassword',
        body: changePasswordBody,
        response: { 200: passwordSaved },
      },
    },
    async (request) => {
      await svc.changePassword(app.db, currentUser(request), request.body);
      return { detail: 'password_saved' as const };
    },
  );

  app.get(
    '/delete_account/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Close the own account and end its sessions.',
        operationId: 'deleteAccount',
        response: { 200: accountDeleted },
      },
    },
    async (request) => {
      await svc.deleteOwnAccount(app.db, currentUser(request));
      return { detail: 'account_deleted' as const };
    },
  );

  // ---- supplier users
  app.get(
    '/supplier_users/',
    {
      config: { access: SUPPLIER_USER_ACCESS },
      schema: {
        tags: ['users'],
        summary: "List a supplier's users (supplier users: their own company only).",
        operationId: 'listSupplierUsers',
        querystring: supplierUserListQuery,
        response: { 200: paged(supplierUserItem) },
      },
    },
    (request) => svc.listSupplierUsers(app.db, currentUser(request), request.query),
  );

  app.get(
    '/supplier_users/:id/',
    {
      config: { access: SUPPLIER_USER_ACCESS },
      schema: {
        tags: ['users'],
        summary: 'One supplier user.',
        operationId: 'getSupplierUser',
        params: idParams,
        response: { 200: supplierUserItem },
      },
    },
    (request) => svc.getSupplierUser(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/supplier_users/',
    {
      config: { access: MANAGERS },
      schema: {
        tags: ['users'],
        summary: 'Add a supplier employee (PLAIN or ADVANCED).',
        operationId: 'createSupplierUser',
        body: supplierUserCreate,
        response: { 201: supplierUserItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.createSupplierUser(app.db, currentUser(request), request.body)),
  );

  app.patch(
    '/supplier_users/:id/',
    {
      config: { access: MANAGERS },
      schema: {
        tags: ['users'],
        summary: 'Change a supplier employee; deactivation ends its sessions.',
        operationId: 'updateSupplierUser',
        params: idParams,
        body: supplierUserPatch,
        response: { 200: supplierUserItem },
      },
    },
    (request) => svc.updateSupplierUser(app.db, currentUser(request), request.params.id, request.body),
  );

  // ---- workers
  app.get(
    '/workers/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['users'],
        summary: 'List workers (administrators, contractors, masters).',
        operationId: 'listWorkers',
        querystring: workerListQuery,
        response: { 200: paged(workerItem) },
      },
    },
    (request) => svc.listWorkers(app.db, request.query),
  );

  app.get(
    '/workers/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['users'],
        summary: 'One worker.',
        operationId: 'getWorker',
        params: idParams,
        response: { 200: workerItem },
      },
    },
    (request) => svc.getWorker(app.db, request.params.id),
  );

  app.post(
    '/workers/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Add a worker with at least one group (role CONTRACTOR unless given).',
        operationId: 'createWorker',
        body: workerCreate,
        response: { 201: workerItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.createWorker(app.db, currentUser(request), request.body)),
  );

  app.patch(
    '/workers/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Change a worker; deactivation ends its sessions.',
        operationId: 'updateWorker',
        params: idParams,
        body: workerPatch,
        response: { 200: workerItem },
      },
    },
    (request) => svc.updateWorker(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/remove_account/',
    {
      config: { access: MANAGERS },
      schema: {
        tags: ['users'],
        summary: 'Delete a worker or supplier employee (forbidden when its history must stay).',
        operationId: 'removeAccount',
        body: removeAccountBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await svc.removeAccount(app.db, currentUser(request), request.body.user_id);
      return reply.code(204).send(null);
    },
  );
}
