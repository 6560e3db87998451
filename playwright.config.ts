// End-to-end tests: Debian's Chromium against the real server (built web app, demo data, test clock) on a fresh
// data directory. E2E_PORT picks the port (default 3100); DATABASE_URL, when set, is passed through.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database every run: the server command removes it first. (Not done here: the config is
// also loaded by the test workers while the server runs.)
const dataDir = `/tmp/portal-e2e-${port}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  // One retry in CI: a test that fails twice is a failure; one that passes on the retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 180_000,
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
  webServer: {
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
      SEED_DEMO: 'always',
      LOG_LEVEL: 'warn',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      // A private copy of the built web app (e.g. while others rebuild apps/web/dist).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
