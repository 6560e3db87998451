// The app as a whole: health, the OpenAPI document against the route table, 404s, and bad input never a 500.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { testContext } from './test/context.ts';
import { allowedUser, fillPath, label, openapiPath } from './test/routes.ts';

const ctx = await testContext();
const routes = ctx.app.routeTable;

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<
    string,
    {
      content?: Record<
        string,
        {
          schema?: {
            anyOf?: { properties?: Record<string, unknown> }[];
            properties?: Record<string, unknown>;
          };
        }
      >;
    }
  >;
};
const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const visible = routes.filter((r) => !r.schema.hide);
const op = (r: (typeof routes)[number]) => openapi.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
/** A list answers {results, pages, count} (or a plain array with page_size=0). */
const isList = (o: Operation | undefined) => {
  const s = o?.responses?.['200']?.content?.['application/json']?.schema;
  const obj = s?.anyOf?.find((x) => x.properties) ?? s;
  return !!obj?.properties && 'pages' in obj.properties && 'count' in obj.properties;
};
const call = (
  r: (typeof routes)[number],
  opts: { url?: string; payload?: string; query?: Record<string, string> } = {},
) =>
  ctx.as(allowedUser(r.access), {
    method: r.method as 'GET',
    url: opts.url ?? fillPath(r.url),
    query: opts.query,
    ...(opts.payload === undefined
      ? {}
      : { payload: opts.payload, headers: { 'content-type': 'application/json' } }),
  });

describe('health', () => {
  it('answers status, database kind and version without signing in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: '1.0.1',
    });
  });
});

