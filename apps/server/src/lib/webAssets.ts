// The built web app's files (scripts, stylesheets, fonts, images), served from memory: read once at start, each
// answer one buffer. Those under assets/ carry a hash of their content in their names, so browsers cache them for
// a year. A signed-in page load asks for ~100 of them; through @fastify/static (a
// stat, a stream and a compressed variant per file) each cost the server about 1 ms of CPU, in the same event loop
// that builds the page's data answers (BENCHMARKS.md "The offer form's first row").
import fs from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

type Encoding = 'br' | 'gzip' | 'identity';

interface Asset {
  type: string;
  /** The file as built, and its .br and .gz beside it when the build wrote them (vite.config.ts `precompress`). */
  bodies: Partial<Record<Encoding, Buffer>>;
}

/** Every file under `dir` by its URL path ("/assets/app-1.js"), but the index page (the fallback sends it). */
export function readWebFiles(dir: string): Map<string, Asset> {
  const out = new Map<string, Asset>();
  const walk = (sub: string) => {
    const entries = fs.readdirSync(path.join(dir, sub), { withFileTypes: true });
    const present = new Set(entries.map((e) => e.name));
    for (const e of entries) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      if (!e.isFile() || /\.(br|gz)$/.test(e.name) || rel === 'index.html') continue;
      const file = path.join(dir, rel);
      const bodies: Asset['bodies'] = { identity: fs.readFileSync(file) };
      if (present.has(`${e.name}.br`)) bodies.br = fs.readFileSync(`${file}.br`);
      if (present.has(`${e.name}.gz`)) bodies.gzip = fs.readFileSync(`${file}.gz`);
      out.set(`/${rel}`, {
        type: TYPES[path.extname(e.name).toLowerCase()] ?? 'application/octet-stream',
        bodies,
      });
    }
  };
  walk('');
  return out;
}

/**
 * The web app's files from memory (GET and HEAD): the brotli or gzip body when the browser accepts it (and the
 * build wrote one), `vary: accept-encoding`; under /assets/ `cache-control: immutable` for a year, elsewhere (the
 * favicon) an hour. An unknown file under /assets/ is a plain 404, not the app's index page (which a script tag
 * would try to run); other unknown paths go on to the history-mode fallback.
 */
export function serveWebFiles(app: FastifyInstance, dir: string) {
  const files = readWebFiles(dir);
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });
  const send = (url: string, request: FastifyRequest, reply: FastifyReply) => {
    const file = files.get(url);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const header = request.headers['accept-encoding'];
    const wanted = typeof header === 'string' && header ? negotiator.negotiate(header) : null;
    const encoding: Encoding = wanted && file.bodies[wanted] ? wanted : 'identity';
    reply
      .type(file.type)
      .header(
        'cache-control',
        url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(file.bodies[encoding]);
  };
  // Not API routes: left out of the OpenAPI document (whose transform expects a schema on every route it lists).
  const options = { schema: { hide: true } };
  app.get<{ Params: { '*': string } }>('/assets/*', options, (request, reply) =>
    send(`/assets/${request.params['*']}`, request, reply),
  );
  for (const url of files.keys())
    if (!url.startsWith('/assets/')) app.get(url, options, (request, reply) => send(url, request, reply));
}
