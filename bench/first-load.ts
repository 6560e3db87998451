// First load of the web app: the compressed JavaScript a browser downloads to show the login screen (no session)
// and the tender list (logged in), counted in Chromium from the real server's answers (br/gzip as it serves
// them), and Lighthouse's performance score for /login and /tenders (Lighthouse from npm, Debian's Chromium).
//   node bench/first-load.ts     (port 3703; database BENCH_WEB_DB, default portal_bench_tenders from
//                                 bench/list-cpu.ts / tenders-list.ts, made with the same 100,000 tenders when missing;
//                                 LIGHTHOUSE=<path of the lighthouse CLI>, default `npx lighthouse`)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, spawnServer, waitHealthy } from './lib.ts';
import { webDist } from './tender-view.ts';
import { createDb, dbUrl, login, machineLine, migrateAndSeed } from './tenders-list.ts';
import { generateTenderScale } from './tenders-scale-data.ts';

const PORT = 3703;
const DB_NAME = process.env.BENCH_WEB_DB ?? 'portal_bench_tenders';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DATA = path.join(ROOT, 'bench/.data');

/** Compressed bytes of scripts (and everything) a page load fetched until `ready` shows and the network is idle. */
async function transferred(url: string, token: string | null, ready: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const sizes: { url: string; type: string; bytes: number }[] = [];
    page.on('requestfinished', async (req) => {
      const s = await req.sizes().catch(() => null);
      if (s) sizes.push({ url: req.url(), type: req.resourceType(), bytes: s.responseBodySize });
    });
    // Until the screen shows (the entry loads the app as a chunk once its script has run: network idle alone can
    // come before that on a busy machine), then until the network is idle.
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const js = sizes.filter((x) => x.type === 'script');
    return {
      jsKB: Math.round(js.reduce((a, x) => a + x.bytes, 0) / 102.4) / 10,
      jsFiles: js.length,
      allKB: Math.round(sizes.reduce((a, x) => a + x.bytes, 0) / 102.4) / 10,
      biggest: js
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((x) => `${path.basename(x.url)} ${Math.round(x.bytes / 1024)} KB`),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse (performance only, its default mobile profile) on a URL; a profile directory may carry a session. */
export function lighthouse(url: string, profile: string | null) {
  const out = path.join(os.tmpdir(), `portal-lh-${process.pid}.json`);
  const flags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    ...(profile ? [`--user-data-dir=${profile}`] : []),
  ];
  const cli = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '--yes', 'lighthouse'];
  execFileSync(
    cli[0],
    [
      ...cli.slice(1),
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${flags.join(' ')}`,
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  // BENCH_LH_KEEP=1: the whole Lighthouse report (bench/.data/lighthouse-<path>.json), for its long tasks and
  // main-thread breakdown.
  if (process.env.BENCH_LH_KEEP === '1') {
    fs.mkdirSync(DATA, { recursive: true });
    fs.copyFileSync(
      out,
      path.join(DATA, `lighthouse-${new URL(url).pathname.replace(/\W+/g, '') || 'root'}.json`),
    );
  }
  fs.rmSync(out, { force: true });
  const a = r.audits;
  return {
    score: r.categories.performance.score as number,
    fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(a['total-blocking-time'].numericValue),
    cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
  };
}

/** A Chromium profile whose localStorage holds a session token (and the accepted terms), for Lighthouse. */
export async function profileWithSession(base: string, token: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-profile-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROME, args: ['--no-sandbox'] });
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${base}/tenders`, { waitUntil: 'networkidle' });
  await ctx.close();
  return dir;
}

export async function benchFirstLoad() {
  const url = dbUrl(DB_NAME);
  await createDb(DB_NAME, false);
  await migrateAndSeed(url);
  await generateTenderScale(url); // skipped when the tenders are there
  const dist = process.env.BENCH_WEB_DIST ?? webDist();
  const server = spawnServer(
    { DATABASE_URL: url, WEB_DIST: dist, DATA_DIR: '/tmp/portal-bench-first-load', SEED_DEMO: 'never' },
    PORT,
  );
  const load0 = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  try {
    await waitHealthy(server, performance.now());
    // contractor@demo.ee: a buyer whose list shows the 100,000 tenders' first page; the terms of use accepted, so
    // no consent modal covers the list.
    const token = await login(server, 'contractor@demo.ee');
    await fetch(`${server.url}/api/terms-of-use-consent/`, {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
    });
    const loginLoad = await transferred(`${server.url}/login`, null, 'form button[type=submit]');
    const tendersLoad = await transferred(`${server.url}/tenders`, token, '.ant-table-row');
    console.log(JSON.stringify({ loginLoad, tendersLoad }));
    const lh: Record<string, ReturnType<typeof lighthouse> | string> = {};
    try {
      lh.login = lighthouse(`${server.url}/login`, null);
      const profile = await profileWithSession(server.url, token);
      lh.tenders = lighthouse(`${server.url}/tenders`, profile);
      fs.rmSync(profile, { recursive: true, force: true });
    } catch (err) {
      lh.error = String(err);
    }
    const report = {
      machine: machineLine(),
      load: `${load0} → ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      loginLoad,
      tendersLoad,
      lighthouse: lh,
    };
    fs.mkdirSync(DATA, { recursive: true });
    fs.writeFileSync(path.join(DATA, 'first-load.json'), JSON.stringify(report, null, 2));
    const score = (x: unknown) =>
      typeof x === 'object' && x
        ? `${(x as { score: number }).score} (FCP ${(x as { fcpMs: number }).fcpMs} ms, LCP ${(x as { lcpMs: number }).lcpMs} ms, TBT ${(x as { tbtMs: number }).tbtMs} ms)`
        : String(x);
    const table = [
      `First load, ${report.machine}; load ${report.load}`,
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| /login, compressed JavaScript | ${loginLoad.jsKB} KB in ${loginLoad.jsFiles} files | ≤ 150 KB: ${loginLoad.jsKB <= 150 ? 'met' : 'not met'} |`,
      `| /tenders (logged in), compressed JavaScript | ${tendersLoad.jsKB} KB in ${tendersLoad.jsFiles} files | |`,
      `| Lighthouse performance, /login | ${score(lh.login)} | ≥ 0.9 |`,
      `| Lighthouse performance, /tenders | ${score(lh.tenders)} | ≥ 0.9 |`,
      ...(lh.error ? [`| Lighthouse | ${lh.error} | |`] : []),
    ].join('\n');
    console.log(`\n${table}`);
    return { report, table };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === path.join(ROOT, 'bench/first-load.ts')) {
  await benchFirstLoad();
}
