// The Smart-ID and Mobile-ID clients against their simulators, for every outcome the simulators know, and the
// forged answers (a signature over another hash, a certificate from another CA, an expired certificate, a
// lower certificate level) refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMobileIdSimulator } from '../../../../../tools/simulators/mobile-id.ts';
import { startSmartIdSimulator } from '../../../../../tools/simulators/smart-id.ts';
import { createTestCa } from '../../../../../tools/simulators/testca.ts';
import { mobileIdVerificationCode, randomChallenge, smartIdVerificationCode } from './codes.ts';
import { MobileIdClient } from './mobileid.ts';
import { EidServiceError, type PollResult, SmartIdClient } from './smartid.ts';
import { parseCertificate } from './x509.ts';

const ca = createTestCa();
const trusted = [parseCertificate(ca.certDer)];
const rp = { rpUuid: '00000000-0000-0000-0000-000000000000', rpName: 'DEMO' };
let smart: Awaited<ReturnType<typeof startSmartIdSimulator>>;
let mobile: Awaited<ReturnType<typeof startMobileIdSimulator>>;

beforeAll(async () => {
  smart = await startSmartIdSimulator({ ca, answerAfterMs: 50, timeoutAfterMs: 100 });
  mobile = await startMobileIdSimulator({ ca, answerAfterMs: 50, timeoutAfterMs: 100 });
});
afterAll(async () => {
  await smart.close();
  await mobile.close();
});

async function untilComplete(poll: () => Promise<PollResult>) {
  for (let i = 0; i < 20; i++) {
    const r = await poll();
    if (r.state === 'COMPLETE') return r;
  }
  throw new Error('never completed');
}

describe('verification codes', () => {
  it('Smart-ID: last two bytes of SHA-256(hash) big-endian mod 10000, four digits', () => {
    // SHA-256 of 64 zero bytes ends in …fb4b = 64331 → 4331 (computed independently with sha256sum)
    expect(smartIdVerificationCode(Buffer.alloc(64))).toBe('4331');
    expect(smartIdVerificationCode(Buffer.from('a'.repeat(64)))).toMatch(/^\d{4}$/);
  });
  it('Mobile-ID: ((h[0] & 0xFC) << 5) | (h[last] & 0x7F), four digits', () => {
    const h = Buffer.alloc(32);
    h[0] = 0xff;
    h[31] = 0xff;
    expect(mobileIdVerificationCode(h)).toBe(String((0xfc << 5) | 0x7f)); // 8191
    expect(mobileIdVerificationCode(Buffer.alloc(32))).toBe('0000');
    h[0] = 0x04;
    h[31] = 0x01;
    expect(mobileIdVerificationCode(h)).toBe('0129');
  });
});

