// Mobile-ID and Smart-ID logins in progress and ID-card challenges. A login starts a session at the service
// and answers an auth_id with the verification code; each status call long-polls the service for up to a
// second; an answer that passes every check (verify.ts) becomes the same token as the e-mail login for the
// active user with that personal code. Kept in this process's memory (see docs/decisions.md, eID).
import crypto from 'node:crypto';
import { type EidStatus, eidStatusKey, type IdcardError } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { loginByPersonalCode } from '../auth/service.ts';
import {
  type Challenge,
  mobileIdVerificationCode,
  randomChallenge,
  smartIdVerificationCode,
} from './codes.ts';
import type { MidLanguage, MobileIdClient } from './mobileid.ts';
import { EidServiceError, type PollResult, type SmartIdClient } from './smartid.ts';
import { validateWebEidToken, WebEidError, type WebEidToken } from './webeid.ts';
import type { ParsedCertificate } from './x509.ts';

export type EidMethod = 'smart' | 'mobile';
type LoginAnswer = Awaited<ReturnType<typeof loginByPersonalCode>> & {};

export interface EidStatusAnswer {
  challenge: string;
  status: EidStatus;
  status_description: string;
  token?: string;
  user?: LoginAnswer['user'];
}

interface Pending {
  method: EidMethod;
  sessionId: string;
  challenge: Challenge;
  code: string;
  personalCode: string;
  /** Real time (ms) after which the wait is over whatever the service says. */
  deadline: number;
  inflight: Promise<EidStatusAnswer> | null;
}

export interface EidSettings {
  smart: SmartIdClient;
  mobile: MobileIdClient;
  trusted: ParsedCertificate[];
  webEidOrigin: string;
  idleHours: number;
  /** How long a login may wait for the user (default 95 s: the web's 90 s countdown and some slack). */
  waitMs?: number;
  /** How long one status call long-polls the service (default 1000 ms, the services' minimum). */
  pollMs?: number;
}

const MAX_PENDING = 10_000;
const NONCE_TTL_MS = 5 * 60_000;

const answer = (
  challenge: string,
  status: EidStatus,
  extra: Partial<EidStatusAnswer> = {},
): EidStatusAnswer => ({
  challenge,
  status,
  status_description: eidStatusKey(status),
  ...extra,
});

export class EidLogins {
  private readonly pending = new Map<string, Pending>();
  private readonly nonces = new Map<string, number>();
  private readonly db: Db;
  private readonly s: EidSettings;
  constructor(db: Db, settings: EidSettings) {
    this.db = db;
    this.s = settings;
  }

  private prune() {
    const t = Date.now();
    for (const [id, p] of this.pending) if (p.deadline + 60_000 < t) this.pending.delete(id);
    for (const [n, exp] of this.nonces) if (exp < t) this.nonces.delete(n);
    if (this.pending.size >= MAX_PENDING || this.nonces.size >= MAX_PENDING)
      throw new AppError(429, { detail: 'too_many_requests' });
  }

  private register(
    method: EidMethod,
    sessionId: string,
    challenge: Challenge,
    code: string,
    personalCode: string,
  ) {
    const authId = crypto.randomBytes(24).toString('base64url');
    this.pending.set(authId, {
      method,
      sessionId,
      challenge,
      code,
      personalCode,
      deadline: Date.now() + (this.s.waitMs ?? 95_000),
      inflight: null,
    });
    return { auth_id: authId, challenge: code };
  }

  /** Starts a Smart-ID login; a refusal of the service is a 400 with its status description. */
  async startSmart(personalCode: string) {
    this.prune();
    const challenge = randomChallenge('sha512');
    const sessionId = await this.s.smart.start(personalCode, challenge, 'QUALIFIED').catch(refuse);
    return this.register(
      'smart',
      sessionId,
      challenge,
      smartIdVerificationCode(challenge.hash),
      personalCode,
    );
  }

