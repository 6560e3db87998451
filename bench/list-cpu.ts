// The tender list page's cost and latency over 100,000 tenders / 1,000,000 lines (portal_bench_tenders, built by
// tenders-scale-data.ts and kept between runs):
//  1. CPU per page (server process + the PostgreSQL backends of its pool) for the filtered, sorted page 3, as a
//     contractor, as a supplier (whose rows join ten relations: see fromTenders in list.ts) and as the administrator,
//     with 4 clients in a closed loop (enough to keep both cores busy without queueing hiding anything), and in the
//     same run the page's bare SQL under pgbench (the same statements with their parameters inlined, one client,
//     prepared once): the statements' PostgreSQL CPU per page, and the ratio API / bare SQL. The same for the list as
//     a buyer first opens it (no status filter, the default start day, page 1), for context.
//  2. Open loop: requests sent at a fixed arrival rate (not a closed loop of N connections: a late answer does not
//     delay the next request; latency counts from the moment the request was due), 400 pages/s for 10 s, then
//     rising rates until p99 exceeds 50 ms.
//   node bench/list-cpu.ts            (port 3702; BENCH_SERVER_ROOT=<checkout> runs another checkout's server)
// The load generator runs on the same two cores as the server and PostgreSQL: its CPU is not counted, but it
// competes with them, so the open-loop rates are a lower bound of what the server alone would take.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { tender } from '@portal/shared';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { paged } from '../apps/server/src/lib/list.ts';
import {
  cpuMs,
  ROOT,
  SERVER_ROOT,
  type Server,
  spawnServer,
  waitHealthy,
  writerMs,
  writerText,
} from './lib.ts';
import {
  ADMIN_URL,
  backendsCpu,
  createDb,
  DEMO_PASSWORD,
  dbUrl,
  login,
  machineLine,
  migrateAndSeed,
} from './tenders-list.ts';
import { generateTenderScale } from './tenders-scale-data.ts';

const DB_NAME = 'portal_bench_tenders';
const PORT = 3702;
const DATA = path.join(ROOT, 'bench/.data');
const LABEL = process.env.BENCH_LABEL ?? (SERVER_ROOT === ROOT ? 'this checkout' : SERVER_ROOT);

const ms = (x: number) => (Number.isFinite(x) ? `${x} ms` : 'no answer within 15 s');
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/** Closed loop with few clients: server and PostgreSQL CPU per request. */
async function cpuPerPage(server: Server, url: string, pathAndQuery: string, token: string) {
  const headers = { authorization: `Token ${token}` };
  const target = `${server.url}${pathAndQuery}`;
  await autocannon({ url: target, headers, connections: 4, duration: 3 });
  const c0 = cpuMs(server.proc.pid);
  const d0 = await backendsCpu(url);
  const r = await autocannon({ url: target, headers, connections: 4, duration: 10 });
  const server_ = cpuMs(server.proc.pid) - c0;
  const db = (await backendsCpu(url, d0.cpu)).ms;
  const n = r.requests.total;
  return {
    requests: n,
    rps: round1(r.requests.average),
    errors: r.errors + r.non2xx,
    serverMs: round2(server_ / n),
    dbMs: round2(db / n),
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
}

/** The statements one request runs, captured in-process through the real route code, parameters inlined. */
async function captureStatements(url: string, pathAndQuery: string, token: string, email: string) {
  const { buildApp } = (await import(
    path.join(SERVER_ROOT, 'apps/server/src/app.ts')
  )) as typeof import('../apps/server/src/app.ts');
  const { loadConfig } = (await import(
    path.join(SERVER_ROOT, 'apps/server/src/config.ts')
  )) as typeof import('../apps/server/src/config.ts');
  const schema = await import(path.join(SERVER_ROOT, 'apps/server/src/db/schema/index.ts'));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: string[] = [];
  const lit = (v: unknown): string => {
    if (v == null) return 'NULL';
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (v instanceof Date) return `'${v.toISOString()}'`;
    if (Array.isArray(v)) return `'{${v.join(',')}}'`;
    return `'${String(v).replace(/'/g, "''")}'`;
  };
  // Every statement the pool runs (through Drizzle or prepared by name), with its parameters inlined.
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const params = values ?? (config as { values?: unknown[] }).values ?? [];
    captured.push(text.replace(/\$(\d+)/g, (_, i) => lit(params[Number(i) - 1])));
    return query(config, values);
  };
  const db = drizzle(pool, { schema });
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }),
    database: { db, kind: 'postgres', migrate: async () => {}, close: () => pool.end() } as never,
  });
  try {
    const get = (key: string) =>
      app.inject({ method: 'GET', url: pathAndQuery, headers: { authorization: `Token ${key}` } });
    let res = await get(token);
    if (res.statusCode === 401) {
      // Seen twice at load 20+ and not reproduced since: the server's token refused in this process. Said aloud,
      // then the statements are captured with a token of this process's own login (same user).
      console.error(
        `capture: the server's token was refused here (${res.body}); logging in again in-process`,
      );
      const login = await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email, password: DEMO_PASSWORD },
      });
      const key = (login.json() as { token: string }).token;
      captured.length = 0;
      res = await get(key);
    }
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  } finally {
    await app.close();
    await pool.end().catch(() => {});
  }
  return captured;
}

