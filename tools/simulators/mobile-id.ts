// Mobile-ID simulator speaking SK's MID REST authentication flow:
//   POST /authentication {relyingPartyUUID, relyingPartyName, phoneNumber, nationalIdentityNumber, hash, hashType,
//                         language} → {sessionID}
//   GET  /authentication/session/<id>?timeoutMs=<n>  long poll → {state: RUNNING} or {state: COMPLETE, result, …}
// It answers by identity (personal code and phone) like SK's MID demo environment: an OK one, NOT_MID_CLIENT,
// USER_CANCELLED, SIGNATURE_HASH_MISMATCH, PHONE_ABSENT, DELIVERY_ERROR, SIM_ERROR, TIMEOUT, and for tests
// forged answers (another hash, another CA, an expired certificate). User keys are EC P-256 (as Mobile-ID's),
// signatures r‖s. Run alone: `node tools/simulators/mobile-id.ts [port]`.
import crypto from 'node:crypto';
import { serveJson, sleep } from './http.ts';
import type { EidSimulatorOptions } from './smart-id.ts';
import { createTestCa, type IssuedCert, issueUserCert, signDigest } from './testca.ts';

export type MobileIdOutcome =
  | 'OK'
  | 'NOT_MID_CLIENT'
  | 'USER_CANCELLED'
  | 'SIGNATURE_HASH_MISMATCH'
  | 'PHONE_ABSENT'
  | 'DELIVERY_ERROR'
  | 'SIM_ERROR'
  | 'TIMEOUT'
  | 'FORGED_OTHER_HASH'
  | 'FORGED_OTHER_CA'
  | 'FORGED_EXPIRED';

export interface MobileIdIdentity {
  personalCode: string;
  phone: string;
  givenName: string;
  surname: string;
  outcome: MobileIdOutcome;
}

/** The simulator's subscribers (the first eight as in SK's Mobile-ID demo environment). */
export const MOBILE_ID_IDENTITIES: MobileIdIdentity[] = [
  {
    personalCode: '60001017869',
    phone: '+37268000769',
    givenName: 'EID2016',
    surname: 'TESTNUMBER',
    outcome: 'OK',
  },
  {
    personalCode: '60001019939',
    phone: '+37200000266',
    givenName: 'NOT',
    surname: 'MID CLIENT',
    outcome: 'NOT_MID_CLIENT',
  },
  {
    personalCode: '60001019947',
    phone: '+37207110066',
    givenName: 'USER',
    surname: 'CANCELLED',
    outcome: 'USER_CANCELLED',
  },
  {
    personalCode: '60001019950',
    phone: '+37201100266',
    givenName: 'HASH',
    surname: 'MISMATCH',
    outcome: 'SIGNATURE_HASH_MISMATCH',
  },
  {
    personalCode: '60001019961',
    phone: '+37200000666',
    givenName: 'PHONE',
    surname: 'ABSENT',
    outcome: 'PHONE_ABSENT',
  },
  {
    personalCode: '60001019972',
    phone: '+37201200266',
    givenName: 'DELIVERY',
    surname: 'ERROR',
    outcome: 'DELIVERY_ERROR',
  },
  {
    personalCode: '60001019983',
    phone: '+37213100266',
    givenName: 'SIM',
    surname: 'ERROR',
    outcome: 'SIM_ERROR',
  },
  {
    personalCode: '60001019906',
    phone: '+37266000266',
    givenName: 'TIMEOUT',
    surname: 'TESTNUMBER',
    outcome: 'TIMEOUT',
  },
  {
    personalCode: '39912319912',
    phone: '+37200000012',
    givenName: 'FORGED',
    surname: 'HASH',
    outcome: 'FORGED_OTHER_HASH',
  },
  {
    personalCode: '39912319923',
    phone: '+37200000023',
    givenName: 'FORGED',
    surname: 'CA',
    outcome: 'FORGED_OTHER_CA',
  },
  {
    personalCode: '39912319934',
    phone: '+37200000034',
    givenName: 'FORGED',
    surname: 'EXPIRED',
    outcome: 'FORGED_EXPIRED',
  },
];