  async startMobile(personalCode: string, phone: string, language: MidLanguage) {
    this.prune();
    const challenge = randomChallenge('sha256');
    const sessionId = await this.s.mobile.start(personalCode, phone, challenge, language).catch(refuse);
    return this.register(
      'mobile',
      sessionId,
      challenge,
      mobileIdVerificationCode(challenge.hash),
      personalCode,
    );
  }

  /** One status call: OUTSTANDING_TRANSACTION while the user has not answered, else the final status (once). */
  async status(method: EidMethod, authId: string): Promise<EidStatusAnswer> {
    const p = this.pending.get(authId);
    if (!p || p.method !== method) return answer('', 'EXPIRED');
    p.inflight ??= this.pollOnce(authId, p).finally(() => {
      p.inflight = null;
    });
    return p.inflight;
  }

  cancel(method: EidMethod, authId: string): EidStatusAnswer {
    const p = this.pending.get(authId);
    if (p && p.method === method) this.pending.delete(authId);
    return answer(p?.code ?? '', 'CANCELLED');
  }

  private async pollOnce(authId: string, p: Pending): Promise<EidStatusAnswer> {
    const finish = (status: EidStatus, extra: Partial<EidStatusAnswer> = {}) => {
      this.pending.delete(authId);
      return answer(p.code, status, extra);
    };
    if (Date.now() > p.deadline) return finish('TIMEOUT');
    let r: PollResult;
    try {
      const common = {
        challenge: p.challenge,
        personalCode: p.personalCode,
        trusted: this.s.trusted,
        now,
        timeoutMs: this.s.pollMs ?? 1000,
      };
      r =
        p.method === 'smart'
          ? await this.s.smart.poll(p.sessionId, { ...common, level: 'QUALIFIED' })
          : await this.s.mobile.poll(p.sessionId, common);
    } catch (err) {
      return finish(err instanceof EidServiceError ? err.status : 'SERVICE_ERROR');
    }
    if (!this.pending.has(authId)) return answer(p.code, 'CANCELLED');
    if (r.state === 'RUNNING') return answer(p.code, 'OUTSTANDING_TRANSACTION');
    if (!r.ok) return finish(r.status);
    const out = await this.login(r.identity.personalCode);
    if ('status' in out) return finish(out.status);
    return finish('USER_AUTHENTICATED', { token: out.token, user: out.user });
  }

  private async login(personalCode: string): Promise<LoginAnswer | { status: EidStatus }> {
    try {
      return (
        (await loginByPersonalCode(this.db, personalCode, this.s.idleHours)) ?? { status: 'USER_NOT_FOUND' }
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 403) return { status: 'ACCOUNT_DISABLED' };
      throw err;
    }
  }

  // ---- ID card (Web eID) ----

  /** A challenge nonce: 32 random bytes in base64, valid for 5 minutes, usable once. */
  challenge() {
    this.prune();
    const nonce = crypto.randomBytes(32).toString('base64');
    this.nonces.set(nonce, Date.now() + NONCE_TTL_MS);
    return { nonce };
  }

  /** Validates a Web eID token against a nonce this server issued (consumed whatever the outcome). */
  async idcardLogin(nonce: string, token: WebEidToken): Promise<LoginAnswer> {
    const expires = this.nonces.get(nonce);
    this.nonces.delete(nonce);
    if (!expires || expires < Date.now()) throw idcardRefused('webeid_nonce_invalid');
    let personalCode: string;
    try {
      ({ personalCode } = await validateWebEidToken(token, {
        challengeNonce: nonce,
        origin: this.s.webEidOrigin,
        trustedCaCerts: this.s.trusted,
        now: now(),
      }));
    } catch (err) {
      if (err instanceof WebEidError) throw idcardRefused(err.code as IdcardError);
      throw err;
    }
    const out = await loginByPersonalCode(this.db, personalCode, this.s.idleHours);
    if (!out) throw idcardRefused('user_not_found');
    return out;
  }
}

function refuse(err: unknown): never {
  const status = err instanceof EidServiceError ? err.status : 'SERVICE_ERROR';
  throw new AppError(400, { non_field_errors: [eidStatusKey(status)] });
}

const idcardRefused = (code: IdcardError) => new AppError(400, { non_field_errors: [`idcard_${code}`] });
