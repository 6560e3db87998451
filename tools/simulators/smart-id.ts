// Smart-ID simulator speaking the RP API v2 authentication flow:
//   POST /authentication/etsi/PNOEE-<code>  {relyingPartyUUID, relyingPartyName, certificateLevel, hash,
//                                            hashType, allowedInteractionsOrder} → {sessionID}
//   GET  /session/<id>?timeoutMs=<n>         long poll → {state: RUNNING} or {state: COMPLETE, result, signature, cert}
// It answers by identity like SK's demo environment (an OK account, refusing ones, a timing-out one, a
// wrong-code one, HTTP 471/472/480/580 ones) and, for tests, forged answers (a signature over another hash,
// a certificate from another CA, an expired certificate, a lower certificate level). Certificates come from a
// test CA it generates (RSA user keys, as Smart-ID's). Run alone: `node tools/simulators/smart-id.ts [port]`.
import crypto from 'node:crypto';
import { serveJson, sleep } from './http.ts';
import { createTestCa, type IssuedCert, issueUserCert, signDigest, type TestCa } from './testca.ts';

export type SmartIdOutcome =
  | 'OK'
  | 'USER_REFUSED'
  | 'USER_REFUSED_DISPLAYTEXTANDPIN'
  | 'USER_REFUSED_VC_CHOICE'
  | 'USER_REFUSED_CONFIRMATIONMESSAGE'
  | 'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE'
  | 'USER_REFUSED_CERT_CHOICE'
  | 'WRONG_VC'
  | 'TIMEOUT'
  | 'DOCUMENT_UNUSABLE'
  | 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP'
  | 'HTTP_471'
  | 'HTTP_472'
  | 'HTTP_480'
  | 'HTTP_580'
  | 'FORGED_OTHER_HASH'
  | 'FORGED_OTHER_CA'
  | 'FORGED_EXPIRED'
  | 'FORGED_LEVEL';

export interface SmartIdIdentity {
  personalCode: string;
  givenName: string;
  surname: string;
  outcome: SmartIdOutcome;
}

/** The simulator's accounts by personal code (the first nine as in SK's Smart-ID demo environment). */
export const SMART_ID_IDENTITIES: SmartIdIdentity[] = [
  { personalCode: '30303039914', givenName: 'OK', surname: 'TESTNUMBER', outcome: 'OK' },
  { personalCode: '30403039917', givenName: 'REFUSED', surname: 'TESTNUMBER', outcome: 'USER_REFUSED' },
  {
    personalCode: '30403039928',
    givenName: 'REFUSED',
    surname: 'PIN',
    outcome: 'USER_REFUSED_DISPLAYTEXTANDPIN',
  },
  {
    personalCode: '30403039939',
    givenName: 'REFUSED',
    surname: 'VC CHOICE',
    outcome: 'USER_REFUSED_VC_CHOICE',
  },
  {
    personalCode: '30403039946',
    givenName: 'REFUSED',
    surname: 'CONFIRMATION',
    outcome: 'USER_REFUSED_CONFIRMATIONMESSAGE',
  },
  {
    personalCode: '30403039950',
    givenName: 'REFUSED',
    surname: 'CONFIRMATION VC',
    outcome: 'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
  },
  {
    personalCode: '30403039961',
    givenName: 'REFUSED',
    surname: 'CERT CHOICE',
    outcome: 'USER_REFUSED_CERT_CHOICE',
  },
  { personalCode: '30403039972', givenName: 'WRONG', surname: 'VC', outcome: 'WRONG_VC' },
  { personalCode: '30403039983', givenName: 'TIMEOUT', surname: 'TESTNUMBER', outcome: 'TIMEOUT' },
  { personalCode: '30303039903', givenName: 'ADVANCED', surname: 'ONLY', outcome: 'HTTP_471' },
  { personalCode: '30303039811', givenName: 'VIEW', surname: 'APP', outcome: 'HTTP_472' },
  { personalCode: '30303039822', givenName: 'OLD', surname: 'CLIENT', outcome: 'HTTP_480' },
  { personalCode: '30303039833', givenName: 'MAINTENANCE', surname: 'TESTNUMBER', outcome: 'HTTP_580' },
  { personalCode: '39912319990', givenName: 'DOCUMENT', surname: 'UNUSABLE', outcome: 'DOCUMENT_UNUSABLE' },
  {
    personalCode: '39912319901',
    givenName: 'INTERACTION',
    surname: 'UNSUPPORTED',
    outcome: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
  },
  { personalCode: '39912319912', givenName: 'FORGED', surname: 'HASH', outcome: 'FORGED_OTHER_HASH' },
  { personalCode: '39912319923', givenName: 'FORGED', surname: 'CA', outcome: 'FORGED_OTHER_CA' },
  { personalCode: '39912319934', givenName: 'FORGED', surname: 'EXPIRED', outcome: 'FORGED_EXPIRED' },
  { personalCode: '39912319945', givenName: 'FORGED', surname: 'LEVEL', outcome: 'FORGED_LEVEL' },
];

