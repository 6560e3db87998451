// Tender view in a browser: on a fresh PostgreSQL database portal_bench_view (migrated, demo data) two tenders with
// 1,000 lines each, inserted in SQL: a FINISHED one with 3 offers per line (3 supplier companies) for the buyer view,
// and an ACTIVE one where the signed-in supplier's company has 3 offer lines per part (the fullest offer form). The
// built web app (apps/web/dist when newer than its sources, otherwise a fresh build into /tmp/portal-bench-web-dist,
// so the shared dist is not touched) is served by the real server on port 3701. Chromium (playwright-core) opens
// /tenders/{id}/view with the session token in localStorage and measures, in the page:
//   - navigation → first line row painted (the table is there and usable),
//   - navigation → main thread idle (end of the last long task after the first row),
//   - the last line row: painted at once (plain table) or, in the virtual table, after scrolling it to the end;
//   - supplier form typing: a price typed into 20 different lines (50 ms between keys); per keystroke, keydown
//     to the frame after it (requestAnimationFrame + task), plus Event Timing entries and long tasks while typing.
// Three page loads per view; the medians are reported.
//   node bench/tender-view.ts     (BENCH_KEEP_DB=1 keeps the database; BENCH_VIEW_RUNS, default 3)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { detailListLine } from '@portal/shared';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { issueToken } from '../apps/server/src/lib/auth.ts';
import { paged } from '../apps/server/src/lib/list.ts';
import { FIRST_TERMS_VERSION as TERMS_VERSION } from '../apps/server/src/modules/auth/terms.ts';
import { cpuMs, median, ROOT, spawnServer, waitHealthy, writerMs, writerText } from './lib.ts';
import { createDb, dbUrl, dropDb, machineLine, migrateAndSeed } from './tenders-list.ts';

const DB_NAME = 'portal_bench_view';
const PORT = 3701;
const LINES = 1000;
const RUNS = Number(process.env.BENCH_VIEW_RUNS ?? 3);
const DATA = path.join(ROOT, 'bench/.data');
const WEB = path.join(ROOT, 'apps/web');
const TMP_DIST = '/tmp/portal-bench-web-dist';

/** apps/web/dist when it is newer than every source file; otherwise a build into TMP_DIST. */
export function webDist(): string {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  const dist = path.join(WEB, 'dist/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const sources = Math.max(
    newest(path.join(WEB, 'src')),
    newest(path.join(ROOT, 'packages/shared/src')),
    fs.statSync(path.join(WEB, 'index.html')).mtimeMs,
  );
  if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs > sources) return path.join(WEB, 'dist');
  const tmp = path.join(TMP_DIST, 'index.html');
  if (fs.existsSync(tmp) && fs.statSync(tmp).mtimeMs > sources) return TMP_DIST;
  console.log(`apps/web/dist is missing or older than the sources: building into ${TMP_DIST}`);
  const t0 = performance.now();
  execFileSync('npx', ['vite', 'build', '--outDir', TMP_DIST, '--emptyOutDir'], {
    cwd: WEB,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`web build: ${Math.round(performance.now() - t0)} ms`);
  return TMP_DIST;
}