describe('compression', () => {
  it('compresses a large answer for a client that accepts it, and leaves small ones alone', async () => {
    const big = await ctx.as('admin', {
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});

describe('OpenAPI document', () => {
  it('lists every route of the route table', () => {
    const missing = visible.filter((r) => !op(r)).map(label);
    expect(missing).toEqual([]);
    expect(visible.length).toBeGreaterThan(10);
  });

  it('gives every route a response schema for its success answer', () => {
    const without = visible
      .filter((r) => {
        const codes = Object.keys(r.schema.response ?? {});
        return (
          !codes.some((c) => /^2/.test(c)) || !Object.keys(op(r)?.responses ?? {}).some((c) => /^2/.test(c))
        );
      })
      .map(label);
    expect(without).toEqual([]);
  });

  it('gives every operation a unique operationId, the token scheme where a login is needed, and its error answers', () => {
    const doc = openapi as unknown as {
      openapi: string;
      security: unknown;
      components: { securitySchemes: Record<string, { type: string; name: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    const ids = visible.map((r) => (op(r) as { operationId?: string } | undefined)?.operationId);
    const noSummary = visible.filter((r) => !(op(r) as { summary?: string } | undefined)?.summary).map(label);
    expect(noSummary).toEqual([]);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of visible) {
      const o = op(r) as Operation & { security?: unknown[] };
      expect(Object.keys(o.responses ?? {}), label(r)).toContain('400');
      if (r.access === 'public') expect(o.security, label(r)).toEqual([]);
      else expect(Object.keys(o.responses ?? {}), label(r)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('describes every download as the file it is: its content type with a binary string, never a shapeless JSON', () => {
    const shapeless: string[] = [];
    const notBinary: string[] = [];
    const downloads: string[] = [];
    for (const r of visible)
      for (const [code, answer] of Object.entries(op(r)?.responses ?? {}))
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          const schema = (media.schema ?? {}) as Record<string, unknown>;
          if (type === 'application/json') {
            // An answer with no type, shape or reference is a file (or anything) passed off as JSON.
            const keys = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'properties', 'const', 'enum'];
            if (!keys.some((k) => k in schema)) shapeless.push(`${label(r)} ${code}`);
          } else {
            downloads.push(`${r.method} ${r.url} ${type}`);
            if (schema.type !== 'string' || schema.format !== 'binary')
              notBinary.push(`${label(r)} ${code} ${type}`);
          }
        }
    expect({ shapeless, notBinary }).toEqual({ shapeless: [], notBinary: [] });
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(downloads).toEqual(
      expect.arrayContaining([
        `GET /api/tenders/:id/export_excel/ ${xlsx}`,
        'GET /api/tenders/:id/export_pdf/ application/pdf',
        `GET /api/tenders/:id/matrix/xlsx/ ${xlsx}`,
        `GET /api/tenders/:id/offer_sheet/ ${xlsx}`,
        'GET /api/tenders/:id/receipt_pdf/ application/pdf',
        'GET /api/black_lists/export_pdf/ application/pdf',
        'GET /api/get/:uuid text/csv',
        'GET /api/thumbnail/:w/:h/:uuid image/png',
      ]),
    );
  });

  it('serves a readable reference page at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });

  it('declares path parameters, and a body for every PATCH and PUT', () => {
    const noParams = visible.filter((r) => /[:*]/.test(r.url) && !r.schema.params).map(label);
    const noBody = visible.filter((r) => ['PATCH', 'PUT'].includes(r.method) && !r.schema.body).map(label);
    expect({ noParams, noBody }).toEqual({ noParams: [], noBody: [] });
  });

  it('gives every list the shared list query (page, page_size, ids, search, ordering)', () => {
    const lists = visible.filter((r) => r.method === 'GET' && isList(op(r)));
    expect(lists.map(label)).toContain('GET /api/groups/');
    const bad = lists
      .filter((r) => {
        const names = (op(r)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        return !['page', 'page_size', 'ids', 'search', 'ordering'].every((n) => names.includes(n));
      })
      .map(label);
    expect(bad).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answers 404 not_found for an unknown /api path or method, signed in or not', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing/'],
      ['POST', '/api/groups/1/nothing/'],
      ['DELETE', '/api/groups/1/'],
      ['GET', '/api/groups'],
    ] as const) {
      for (const role of [null, 'admin'] as const) {
        const res = await ctx.as(role, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'not_found' });
      }
    }
  });

  it('serves the web app for other GETs when it is built, and still 404 JSON under /api', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    const app = await buildApp({ config: testConfig({ WEB_DIST: dir }), database: ctx.database });
    try {
      const page = await app.inject({ method: 'GET', url: '/setup/groups' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>portal</title>');
      const api = await app.inject({ method: 'GET', url: '/api/nothing/' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'not_found' });
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('sends a script as the build compressed it to a browser that accepts it, and plain to one that does not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('sõna '.repeat(2000))};\n`;
    const file = path.join(dir, 'assets', 'app-1.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await buildApp({ config: testConfig({ WEB_DIST: dir }), database: ctx.database });
    try {
      for (const [accept, encoding, decode] of [
        ['br, gzip', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
        ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
        ['identity', undefined, (b: Buffer) => b],
      ] as const) {
        const res = await app.inject({
          method: 'GET',
          url: '/assets/app-1.js',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-type'], accept).toMatch(/javascript/);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        // The very bytes the build wrote (not compressed again), and they unpack to the script.
        if (encoding)
          expect(res.rawPayload.equals(fs.readFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(
            true,
          );
        expect(decode(res.rawPayload).toString(), accept).toBe(script);
        // Hashed names never change content: cached for a year; the body depends on accept-encoding.
        expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      }
      const head = await app.inject({ method: 'HEAD', url: '/assets/app-1.js' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      // A script that is not there is a 404, not the index page a script tag would try to run.
      for (const url of ['/assets/app-2.js', '/assets/deeper/app-1.js', '/assets/%2e%2e%2findex.html']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.body, url).not.toContain('<title>');
      }
      // Files beside the index page: served, cached for an hour; the index page itself is never cached.
      const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/svg+xml');
      expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
      const index = await app.inject({ method: 'GET', url: '/index.html' });
      expect(index.headers['cache-control']).toBe('no-cache');
      // With the web app built, the API reference still answers, and lists the API alone.
      const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(openapi.statusCode).toBe(200);
      const paths = Object.keys(openapi.json().paths);
      expect(paths.length).toBeGreaterThan(50);
      expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bad input is a 400, never a 500', () => {
  it('answers malformed JSON with invalid_json', async () => {
    for (const payload of ['{"name": ', '{name: 1}', '\u0000']) {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: '/api/groups/',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['invalid_json'] });
    }
  });

  it('answers a repeated query key, a foreign content type and an oversized body without a 500', async () => {
    let res = await ctx.as('admin', { method: 'GET', url: '/api/groups/?page=1&page=2&search=a&search=b' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['page', 'search']);
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/groups/',
      payload: '<name>x</name>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'unsupported_media_type' });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/groups/',
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'too_large' });
  });

  it('answers wrong types with field keys', async () => {
    let res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 12, is_active: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['invalid'], is_active: ['invalid'] });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/warehouses/${ctx.warehouse.id}/`,
      payload: { group: '1', is_active: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ group: ['not_a_number'], is_active: ['required'] });
    res = await ctx.as('admin', { method: 'GET', url: '/api/groups/abc/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['invalid_id'] });
  });

  it('refuses a body of the wrong shape on every route that takes one', async () => {
    const wrong: string[] = [];
    for (const r of visible.filter((x) => x.schema.body)) {
      for (const payload of ['[]', '"text"', '42', 'null']) {
        const res = await call(r, { payload });
        if (res.statusCode !== 400)
          wrong.push(`${label(r)} with ${payload} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses nonsense path values on every route with parameters (400 or 404, never 500)', async () => {
    const wrong: string[] = [];
    for (const r of visible.filter((x) => /[:*]/.test(x.url))) {
      for (const value of ['abc', '0', '-1', '1e3', '99999999999999999999', '%27%3B--']) {
        const res = await call(r, { url: fillPath(r.url, value), payload: r.schema.body ? '[]' : undefined });
        if (![400, 404].includes(res.statusCode))
          wrong.push(`${label(r)} with ${value} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses bad list queries on every list (the shared list mechanism is in use)', async () => {
    const wrong: string[] = [];
    const lists = visible.filter((r) => r.method === 'GET' && isList(op(r)));
    for (const r of lists) {
      const cases: [Record<string, string>, string][] = [
        [{ page: '0' }, 'page'],
        [{ page_size: '10000' }, 'page_size'],
        [{ ids: 'a' }, 'ids'],
        [{ ordering: 'no_such_field_xyz' }, 'ordering'],
      ];
      for (const [query, key] of cases) {
        const res = await call(r, { query });
        const ok = res.statusCode === 400 ? key in res.json() : /[:*]/.test(r.url) && res.statusCode === 404;
        if (!ok)
          wrong.push(
            `${label(r)} ?${new URLSearchParams(query)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('bad text and dates never break the server (issue "Tender trust" §6)', () => {
  const NUL = String.fromCharCode(0);
  type Schema = { properties?: Record<string, { type?: string | string[]; anyOf?: { type?: string }[] }> };
  const bodySchema = (r: (typeof routes)[number]) =>
    (op(r)?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.[
      'application/json'
    ]?.schema;
  const isText = (p: { type?: string | string[]; anyOf?: { type?: string }[] }) =>
    p.type === 'string' ||
    (Array.isArray(p.type) && p.type.includes('string')) ||
    !!p.anyOf?.some((x) => x.type === 'string');

  it('a NUL byte in the search of every list is never a 5xx', async () => {
    const wrong: string[] = [];
    for (const r of visible.filter((x) => x.method === 'GET' && isList(op(x)))) {
      for (const search of [`a${NUL}b`, NUL, `${NUL}%`]) {
        const res = await call(r, { query: { search } });
        if (res.statusCode >= 500) wrong.push(`${label(r)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a NUL byte in every text field of every body is never a 5xx', async () => {
    const wrong: string[] = [];
    for (const r of visible.filter((x) => x.schema.body)) {
      const props = bodySchema(r)?.properties ?? {};
      const text = Object.entries(props).filter(([, p]) => isText(p));
      if (!text.length) continue;
      const payload = JSON.stringify(Object.fromEntries(text.map(([k]) => [k, `a${NUL}b`])));
      const res = await call(r, { payload });
      if (res.statusCode >= 500) wrong.push(`${label(r)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a NUL byte in names with the field, and a name of invisible characters alone', async () => {
    const cases: [string, string, object, string, string][] = [
      ['POST', '/api/producers/', { name: `Bo${NUL}sch` }, 'name', 'invalid_characters'],
      ['POST', '/api/groups/', { name: `Bussid${NUL}` }, 'name', 'invalid_characters'],
      ['POST', '/api/groups/', { name: '\u200b' }, 'name', 'blank'],
      ['POST', '/api/groups/', { name: ' \u00a0 ' }, 'name', 'blank'],
      ['POST', '/api/warehouses/', { name: `Ladu${NUL}`, group: ctx.group.id }, 'name', 'invalid_characters'],
      ['POST', '/api/warehouses/', { name: '\u200b\u200b', group: ctx.group.id }, 'name', 'blank'],
      [
        'POST',
        '/api/modules/',
        { name: `Directo${NUL}`, url: 'https://directo.example/x', key: 'k' },
        'name',
        'invalid_characters',
      ],
      [
        'POST',
        '/api/modules/',
        { name: '\u200b', url: 'https://directo.example/x', key: 'k' },
        'name',
        'blank',
      ],
    ];
    for (const [method, url, payload, field, key] of cases) {
      const res = await ctx.as('admin', { method: method as 'POST', url, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json()[field], `${url} ${JSON.stringify(payload)}`).toEqual([key]);
    }
    const login = await ctx.as(null, {
      method: 'POST',
      url: '/api/login/',
      payload: { email: `admin${NUL}@demo.ee`, password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ email: ['invalid_characters'] });
    const templates = await ctx.as('admin', { method: 'GET', url: '/api/email_templates/?page_size=1' });
    const tpl = templates.json().results?.[0];
    if (tpl) {
      const res = await ctx.as('admin', {
        method: 'PATCH',
        url: `/api/email_templates/${tpl.id}/`,
        payload: { subject: `Hi${NUL}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ subject: ['invalid_characters'] });
    }
  });

  it('tender dates are strict ISO within 2000–2100 and every rule is checked before writing', async () => {
    const { createDraft, isoIn, buildLines } = await import('./test/tenders.ts');
    const [line] = await buildLines(ctx, 1);
    const id = await createDraft(ctx, { lines: [{ id: line.id }] });
    const before = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` })).json();
    const patch = (payload: object) =>
      ctx.as('admin', { method: 'PATCH', url: `/api/tenders/${id}/`, payload });
    let res = await patch({ start: isoIn(300), finish: isoIn(200) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ start: ['start_before_finish'] });
    for (const bad of [
      '0',
      '1',
      '2026',
      '1999-12-31T10:00:00Z',
      '2101-01-01T00:00:00Z',
      '+020260-01-01T00:00:00.000Z',
      '2026-02-30T10:00:00Z',
      '2026-12-01T25:00:00Z',
      'Tue, 01 Dec 2026 10:00:00 GMT',
    ]) {
      res = await patch({ start: bad });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json(), bad).toEqual({ start: ['invalid_date'] });
      res = await ctx.as('admin', {
        method: 'POST',
        url: '/api/tenders/',
        payload: { start: isoIn(60), finish: bad, group: ctx.group.id, warehouse: ctx.warehouse.id },
      });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json(), bad).toEqual({ finish: ['invalid_date'] });
    }
    const after = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` })).json();
    expect([after.start, after.finish]).toEqual([before.start, before.finish]);
    // quantities on lines are above 0
    for (const qty of ['0', '-1', '0.0000']) {
      res = await patch({ details: [{ id: line.id, qty }] });
      expect(res.statusCode, qty).toBe(400);
      expect(res.json()).toEqual({ 'details.0.qty': ['positive_quantity'] });
    }
    // list filters
    for (const bad of ['0', '0000-01-01', '99999-01-01', '2026-13-01', `2026-01-01${NUL}`]) {
      res = await ctx.as('admin', { method: 'GET', url: '/api/tenders/', query: { filter_start: bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ filter_start: ['invalid_date'] });
    }
  });

  it('a delivery date more than 5 years ahead, or "0", is refused on the offer line', async () => {
    const { buildTender, offer, offerLine, dateIn } = await import('./test/tenders.ts');
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    for (const [date, key] of [
      [dateIn(5 * 366 + 2), 'delivery_date_too_far'],
      ['0', 'delivery_date_should_exist'],
      ['9999-12-31', 'delivery_date_too_far'],
    ] as const) {
      const res = await offer(ctx, 'supplier', t.id, [
        { detail: t.lines[0], offers: [offerLine(t.producers[0], '12.50', { delivery_date: date })] },
      ]);
      expect(res.statusCode, `${date}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), date).toContain(key);
    }
    const ok = await offer(ctx, 'supplier', t.id, [
      {
        detail: t.lines[0],
        offers: [offerLine(t.producers[0], '12.50', { delivery_date: dateIn(4 * 365) })],
      },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('security headers on every answer', () => {
  it('carries them on 200, 400, 401, 403 and 404, with no-store under /api', async () => {
    const answers = [
      await ctx.as('admin', { method: 'GET', url: '/api/groups/' }),
      await ctx.as('admin', { method: 'GET', url: '/api/groups/?page=0' }),
      await ctx.as(null, { method: 'GET', url: '/api/groups/' }),
      await ctx.as(null, {
        method: 'GET',
        url: '/api/groups/',
        headers: { authorization: 'Token nonsense' },
      }),
      await ctx.as('supplier', { method: 'GET', url: '/api/tenders/1/history/' }),
      await ctx.as('admin', { method: 'GET', url: '/api/no-such-thing/' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 401, 401, 403, 404]);
    for (const a of answers) {
      expect(a.headers['x-content-type-options'], String(a.statusCode)).toBe('nosniff');
      expect(a.headers['content-security-policy'], String(a.statusCode)).toContain("default-src 'self'");
      expect(a.headers['x-frame-options'], String(a.statusCode)).toBe('SAMEORIGIN');
      expect(a.headers['referrer-policy'], String(a.statusCode)).toBe('no-referrer');
      expect(a.headers['strict-transport-security'], String(a.statusCode)).toMatch(/^max-age=\d+/);
      expect(a.headers['cross-origin-opener-policy'], String(a.statusCode)).toBe('same-origin');
      expect(a.headers['cache-control'], String(a.statusCode)).toBe('no-store');
    }
  });
});