const HTTP_OUTCOMES: Partial<Record<SmartIdOutcome, number>> = {
  HTTP_471: 471,
  HTTP_472: 472,
  HTTP_480: 480,
  HTTP_580: 580,
};
const HASH_LENGTHS: Record<string, [number, 'sha256' | 'sha384' | 'sha512']> = {
  SHA256: [32, 'sha256'],
  SHA384: [48, 'sha384'],
  SHA512: [64, 'sha512'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUALIFIED_POLICY = '1.3.6.1.4.1.10015.17.2';
const ADVANCED_POLICY = '1.3.6.1.4.1.10015.17.1';

export interface EidSimulatorOptions {
  ca?: TestCa;
  host?: string;
  port?: number;
  /** How long the user takes to answer (default 3 s). */
  answerAfterMs?: number;
  /** How long until a TIMEOUT identity times out (default 20 s). */
  timeoutAfterMs?: number;
}

interface Session {
  identity: SmartIdIdentity;
  hash: Buffer;
  hashName: 'sha256' | 'sha384' | 'sha512';
  hashType: string;
  level: string;
  completeAt: number;
}

export async function startSmartIdSimulator(opts: EidSimulatorOptions = {}) {
  const ca = opts.ca ?? createTestCa();
  const otherCa = createTestCa('TEST of Untrusted Simulator CA');
  const answerAfter = opts.answerAfterMs ?? 3000;
  const timeoutAfter = opts.timeoutAfterMs ?? 20_000;
  const certs = new Map<string, IssuedCert>();
  const sessions = new Map<string, Session>();

  const certFor = (id: SmartIdIdentity, level: string) => {
    const key = `${id.personalCode}:${level}`;
    let c = certs.get(key);
    if (!c) {
      const now = Date.now();
      c = issueUserCert(id.outcome === 'FORGED_OTHER_CA' ? otherCa : ca, {
        personalCode: id.personalCode,
        givenName: id.givenName,
        surname: id.surname,
        keyType: 'rsa',
        policies: [level === 'QUALIFIED' ? QUALIFIED_POLICY : ADVANCED_POLICY],
        ...(id.outcome === 'FORGED_EXPIRED'
          ? { notBefore: new Date(now - 800 * 86_400_000), notAfter: new Date(now - 86_400_000) }
          : {}),
      });
      certs.set(key, c);
    }
    return c;
  };

  function complete(s: Session) {
    const id = s.identity;
    const endResult = id.outcome.startsWith('FORGED_') ? 'OK' : id.outcome;
    const documentNumber = `PNOEE-${id.personalCode}-MOCK-Q`;
    if (endResult !== 'OK') return { state: 'COMPLETE', result: { endResult } };
    const level = id.outcome === 'FORGED_LEVEL' ? 'ADVANCED' : s.level;
    const cert = certFor(id, level);
    const digest = id.outcome === 'FORGED_OTHER_HASH' ? crypto.randomBytes(s.hash.length) : s.hash;
    return {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber },
      signature: {
        value: signDigest(cert.privateKey, s.hashName, digest).toString('base64'),
        algorithm: `${s.hashName}WithRSAEncryption`,
      },
      cert: { value: cert.base64, certificateLevel: level },
      interactionFlowUsed: 'displayTextAndPIN',
    };
  }

  const srv = await serveJson(async ({ method, path, query, body }) => {
    const init = /^\/authentication\/etsi\/PNO([A-Z]{2})-(\d{11})$/.exec(path);
    if (method === 'POST' && init) {
      const b = (body ?? {}) as Record<string, unknown>;
      if (typeof b.relyingPartyUUID !== 'string' || !UUID.test(b.relyingPartyUUID) || !b.relyingPartyName)
        return { status: 401, body: { title: 'Unauthorized' } };
      const ht = HASH_LENGTHS[String(b.hashType)];
      const hash = Buffer.from(String(b.hash ?? ''), 'base64');
      const level = String(b.certificateLevel ?? 'QUALIFIED');
      if (
        !ht ||
        hash.length !== ht[0] ||
        !['QUALIFIED', 'ADVANCED'].includes(level) ||
        !Array.isArray(b.allowedInteractionsOrder)
      )
        return { status: 400, body: { title: 'Bad Request' } };
      const identity = SMART_ID_IDENTITIES.find((i) => i.personalCode === init[2] && init[1] === 'EE');
      if (!identity) return { status: 404, body: { title: 'Not Found' } };
      const http = HTTP_OUTCOMES[identity.outcome];
      if (http) return { status: http, body: { title: 'Smart-ID status', status: http } };
      const sessionID = crypto.randomUUID();
      const wait = identity.outcome === 'TIMEOUT' ? timeoutAfter : answerAfter;
      sessions.set(sessionID, {
        identity,
        hash,
        hashName: ht[1],
        hashType: String(b.hashType),
        level,
        completeAt: Date.now() + wait,
      });
      return { status: 200, body: { sessionID } };
    }
    const poll = /^\/session\/([0-9a-f-]{36})$/.exec(path);
    if (method === 'GET' && poll) {
      const s = sessions.get(poll[1]);
      if (!s) return { status: 404, body: { title: 'Not Found' } };
      const timeoutMs = Math.min(Math.max(Number(query.get('timeoutMs') ?? 1000) || 1000, 1000), 120_000);
      const wait = Math.min(timeoutMs, s.completeAt - Date.now());
      if (wait > 0) await sleep(wait);
      if (Date.now() < s.completeAt) return { status: 200, body: { state: 'RUNNING' } };
      return { status: 200, body: complete(s) };
    }
    return { status: 404, body: { title: 'Not Found' } };
  }, opts);

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${srv.port}`,
    ca,
    otherCa,
    close: srv.close,
  };
}

if (import.meta.main) {
  const sim = await startSmartIdSimulator({ port: Number(process.argv[2] ?? 0) });
  console.log(`Smart-ID simulator at ${sim.url}\nTrusted CA:\n${sim.ca.certPem}`);
}
