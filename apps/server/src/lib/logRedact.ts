// The request log never holds a secret from a URL (issue 35): a reset or invitation link carries its single-use key
// in the query (`/reset?key=…`), and a log line must not let its reader set someone's password.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = new Set(['key', 'token', 'password', 'password1', 'password2', 'code', 'state']);

/** The URL with the values of secret query parameters replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Fastify's logger options: the level, and the request as logged (Fastify's own fields, the URL redacted). */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
