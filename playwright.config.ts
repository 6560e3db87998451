// End-to-end tests: Debian's Chromium against the real server (built web app, demo data, test clock) on a fresh
// data directory. E2E_PORT picks the port (default 3100); DATABASE_URL, when set, is passed through.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database every run: the server command removes it first. (Not done here: the config is
// also loaded by the test workers while the server runs.)
const dataDir = `/tmp/portal-e2e-${port}`;
// The Business Central simulator the server is pointed at (e2e/business-central.spec.ts drives it over HTTP).
const bcPort = Number(process.env.E2E_BC_PORT ?? port + 1000);
const bcOrigin = `http://127.0.0.1:${bcPort}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  // No retries: a test that fails once is a finding, not noise.
  retries: 0,
  // Tests tagged @screenshots only photograph screens for a person to look at (in every language and at both
  // widths; the behaviour and axe checks they repeat run in the other specs): `npm run screenshots` runs them,
  // `npm test` does not.
  ...(process.env.SCREENSHOTS ? { grep: /@screenshots/ } : { grepInvert: /@screenshots/ }),
  timeout: 180_000,
  // Every spec file over 30 s is named with its time at the end of a run, so a slower CI run shows where.
  reportSlowTests: { max: 0, threshold: 30_000 },
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  outputDir: `/tmp/portal-e2e-results-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'et-EE',
    timezoneId: 'Europe/Tallinn',
    viewport: { width: 1366, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node tools/simulators/business-central.ts --port ${bcPort} --items 3000 --pre-orders 20 --locations B01,B02,B03,T01,T02`,
      url: `${bcOrigin}/_sim/state`,
      timeout: 60_000,
      reuseExistingServer: !!process.env.E2E_REUSE,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
      url: `http://127.0.0.1:${port}/api/health/`,
      timeout: 180_000,
      reuseExistingServer: !!process.env.E2E_REUSE,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PORTAL_TEST_CLOCK: '1',
        // Links in e-mails (password reset) lead back to this server.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'always',
        LOG_LEVEL: 'warn',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        // A private copy of the built web app (e.g. while others rebuild apps/web/dist).
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        BC_API_URL: `${bcOrigin}/v2.0/demo-tenant/sandbox/api/v2.0`,
        BC_TOKEN_URL: `${bcOrigin}/demo-tenant/oauth2/v2.0/token`,
        BC_CLIENT_ID: 'portal-client',
        BC_CLIENT_SECRET: 'portal-secret',
        BC_TIMEOUT_MS: '5000',
      },
    },
  ],
});
