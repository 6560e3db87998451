// E-mail login, token check (may ask for terms consent), logout, terms consent.

import {
  loginBody,
  loginResponse,
  noContent,
  termsConsentAnswer,
  tokenCheckAnswer,
  tokenCheckBody,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { authTokens } from '../../db/schema/index.ts';
import { currentUser, resolveToken, revokeTokens } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { emailKey } from './accounts.ts';
import { loginLimits } from './limits.ts';
import { consent, login, loginSucceeded, needsTerms, takeLoginAttempt } from './service.ts';

export default async function routes(app: ZApp) {
  const limits = loginLimits(app.config);

  app.post(
    '/login/',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: 'Log in with e-mail and password',
        tags: ['auth'],
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      // Counted as a failure of the account and of the address until it succeeds (limits.ts).
      const keys = { account: emailKey(request.body.email), address: request.ip };
      await takeLoginAttempt(app.db, reply, limits, keys);
      const out = await login(app.db, request.body.email, request.body.password, app.config.TOKEN_IDLE_HOURS);
      await loginSucceeded(app.db, limits, keys);
      return out;
    },
  );

  app.post(
    '/expire/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check a token and whether the user must accept the terms of use',
        tags: ['auth'],
        body: tokenCheckBody,
        response: { 200: tokenCheckAnswer },
      },
    },
    async (request) => {
      const user = await resolveToken(app.db, request.body.token, app.config.TOKEN_IDLE_HOURS);
      if (!user) throw unauthorized('invalid_token');
      return { valid: true as const, request_terms: await needsTerms(app.db, user.id) };
    },
  );

  app.post(
    '/logout/',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'Log out: revoke this token', tags: ['auth'], response: { 204: noContent } },
    },
    async (request, reply) => {
      await app.db
        .update(authTokens)
        .set({ revoked: now() })
        .where(eq(authTokens.id, currentUser(request).tokenId));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/logout_all/',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Log out everywhere: revoke every token of the user',
        tags: ['auth'],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await revokeTokens(app.db, currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/terms-of-use-consent/',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Accept the terms of use',
        tags: ['auth'],
        response: { 200: termsConsentAnswer },
      },
    },
    async (request) => {
      await consent(app.db, currentUser(request).id);
      return { consented: true as const };
    },
  );
}
