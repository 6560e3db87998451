// A test certification authority for the eID simulators: a self-signed CA (ECDSA P-384) that issues user
// authentication certificates shaped like SK's (subject serialNumber PNOEE-<code>, given name, surname,
// country; key usage, extended key usage clientAuth, certificate policies), with RSA or EC user keys.
// Development and tests only: the keys live in memory and die with the process.
import crypto from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  CertificatePolicies,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  id_ce_certificatePolicies,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  Name,
  PolicyInformation,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';

const ECDSA_WITH_SHA384 = '1.2.840.10045.4.3.3';
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const DAY = 86_400_000;

export interface TestCa {
  name: string;
  certDer: Buffer;
  certPem: string;
  key: crypto.KeyObject;
  subject: Name;
}

export interface IssuedCert {
  der: Buffer;
  base64: string;
  privateKey: crypto.KeyObject;
}

function name(parts: Array<[string, string, 'printable' | 'utf8']>) {
  return new Name(
    parts.map(
      ([type, value, kind]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type,
            value: new AttributeValue(
              kind === 'printable' ? { printableString: value } : { utf8String: value },
            ),
          }),
        ]),
    ),
  );
}

const ext = (extnID: string, value: unknown, critical = false) =>
  new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });

function sign(tbs: TBSCertificate, caKey: crypto.KeyObject) {
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const signature = crypto.sign('sha384', tbsDer, caKey);
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA384 }),
    signatureValue: new Uint8Array(signature).buffer,
  });
  return Buffer.from(AsnConvert.serialize(cert));
}

const spki = (key: crypto.KeyObject) =>
  AsnConvert.parse(key.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);

function serial() {
  const b = crypto.randomBytes(16);
  b[0] = (b[0] & 0x7f) | 0x01;
  return new Uint8Array(b).buffer;
}

export const toPem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;

/** A new self-signed CA, valid from a year ago for ten years unless told otherwise. */
export function createTestCa(commonName = 'TEST of Portal eID Simulator CA', now = Date.now()): TestCa {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const subject = name([
    ['2.5.4.6', 'EE', 'printable'],
    ['2.5.4.10', 'Tender Portal Test', 'utf8'],
    ['2.5.4.3', commonName, 'utf8'],
  ]);
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial(),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA384 }),
    issuer: subject,
    validity: new Validity({ notBefore: new Date(now - 365 * DAY), notAfter: new Date(now + 3650 * DAY) }),
    subject,
    subjectPublicKeyInfo: spki(publicKey),
    extensions: new Extensions([
      ext(id_ce_basicConstraints, new BasicConstraints({ cA: true, pathLenConstraint: 0 }), true),
      ext(id_ce_keyUsage, new KeyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign), true),
    ]),
  });
  const certDer = sign(tbs, privateKey);
  return { name: commonName, certDer, certPem: toPem(certDer), key: privateKey, subject };
}

export interface UserCertOptions {
  personalCode: string;
  givenName: string;
  surname: string;
  country?: string;
  keyType: 'rsa' | 'ec';
  policies?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** Default: digitalSignature with clientAuth (an authentication certificate). */
  keyUsage?: number;
  extendedKeyUsage?: string[];
}

/** Issues a user authentication certificate with a new key pair. */
export function issueUserCert(ca: TestCa, o: UserCertOptions): IssuedCert {
  const { privateKey, publicKey } =
    o.keyType === 'rsa'
      ? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
      : crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const country = o.country ?? 'EE';
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial(),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA384 }),
    issuer: ca.subject,
    validity: new Validity({
      notBefore: o.notBefore ?? new Date(now - 30 * DAY),
      notAfter: o.notAfter ?? new Date(now + 3 * 365 * DAY),
    }),
    subject: name([
      ['2.5.4.6', country, 'printable'],
      ['2.5.4.3', `${o.surname},${o.givenName},PNO${country}-${o.personalCode}`, 'utf8'],
      ['2.5.4.4', o.surname, 'utf8'],
      ['2.5.4.42', o.givenName, 'utf8'],
      ['2.5.4.5', `PNO${country}-${o.personalCode}`, 'printable'],
    ]),
    subjectPublicKeyInfo: spki(publicKey),
    extensions: new Extensions([
      ext(id_ce_basicConstraints, new BasicConstraints({ cA: false })),
      ext(id_ce_keyUsage, new KeyUsage(o.keyUsage ?? KeyUsageFlags.digitalSignature), true),
      ext(id_ce_extKeyUsage, new ExtendedKeyUsage(o.extendedKeyUsage ?? [CLIENT_AUTH, EMAIL_PROTECTION])),
      ext(
        id_ce_certificatePolicies,
        new CertificatePolicies(
          (o.policies ?? []).map((p) => new PolicyInformation({ policyIdentifier: p })),
        ),
      ),
    ]),
  });
  const der = sign(tbs, ca.key);
  return { der, base64: der.toString('base64'), privateKey };
}

