// X.509 pieces the eID methods share: read a user certificate (subject, validity, key usage, extended key
// usage, policies), check that a trusted CA issued it, verify a signature with its key. Pure: no database,
// no configuration, so the Web eID validator and the simulators can use it from any program.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Certificate,
  CertificatePolicies,
  ExtendedKeyUsage,
  id_ce_certificatePolicies,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  type Name,
} from '@peculiar/asn1-x509';

export const OID = {
  country: '2.5.4.6',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  serialNumber: '2.5.4.5',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

/** Certificate policies of SK's Mobile-ID certificates: not accepted for ID-card login (Web eID). */
export const MOBILE_ID_POLICIES = ['1.3.6.1.4.1.10015.1.3', '1.3.6.1.4.1.10015.11.1'];
/** Smart-ID certificate policies by level (SK ID Solutions certification practice). */
export const SMART_ID_POLICIES = {
  QUALIFIED: '1.3.6.1.4.1.10015.17.2',
  ADVANCED: '1.3.6.1.4.1.10015.17.1',
} as const;

export class CertificateError extends Error {
  readonly code: string;
  constructor(code: string, message = code) {
    super(message);
    this.code = code;
  }
}

export interface ParsedCertificate {
  der: Buffer;
  x509: crypto.X509Certificate;
  notBefore: Date;
  notAfter: Date;
  subject: {
    country: string | null;
    commonName: string | null;
    givenName: string | null;
    surname: string | null;
    serialNumber: string | null;
  };
  /** Key usage bits (KeyUsageFlags), or null when the extension is missing. */
  keyUsage: number | null;
  /** Extended key usage OIDs, or null when the extension is missing. */
  extendedKeyUsage: string[] | null;
  policies: string[];
  publicKey: crypto.KeyObject;
}

function nameAttr(name: Name, oid: string): string | null {
  for (const rdn of name) for (const atv of rdn) if (atv.type === oid) return atv.value.toString();
  return null;
}

/** Reads a DER certificate (or base64 of one); throws CertificateError('certificate_unreadable'). */
export function parseCertificate(input: Uint8Array | string): ParsedCertificate {
  try {
    const der = typeof input === 'string' ? Buffer.from(input, 'base64') : Buffer.from(input);
    if (der.length < 16) throw new Error('too short');
    const cert = AsnConvert.parse(der, Certificate);
    const x509 = new crypto.X509Certificate(der);
    const tbs = cert.tbsCertificate;
    let keyUsage: number | null = null;
    let extendedKeyUsage: string[] | null = null;
    let policies: string[] = [];
    for (const ext of tbs.extensions ?? []) {
      const raw = ext.extnValue.buffer;
      if (ext.extnID === id_ce_keyUsage) keyUsage = AsnConvert.parse(raw, KeyUsage).toNumber();
      else if (ext.extnID === id_ce_extKeyUsage)
        extendedKeyUsage = [...AsnConvert.parse(raw, ExtendedKeyUsage)].map(String);
      else if (ext.extnID === id_ce_certificatePolicies)
        policies = [...AsnConvert.parse(raw, CertificatePolicies)].map((p) => p.policyIdentifier);
    }
    return {
      der,
      x509,
      notBefore: tbs.validity.notBefore.getTime(),
      notAfter: tbs.validity.notAfter.getTime(),
      subject: {
        country: nameAttr(tbs.subject, OID.country),
        commonName: nameAttr(tbs.subject, OID.commonName),
        givenName: nameAttr(tbs.subject, OID.givenName),
        surname: nameAttr(tbs.subject, OID.surname),
        serialNumber: nameAttr(tbs.subject, OID.serialNumber),
      },
      keyUsage,
      extendedKeyUsage,
      policies,
      publicKey: x509.publicKey,
    };
  } catch (err) {
    if (err instanceof CertificateError) throw err;
    throw new CertificateError('certificate_unreadable');
  }
}

export const hasDigitalSignature = (c: ParsedCertificate) =>
  c.keyUsage !== null && (c.keyUsage & KeyUsageFlags.digitalSignature) !== 0;

/** Valid at `now`: throws certificate_not_yet_valid / certificate_expired. */
export function checkValidity(c: ParsedCertificate, now: Date, prefix = 'certificate') {
  if (now < c.notBefore) throw new CertificateError(`${prefix}_not_yet_valid`);
  if (now > c.notAfter) throw new CertificateError(`${prefix}_expired`);
}

/**
 * The user certificate was issued by one of the trusted CA certificates (the issuer's name matches and its key
 * verifies the certificate's signature) and that CA is valid at `now`. Throws certificate_not_trusted.
 */
export function checkTrusted(c: ParsedCertificate, trusted: ParsedCertificate[], now: Date) {
  for (const ca of trusted) {
    if (!c.x509.checkIssued(ca.x509)) continue;
    if (!c.x509.verify(ca.publicKey)) continue;
    checkValidity(ca, now, 'ca_certificate');
    return ca;
  }
  throw new CertificateError('certificate_not_trusted');
}

/** The identity in a certificate subject: serialNumber PNOEE-38001085718 (or the bare code of older cards). */
export function identityOf(c: ParsedCertificate) {
  const serial = c.subject.serialNumber ?? '';
  const m = /^(?:PNO([A-Z]{2})-)?(\d{11})$/.exec(serial);
  if (!m) throw new CertificateError('certificate_no_identity');
  return {
    personalCode: m[2],
    country: m[1] ?? c.subject.country ?? 'EE',
    givenName: c.subject.givenName ?? '',
    surname: c.subject.surname ?? '',
  };
}
export type Identity = ReturnType<typeof identityOf>;

/** Verifies a signature made with the certificate's key over `data` (RSA PKCS#1 v1.5, RSA-PSS, or ECDSA r‖s). */
export function verifySignature(
  key: crypto.KeyObject,
  hash: 'sha256' | 'sha384' | 'sha512',
  data: Uint8Array,
  signature: Uint8Array,
  opts: { pss?: boolean } = {},
): boolean {
  try {
    if (key.asymmetricKeyType === 'ec')
      return crypto.verify(hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    if (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss')
      return crypto.verify(
        hash,
        data,
        opts.pss
          ? {
              key,
              padding: crypto.constants.RSA_PKCS1_PSS_PADDING,
              saltLength: crypto.constants.RSA_PSS_SALTLEN_DIGEST,
            }
          : { key, padding: crypto.constants.RSA_PKCS1_PADDING },
        signature,
      );
    return false;
  } catch {
    return false;
  }
}

/** Reads every PEM or DER certificate in a folder (files ending .pem, .crt, .cer, .der). */
export function loadCaDir(dir: string | undefined): ParsedCertificate[] {
  if (!dir || !fs.existsSync(dir)) return [];
  const out: ParsedCertificate[] = [];
  for (const f of fs.readdirSync(dir).sort()) {
    if (!/\.(pem|crt|cer|der)$/i.test(f)) continue;
    out.push(...parseCertificateFile(fs.readFileSync(path.join(dir, f))));
  }
  return out;
}

/** One DER certificate, or every certificate of a PEM bundle. */
export function parseCertificateFile(buf: Buffer): ParsedCertificate[] {
  const text = buf.toString('latin1');
  if (text.includes('-----BEGIN CERTIFICATE-----')) {
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    return blocks.map((b) => parseCertificate(b.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')));
  }
  return [parseCertificate(buf)];
}