describe('Smart-ID client against the simulator', () => {
  const client = () => new SmartIdClient({ baseUrl: smart.url, ...rp });
  async function run(code: string, level: 'QUALIFIED' | 'ADVANCED' = 'QUALIFIED') {
    const challenge = randomChallenge('sha512');
    const c = client();
    const id = await c.start(code, challenge, level);
    return untilComplete(() =>
      c.poll(id, { challenge, personalCode: code, level, trusted, now: () => new Date(), timeoutMs: 1000 }),
    );
  }

  it('OK: the identity comes from the certificate subject', async () => {
    const r = await run('30303039914');
    expect(r).toMatchObject({
      ok: true,
      identity: { personalCode: '30303039914', country: 'EE', givenName: 'OK' },
    });
  });

  it.each([
    ['30403039917', 'USER_REFUSED'],
    ['30403039928', 'USER_REFUSED_DISPLAYTEXTANDPIN'],
    ['30403039939', 'USER_REFUSED_VC_CHOICE'],
    ['30403039946', 'USER_REFUSED_CONFIRMATIONMESSAGE'],
    ['30403039950', 'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE'],
    ['30403039961', 'USER_REFUSED_CERT_CHOICE'],
    ['30403039972', 'WRONG_VC'],
    ['30403039983', 'TIMEOUT'],
    ['39912319990', 'DOCUMENT_UNUSABLE'],
    ['39912319901', 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP'],
  ])('%s ends with %s', async (code, status) => {
    expect(await run(code)).toMatchObject({ ok: false, status });
  });

  it.each([
    ['30303039903', 'NO_SUITABLE_ACCOUNT', 471],
    ['30303039811', 'VIEW_APP', 472],
    ['30303039822', 'CLIENT_TOO_OLD', 480],
    ['30303039833', 'SERVICE_MAINTENANCE', 580],
    ['49001010000', 'ACCOUNT_NOT_FOUND', 404],
  ])('%s: HTTP answer becomes %s', async (code, status, http) => {
    const err = await client()
      .start(code, randomChallenge('sha512'))
      .catch((e) => e);
    expect(err).toBeInstanceOf(EidServiceError);
    expect(err).toMatchObject({ status, httpStatus: http });
  });

  it('a wrong relying party is refused by the service (401)', async () => {
    const err = await new SmartIdClient({ baseUrl: smart.url, rpUuid: 'not-a-uuid', rpName: 'X' })
      .start('30303039914', randomChallenge('sha512'))
      .catch((e) => e);
    expect(err).toMatchObject({ status: 'SERVICE_UNAUTHORIZED', httpStatus: 401 });
  });

  it('an unreachable service is a service error', async () => {
    const err = await new SmartIdClient({ baseUrl: 'http://127.0.0.1:9', ...rp })
      .start('30303039914', randomChallenge('sha512'))
      .catch((e) => e);
    expect(err).toMatchObject({ status: 'SERVICE_ERROR' });
  });

  it.each([
    ['39912319912', 'SIGNATURE_INVALID', 'a signature over another hash'],
    ['39912319923', 'CERTIFICATE_NOT_TRUSTED', 'a certificate from another CA'],
    ['39912319934', 'CERTIFICATE_EXPIRED', 'an expired certificate'],
    ['39912319945', 'CERTIFICATE_LEVEL', 'an ADVANCED certificate for a QUALIFIED request'],
  ])('forged %s is refused (%s: %s)', async (code, status) => {
    expect(await run(code)).toMatchObject({ ok: false, status });
  });

  it('a certificate chaining to no trusted CA is refused even for the OK account', async () => {
    const challenge = randomChallenge('sha512');
    const c = client();
    const id = await c.start('30303039914', challenge);
    const r = await untilComplete(() =>
      c.poll(id, {
        challenge,
        personalCode: '30303039914',
        level: 'QUALIFIED',
        trusted: [parseCertificate(createTestCa('Another').certDer)],
        now: () => new Date(),
      }),
    );
    expect(r).toMatchObject({ ok: false, status: 'CERTIFICATE_NOT_TRUSTED' });
  });

  it('an answer checked against another challenge (signature over another hash) is refused', async () => {
    const challenge = randomChallenge('sha512');
    const c = client();
    const id = await c.start('30303039914', challenge);
    const r = await untilComplete(() =>
      c.poll(id, {
        challenge: randomChallenge('sha512'),
        personalCode: '30303039914',
        level: 'QUALIFIED',
        trusted,
        now: () => new Date(),
      }),
    );
    expect(r).toMatchObject({ ok: false, status: 'SIGNATURE_INVALID' });
  });

  it('a certificate valid now is refused at a time after it expires', async () => {
    const challenge = randomChallenge('sha512');
    const c = client();
    const id = await c.start('30303039914', challenge);
    const r = await untilComplete(() =>
      c.poll(id, {
        challenge,
        personalCode: '30303039914',
        level: 'QUALIFIED',
        trusted,
        now: () => new Date(Date.now() + 5 * 365 * 86_400_000),
      }),
    );
    expect(r).toMatchObject({ ok: false, status: 'CERTIFICATE_EXPIRED' });
  });
});

describe('Mobile-ID client against the simulator', () => {
  const client = () => new MobileIdClient({ baseUrl: mobile.url, ...rp });
  async function run(code: string, phone: string) {
    const challenge = randomChallenge('sha256');
    const c = client();
    const id = await c.start(code, phone, challenge, 'EST');
    return untilComplete(() => c.poll(id, { challenge, personalCode: code, trusted, now: () => new Date() }));
  }

  it('OK with an EC certificate and an r‖s signature', async () => {
    const r = await run('60001017869', '+37268000769');
    expect(r).toMatchObject({ ok: true, identity: { personalCode: '60001017869', surname: 'TESTNUMBER' } });
    expect(r.state === 'COMPLETE' && r.ok && r.cert.publicKey.asymmetricKeyType).toBe('ec');
  });

  it.each([
    ['60001019939', '+37200000266', 'NOT_MID_CLIENT'],
    ['60001019947', '+37207110066', 'USER_CANCELLED'],
    ['60001019950', '+37201100266', 'SIGNATURE_HASH_MISMATCH'],
    ['60001019961', '+37200000666', 'PHONE_ABSENT'],
    ['60001019972', '+37201200266', 'DELIVERY_ERROR'],
    ['60001019983', '+37213100266', 'SIM_ERROR'],
    ['60001019906', '+37266000266', 'TIMEOUT'],
    ['60001017869', '+37255555555', 'NOT_MID_CLIENT'],
    ['39912319912', '+37200000012', 'SIGNATURE_INVALID'],
    ['39912319923', '+37200000023', 'CERTIFICATE_NOT_TRUSTED'],
    ['39912319934', '+37200000034', 'CERTIFICATE_EXPIRED'],
  ])('%s %s ends with %s', async (code, phone, status) => {
    expect(await run(code, phone)).toMatchObject({ ok: false, status });
  });

  it('a bad request (unknown language) is a service error with HTTP 400', async () => {
    const err = await client()
      .start('60001017869', '+37268000769', randomChallenge('sha256'), 'XXX' as 'EST')
      .catch((e) => e);
    expect(err).toMatchObject({ status: 'SERVICE_ERROR', httpStatus: 400 });
  });
});
