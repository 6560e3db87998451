// API load: a server on PostgreSQL with the demo data, 50 concurrent clients (autocannon), per endpoint
// latency p50/p99 and throughput: login (scrypt, deliberately slow) and list pages.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/api.ts   (port 3202)
// A throw-away database portal_bench_<random> is created on that server and dropped afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, ROOT, type Server, spawnServer, waitHealthy } from './lib.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PORT = 3202;

type Row = {
  name: string;
  rows: number | null;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
  cpuMsPerRequest: number;
};

/**
 * Every request comes from its own client address (X-Forwarded-For; the server trusts its proxy), as 50 real users
 * would: otherwise the per-address login limit (120 a minute) answers 429 and the hashing cost is not measured.
 */
let ipSeq = 0;
const fromManyClients: Pick<autocannon.Options, 'requests'> = {
  requests: [
    {
      setupRequest: (req) => {
        ipSeq++;
        return {
          ...req,
          headers: {
            ...(req.headers ?? {}),
            'x-forwarded-for': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
          },
        };
      },
    },
  ],
};

/** Waits until the server process stops using CPU (under 15 ms per 300 ms twice); returns its CPU time then. */
async function drained(server: Server) {
  let last = cpuMs(server.proc.pid);
  let quiet = 0;
  for (let i = 0; i < 200 && quiet < 2; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const c = cpuMs(server.proc.pid);
    quiet = c - last < 15 ? quiet + 1 : 0;
    last = c;
  }
  return last;
}

async function load(
  server: Server,
  name: string,
  opts: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  rows: number | null,
): Promise<Row> {
  // A short warm-up, then the measured run.
  await autocannon({ ...opts, ...fromManyClients, connections: CONNECTIONS, duration: 2, timeout: 60 });
  const cpu0 = await drained(server); // the warm-up's abandoned requests are finished first
  const r = await autocannon({
    ...opts,
    ...fromManyClients,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 60,
  });
  const cpu = (await drained(server)) - cpu0; // includes requests still in flight when the run ended
  const row = {
    name,
    rows,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: Math.round(r.requests.average),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    // Server CPU per request: independent of what else runs on the machine (unlike the latencies).
    cpuMsPerRequest: r.requests.sent ? Math.round((cpu / r.requests.sent) * 10) / 10 : 0,
  };
  console.log(
    `${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.requests} requests, ${row.non2xx} non-2xx, ${row.errors} errors, server CPU ${row.cpuMsPerRequest} ms/request`,
  );
  return row;
}

export async function benchApi() {
  const db = `portal_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${db}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  const server = spawnServer(
    {
      DATABASE_URL: u.toString(),
      SEED_DEMO: 'always',
      LOGIN_RATE_LIMIT: '1000000',
      TRUST_PROXY: '1', // each simulated client sends its own X-Forwarded-For address
      DATA_DIR: '/tmp/portal-bench-api',
    },
    PORT,
  );
  try {
    const ready = await waitHealthy(server, performance.now());
    console.log(`server on PostgreSQL (${db}) healthy after ${Math.round(ready)} ms (migrate + demo seed)`);
    const loginBody = JSON.stringify({ email: 'admin@demo.ee', password: 'Demo2026parts' });
    const res = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    const { token } = (await res.json()) as { token: string };
    const auth = { authorization: `Token ${token}` };

    const results: Row[] = [];
    results.push(
      await load(
        server,
        'POST /api/login/',
        {
          url: `${server.url}/api/login/`,
          method: 'POST',
          body: loginBody,
          headers: { 'content-type': 'application/json' },
        },
        null,
      ),
    );
    for (const list of [
      '/api/details/?page_size=50',
      '/api/tenders/?page_size=50',
      '/api/producers/?page_size=50',
      '/api/warehouses/?page_size=50',
    ]) {
      const probe = await fetch(`${server.url}${list}`, { headers: auth });
      if (!probe.ok) {
        console.log(`GET ${list}: ${probe.status}, skipped`);
        continue;
      }
      const body = (await probe.json()) as { results?: unknown[] };
      results.push(
        await load(
          server,
          `GET ${list}`,
          { url: `${server.url}${list}`, headers: auth },
          body.results?.length ?? null,
        ),
      );
    }
    return { connections: CONNECTIONS, durationSeconds: DURATION, results };
  } finally {
    await new Promise((r) => setTimeout(r, 1000)); // let the last keep-alive requests drain
    await server.stop();
    await admin.query(`drop database if exists ${db} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync('/tmp/portal-bench-api', { recursive: true, force: true });
  }
}

if (process.argv[1] === path.join(ROOT, 'bench/api.ts')) {
  await benchApi();
}