async function setup(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    const { rows: u } = await c.query(
      `select id, email, supplier_id from users where email in ('admin@demo.ee', 'supplier@demo.ee', 'supplier2@demo.ee', 'supplier3@demo.ee')`,
    );
    const by = Object.fromEntries(u.map((r) => [r.email, r])) as Record<
      string,
      { id: number; supplier_id: number | null }
    >;
    const sup = by['supplier@demo.ee'];
    const { rows: g } = await c.query(
      `select w.id wid, w.group_id gid from supplier_groups sg join warehouses w on w.group_id = sg.group_id and w.is_active
       where sg.supplier_id = $1 order by w.id limit 1`,
      [sup.supplier_id],
    );
    const { rows: prod } = await c.query(
      `select id from producers where is_active and not is_deleted order by id limit 3`,
    );
    const suppliers3 = [sup, by['supplier2@demo.ee'], by['supplier3@demo.ee']].map((x) => x.supplier_id);
    const tender = async (code: string, status: string, start: string, finish: string) => {
      const { rows: t } = await c.query(
        `insert into tenders (tender_code, start, finish, status, warehouse_id, group_id, creator_id, additional_info, created, updated)
         values ($1, now() + $2::interval, now() + $3::interval, $4, $5, $6, $7, 'Benchmark: 1000 lines', now() - interval '5 days', now())
         returning id`,
        [code, start, finish, status, g[0].wid, g[0].gid, by['admin@demo.ee'].id],
      );
      const id = t[0].id as number;
      await c.query(
        `with p as (select array_agg(id order by id) ids from parts)
         insert into details (part_id, warehouse_id, replenishment_qty, replacement_qty, qty, status, tender_id, creator_id,
                              order_number, customer_number, customer_name, created, updated)
         select p.ids[1 + k % array_length(p.ids, 1)], $2, 1 + k % 20, 0, 1 + k % 20, 'WAITING', $1, $3,
                'ORD-' || k, 'TR-' || (1000 + k % 300), 'Liin ' || (k % 40), now() - interval '6 days', now() - interval '6 days'
         from generate_series(1, $4::int) k, p`,
        [id, g[0].wid, by['admin@demo.ee'].id, LINES],
      );
      return id;
    };
    const finished = await tender('BENCH-VIEW-F', 'FINISHED', '-3 days', '-1 day');
    const active = await tender('BENCH-VIEW-A', 'ACTIVE', '-1 hour', '+2 days');
    // FINISHED: one offer from each of 3 companies (producers 1..3) per line.
    await c.query(
      `insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code, available_qty, delivery_date, created, updated)
       select d.tender_id, d.id, s.sup, s.prod, round((5 + (d.id * 7 + s.n * 13) % 900)::numeric / 3, 4), 'PC-' || d.id || '-' || s.n,
              lpad((4740000000000 + d.id * 3 + s.n)::text, 13, '0'), coalesce(d.qty, 1), (now() + interval '20 days')::date,
              now() - interval '2 days', now() - interval '2 days'
       from details d, unnest($2::int[], $3::int[], array[1,2,3]) s(sup, prod, n) where d.tender_id = $1`,
      [finished, suppliers3, prod.map((p) => p.id)],
    );
    // ACTIVE: the signed-in supplier's company has 3 offer lines (3 producers) on every part.
    await c.query(
      `insert into proposals (tender_id, detail_id, supplier_id, user_id, producer_id, price, product_code, ean_code, available_qty, delivery_date, created, updated)
       select d.tender_id, d.id, $2, $3, s.prod, round((5 + (d.id * 7 + s.n * 13) % 900)::numeric / 3, 4), 'PC-' || d.id || '-' || s.n,
              lpad((4740000000000 + d.id * 3 + s.n)::text, 13, '0'), null, (now() + interval '20 days')::date, now() - interval '30 minutes', now() - interval '30 minutes'
       from details d, unnest($4::int[], array[1,2,3]) s(prod, n) where d.tender_id = $1`,
      [active, sup.supplier_id, sup.id, prod.map((p) => p.id)],
    );
    await c.query(
      `insert into tender_logs (tender_id, supplier_id, user_id, action) values ($1, $2, $3, 'AGREED')`,
      [active, sup.supplier_id, sup.id],
    );
    // The current terms accepted, so no blocking terms modal covers the page.
    await c.query(`insert into terms_consents (user_id, version) select unnest($1::int[]), $2`, [
      [by['admin@demo.ee'].id, sup.id],
      TERMS_VERSION,
    ]);
    const { rows: last } = await c.query(
      `select tender_id, max(id)::int last, min(id)::int first from details where tender_id in ($1, $2) group by tender_id`,
      [finished, active],
    );
    await c.query('commit');
    const lastOf = Object.fromEntries(last.map((r) => [r.tender_id, r.last])) as Record<number, number>;
    return { finished, active, lastOf, adminId: by['admin@demo.ee'].id, supplierUserId: sup.id };
  } finally {
    await c.end();
  }
}

