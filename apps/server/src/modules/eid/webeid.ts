// Web eID authentication token validator (format web-eid:1): the ID card signs hash(origin) ‖ hash(nonce) with
// its authentication key; we check the token's shape, the certificate (validity at `now`, key usage
// digitalSignature, extended key usage clientAuth, no disallowed policy such as Mobile-ID's, issued by a
// trusted CA that is itself valid) and the signature. It opens no database and reads no configuration, so any
// program can call it; the challenge nonce's single use is the caller's job.
import crypto from 'node:crypto';
import {
  CertificateError,
  checkTrusted,
  checkValidity,
  hasDigitalSignature,
  type Identity,
  identityOf,
  MOBILE_ID_POLICIES,
  OID,
  type ParsedCertificate,
  parseCertificate,
  parseCertificateFile,
  verifySignature,
} from './x509.ts';

export { CertificateError as WebEidError };

export interface WebEidToken {
  unverifiedCertificate: string;
  algorithm: string;
  signature: string;
  format: string;
  appVersion?: string;
}

const ALGORITHMS: Record<string, { hash: 'sha256' | 'sha384' | 'sha512'; pss?: boolean }> = {
  ES256: { hash: 'sha256' },
  ES384: { hash: 'sha384' },
  ES512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pss: true },
  PS384: { hash: 'sha384', pss: true },
  PS512: { hash: 'sha512', pss: true },
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
};

export interface WebEidOptions {
  /** The nonce the server issued (base64 of at least 32 random bytes). */
  challengeNonce: string;
  /** The site origin the browser signed, e.g. https://portal.example.ee (no path, no trailing slash). */
  origin: string;
  /** Trusted issuing CA certificates: parsed, DER bytes, base64 DER or PEM text. */
  trustedCaCerts: Array<ParsedCertificate | Uint8Array | string>;
  now: Date;
  /** Certificate policies refused (default: SK's Mobile-ID policies). */
  disallowedPolicies?: string[];
}

function toParsed(c: ParsedCertificate | Uint8Array | string): ParsedCertificate[] {
  if (typeof c === 'string')
    return c.includes('-----BEGIN') ? parseCertificateFile(Buffer.from(c)) : [parseCertificate(c)];
  if (c instanceof Uint8Array) return parseCertificateFile(Buffer.from(c));
  return [c];
}

const isB64 = (s: unknown): s is string =>
  typeof s === 'string' && s.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(s);

/** Resolves to the identity in the certificate, or throws a WebEidError with a `code`. */
export async function validateWebEidToken(token: unknown, opts: WebEidOptions): Promise<Identity> {
  const t = token as Partial<WebEidToken> | null;
  if (!t || typeof t !== 'object') throw new CertificateError('webeid_token_invalid');
  if (typeof t.format !== 'string' || !/^web-eid:1(\.\d+)?$/.test(t.format))
    throw new CertificateError('webeid_token_invalid', 'unsupported token format');
  if (!isB64(t.unverifiedCertificate) || !isB64(t.signature))
    throw new CertificateError('webeid_token_invalid', 'certificate or signature missing');
  const algorithm = typeof t.algorithm === 'string' ? ALGORITHMS[t.algorithm] : undefined;
  if (!algorithm) throw new CertificateError('webeid_algorithm_unsupported');
  if (!opts.challengeNonce || opts.challengeNonce.length < 44)
    throw new CertificateError('webeid_nonce_invalid');
  if (!/^https:\/\/[^/]+$|^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(opts.origin))
    throw new CertificateError('webeid_origin_invalid');

  const cert = parseCertificate(t.unverifiedCertificate);
  checkValidity(cert, opts.now);
  if (!hasDigitalSignature(cert))
    throw new CertificateError('certificate_wrong_purpose', 'no digitalSignature');
  if (!cert.extendedKeyUsage?.includes(OID.clientAuth))
    throw new CertificateError('certificate_wrong_purpose', 'no clientAuth');
  const disallowed = opts.disallowedPolicies ?? MOBILE_ID_POLICIES;
  if (cert.policies.some((p) => disallowed.includes(p)))
    throw new CertificateError('certificate_disallowed_policy');
  checkTrusted(cert, opts.trustedCaCerts.flatMap(toParsed), opts.now);

  // The key must match the algorithm family the token names.
  const ec = cert.publicKey.asymmetricKeyType === 'ec';
  if (ec !== t.algorithm?.startsWith('ES'))
    throw new CertificateError('signature_invalid', 'algorithm/key mismatch');
  const digest = (s: string) => crypto.createHash(algorithm.hash).update(s, 'utf8').digest();
  const signed = Buffer.concat([digest(opts.origin), digest(opts.challengeNonce)]);
  if (!verifySignature(cert.publicKey, algorithm.hash, signed, Buffer.from(t.signature, 'base64'), algorithm))
    throw new CertificateError('signature_invalid');
  return identityOf(cert);
}
