// The Web eID browser extension's page protocol (the one the web-eid.js library speaks): the page posts
// {action: 'web-eid:authenticate', challengeNonce, …} to itself; the extension acknowledges within a moment
// and later answers web-eid:authenticate-success with the authentication token or -failure with an error code.
// No acknowledgement means no extension. A page that loads the web-eid.js library as window.webeid uses it.

export interface WebEidAuthToken {
  unverifiedCertificate: string;
  algorithm: string;
  signature: string;
  format: string;
  appVersion?: string;
}

/** The extension (or its native application) is not there. */
export class WebEidUnavailable extends Error {}
/** The extension answered with an error (code such as ERR_WEBEID_USER_CANCELLED). */
export class WebEidFailure extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

const LIBRARY_VERSION = '2.0.0';
const UNAVAILABLE_CODES = new Set([
  'ERR_WEBEID_EXTENSION_UNAVAILABLE',
  'ERR_WEBEID_NATIVE_UNAVAILABLE',
  'ERR_WEBEID_VERSION_MISMATCH',
]);

type WebEidGlobal = { authenticate(nonce: string, options?: { lang?: string }): Promise<WebEidAuthToken> };

export function webEidAuthenticate(
  challengeNonce: string,
  lang: string,
  { ackTimeoutMs = 2000, timeoutMs = 240_000 } = {},
): Promise<WebEidAuthToken> {
  const lib = (window as unknown as { webeid?: WebEidGlobal }).webeid;
  if (lib?.authenticate)
    return lib.authenticate(challengeNonce, { lang }).catch((err: { code?: string }) => {
      const code = String(err?.code ?? 'ERR_WEBEID_UNKNOWN_ERROR');
      throw UNAVAILABLE_CODES.has(code) ? new WebEidUnavailable(code) : new WebEidFailure(code);
    });

  return new Promise((resolve, reject) => {
    let acked = false;
    const done = (fn: () => void) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(ackTimer);
      clearTimeout(allTimer);
      fn();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || !event.data || typeof event.data.action !== 'string') return;
      const data = event.data as { action: string; error?: { code?: string } } & Partial<WebEidAuthToken>;
      if (data.action === 'web-eid:authenticate-ack') {
        acked = true;
        clearTimeout(ackTimer);
      } else if (data.action === 'web-eid:authenticate-success') {
        done(() =>
          resolve({
            unverifiedCertificate: String(data.unverifiedCertificate ?? ''),
            algorithm: String(data.algorithm ?? ''),
            signature: String(data.signature ?? ''),
            format: String(data.format ?? ''),
            appVersion: data.appVersion,
          }),
        );
      } else if (data.action === 'web-eid:authenticate-failure') {
        const code = String(data.error?.code ?? 'ERR_WEBEID_UNKNOWN_ERROR');
        done(() =>
          reject(UNAVAILABLE_CODES.has(code) ? new WebEidUnavailable(code) : new WebEidFailure(code)),
        );
      }
    };
    const ackTimer = setTimeout(() => {
      if (!acked) done(() => reject(new WebEidUnavailable('ERR_WEBEID_EXTENSION_UNAVAILABLE')));
    }, ackTimeoutMs);
    const allTimer = setTimeout(
      () => done(() => reject(new WebEidFailure('ERR_WEBEID_USER_TIMEOUT'))),
      timeoutMs,
    );
    window.addEventListener('message', onMessage);
    window.postMessage(
      { action: 'web-eid:authenticate', libraryVersion: LIBRARY_VERSION, challengeNonce, options: { lang } },
      window.location.origin,
    );
  });
}