type RenderRun = {
  firstRowMs: number;
  idleMs: number;
  lastRowMs: number;
  lastAfterScrollMs: number | null;
  virtual: boolean;
  rowsInDom: number;
  detailsApiMs: number | null;
  /** When the lines answer had fully arrived (since navigation). */
  detailsApiEndMs: number | null;
  /** When the last script had arrived (since navigation). */
  scriptsEndMs: number;
  longTasks: number;
  /** Main-thread long tasks before the first row was painted, summed. */
  longTaskMsBeforeFirst: number;
  /**
   * CPU time of the page's main thread (renderer tasks, from a Chromium trace's thread times) from navigation to the
   * first row painted: the page's own work, which hardly depends on what else the machine runs.
   */
  mainThreadCpuMs: number | null;
};

/** Sums the thread CPU time of the renderer main threads' top-level tasks in a Chromium trace. */
function mainThreadCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: Record<string, unknown>[] }).traceEvents;
  const main = new Set(
    events
      .filter(
        (e) =>
          e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let us = 0;
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)) us += Number(e.tdur ?? 0);
  return Math.round(us / 1000);
}

/** In the page, before any script: marks for the first and the last line row (mutation time and the frame after). */
const MARKS = (arg: { cls: string; lastId: number; token: string }) => {
  localStorage.setItem('token', arg.token);
  const w = window as unknown as {
    __marks: Record<string, number>;
    __long: { start: number; end: number }[];
  };
  w.__marks = {};
  w.__long = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__long.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const painted = (k: string) =>
    requestAnimationFrame(() => setTimeout(() => (w.__marks[`${k}Painted`] = performance.now()), 0));
  const mo = new MutationObserver(() => {
    if (!w.__marks.first && document.querySelector(`.${arg.cls} .ant-table-row`)) {
      w.__marks.first = performance.now();
      painted('first');
    }
    if (
      !w.__marks.last &&
      document.querySelector(`.${arg.cls} .ant-table-row[data-row-key="${arg.lastId}"]`)
    ) {
      w.__marks.last = performance.now();
      painted('last');
      mo.disconnect();
    }
  });
  mo.observe(document, { subtree: true, childList: true });
};

let traces = 0;

