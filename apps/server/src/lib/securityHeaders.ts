// The security headers every answer carries, worked out once at start: helmet's middleware run on a stand-in
// response. (@fastify/helmet builds a new helmet middleware, parsing the content security policy again, for every
// request: about a tenth of a millisecond of CPU per answer.)
import helmet, { type HelmetOptions } from 'helmet';

export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
