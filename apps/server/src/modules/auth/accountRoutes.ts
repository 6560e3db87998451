// Supplier registration (two steps), password recovery and reset (spec 2 §7), without login and rate-limited per
// address and per e-mail; none of them tells whether an e-mail has an account.
import {
  forgotPasswordAnswer,
  forgotPasswordBody,
  publicGroupList,
  registrationAnswer,
  registrationBody,
  registrationRouteBody,
  registrationStepQuery,
  resetPasswordAnswer,
  resetPasswordBody,
  testAccountActiveAnswer,
  testAccountActiveBody,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import { badRequest, zodIssuesToFieldErrors } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import {
  checkCompany,
  emailKey,
  publicGroups,
  register,
  requestRecovery,
  resetPassword,
  setSupplierActive,
  setUserActive,
  supplierIdByCode,
} from './accounts.ts';
import { ALL, accountLimits, loginLimits } from './limits.ts';
import { kickRecoveries, recoveriesSettled } from './recovery.ts';
import { clear, hit, takeOrThrow } from './throttle.ts';

const tags = ['accounts'];

/** Runs `fn` once the answer has been sent (so its work does not delay the answer). */
const afterAnswer = (reply: FastifyReply, fn: () => void) => {
  reply.then(fn, fn);
};

export default async function routes(app: ZApp) {
  const limits = accountLimits(app.config);
  const login = loginLimits(app.config);
  // Requests this process was handling when it stops are finished first (the database closes after the app).
  app.addHook('onClose', () =>
    recoveriesSettled(app.db).catch((err) =>
      app.log.warn({ err }, 'recovery requests left for another replica (or the next start)'),
    ),
  );

  app.get(
    '/register/groups/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'List the active groups a registering supplier can choose.',
        operationId: 'listRegistrationGroups',
        response: { 200: publicGroupList },
      },
    },
    () => publicGroups(app.db),
  );

  app.post(
    '/register/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Register a supplier company with its main user (step=1 checks the company data only).',
        operationId: 'registerSupplier',
        querystring: registrationStepQuery,
        body: registrationRouteBody,
        response: { 200: registrationAnswer },
      },
    },
    async (request, reply) => {
      await takeOrThrow(app.db, reply, [{ limit: limits.registerCalls, key: request.ip }]);
      if (request.query.step === '1') {
        await checkCompany(app.db, request.body);
        return { step: 1 as const, valid: true as const };
      }
      const parsed = registrationBody.safeParse(request.body);
      if (!parsed.success) throw badRequest(zodIssuesToFieldErrors(parsed.error.issues));
      await takeOrThrow(app.db, reply, [
        { limit: limits.registerIp, key: request.ip },
        { limit: limits.registerAll, key: ALL },
        { limit: limits.registerEmail, key: emailKey(parsed.data.user_email) },
      ]);
      const out = await register(app.db, parsed.data, limits.newSupplierMail);
      if (out.recovery) afterAnswer(reply, () => kickRecoveries(app.db, request.log));
      return { registered: true as const };
    },
  );

  app.post(
    '/forgot_password/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Mail a password reset link when the e-mail has an account; the answer is the same either way.',
        operationId: 'forgotPassword',
        body: forgotPasswordBody,
        response: { 200: forgotPasswordAnswer },
      },
    },
    async (request, reply) => {
      await takeOrThrow(app.db, reply, [
        { limit: limits.forgotIp, key: request.ip },
        { limit: limits.forgotAll, key: ALL },
      ]);
      // The same statements whether or not the e-mail has an account; the look-up and the mail come after the
      // answer (recovery.ts). Over the per-e-mail limit the answer stays the same and nothing more is sent.
      const [perEmail] = await hit(app.db, [
        { limit: limits.forgotEmail, key: emailKey(request.body.email) },
      ]);
      if (!perEmail.over) {
        await requestRecovery(app.db, request.body.email);
        afterAnswer(reply, () => kickRecoveries(app.db, request.log));
      }
      return { sent: true as const };
    },
  );

  app.post(
    '/reset_password/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a single-use key from a recovery or invitation mail.',
        operationId: 'resetPassword',
        body: resetPasswordBody,
        response: { 200: resetPasswordAnswer },
      },
    },
    async (request, reply) => {
      await takeOrThrow(app.db, reply, [{ limit: limits.resetIp, key: request.ip }]);
      const done = await resetPassword(app.db, request.body, (userId) =>
        takeOrThrow(app.db, reply, [{ limit: limits.resetUser, key: String(userId) }]),
      );
      // The owner proved who they are: the password guesses against the account are forgotten.
      await clear(app.db, login.account.scope, emailKey(done.email));
      return { reset: true as const };
    },
  );

  // Test clock only (e2e): (de)activate a supplier company or a user through the account service, until the
  // supplier and worker screens with their own routes are merged. Without PORTAL_TEST_CLOCK the route does not exist.
  if (!app.config.PORTAL_TEST_CLOCK) return;
  app.post(
    '/_test/account_active/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Test clock only: activate or deactivate a supplier company or a user.',
        operationId: 'testSetAccountActive',
        body: testAccountActiveBody,
        response: { 200: testAccountActiveAnswer },
      },
    },
    async (request) => {
      const { supplier_id, registration_code, user_id, is_active } = request.body;
      const changed = await app.db.transaction(async (tx) => {
        const id = supplier_id ?? (registration_code ? await supplierIdByCode(tx, registration_code) : null);
        if (id) return setSupplierActive(tx, id, is_active);
        if (user_id) return setUserActive(tx, user_id, is_active);
        throw badRequest({ non_field_errors: ['required'] });
      });
      return { changed };
    },
  );
}
