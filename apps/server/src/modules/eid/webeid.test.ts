// The Web eID validator against the Web eID project's own published test vectors (fixtures/, sources named in
// webeid-java-vectors.json) and against tokens signed here with the simulators' test CA.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestCa, issueUserCert } from '../../../../../tools/simulators/testca.ts';
import { validateWebEidToken, type WebEidOptions } from './webeid.ts';
import { parseCertificate } from './x509.ts';

const dir = path.join(import.meta.dirname, 'fixtures');
const v = JSON.parse(fs.readFileSync(path.join(dir, 'webeid-java-vectors.json'), 'utf8'));
const testEsteid2018 = fs.readFileSync(path.join(dir, 'TEST_of_ESTEID2018.pem'), 'utf8');
const base: WebEidOptions = {
  challengeNonce: v.challengeNonce,
  origin: v.origin,
  trustedCaCerts: [testEsteid2018],
  now: new Date(v.validAt),
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe('Web eID project test vectors (web-eid-authtoken-validation-java)', () => {
  it('the TEST of ESTEID2018 CA certificate is the issuer of the valid token certificate', () => {
    const ca = parseCertificate(testEsteid2018.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''));
    const user = parseCertificate(v.validToken.unverifiedCertificate);
    expect(ca.subject.commonName).toBe('TEST of ESTEID2018');
    expect(user.x509.checkIssued(ca.x509) && user.x509.verify(ca.publicKey)).toBe(true);
  });

  it('accepts the valid ESTEID2018 token for origin https://ria.ee and its nonce', async () => {
    expect(await validateWebEidToken(v.validToken, base)).toEqual(v.validIdentity);
  });

  it.each([
    ['another challenge nonce', { challengeNonce: v.wrongChallengeNonce }, 'signature_invalid'],
    ['another origin', { origin: v.wrongOrigin }, 'signature_invalid'],
    [
      'a time before the certificate is valid',
      { now: new Date('2021-07-01T00:00:00Z') },
      'certificate_not_yet_valid',
    ],
    [
      'a time after the certificate expired',
      { now: new Date('2026-10-19T00:00:00Z') },
      'certificate_expired',
    ],
    [
      'a trusted CA that did not issue it',
      { trustedCaCerts: [createTestCa().certPem] },
      'certificate_not_trusted',
    ],
    ['no trusted CA at all', { trustedCaCerts: [] }, 'certificate_not_trusted'],
  ])('refuses the valid token with %s', async (_what, opts, code) => {
    expect(await codeOf(validateWebEidToken(v.validToken, { ...base, ...opts }))).toBe(code);
  });

  it('refuses the token whose signature was made with another certificate (AUTH_TOKEN_WRONG_CERT)', async () => {
    expect(
      await codeOf(validateWebEidToken(v.wrongCertToken, { ...base, now: new Date('2021-08-01T00:00:00Z') })),
    ).toBe('signature_invalid');
  });

  it.each([
    ['missingKeyUsage', 'certificate_wrong_purpose'],
    ['wrongPurpose', 'certificate_wrong_purpose'],
    ['wrongPolicy', 'certificate_disallowed_policy'],
    ['newMobileId', 'certificate_wrong_purpose'],
    ['expiredEcdsa', 'certificate_expired'],
  ])('refuses the token with the %s certificate (%s)', async (name, code) => {
    const token = { ...v.validToken, unverifiedCertificate: v.certificates[name] };
    expect(await codeOf(validateWebEidToken(token, base))).toBe(code);
  });

  it.each([
    ['format web-eid:2', { format: 'web-eid:2' }, 'webeid_token_invalid'],
    ['no format', { format: undefined }, 'webeid_token_invalid'],
    ['algorithm XY384', { algorithm: 'XY384' }, 'webeid_algorithm_unsupported'],
    ['algorithm RS256 with an EC key', { algorithm: 'RS256' }, 'signature_invalid'],
    ['an empty signature', { signature: '' }, 'webeid_token_invalid'],
    [
      'a certificate that is not base64',
      { unverifiedCertificate: 'This is not a certificate' },
      'webeid_token_invalid',
    ],
    [
      'a certificate that is not a certificate',
      { unverifiedCertificate: 'VGhpcyBpcyBub3QgYSBjZXJ0aWZpY2F0ZQ' },
      'certificate_unreadable',
    ],
  ])('refuses a token with %s', async (_what, change, code) => {
    expect(await codeOf(validateWebEidToken({ ...v.validToken, ...change }, base))).toBe(code);
  });

  it('refuses things that are not tokens', async () => {
    expect(await codeOf(validateWebEidToken(null, base))).toBe('webeid_token_invalid');
    expect(await codeOf(validateWebEidToken('token', base))).toBe('webeid_token_invalid');
  });
});

describe('tokens signed here with a test CA', () => {
  const ca = createTestCa();
  const origin = 'https://portal.test';
  const nonce = crypto.randomBytes(32).toString('base64');
  const sign = (key: crypto.KeyObject, o = origin, n = nonce) => {
    const h = (s: string) => crypto.createHash('sha256').update(s).digest();
    const data = Buffer.concat([h(o), h(n)]);
    return key.asymmetricKeyType === 'ec'
      ? crypto.sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' })
      : crypto.sign('sha256', data, key);
  };
  const opts = { challengeNonce: nonce, origin, trustedCaCerts: [ca.certDer], now: new Date() };

  it.each(['ec', 'rsa'] as const)('accepts a %s card (ES256 / RS256)', async (keyType) => {
    const c = issueUserCert(ca, { personalCode: '38001085718', givenName: 'JAAK', surname: 'TAMM', keyType });
    const token = {
      unverifiedCertificate: c.base64,
      algorithm: keyType === 'ec' ? 'ES256' : 'RS256',
      signature: sign(c.privateKey).toString('base64'),
      format: 'web-eid:1.0',
    };
    expect(await validateWebEidToken(token, opts)).toEqual({
      personalCode: '38001085718',
      country: 'EE',
      givenName: 'JAAK',
      surname: 'TAMM',
    });
  });

  it('refuses a signature over another nonce, another CA, an expired certificate, a Mobile-ID policy', async () => {
    const good = issueUserCert(ca, {
      personalCode: '38001085718',
      givenName: 'A',
      surname: 'B',
      keyType: 'ec',
    });
    const tok = (c: typeof good, signature = sign(c.privateKey)) => ({
      unverifiedCertificate: c.base64,
      algorithm: 'ES256',
      signature: signature.toString('base64'),
      format: 'web-eid:1.0',
    });
    expect(
      await codeOf(validateWebEidToken(tok(good, sign(good.privateKey, origin, 'x'.repeat(44))), opts)),
    ).toBe('signature_invalid');
    const other = issueUserCert(createTestCa('Other'), {
      personalCode: '38001085718',
      givenName: 'A',
      surname: 'B',
      keyType: 'ec',
    });
    expect(await codeOf(validateWebEidToken(tok(other), opts))).toBe('certificate_not_trusted');
    const expired = issueUserCert(ca, {
      personalCode: '38001085718',
      givenName: 'A',
      surname: 'B',
      keyType: 'ec',
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    expect(await codeOf(validateWebEidToken(tok(expired), opts))).toBe('certificate_expired');
    const mid = issueUserCert(ca, {
      personalCode: '38001085718',
      givenName: 'A',
      surname: 'B',
      keyType: 'ec',
      policies: ['1.3.6.1.4.1.10015.1.3'],
    });
    expect(await codeOf(validateWebEidToken(tok(mid), opts))).toBe('certificate_disallowed_policy');
  });
});
