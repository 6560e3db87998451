// A tiny JSON-over-HTTP server for the eID simulators (node:http, port 0 = a free port).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}) => Promise<{ status: number; body?: unknown }>;

export async function serveJson(handler: Handler, opts: { host?: string; port?: number } = {}) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let body: unknown = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"title":"Bad Request"}');
        return;
      }
      try {
        const out = await handler({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          body,
        });
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(out.body === undefined ? '' : JSON.stringify(out.body));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ title: 'Internal Server Error', detail: String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
