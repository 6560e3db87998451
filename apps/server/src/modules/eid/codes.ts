// Verification codes the user compares on the phone, and the random hash both services sign.
import crypto from 'node:crypto';

/** Smart-ID: the last two bytes of SHA-256 of the hash, big-endian, mod 10000, as 4 digits. */
export function smartIdVerificationCode(hash: Uint8Array): string {
  const d = crypto.createHash('sha256').update(hash).digest();
  return String(d.readUInt16BE(d.length - 2) % 10000).padStart(4, '0');
}

/** Mobile-ID: ((h[0] & 0xFC) << 5) | (h[last] & 0x7F), as 4 digits. */
export function mobileIdVerificationCode(hash: Uint8Array): string {
  return String(((hash[0] & 0xfc) << 5) | (hash[hash.length - 1] & 0x7f)).padStart(4, '0');
}

export type HashName = 'sha256' | 'sha384' | 'sha512';

/** 64 random bytes and their hash: the service signs the hash, we verify the signature over the bytes. */
export function randomChallenge(hash: HashName) {
  const data = crypto.randomBytes(64);
  return { data, hash: crypto.createHash(hash).update(data).digest(), hashName: hash };
}
export type Challenge = ReturnType<typeof randomChallenge>;