/**
 * pgbench, one client, 8 s, on a script, each statement prepared once (as the server prepares its hot statements);
 * PostgreSQL CPU per transaction from its backend's /proc (sampled).
 */
async function pgbench(url: string, statements: string[], name: string) {
  const file = path.join(DATA, `list-cpu-${name}.sql`);
  fs.writeFileSync(file, `${statements.map((s) => `${s.replace(/\s+/g, ' ')};`).join('\n')}\n`);
  const appName = `bench_${name}_${process.pid}`;
  const child = spawn('pgbench', ['-n', '-M', 'prepared', '-c', '1', '-j', '1', '-T', '8', '-f', file, url], {
    env: { ...process.env, PGAPPNAME: appName },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const samples: { t: number; cpu: number }[] = [];
  let pid = 0;
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  let finished = false;
  done.then(() => {
    finished = true;
  });
  await new Promise((r) => setTimeout(r, 1000));
  while (!finished) {
    if (!pid) {
      const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [
        appName,
      ]);
      pid = rows[0]?.pid ?? 0;
    }
    if (pid) {
      const c = cpuMs(pid);
      if (!Number.isNaN(c)) samples.push({ t: performance.now(), cpu: c });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await admin.end();
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? Number.NaN);
  // Drop the last sample (the backend may have stopped part-way through the interval).
  const s = samples.slice(0, -1);
  const first = s[0];
  const last = s[s.length - 1];
  const cpuShare = s.length > 1 ? (last.cpu - first.cpu) / (last.t - first.t) : Number.NaN;
  return { tps: round1(tps), latencyMs: round2(latency), dbMsPerTx: round2((cpuShare * 1000) / tps) };
}

/**
 * Fixed arrival rate for `seconds`; latency from the moment each request was due. The first `WARMUP_S` seconds at
 * the same rate, on the same keep-alive agent, are not counted: they open the client's connections and grow the
 * server's pool, which a steady stream of users does once (wrk2 likewise measures after a calibration period).
 */
const WARMUP_S = 2;
async function openLoop(
  server: Server,
  dbUrl_: string,
  pathAndQuery: string,
  token: string,
  rate: number,
  seconds: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const { hostname, port } = new URL(server.url);
  let lat: number[] = [];
  let errors = 0;
  const samples: string[] = [];
  let inflight = 0;
  const send = (total: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      let sent = 0;
      let finished = 0;
      const fire = (due: number) => {
        inflight++;
        const req = http.request(
          { host: hostname, port, path: pathAndQuery, agent, headers: { authorization: `Token ${token}` } },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) {
                errors++;
                if (samples.length < 3) samples.push(`HTTP ${res.statusCode}`);
              } else lat.push(performance.now() - due);
              inflight--;
              if (++finished === total) resolve();
            });
          },
        );
        req.on('error', (err) => {
          errors++;
          if (samples.length < 3) samples.push(String(err));
          inflight--;
          if (++finished === total) resolve();
        });
        req.end();
      };
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - t0) / 1000) * rate) + 1);
        while (sent < due) {
          fire(t0 + (sent * 1000) / rate);
          sent++;
        }
        if (sent < total) setTimeout(tick, 1);
        // Answers still missing 15 s after the last was due are counted as timeouts (a saturated server would take
        // minutes to drain its queue).
        else setTimeout(resolve, 15_000).unref();
      };
      tick();
    });
  await send(Math.round(rate * WARMUP_S));
  lat = [];
  errors = 0;
  const total = Math.round(rate * seconds);
  const c0 = cpuMs(server.proc.pid);
  const d0 = await backendsCpu(dbUrl_);
  const t0 = performance.now();
  await send(total);
  const timeouts = total - lat.length - errors;
  for (let i = 0; i < timeouts; i++) lat.push(Number.POSITIVE_INFINITY);
  const wall = (performance.now() - t0) / 1000;
  const server_ = cpuMs(server.proc.pid) - c0;
  const db = (await backendsCpu(dbUrl_, d0.cpu)).ms;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    rate,
    requests: total,
    achieved: round1(total / wall),
    p50: round1(pct(lat, 50)),
    p90: round1(pct(lat, 90)),
    p99: round1(pct(lat, 99)),
    max: round1(lat.at(-1) ?? Number.NaN),
    errors: errors + timeouts,
    errorSamples: samples,
    // per answered request (requests given up on may still be running in the server)
    serverMs: round2(server_ / Math.max(1, total - timeouts)),
    dbMs: round2(db / Math.max(1, total - timeouts)),
    maxInflight: inflight,
  };
}

