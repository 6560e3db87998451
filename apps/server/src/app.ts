// Builds the Fastify instance: used by main.ts and by every API test (app.inject()).
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installGuard } from './lib/auth.ts';
import { installBulkhead, KeyedLimiter } from './lib/bulkhead.ts';
import { installErrorHandler, installNotFound } from './lib/errors.ts';
import { loggerOptions } from './lib/logRedact.ts';
import { createMetrics } from './lib/metrics.ts';
import { openApiOptions } from './lib/openapi.ts';
import { OutboxWorker } from './lib/outbox.ts';
import { Scheduler } from './lib/scheduler.ts';
import { rateLimitStore } from './modules/auth/throttle.ts';
import { outboxHandlers, routeModules, schedulerHooks } from './modules/index.ts';

/** /robots.txt: the portal is a private back office; only its front page may be indexed. */
export const ROBOTS = 'User-agent: *\nAllow: /$\nDisallow: /\n';

export type { ZApp } from './lib/http.ts';

export async function buildApp(opts: { config: Config; database: Database }) {
  const { config, database } = opts;
  const app = Fastify({
    // The request log redacts secrets in URLs (a reset link's key).
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Registering every module's routes (and compiling their schemas) takes ~1 s, but far longer on a machine busy
    // with other work: Fastify's default of 10 s per plugin failed starts (and tests) there.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('longDb', database.longDb);
  app.decorate('dbKind', database.kind);
  app.decorate('database', database);
  app.decorate('lifecycle', { stopping: false });
  app.decorate('metrics', createMetrics(app, database));
  app.decorate('config', config);
  installErrorHandler(app);
  // Security headers and no-store come before the token guard, so 401 and 403 answers carry them too.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    done();
  });
  // While stopping, each answer closes its connection (also one whose request came before the stop), so a
  // keep-alive client does not hold the stop open.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  // The reference page's own links are relative to /api/docs/: without the slash they would leave /api (issue 35).
  app.addHook('onRequest', async (request, reply) => {
    const [pathPart, query] = request.url.split(/\?(.*)/s, 2);
    if (pathPart === '/api/docs') return reply.redirect(`/api/docs/${query ? `?${query}` : ''}`, 301);
  });
  installGuard(app, database.db, config.TOKEN_IDLE_HOURS);
  // A quarter of the pool at most for the writes to any one tender or line (lib/bulkhead.ts).
  installBulkhead(
    app,
    new KeyedLimiter(
      Math.max(2, Math.floor(config.DB_POOL_SIZE / 4)),
      Math.max(1_000, config.DB_LOCK_TIMEOUT_MS),
    ),
  );

  // A tender view answers thousands of lines (2 MB of JSON at 1,000 lines × 3 offers): gzip/brotli above 1 KB.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Per-route limits count in PostgreSQL, so they hold across replicas (modules/auth/throttle.ts).
  await app.register(rateLimit, { global: false, store: rateLimitStore(database.db) });
  await app.register(swagger, openApiOptions());

  const scheduler = new Scheduler(database.db, schedulerHooks(app), app.log);
  const outbox = new OutboxWorker(database.db, outboxHandlers(app), app.log, {
    leaseMs: config.OUTBOX_LEASE_MS,
  });
  app.decorate('scheduler', scheduler);
  app.decorate('outbox', outbox);

  await app.register(
    async (api) => {
      for (const mod of routeModules) await api.register(mod);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(swaggerUi, {
        routePrefix: '/docs',
        uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
        staticCSP: true,
      });
    },
    { prefix: '/api' },
  );

  // The built web app, with history-mode fallback to index.html for every other GET outside /api and /assets
  // (lib/errors.ts installNotFound). The build writes .br and .gz beside every script and stylesheet
  // (vite.config.ts `precompress`): sent as they are to a browser that accepts them. Names under assets/ carry a hash
  // of their content: cached for a year; other files (the favicon) for an hour; the index page never.
  let indexHtml: Buffer | null = null;
  if (fs.existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Not API routes: left out of the OpenAPI document (whose transform expects a schema on every route it lists).
      schemaHide: true,
      setHeaders: (reply, file) => {
        const rel = path.relative(config.WEB_DIST, file);
        reply.header(
          'cache-control',
          rel === 'index.html'
            ? 'no-cache'
            : rel.startsWith(`assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
    const page = fs.readFileSync(path.join(config.WEB_DIST, 'index.html'));
    indexHtml = page;
    // The front page itself: the static plugin answers a directory (index: false) with 403.
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(page),
    );
  }
  // Search engines may read the front page (login and registration) and nothing else.
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS),
  );
  installNotFound(app, indexHtml);
  return app;
}