async function measureRender(
  browser: Browser,
  trace: boolean,
  page: Page,
  url: string,
  cls: string,
  lastId: number,
  token: string,
): Promise<RenderRun> {
  await page.addInitScript(MARKS, { cls, lastId, token });
  if (trace)
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { __marks: Record<string, number> }).__marks.firstPainted,
    null,
    { timeout: 120_000, polling: 20 },
  );
  let mainThreadCpuMs: number | null = null;
  if (trace) {
    const buffer = await browser.stopTracing();
    mainThreadCpuMs = mainThreadCpu(buffer);
    // BENCH_VIEW_TRACE=1: each traced load's Chromium trace (bench/.data/view-<class>-<n>.trace.json), to open in
    // the browser's performance panel.
    if (process.env.BENCH_VIEW_TRACE === '1') {
      fs.mkdirSync(path.join(ROOT, 'bench/.data'), { recursive: true });
      fs.writeFileSync(path.join(ROOT, `bench/.data/view-${cls}-${++traces}.trace.json`), buffer);
    }
  }
  // Quiet for 1.5 s: the main thread is idle.
  await page.waitForTimeout(1500);
  const virtual = (await page.locator(`.${cls} .ant-table-tbody-virtual-holder`).count()) > 0;
  let lastAfterScrollMs: number | null = null;
  const have = await page.evaluate(
    () => (window as unknown as { __marks: Record<string, number> }).__marks.lastPainted ?? null,
  );
  if (have == null && virtual) {
    const t0 = await page.evaluate((c) => {
      const h = document.querySelector(`.${c} .ant-table-tbody-virtual-holder`) as HTMLElement;
      const t = performance.now();
      h.scrollTop = h.scrollHeight;
      return t;
    }, cls);
    await page.waitForFunction(
      () => (window as unknown as { __marks: Record<string, number> }).__marks.lastPainted,
      null,
      { timeout: 30_000, polling: 50 },
    );
    const lp = await page.evaluate(
      () => (window as unknown as { __marks: Record<string, number> }).__marks.lastPainted,
    );
    lastAfterScrollMs = lp - t0;
  }
  return page.evaluate(
    ({ cls, virtual, lastAfterScrollMs, mainThreadCpuMs }) => {
      const w = window as unknown as {
        __marks: Record<string, number>;
        __long: { start: number; end: number }[];
      };
      const m = w.__marks;
      const idle = Math.max(
        m.firstPainted,
        ...w.__long.filter((l) => l.start < m.firstPainted + 1000).map((l) => l.end),
      );
      const api = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/details/'));
      return {
        mainThreadCpuMs,
        firstRowMs: Math.round(m.firstPainted),
        idleMs: Math.round(idle),
        lastRowMs: Math.round(m.lastPainted),
        lastAfterScrollMs: lastAfterScrollMs == null ? null : Math.round(lastAfterScrollMs),
        virtual,
        rowsInDom: document.querySelectorAll(`.${cls} .ant-table-row`).length,
        detailsApiMs: api.length
          ? Math.round(api.map((e) => e.duration).reduce((a, b) => Math.max(a, b), 0))
          : null,
        detailsApiEndMs: api.length
          ? Math.round(Math.max(...api.map((e) => (e as PerformanceResourceTiming).responseEnd)))
          : null,
        scriptsEndMs: Math.round(
          Math.max(
            0,
            ...performance
              .getEntriesByType('resource')
              .filter((e) => e.name.endsWith('.js'))
              .map((e) => (e as PerformanceResourceTiming).responseEnd),
          ),
        ),
        longTasks: w.__long.length,
        longTaskMsBeforeFirst: Math.round(
          w.__long
            .filter((l) => l.start < m.firstPainted)
            .reduce((a, l) => a + Math.min(l.end, m.firstPainted) - l.start, 0),
        ),
      };
    },
    { cls, virtual, lastAfterScrollMs, mainThreadCpuMs },
  );
}

