// What the server answers outside the API's routes (issue 35): the API reference without its trailing slash, the
// reference's assets asked for from a wrong base, a missing file, robots.txt, and the web app's own screens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testContext } from '../test/context.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Hankeportaal</title>');
const ctx = await testContext({ WEB_DIST: dist });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('paths outside the API routes', () => {
  it('sends /api/docs to /api/docs/, which shows the reference', async () => {
    let res = await get('/api/docs');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/api/docs/');
    expect((await get('/api/docs?x=1')).headers.location).toBe('/api/docs/?x=1');
    res = await get('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('answers 404, not the web app, for reference assets outside /api and for missing files', async () => {
    for (const url of [
      '/docs/static/index.css',
      '/docs/static/swagger-ui-bundle.js',
      '/assets/gone.js',
      '/x.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });

  it('serves a real robots.txt and the web app for its screens', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toBe('User-agent: *\nAllow: /$\nDisallow: /\n');
    for (const url of ['/', '/tenders', '/tenders/12/export', '/reset?key=abc.def']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Hankeportaal</title>');
    }
  });
});
