// Checks an answer of Smart-ID or Mobile-ID before we believe it: the certificate chains to a trusted CA and
// is valid now, the signature made with its key verifies over the hash we sent, and the certificate names the
// person we asked about. Returns the identity, or the status that explains the refusal.
import type { EidStatus } from '@portal/shared';
import type { Challenge } from './codes.ts';
import {
  CertificateError,
  checkTrusted,
  checkValidity,
  type Identity,
  identityOf,
  type ParsedCertificate,
  parseCertificate,
  verifySignature,
} from './x509.ts';

export type Verdict =
  | { ok: true; identity: Identity; cert: ParsedCertificate }
  | { ok: false; status: EidStatus };

export function verifyAnswer(a: {
  certBase64: string;
  signatureBase64: string;
  challenge: Challenge;
  personalCode: string;
  trusted: ParsedCertificate[];
  now: Date;
  /** Extra check of the certificate (Smart-ID: its level). */
  check?: (c: ParsedCertificate) => EidStatus | null;
}): Verdict {
  let cert: ParsedCertificate;
  try {
    cert = parseCertificate(a.certBase64);
    checkValidity(cert, a.now);
    checkTrusted(cert, a.trusted, a.now);
  } catch (err) {
    const code = err instanceof CertificateError ? err.code : '';
    return {
      ok: false,
      status:
        code.endsWith('expired') || code.endsWith('not_yet_valid')
          ? 'CERTIFICATE_EXPIRED'
          : 'CERTIFICATE_NOT_TRUSTED',
    };
  }
  const extra = a.check?.(cert);
  if (extra) return { ok: false, status: extra };
  const signature = Buffer.from(a.signatureBase64, 'base64');
  if (
    !signature.length ||
    !verifySignature(cert.publicKey, a.challenge.hashName, a.challenge.data, signature)
  )
    return { ok: false, status: 'SIGNATURE_INVALID' };
  let identity: Identity;
  try {
    identity = identityOf(cert);
  } catch {
    return { ok: false, status: 'CERTIFICATE_NOT_TRUSTED' };
  }
  if (identity.personalCode !== a.personalCode || identity.country !== 'EE')
    return { ok: false, status: 'IDENTITY_MISMATCH' };
  return { ok: true, identity, cert };
}