/** Signs `data` as SK's services do: RSA PKCS#1 v1.5 or ECDSA as r‖s, with the given hash. */
export function signAs(key: crypto.KeyObject, hash: 'sha256' | 'sha384' | 'sha512', data: Buffer) {
  return key.asymmetricKeyType === 'ec'
    ? crypto.sign(hash, data, { key, dsaEncoding: 'ieee-p1363' })
    : crypto.sign(hash, data, key);
}

// ---- signing a digest the way SK's services do: they receive only the hash, never the data ----

const DIGEST_INFO: Record<string, string> = {
  sha256: '3031300d060960864801650304020105000420',
  sha384: '3041300d060960864801650304020205000430',
  sha512: '3051300d060960864801650304020305000440',
};

// NIST P-256 domain parameters (FIPS 186-4, D.1.2.3).
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const A = P - 3n;
const G: [bigint, bigint] = [
  0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
];
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
function inv(a: bigint, m: bigint) {
  let [r0, r1, s0, s1] = [mod(a, m), m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}
type Pt = [bigint, bigint] | null;
function add(p1: Pt, p2: Pt): Pt {
  if (!p1) return p2;
  if (!p2) return p1;
  if (p1[0] === p2[0] && mod(p1[1] + p2[1], P) === 0n) return null;
  const l =
    p1[0] === p2[0] && p1[1] === p2[1]
      ? mod((3n * p1[0] * p1[0] + A) * inv(2n * p1[1], P), P)
      : mod((p2[1] - p1[1]) * inv(p2[0] - p1[0], P), P);
  const x = mod(l * l - p1[0] - p2[0], P);
  return [x, mod(l * (p1[0] - x) - p1[1], P)];
}
function mul(k: bigint, pt: Pt): Pt {
  let out: Pt = null;
  let q = pt;
  while (k > 0n) {
    if (k & 1n) out = add(out, q);
    q = add(q, q);
    k >>= 1n;
  }
  return out;
}
const big = (b: Buffer) => BigInt(`0x${b.toString('hex') || '0'}`);
const bytes32 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex');

/** Signs a ready digest: RSA PKCS#1 v1.5 (DigestInfo) or ECDSA P-256 as r‖s (the digest truncated to 256 bits). */
export function signDigest(key: crypto.KeyObject, hash: 'sha256' | 'sha384' | 'sha512', digest: Buffer) {
  if (key.asymmetricKeyType === 'rsa')
    return crypto.privateEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_PADDING },
      Buffer.concat([Buffer.from(DIGEST_INFO[hash], 'hex'), digest]),
    );
  const jwk = key.export({ format: 'jwk' });
  if (jwk.crv !== 'P-256' || !jwk.d) throw new Error('signDigest supports RSA and P-256 keys');
  const d = big(Buffer.from(jwk.d, 'base64url'));
  const z = big(digest.subarray(0, 32));
  for (;;) {
    const k = mod(big(crypto.randomBytes(40)), N - 1n) + 1n;
    const R = mul(k, G);
    if (!R) continue;
    const r = mod(R[0], N);
    const s = mod(inv(k, N) * (z + r * d), N);
    if (r !== 0n && s !== 0n) return Buffer.concat([bytes32(r), bytes32(s)]);
  }
}