/** Types a price into the first offer line of 20 different parts (scrolling the virtual table between them). */
async function measureTyping(page: Page, cls: string) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __keys: number[];
      __events: { name: string; start: number; duration: number }[];
      __typing: boolean;
      __windows: [number, number][];
    };
    w.__keys = [];
    w.__events = [];
    w.__typing = false;
    w.__windows = [];
    document.addEventListener(
      'keydown',
      (e) => {
        if (!w.__typing) return;
        const t0 = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.__keys.push(performance.now() - t0), 0));
      },
      true,
    );
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        w.__events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  const longBefore = await page.evaluate(() => (window as unknown as { __long: unknown[] }).__long.length);
  const typed: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.evaluate(
      ({ c, f }) => {
        const h = document.querySelector(`.${c} .ant-table-tbody-virtual-holder`) as HTMLElement | null;
        if (h) h.scrollTop = Math.floor((h.scrollHeight - h.clientHeight) * f);
      },
      { c: cls, f: i / 20 },
    );
    await page.waitForTimeout(300);
    // The first offer line of a part row fully inside the visible table.
    const testId = await page.evaluate((c) => {
      const holder = (document.querySelector(`.${c} .ant-table-tbody-virtual-holder`) ??
        document.querySelector(`.${c} .ant-table-body`) ??
        document.body) as HTMLElement;
      const box = holder.getBoundingClientRect();
      for (const el of Array.from(
        document.querySelectorAll<HTMLElement>(`.${c} [data-testid^="offer-"][data-testid$="-0"]`),
      )) {
        const r = el.getBoundingClientRect();
        if (r.top >= box.top + 40 && r.bottom <= box.bottom - 10) return el.dataset.testid ?? null;
      }
      return null;
    }, cls);
    if (!testId || ids.includes(testId)) continue;
    ids.push(testId);
    const input = page.locator(`[data-testid="${testId}"] input[inputmode="decimal"]`).first();
    await input.click();
    await page.keyboard.press('Control+A');
    await page.evaluate(() => {
      const w = window as unknown as { __typing: boolean; __windows: [number, number][] };
      w.__typing = true;
      w.__windows.push([performance.now(), Number.POSITIVE_INFINITY]);
    });
    await page.keyboard.type(`${12 + i},${String(i).padStart(2, '0')}`, { delay: 50 });
    await page.waitForTimeout(100);
    await page.evaluate(() => {
      const w = window as unknown as { __typing: boolean; __windows: [number, number][] };
      w.__typing = false;
      w.__windows[w.__windows.length - 1][1] = performance.now();
    });
    typed.push(await input.inputValue());
  }
  await page.waitForTimeout(300);
  return page.evaluate(
    ({ typed, ids, longBefore }) => {
      const w = window as unknown as {
        __keys: number[];
        __events: { name: string; start: number; duration: number }[];
        __long: { start: number; end: number }[];
        __windows: [number, number][];
      };
      // Only what happened while typing (not the scrolling between the lines).
      const inTyping = (a: number, b: number) => w.__windows.some(([s, e]) => a < e && b > s);
      return {
        keys: w.__keys,
        events: w.__events.filter((e) => inTyping(e.start, e.start + e.duration)),
        longTasks: w.__long
          .slice(longBefore)
          .filter((l) => inTyping(l.start, l.end))
          .map((l) => Math.round(l.end - l.start)),
        typed,
        lines: ids.length,
      };
    },
    { typed, ids, longBefore },
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] * 10) / 10
    : Number.NaN;
};

