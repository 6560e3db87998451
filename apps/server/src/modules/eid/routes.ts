// eID login routes (spec 2, §7): Smart-ID and Mobile-ID init/status/cancel, ID-card (Web eID) challenge and
// login. Public, rate-limited like the e-mail login (per-route limits plus the failed-login counter per address,
// shared with the e-mail login; an eID login never counts against an account, so its owner can always use it).
import {
  eidAuthQuery,
  eidDetail,
  eidFieldErrors,
  eidInitResponse,
  eidStatusResponse,
  idcardChallengeResponse,
  idcardLoginBody,
  loginResponse,
  mobileIdInitBody,
  smartIdInitBody,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZApp } from '../../lib/http.ts';
import { countLoginFailure, loginLimits, loginSucceeded, takeLoginAttempt } from '../auth/index.ts';
import type { MidLanguage } from './mobileid.ts';
import { MobileIdClient } from './mobileid.ts';
import { EidLogins, type EidMethod, type EidStatusAnswer } from './service.ts';
import { SmartIdClient } from './smartid.ts';
import { loadCaDir } from './x509.ts';

const INIT_LIMIT = { max: 30, timeWindow: '1 minute' };
const POLL_LIMIT = { max: 300, timeWindow: '1 minute' };

function midLanguage(request: FastifyRequest): MidLanguage {
  const lang = String(request.headers['accept-language'] ?? '')
    .slice(0, 2)
    .toLowerCase();
  return lang === 'ru' ? 'RUS' : lang === 'en' ? 'ENG' : 'EST';
}

export default async function routes(app: ZApp) {
  const c = app.config;
  if (!c.SMART_ID_URL || !c.MOBILE_ID_URL)
    app.log.warn('eID: SMART_ID_URL or MOBILE_ID_URL is not set; Smart-ID or Mobile-ID login is unavailable');
  const trusted = (c.EID_TRUSTED_CA_DIR ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .flatMap((d) => loadCaDir(d));
  if (!trusted.length)
    app.log.warn('eID: no trusted CA certificate (EID_TRUSTED_CA_DIR); every eID login is refused');
  if (!c.WEB_EID_ORIGIN)
    app.log.warn(`eID: WEB_EID_ORIGIN is not set; ID-card logins work only at http://localhost:${c.PORT}`);
  const logins = new EidLogins(app.db, {
    smart: new SmartIdClient({
      baseUrl: c.SMART_ID_URL ?? 'http://127.0.0.1:9',
      rpUuid: c.SMART_ID_RP_UUID,
      rpName: c.SMART_ID_RP_NAME,
    }),
    mobile: new MobileIdClient({
      baseUrl: c.MOBILE_ID_URL ?? 'http://127.0.0.1:9',
      rpUuid: c.MOBILE_ID_RP_UUID,
      rpName: c.MOBILE_ID_RP_NAME,
    }),
    trusted,
    webEidOrigin: c.WEB_EID_ORIGIN ?? `http://localhost:${c.PORT}`,
    idleHours: c.TOKEN_IDLE_HOURS,
  });
  const limits = loginLimits(c);

  /** A final status other than a login counts as a failed login of the address. */
  const track = async (ip: string, out: EidStatusAnswer) => {
    if (
      out.status !== 'USER_AUTHENTICATED' &&
      out.status !== 'OUTSTANDING_TRANSACTION' &&
      out.status !== 'CANCELLED'
    )
      await countLoginFailure(app.db, limits, { address: ip });
    return out;
  };
  /** Runs a start or an ID-card login as an attempt of the address: taken back when it succeeds. */
  const attempt = async <T>(request: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>) => {
    const keys = { address: request.ip };
    await takeLoginAttempt(app.db, reply, limits, keys);
    const out = await fn();
    await loginSucceeded(app.db, limits, keys);
    return out;
  };

  for (const [method, name, label] of [
    ['smart', 'Smart', 'Smart-ID'],
    ['mobile', 'Mobile', 'Mobile-ID'],
  ] as Array<[EidMethod, string, string]>) {
    app.get(
      `/login_${method}_status/`,
      {
        config: { access: 'public', rateLimit: POLL_LIMIT },
        schema: {
          tags: ['auth'],
          summary: `Polls a ${label} login; USER_AUTHENTICATED carries the token.`,
          operationId: `login${name}Status`,
          querystring: eidAuthQuery,
          response: { 200: eidStatusResponse, 400: eidFieldErrors },
        },
      },
      async (request) => track(request.ip, await logins.status(method, request.query.auth_id)),
    );
    app.get(
      `/login_${method}_cancel/`,
      {
        config: { access: 'public', rateLimit: POLL_LIMIT },
        schema: {
          tags: ['auth'],
          summary: `Cancels a ${label} login.`,
          operationId: `login${name}Cancel`,
          querystring: eidAuthQuery,
          response: { 200: eidStatusResponse, 400: eidFieldErrors },
        },
      },
      async (request) => logins.cancel(method, request.query.auth_id),
    );
  }

  app.post(
    '/login_smart_init/',
    {
      config: { access: 'public', rateLimit: INIT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Starts a Smart-ID login and answers its verification code.',
        operationId: 'loginSmartInit',
        body: smartIdInitBody,
        response: { 200: eidInitResponse, 400: eidFieldErrors, 429: eidDetail },
      },
    },
    (request, reply) => attempt(request, reply, () => logins.startSmart(request.body.personal_code)),
  );

  app.post(
    '/login_mobile_init/',
    {
      config: { access: 'public', rateLimit: INIT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Starts a Mobile-ID login and answers its verification code.',
        operationId: 'loginMobileInit',
        body: mobileIdInitBody,
        response: { 200: eidInitResponse, 400: eidFieldErrors, 429: eidDetail },
      },
    },
    (request, reply) =>
      attempt(request, reply, () =>
        logins.startMobile(request.body.personal_code, request.body.phone, midLanguage(request)),
      ),
  );

  app.post(
    '/login_idcard_challenge/',
    {
      config: { access: 'public', rateLimit: INIT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Issues a Web eID challenge nonce for an ID-card login.',
        operationId: 'loginIdcardChallenge',
        response: { 200: idcardChallengeResponse, 429: eidDetail },
      },
    },
    (request, reply) => attempt(request, reply, () => logins.challenge()),
  );

  app.post(
    '/login_idcard/',
    {
      config: { access: 'public', rateLimit: INIT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Logs in with a Web eID authentication token signed by an ID card.',
        operationId: 'loginIdcard',
        body: idcardLoginBody,
        response: { 200: loginResponse, 400: eidFieldErrors, 403: eidDetail, 429: eidDetail },
      },
    },
    (request, reply) =>
      attempt(request, reply, () => logins.idcardLogin(request.body.nonce, request.body.auth_token)),
  );
}