const HASHES: Record<string, [number, 'sha256' | 'sha384' | 'sha512']> = {
  SHA256: [32, 'sha256'],
  SHA384: [48, 'sha384'],
  SHA512: [64, 'sha512'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** SK's Mobile-ID authentication certificate policy. */
const MID_POLICY = '1.3.6.1.4.1.10015.1.3';

interface Session {
  identity: MobileIdIdentity | null;
  hash: Buffer;
  hashName: 'sha256' | 'sha384' | 'sha512';
  completeAt: number;
}

export async function startMobileIdSimulator(opts: EidSimulatorOptions = {}) {
  const ca = opts.ca ?? createTestCa();
  const otherCa = createTestCa('TEST of Untrusted Simulator CA');
  const answerAfter = opts.answerAfterMs ?? 3000;
  const timeoutAfter = opts.timeoutAfterMs ?? 20_000;
  const certs = new Map<string, IssuedCert>();
  const sessions = new Map<string, Session>();

  const certFor = (id: MobileIdIdentity) => {
    let c = certs.get(id.personalCode);
    if (!c) {
      const now = Date.now();
      c = issueUserCert(id.outcome === 'FORGED_OTHER_CA' ? otherCa : ca, {
        personalCode: id.personalCode,
        givenName: id.givenName,
        surname: id.surname,
        keyType: 'ec',
        policies: [MID_POLICY],
        ...(id.outcome === 'FORGED_EXPIRED'
          ? { notBefore: new Date(now - 800 * 86_400_000), notAfter: new Date(now - 86_400_000) }
          : {}),
      });
      certs.set(id.personalCode, c);
    }
    return c;
  };

  function complete(s: Session) {
    const id = s.identity;
    if (!id) return { state: 'COMPLETE', result: 'NOT_MID_CLIENT' };
    const result = id.outcome.startsWith('FORGED_') ? 'OK' : id.outcome;
    if (result !== 'OK') return { state: 'COMPLETE', result };
    const cert = certFor(id);
    const digest = id.outcome === 'FORGED_OTHER_HASH' ? crypto.randomBytes(s.hash.length) : s.hash;
    const alg = s.hashName.toUpperCase().replace('SHA', 'SHA');
    return {
      state: 'COMPLETE',
      result: 'OK',
      signature: {
        value: signDigest(cert.privateKey, s.hashName, digest).toString('base64'),
        algorithm: `${alg}WithECEncryption`,
      },
      cert: cert.base64,
    };
  }

  const srv = await serveJson(async ({ method, path, query, body }) => {
    if (method === 'POST' && path === '/authentication') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (typeof b.relyingPartyUUID !== 'string' || !UUID.test(b.relyingPartyUUID) || !b.relyingPartyName)
        return { status: 401, body: { error: 'Failed to authorize user' } };
      const ht = HASHES[String(b.hashType)];
      const hash = Buffer.from(String(b.hash ?? ''), 'base64');
      if (
        !ht ||
        hash.length !== ht[0] ||
        !/^\+\d{7,15}$/.test(String(b.phoneNumber)) ||
        !/^\d{11}$/.test(String(b.nationalIdentityNumber)) ||
        !['EST', 'ENG', 'RUS', 'LIT'].includes(String(b.language))
      )
        return { status: 400, body: { error: 'Bad request' } };
      const identity =
        MOBILE_ID_IDENTITIES.find(
          (i) => i.personalCode === b.nationalIdentityNumber && i.phone === b.phoneNumber,
        ) ?? null;
      const sessionID = crypto.randomUUID();
      const wait = identity?.outcome === 'TIMEOUT' ? timeoutAfter : answerAfter;
      sessions.set(sessionID, { identity, hash, hashName: ht[1], completeAt: Date.now() + wait });
      return { status: 200, body: { sessionID } };
    }
    const poll = /^\/authentication\/session\/([0-9a-f-]{36})$/.exec(path);
    if (method === 'GET' && poll) {
      const s = sessions.get(poll[1]);
      if (!s) return { status: 404, body: { error: 'Session not found' } };
      const timeoutMs = Math.min(Math.max(Number(query.get('timeoutMs') ?? 1000) || 1000, 1000), 120_000);
      const wait = Math.min(timeoutMs, s.completeAt - Date.now());
      if (wait > 0) await sleep(wait);
      if (Date.now() < s.completeAt) return { status: 200, body: { state: 'RUNNING' } };
      return { status: 200, body: complete(s) };
    }
    return { status: 404, body: { error: 'Not found' } };
  }, opts);

  return { url: `http://${opts.host ?? '127.0.0.1'}:${srv.port}`, ca, otherCa, close: srv.close };
}

if (import.meta.main) {
  const sim = await startMobileIdSimulator({ port: Number(process.argv[2] ?? 0) });
  console.log(`Mobile-ID simulator at ${sim.url}\nTrusted CA:\n${sim.ca.certPem}`);
}