export async function benchTenderView() {
  const dist = webDist();
  const url = dbUrl(DB_NAME);
  await createDb(DB_NAME, true);
  await migrateAndSeed(url);
  const s = await setup(url);
  const database = await openDatabase({ url, poolSize: 2 });
  const adminToken = await issueToken(database.db, s.adminId, 12);
  const supplierToken = await issueToken(database.db, s.supplierUserId, 12);
  await database.close();

  const server = spawnServer(
    {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      DATA_DIR: '/tmp/portal-bench-view',
      SEED_DEMO: 'never',
      WEB_DIST: dist,
    },
    PORT,
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await waitHealthy(server, performance.now());
    for (const token of [adminToken, supplierToken]) {
      const res = await fetch(`${server.url}/api/expire/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json()) as { request_terms?: boolean };
      if (body.request_terms !== false)
        throw new Error(`session check: ${res.status} ${JSON.stringify(body)}`);
    }
    // API alone, for reference: the lines call the view makes (in the view's shape, fields=view).
    // Median of 3 sequential calls, with the server's CPU time per call (independent of the machine's load).
    const apiMs = async (tender: number, token: string) => {
      const times: number[] = [];
      let kb = 0;
      let status = 0;
      // 20 answers: the CPU counters tick every 10 ms, and one answer costs a few of those ticks.
      const answers = 20;
      const cpu0 = cpuMs(server.proc.pid);
      for (let k = 0; k < answers; k++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/details/?tender=${tender}&page_size=0&fields=view`, {
          headers: { authorization: `Token ${token}` },
        });
        const body = await res.text();
        times.push(performance.now() - t0);
        kb = Math.round(body.length / 1024);
        status = res.status;
      }
      return {
        ms: Math.round(median(times)),
        status,
        kb,
        serverCpuMs: Math.round((cpuMs(server.proc.pid) - cpu0) / answers),
      };
    };
    const views = [
      {
        name: 'buyer (admin), FINISHED, 1000 lines × 3 offers',
        tender: s.finished,
        token: adminToken,
        cls: 'buyer-lines',
      },
      {
        name: 'supplier, ACTIVE offer form, 1000 parts × 3 own offer lines',
        tender: s.active,
        token: supplierToken,
        cls: 'offer-table',
      },
    ];
    const out: Record<string, unknown>[] = [];
    // BENCH_VIEW_ONLY=offer-table (or buyer-lines): one of the two views.
    for (const v of views.filter(
      (x) => !process.env.BENCH_VIEW_ONLY || x.cls === process.env.BENCH_VIEW_ONLY,
    )) {
      await apiMs(v.tender, v.token); // warm
      const api = await apiMs(v.tender, v.token);
      // Writing the lines answer (its server's serializer) the way the server did before and does now.
      const answer = await (
        await fetch(`${server.url}/api/details/?tender=${v.tender}&page_size=0&fields=view`, {
          headers: { authorization: `Token ${v.token}` },
        })
      ).json();
      const writer = await writerMs(paged(detailListLine), answer);
      const runs: RenderRun[] = [];
      let typing: Awaited<ReturnType<typeof measureTyping>> | null = null;
      for (let r = 0; r < RUNS; r++) {
        const context = await browser.newContext({
          viewport: { width: 1600, height: 1000 },
          locale: 'et-EE',
        });
        const page = await context.newPage();
        // BENCH_VIEW_PROFILE=1: a CPU profile of the page's last load of each view (bench/.data/view-<class>.cpuprofile;
        // build the web app unminified into BENCH_WEB_DIST to read its function names)
        const profile = process.env.BENCH_VIEW_PROFILE === '1' && r === RUNS - 1;
        const cdp = profile ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        // The CPU profile and the trace are not taken together: the profiler's sampling would count as the page's work.
        const run = await measureRender(
          browser,
          !profile,
          page,
          `${server.url}/tenders/${v.tender}/view`,
          v.cls,
          s.lastOf[v.tender],
          v.token,
        );
        if (cdp) {
          const { profile: p } = await cdp.send('Profiler.stop');
          fs.mkdirSync(path.join(ROOT, 'bench/.data'), { recursive: true });
          fs.writeFileSync(path.join(ROOT, `bench/.data/view-${v.cls}.cpuprofile`), JSON.stringify(p));
        }
        runs.push(run);
        console.log(`${v.name}, load ${r + 1}: ${JSON.stringify(run)}`);
        if (v.cls === 'offer-table' && r === RUNS - 1) {
          // BENCH_VIEW_PROFILE=1: the typing too (bench/.data/view-typing.cpuprofile).
          if (cdp) await cdp.send('Profiler.start');
          typing = await measureTyping(page, v.cls);
          if (cdp) {
            const { profile: p } = await cdp.send('Profiler.stop');
            fs.writeFileSync(path.join(ROOT, 'bench/.data/view-typing.cpuprofile'), JSON.stringify(p));
          }
        }
        await context.close();
      }
      // A returning visit: the same browser profile opened the view before, so the app's files come from the
      // browser's cache (the server marks them immutable) and V8 may reuse their compiled code. One load to fill
      // the cache, then RUNS loads measured, each in a new tab of that profile.
      const returning: RenderRun[] = [];
      {
        const context = await browser.newContext({
          viewport: { width: 1600, height: 1000 },
          locale: 'et-EE',
        });
        for (let r = 0; r <= RUNS; r++) {
          const page = await context.newPage();
          const run = await measureRender(
            browser,
            false,
            page,
            `${server.url}/tenders/${v.tender}/view`,
            v.cls,
            s.lastOf[v.tender],
            v.token,
          );
          if (r > 0) returning.push(run);
          await page.close();
        }
        await context.close();
        console.log(`${v.name}, returning visits: ${returning.map((x) => x.firstRowMs).join(', ')} ms`);
      }
      const row: Record<string, unknown> = {
        name: v.name,
        api,
        writer,
        returningFirstRowMs: median(returning.map((x) => x.firstRowMs)),
        firstRowMs: median(runs.map((x) => x.firstRowMs)),
        idleMs: median(runs.map((x) => x.idleMs)),
        lastRowMs: median(runs.map((x) => x.lastRowMs)),
        lastAfterScrollMs:
          runs[0].lastAfterScrollMs == null ? null : median(runs.map((x) => x.lastAfterScrollMs ?? 0)),
        detailsApiInPageMs: median(runs.map((x) => x.detailsApiMs ?? 0)),
        scriptsEndMs: median(runs.map((x) => x.scriptsEndMs)),
        detailsApiEndMs: median(runs.map((x) => x.detailsApiEndMs ?? 0)),
        longTaskMsBeforeFirst: median(runs.map((x) => x.longTaskMsBeforeFirst)),
        mainThreadCpuMs:
          runs[0].mainThreadCpuMs == null ? null : median(runs.map((x) => x.mainThreadCpuMs ?? 0)),
        virtual: runs[0].virtual,
        rowsInDom: runs[0].rowsInDom,
        runs,
      };
      if (typing) {
        row.typing = {
          lines: typing.lines,
          keystrokes: typing.keys.length,
          p50: pct(typing.keys, 50),
          p95: pct(typing.keys, 95),
          max: pct(typing.keys, 100),
          slowEvents: typing.events.filter((e) => e.duration >= 50).length,
          eventTimingMax: typing.events.reduce((m, e) => Math.max(m, e.duration), 0),
          longTasks: typing.longTasks,
          valuesOk: typing.typed.every((x, i) => x === `${12 + i},${String(i).padStart(2, '0')}`)
            ? 'yes'
            : typing.typed.join(' '),
        };
        console.log(`typing: ${JSON.stringify(row.typing)}`);
      }
      out.push(row);
    }
    const report = {
      machine: machineLine(),
      at: new Date().toISOString(),
      lines: LINES,
      runs: RUNS,
      views: out,
    };
    fs.mkdirSync(DATA, { recursive: true });
    fs.writeFileSync(path.join(DATA, 'tender-view.json'), JSON.stringify(report, null, 2));
    console.log(`\nMachine: ${report.machine}\n`);
    console.log(
      '| view | lines API alone (size) | its JSON written (zod then JSON.stringify) | scripts loaded | lines answer arrived (request time) | first row painted | long tasks before it | main thread CPU until it | last row painted |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of out as {
      name: string;
      api: { ms: number; kb: number; serverCpuMs: number };
      writer: { zodMs: number };
      scriptsEndMs: number;
      detailsApiEndMs: number;
      detailsApiInPageMs: number;
      firstRowMs: number;
      longTaskMsBeforeFirst: number;
      mainThreadCpuMs: number | null;
      lastRowMs: number;
      lastAfterScrollMs: number | null;
    }[]) {
      console.log(
        `| ${r.name} | ${r.api.ms} ms (${r.api.kb} KiB, server CPU ${r.api.serverCpuMs} ms) | ${writerText(r.writer)} | ${r.scriptsEndMs} ms | ${r.detailsApiEndMs} ms (${r.detailsApiInPageMs} ms) | ${r.firstRowMs} ms | ${r.longTaskMsBeforeFirst} ms | ${r.mainThreadCpuMs} ms | ${r.lastAfterScrollMs == null ? `${r.lastRowMs} ms` : `${r.lastAfterScrollMs} ms after scrolling to the end (virtual table)`} |`,
      );
    }
    return report;
  } finally {
    await browser.close();
    await server.stop();
    if (process.env.BENCH_KEEP_DB !== '1') await dropDb(DB_NAME);
    else console.log(`kept database ${DB_NAME}`);
  }
}

if (process.argv[1] === path.join(ROOT, 'bench/tender-view.ts')) {
  await benchTenderView();
}
