// Mobile-ID REST client (authentication): start a session for a personal code and phone, long-poll it, check
// the answer (RSA or EC certificates; EC signatures arrive as r‖s).
import type { EidStatus } from '@portal/shared';
import { type Challenge, mobileIdVerificationCode } from './codes.ts';
import { callJson, type EidClientOptions, EidServiceError, type PollResult } from './smartid.ts';
import { verifyAnswer } from './verify.ts';
import type { ParsedCertificate } from './x509.ts';

export type MidLanguage = 'EST' | 'ENG' | 'RUS';

const HTTP_STATUS: Record<number, EidStatus> = {
  400: 'SERVICE_ERROR',
  401: 'SERVICE_UNAUTHORIZED',
  403: 'SERVICE_UNAUTHORIZED',
  404: 'SERVICE_ERROR',
};

const RESULTS = new Set<EidStatus>([
  'NOT_MID_CLIENT',
  'USER_CANCELLED',
  'PHONE_ABSENT',
  'DELIVERY_ERROR',
  'SIM_ERROR',
  'TIMEOUT',
  'SIGNATURE_HASH_MISMATCH',
]);

export class MobileIdClient {
  private readonly o: EidClientOptions;
  constructor(o: EidClientOptions) {
    this.o = { ...o, baseUrl: o.baseUrl.replace(/\/+$/, '') };
  }

  async start(personalCode: string, phone: string, challenge: Challenge, language: MidLanguage = 'EST') {
    const out = await callJson(
      `${this.o.baseUrl}/authentication`,
      {
        method: 'POST',
        timeoutMs: this.o.requestTimeoutMs ?? 10_000,
        body: {
          relyingPartyUUID: this.o.rpUuid,
          relyingPartyName: this.o.rpName,
          phoneNumber: phone,
          nationalIdentityNumber: personalCode,
          hash: challenge.hash.toString('base64'),
          hashType: challenge.hashName.toUpperCase(),
          language,
        },
      },
      HTTP_STATUS,
    );
    if (typeof out.sessionID !== 'string') throw new EidServiceError('SERVICE_ERROR', null);
    return out.sessionID;
  }

  async poll(
    sessionId: string,
    a: {
      challenge: Challenge;
      personalCode: string;
      trusted: ParsedCertificate[];
      now: () => Date;
      timeoutMs?: number;
    },
  ): Promise<PollResult> {
    const timeoutMs = a.timeoutMs ?? 1000;
    const out = await callJson(
      `${this.o.baseUrl}/authentication/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`,
      { method: 'GET', timeoutMs: timeoutMs + (this.o.requestTimeoutMs ?? 10_000) },
      HTTP_STATUS,
    );
    if (out.state === 'RUNNING') return { state: 'RUNNING' };
    if (out.state !== 'COMPLETE') throw new EidServiceError('SERVICE_ERROR', null);
    const result = String(out.result ?? '');
    if (result !== 'OK')
      return {
        state: 'COMPLETE',
        ok: false,
        status: RESULTS.has(result as EidStatus) ? (result as EidStatus) : 'SERVICE_ERROR',
      };
    const signature = (out.signature ?? {}) as { value?: string };
    if (typeof out.cert !== 'string' || typeof signature.value !== 'string')
      return { state: 'COMPLETE', ok: false, status: 'SIGNATURE_INVALID' };
    return {
      state: 'COMPLETE',
      ...verifyAnswer({
        certBase64: out.cert,
        signatureBase64: signature.value,
        challenge: a.challenge,
        personalCode: a.personalCode,
        trusted: a.trusted,
        now: a.now(),
      }),
    };
  }
}

export { mobileIdVerificationCode };
