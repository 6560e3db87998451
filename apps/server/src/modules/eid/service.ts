// Mobile-ID and Smart-ID logins in progress and ID-card challenges. A login starts a session at the service
// and answers an auth_id with the verification code; each status call long-polls the service for up to a
// second; an answer that passes every check (verify.ts) becomes the same token as the e-mail login for the
// active user with that personal code. Kept in PostgreSQL (tables eid_logins, eid_nonces), so a login started on
// one replica is polled to its end on any other; the status call that ends a login deletes its row, so one login
// gives one token however many replicas poll it.
import crypto from 'node:crypto';
import { type EidStatus, eidStatusKey, type IdcardError } from '@portal/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eidLogins, eidNonces } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { addSweeper, loginByPersonalCode } from '../auth/index.ts';
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

export interface EidSettings {
  smart: SmartIdClient;
  mobile: MobileIdClient;
  trusted: ParsedCertificate[];
  webEidOrigin: string;
  idleHours: number;
  /** How long a login may wait for the user (default 95 s: the web's 90 s countdown and some slack; server clock). */
  waitMs?: number;
  /** How long one status call long-polls the service (default 1000 ms, the services' minimum). */
  pollMs?: number;
}

const NONCE_TTL_MS = 5 * 60_000;
const nonceHash = (nonce: string) => crypto.createHash('sha256').update(nonce).digest('base64url');

/** Logins whose wait ended a minute ago and nonces past their time are deleted (throttle.ts sweeps). */
addSweeper(async (db, at) => {
  await db.delete(eidLogins).where(lt(eidLogins.deadline, new Date(at.getTime() - 60_000)));
  await db.delete(eidNonces).where(lt(eidNonces.expires, at));
});

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
  /** Status calls in flight in this process, so a double poll asks the service once (the rows are shared). */
  private readonly inflight = new Map<string, Promise<EidStatusAnswer>>();
  private readonly db: Db;
  private readonly s: EidSettings;
  constructor(db: Db, settings: EidSettings) {
    this.db = db;
    this.s = settings;
  }

  private async register(
    method: EidMethod,
    sessionId: string,
    challenge: Challenge,
    code: string,
    personalCode: string,
  ) {
    const authId = crypto.randomBytes(24).toString('base64url');
    const t = now();
    await this.db.insert(eidLogins).values({
      authId,
      method,
      sessionId,
      challenge: challenge.data.toString('base64'),
      hashName: challenge.hashName,
      code,
      personalCode,
      deadline: new Date(t.getTime() + (this.s.waitMs ?? 95_000)),
      created: t,
    });
    return { auth_id: authId, challenge: code };
  }

  /** Starts a Smart-ID login; a refusal of the service is a 400 with its status description. */
  async startSmart(personalCode: string) {
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
    const key = `${method}:${authId}`;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.pollOnce(method, authId).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  async cancel(method: EidMethod, authId: string): Promise<EidStatusAnswer> {
    const [row] = await this.db
      .delete(eidLogins)
      .where(and(eq(eidLogins.authId, authId), eq(eidLogins.method, method)))
      .returning({ code: eidLogins.code });
    return answer(row?.code ?? '', 'CANCELLED');
  }

  /** Ends the login: its row is deleted; false when another call (or a cancel) ended it first. */
  private async claim(authId: string) {
    const gone = await this.db
      .delete(eidLogins)
      .where(eq(eidLogins.authId, authId))
      .returning({ authId: eidLogins.authId });
    return gone.length > 0;
  }

  private async pollOnce(method: EidMethod, authId: string): Promise<EidStatusAnswer> {
    const [p] = await this.db
      .select()
      .from(eidLogins)
      .where(and(eq(eidLogins.authId, authId), eq(eidLogins.method, method)));
    if (!p) return answer('', 'EXPIRED');
    /** A final status, answered by the call that ends the login (another found it cancelled). */
    const finish = async (status: EidStatus) =>
      answer(p.code, (await this.claim(p.authId)) ? status : 'CANCELLED');
    if (now() > p.deadline) return finish('TIMEOUT');
    const data = Buffer.from(p.challenge, 'base64');
    const challenge: Challenge = {
      data,
      hash: crypto.createHash(p.hashName).update(data).digest(),
      hashName: p.hashName,
    };
    let r: PollResult;
    try {
      const common = {
        challenge,
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
    if (r.state === 'RUNNING') return answer(p.code, 'OUTSTANDING_TRANSACTION');
    if (!r.ok) return finish(r.status);
    // The row is claimed before the token is made: one login, one token.
    if (!(await this.claim(p.authId))) return answer(p.code, 'CANCELLED');
    const out = await this.login(r.identity.personalCode);
    if ('status' in out) return answer(p.code, out.status);
    return answer(p.code, 'USER_AUTHENTICATED', { token: out.token, user: out.user });
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
  async challenge() {
    const nonce = crypto.randomBytes(32).toString('base64');
    await this.db
      .insert(eidNonces)
      .values({ nonceHash: nonceHash(nonce), expires: new Date(now().getTime() + NONCE_TTL_MS) });
    return { nonce };
  }

  /** Validates a Web eID token against a nonce this portal issued (consumed whatever the outcome). */
  async idcardLogin(nonce: string, token: WebEidToken): Promise<LoginAnswer> {
    const [used] = await this.db
      .delete(eidNonces)
      .where(eq(eidNonces.nonceHash, nonceHash(nonce)))
      .returning({ expires: eidNonces.expires });
    if (!used || used.expires < now()) throw idcardRefused('webeid_nonce_invalid');
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
