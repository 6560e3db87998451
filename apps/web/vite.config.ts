import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The login screen's first load (main.tsx's static imports: React, the login screen, its words and the session
// helpers) as one chunk, so the login is a handful of requests rather than one per shared module; the app's own
// chunks import React from it.
const FIRST_LOAD = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]`,
    String.raw`[\\/]src[\\/]app[\\/](LoginPage\.tsx|EidLogin\.tsx|loginParts\.tsx|loginText\.ts|login\.css)$`,
    String.raw`[\\/]src[\\/]i18n[\\/](language\.ts|et\.json|ru\.json|en\.json)$`,
    String.raw`[\\/]src[\\/]lib[\\/](api|session|phone|webeid)\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/](Logo\.tsx|termsItems\.ts)$`,
    String.raw`[\\/]packages[\\/]shared[\\/]src[\\/](defined|limits|eidPhone)\.ts$`,
  ].join('|'),
);

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

// `npm run dev -w apps/web` serves the app on 5173 and sends /api to the server (API_URL, default port 3000).
export default defineConfig({
  plugins: [react(), inlineEntryCss()],
  server: { port: 5173, proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-load', test: FIRST_LOAD }] } } },
  },
});
