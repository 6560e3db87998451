import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The login screen's first load (main.tsx's static imports: React, the login screen, its words and the session
// helpers) as one chunk, so the login is a handful of requests rather than one per shared module; the app's own
// chunks import React from it.
const FIRST_LOAD = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]`,
    String.raw`[\\/]src[\\/]app[\\/](LoginPage\.tsx|EidLogin\.tsx|loginParts\.tsx|loginText\.ts|login\.css|screens\.ts)$`,
    String.raw`[\\/]src[\\/]i18n[\\/](language\.ts|et\.json|ru\.json|en\.json)$`,
    String.raw`[\\/]src[\\/]lib[\\/](api|session|phone|webeid)\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/](Logo\.tsx|termsItems\.ts)$`,
    String.raw`[\\/]packages[\\/]shared[\\/]src[\\/](defined|limits|eidPhone)\.ts$`,
  ].join('|'),
);

/** Module path patterns (either separator) of the chunk groups below. */
const under = (...parts: string[]) =>
  new RegExp(parts.map((p) => p.replaceAll('/', String.raw`[\\/]`)).join('|'));

/** The shared package's modules that build zod schemas when they load (its other modules are plain values). */
const SHARED_SCHEMA_FILES =
  '/packages/shared/src/(accounts|businessCentral|catalogue|eid|files|parts|people|preorders|reports|tenders|text).ts$';

/**
 * The signed-in app's code in a few chunks instead of ~90 (BENCHMARKS.md, "Issue 13: the signed-in app in a few
 * chunks"): antd and the libraries under it, the icons, and the app's own shared modules (`lib`, `components`, the
 * shared package, the router, the query cache, i18next) each in one chunk. Every file a page loads costs the browser
 * a request and a task to start it, and the server a response; the offer form had loaded 88 scripts. A route's own
 * modules stay in its chunk, and the heavy libraries a single screen imports lazily (ExcelJS, pdfmake, the charts)
 * stay in theirs. `common` takes a module only when two chunks share it and not its dependencies (they are in the
 * groups above it or stay where they are), so no library is pulled into it; `chunkGraphIsAcyclic` fails the build if
 * the chunks ever import each other in a circle, which would make a module run before one it needs.
 */
const GROUPS = [
  { name: 'first-load', test: FIRST_LOAD, priority: 4 },
  { name: 'icons', test: under('/node_modules/@ant-design/icons'), priority: 3 },
  // zod and the shared package's schema modules on their own: only the screens that validate with those schemas
  // load them (registration, password recovery), not every signed-in page through `common` (BENCHMARKS.md, "Issue
  // 13: the shared code on every page without zod").
  { name: 'zod', test: under('/node_modules/zod/'), priority: 3 },
  {
    name: 'schemas',
    test: under(SHARED_SCHEMA_FILES),
    priority: 2,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
  {
    name: 'antd',
    test: under('/node_modules/(antd|@ant-design|@rc-component|dayjs|@babel/runtime|clsx|classnames)/'),
    priority: 2,
  },
  // The tender screens' shared modules (the list's columns, the view's queries and header, the tender calls) in
  // one chunk rather than one per set of screens sharing them.
  {
    name: 'tenders',
    test: under('/src/features/tenders/'),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
  {
    name: 'common',
    test: under(
      '/src/(lib|components|i18n)/',
      '/packages/shared/',
      '/node_modules/(@tanstack|react-router|react-i18next|i18next|use-sync-external-store)/',
    ),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
];

/** The chunks whose code, with the chunks they import, must not hold zod: every page's, and the tender screens'. */
const WITHOUT_ZOD = new Set(['first-load', 'common', 'start', 'tenders', 'TenderListPage', 'TenderViewPage']);

/**
 * Fails the build when the code every page loads (`first-load`, `common`, `start`, and the chunks they import) or a
 * tender screen (the list, the view with the offer form) holds zod: a module that builds schemas imports zod, and
 * schemas are built when their module loads, which only the screens validating with them need. Checked on the
 * chunks themselves, so a schema module missing from the `schemas` group above, or a plain rule kept in a module
 * with schemas (the offer form took zod through the date rules of `text.ts`), fails the build instead of landing on
 * those pages.
 */
function everyPageWithoutSchemas(): Plugin {
  const zod = under('/node_modules/zod/');
  return {
    name: 'every-page-without-schemas',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; moduleIds: string[] }>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') chunks.set(file, out);
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk' || !WITHOUT_ZOD.has(out.name)) continue;
        const seen = new Set<string>();
        const visit = (f: string, trail: string[]) => {
          if (seen.has(f)) return;
          seen.add(f);
          const c = chunks.get(f);
          if (c?.moduleIds.some((m) => zod.test(m)))
            this.error(`${[...trail, f].join(' → ')} holds zod: the page would build schemas`);
          for (const next of c?.imports ?? []) visit(next, [...trail, f]);
        };
        visit(file, []);
      }
    },
  };
}

/** Fails the build when the chunks' static imports form a cycle (see GROUPS). */
function chunkGraphIsAcyclic(): Plugin {
  return {
    name: 'chunk-graph-is-acyclic',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const [file, out] of Object.entries(bundle))
        if (out.type === 'chunk') imports.set(file, out.imports);
      const done = new Set<string>();
      const trail: string[] = [];
      const visit = (file: string) => {
        if (done.has(file)) return;
        const at = trail.indexOf(file);
        if (at >= 0)
          this.error(`chunks import each other in a circle: ${[...trail.slice(at), file].join(' → ')}`);
        trail.push(file);
        for (const next of imports.get(file) ?? []) visit(next);
        trail.pop();
        done.add(file);
      };
      for (const file of imports.keys()) visit(file);
    },
  };
}

/** The entry's stylesheet (the login screen's, ~2 KB compressed) inlined into index.html: no render-blocking request. */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Every built script, stylesheet and text asset over 1 KB also as `.br` (quality 11) and `.gz` (level 9), once at
 * build time: the server sends those as they are (@fastify/static `preCompressed`, apps/server/src/app.ts) instead of compressing each
 * file again for every browser that asks (brotli cost the server 60–80 ms of CPU per cold page load).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.br`, br),
            fs.promises.writeFile(`${file}.gz`, gz),
          ]);
        }),
      );
    },
  };
}

/**
 * React Router's production build: its package exports name only `dist/development`, whose warnings are on
 * (`ENABLE_DEV_WARNINGS`; remix-run/react-router#12532, #14102), so a build would carry and run them. The two builds
 * differ in that flag alone; with it off the minifier drops the warnings behind it (the few unconditional ones
 * stay). `npm run dev` keeps the development build.
 */
const reactRouterProduction = () => {
  const dev = fileURLToPath(import.meta.resolve('react-router'));
  const prod = dev.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
  if (prod === dev || !fs.existsSync(prod))
    throw new Error(`no production build of react-router beside ${dev}`);
  return [{ find: /^react-router$/, replacement: prod }];
};

// `npm run dev -w apps/web` serves the app on 5173 and sends /api to the server (API_URL, default port 3000).
export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  plugins: [react(), inlineEntryCss(), precompress(), chunkGraphIsAcyclic(), everyPageWithoutSchemas()],
  server: { port: 5173, proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
    rolldownOptions: { output: { codeSplitting: { groups: GROUPS } } },
  },
}));
