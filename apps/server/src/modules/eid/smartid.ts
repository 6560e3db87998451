// Smart-ID RP API v2 client (authentication by national identity): start a session, long-poll it, check the
// answer. The base URL, relying party UUID and name come from the caller (config), so it runs against SK's
// service or the simulator alike.
import type { EidStatus } from '@portal/shared';
import { type Challenge, smartIdVerificationCode } from './codes.ts';
import { type Verdict, verifyAnswer } from './verify.ts';
import { type ParsedCertificate, SMART_ID_POLICIES } from './x509.ts';

export type CertificateLevel = 'QUALIFIED' | 'ADVANCED';

/** HTTP answers of the service that end the login, by status code. */
const HTTP_STATUS: Record<number, EidStatus> = {
  401: 'SERVICE_UNAUTHORIZED',
  403: 'SERVICE_UNAUTHORIZED',
  404: 'ACCOUNT_NOT_FOUND',
  471: 'NO_SUITABLE_ACCOUNT',
  472: 'VIEW_APP',
  480: 'CLIENT_TOO_OLD',
  580: 'SERVICE_MAINTENANCE',
};

const END_RESULTS = new Set<EidStatus>([
  'USER_REFUSED',
  'USER_REFUSED_DISPLAYTEXTANDPIN',
  'USER_REFUSED_VC_CHOICE',
  'USER_REFUSED_CONFIRMATIONMESSAGE',
  'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
  'USER_REFUSED_CERT_CHOICE',
  'WRONG_VC',
  'TIMEOUT',
  'DOCUMENT_UNUSABLE',
  'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
]);

/** A refusal by the service (HTTP status or transport failure) as a login status. */
export class EidServiceError extends Error {
  readonly status: EidStatus;
  readonly httpStatus: number | null;
  constructor(status: EidStatus, httpStatus: number | null) {
    super(`${status}${httpStatus ? ` (HTTP ${httpStatus})` : ''}`);
    this.status = status;
    this.httpStatus = httpStatus;
  }
}

export interface EidClientOptions {
  baseUrl: string;
  rpUuid: string;
  rpName: string;
  /** Upper bound of one HTTP call beyond the long-poll time (default 10 s). */
  requestTimeoutMs?: number;
}

export async function callJson(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; timeoutMs: number },
  httpStatus: Record<number, EidStatus>,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch {
    throw new EidServiceError('SERVICE_ERROR', null);
  }
  if (!res.ok) throw new EidServiceError(httpStatus[res.status] ?? 'SERVICE_ERROR', res.status);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new EidServiceError('SERVICE_ERROR', res.status);
  }
}

export type PollResult = { state: 'RUNNING' } | ({ state: 'COMPLETE' } & Verdict);

export class SmartIdClient {
  private readonly o: EidClientOptions;
  constructor(o: EidClientOptions) {
    this.o = { ...o, baseUrl: o.baseUrl.replace(/\/+$/, '') };
  }

  /** Starts an authentication session; resolves to the session id. Throws EidServiceError. */
  async start(personalCode: string, challenge: Challenge, level: CertificateLevel = 'QUALIFIED') {
    const out = await callJson(
      `${this.o.baseUrl}/authentication/etsi/PNOEE-${personalCode}`,
      {
        method: 'POST',
        timeoutMs: this.o.requestTimeoutMs ?? 10_000,
        body: {
          relyingPartyUUID: this.o.rpUuid,
          relyingPartyName: this.o.rpName,
          certificateLevel: level,
          hash: challenge.hash.toString('base64'),
          hashType: challenge.hashName.toUpperCase(),
          allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: 'Tender portal login' }],
        },
      },
      HTTP_STATUS,
    );
    if (typeof out.sessionID !== 'string') throw new EidServiceError('SERVICE_ERROR', null);
    return out.sessionID;
  }

  /** Long-polls the session for up to `timeoutMs` and checks a complete answer. Throws EidServiceError. */
  async poll(
    sessionId: string,
    a: {
      challenge: Challenge;
      personalCode: string;
      level: CertificateLevel;
      trusted: ParsedCertificate[];
      now: () => Date;
      timeoutMs?: number;
    },
  ): Promise<PollResult> {
    const timeoutMs = a.timeoutMs ?? 1000;
    const out = await callJson(
      `${this.o.baseUrl}/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`,
      { method: 'GET', timeoutMs: timeoutMs + (this.o.requestTimeoutMs ?? 10_000) },
      HTTP_STATUS,
    );
    if (out.state === 'RUNNING') return { state: 'RUNNING' };
    if (out.state !== 'COMPLETE') throw new EidServiceError('SERVICE_ERROR', null);
    const result = (out.result ?? {}) as { endResult?: string };
    const endResult = String(result.endResult ?? '');
    if (endResult !== 'OK')
      return {
        state: 'COMPLETE',
        ok: false,
        status: END_RESULTS.has(endResult as EidStatus) ? (endResult as EidStatus) : 'SERVICE_ERROR',
      };
    const cert = (out.cert ?? {}) as { value?: string; certificateLevel?: string };
    const signature = (out.signature ?? {}) as { value?: string; algorithm?: string };
    if (typeof cert.value !== 'string' || typeof signature.value !== 'string')
      return { state: 'COMPLETE', ok: false, status: 'SIGNATURE_INVALID' };
    const answeredLevel =
      cert.certificateLevel === 'QUALIFIED' ? 2 : cert.certificateLevel === 'ADVANCED' ? 1 : 0;
    const wanted = a.level === 'QUALIFIED' ? 2 : 1;
    if (answeredLevel < wanted) return { state: 'COMPLETE', ok: false, status: 'CERTIFICATE_LEVEL' };
    const verdict = verifyAnswer({
      certBase64: cert.value,
      signatureBase64: signature.value,
      challenge: a.challenge,
      personalCode: a.personalCode,
      trusted: a.trusted,
      now: a.now(),
      // A qualified login needs a certificate that carries the qualified Smart-ID policy.
      check: (c) =>
        a.level === 'QUALIFIED' && !c.policies.includes(SMART_ID_POLICIES.QUALIFIED)
          ? 'CERTIFICATE_LEVEL'
          : null,
    });
    return { state: 'COMPLETE', ...verdict };
  }
}

export { smartIdVerificationCode };