export async function benchListCpu() {
  const url = dbUrl(DB_NAME);
  await createDb(DB_NAME, false);
  await migrateAndSeed(url);
  const scale = await generateTenderScale(url);
  if (!scale.skipped) console.log(`scale data generated in ${scale.ms} ms`);
  fs.mkdirSync(DATA, { recursive: true });
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const n = new Date();
  const since = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const page = `/api/tenders/?filter_status=ORDERED,FINISHED&filter_start=${since}&ordering=-start&page=3&page_size=50`;
  const server = spawnServer(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', DATA_DIR: '/tmp/portal-bench-list-cpu', SEED_DEMO: 'never' },
    PORT,
  );
  const report: Record<string, unknown> = {
    label: LABEL,
    machine: machineLine(),
    at: new Date().toISOString(),
    page,
  };
  try {
    await waitHealthy(server, performance.now());
    const tokens = {
      contractor: await login(server, 'contractor@demo.ee'),
      supplier: await login(server, 'supplier@demo.ee'),
      admin: await login(server, 'admin@demo.ee'),
    };
    const cpu: Record<string, unknown>[] = [];
    // Besides the target's page: the list as it first opens (no status filter, the default start day, page 1).
    const opening = `/api/tenders/?filter_start=${since}&ordering=-start&page=1&page_size=50`;
    const viewers: { who: string; email: string; token: string; page: string; target: boolean }[] = [
      ...Object.entries(tokens).map(([who, token]) => ({
        who,
        email: `${who}@demo.ee`,
        token,
        page,
        target: true,
      })),
      {
        who: 'contractor, list as opened',
        email: 'contractor@demo.ee',
        token: tokens.contractor,
        page: opening,
        target: false,
      },
    ];
    for (const { who, email, token, page, target } of viewers) {
      const file = who.replace(/\W+/g, '-');
      const api = await cpuPerPage(server, url, page, token);
      const statements = await captureStatements(url, page, token, email);
      // The page's own statements: those reading the tenders (not the session's).
      const pageSql = statements.filter((s) => /from "?tenders"?\s/.test(s));
      const bareAll = await pgbench(url, statements, `${file}-all`);
      const barePage = await pgbench(url, pageSql, `${file}-page`);
      const total = api.serverMs + api.dbMs;
      // The page's JSON written the way the server did before (zod, then JSON.stringify) and does now.
      const answer = await (
        await fetch(`http://127.0.0.1:${PORT}${page}`, { headers: { authorization: `Token ${token}` } })
      ).json();
      const writer = await writerMs(paged(tender), answer, 500);
      const row = {
        who,
        target,
        ...api,
        totalMs: round2(total),
        statements: statements.length,
        bareAllDbMs: bareAll.dbMsPerTx,
        bareAllLatencyMs: bareAll.latencyMs,
        barePageDbMs: barePage.dbMsPerTx,
        barePageLatencyMs: barePage.latencyMs,
        ratioAll: round1(total / bareAll.dbMsPerTx),
        ratioPage: round1(total / barePage.dbMsPerTx),
        writer,
      };
      console.log(JSON.stringify(row));
      cpu.push(row);
    }
    report.cpu = cpu;
    const open: Awaited<ReturnType<typeof openLoop>>[] = [];
    // Until the server has no queue left (answers given up on keep it busy): its CPU quiet for 0.6 s.
    const drained = async () => {
      let last = cpuMs(server.proc.pid);
      for (let quiet = 0, i = 0; quiet < 2 && i < 400; i++) {
        await new Promise((r) => setTimeout(r, 300));
        const c = cpuMs(server.proc.pid);
        quiet = c - last < 15 ? quiet + 1 : 0;
        last = c;
      }
    };
    await drained();
    // BENCH_LIST_OPEN_LOOP=0 measures the CPU per page only (e.g. to compare two checkouts back to back).
    if (process.env.BENCH_LIST_OPEN_LOOP !== '0') {
      open.push(await openLoop(server, url, page, tokens.admin, 400, 10));
      console.log(JSON.stringify(open.at(-1)));
      let crossing: number | null = null;
      for (const rate of [25, 50, 100, 150, 200, 300, 500, 600, 800, 1000]) {
        await drained();
        const r = await openLoop(server, url, page, tokens.admin, rate, 6);
        console.log(JSON.stringify(r));
        open.push(r);
        if (r.p99 > 50) {
          crossing = rate;
          break;
        }
      }
      report.open = open;
      report.crossing = crossing;
    } else report.open = [];
  } finally {
    await server.stop();
  }
  report.load = `${loadBefore} → ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  fs.writeFileSync(
    path.join(DATA, `list-cpu-${LABEL.replace(/\W+/g, '_')}.json`),
    JSON.stringify(report, null, 2),
  );
  const cpu = report.cpu as (Record<string, number | string> & {
    writer: Awaited<ReturnType<typeof writerMs>>;
  })[];
  const open = report.open as Awaited<ReturnType<typeof openLoop>>[];
  const lines = [
    `Tender list (${LABEL}), ${report.machine}; load ${report.load}`,
    '',
    '| viewer | server CPU/page | PostgreSQL CPU/page | total | target | bare SQL (pgbench -M prepared): all statements / page statement | API ÷ bare SQL (all / page), target ≤ 2× | statements per page | its JSON written (zod then JSON.stringify) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...cpu.map(
      (r) =>
        `| ${r.who} | ${r.serverMs} ms | ${r.dbMs} ms | **${r.totalMs} ms** | ${!r.target ? '(the target is page 3)' : `≤ 2 ms: ${Number(r.totalMs) <= 2 ? 'met' : 'not met'}`} | ${r.bareAllDbMs} / ${r.barePageDbMs} ms | ${r.ratioAll}× / ${r.ratioPage}× | ${r.statements} | ${writerText(r.writer)} |`,
    ),
    '',
    '| open loop (admin) | sent/s achieved | p50 | p90 | p99 | max | errors | CPU/page server + PostgreSQL | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...open.map(
      (r, i) =>
        `| ${r.rate}/s × ${r.requests} | ${r.achieved} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${r.serverMs} + ${r.dbMs} ms | ${i === 0 ? `p99 < 50 ms at 400/s: ${r.p99 < 50 ? 'met' : 'not met'}` : ''} |`,
    ),
    '',
    open.length
      ? `p99 crosses 50 ms at: ${report.crossing ? `${report.crossing}/s` : 'not within 1000/s'}`
      : 'open loop not run (BENCH_LIST_OPEN_LOOP=0)',
  ];
  console.log(`\n${lines.join('\n')}`);
  return { report, table: lines.join('\n') };
}

if (process.argv[1] === path.join(ROOT, 'bench/list-cpu.ts')) {
  await benchListCpu();
  // pgbench is a separate program: make sure it is there before trusting the numbers.
  if (spawnSync('pgbench', ['--version']).status !== 0) console.error('pgbench not found');
}
