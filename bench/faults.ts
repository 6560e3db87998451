// Database faults as production meets them, on a PostgreSQL cluster of the benchmark's own (initdb into a temporary
// folder, its own port), so stopping it disturbs nothing else: (1) the database stopped for 20 s and started again
// while a client keeps asking: time to the first 503, the slowest answer during the outage, time to the first 200
// after the start, and whether the server process is the same one throughout; (2) one tender row held for 10 s by
// another session while 25 writers post to that tender and a client keeps asking for unrelated pages and health:
// the unrelated answers' times and the writers' outcomes.
// Run: `npm run bench -- faults` (as root: the cluster runs as the `postgres` user).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { spawnServer, waitHealthy } from './lib.ts';

const PG_BIN = fs.existsSync('/usr/lib/postgresql')
  ? path.join('/usr/lib/postgresql', fs.readdirSync('/usr/lib/postgresql').sort().at(-1) as string, 'bin')
  : '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private cluster: initdb, start, stop, start again. */
function cluster(dir: string, port: number) {
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [path.join(PG_BIN, cmd), ...args].join(' ')], {
      stdio: 'pipe',
    });
  return {
    init() {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      execFileSync('chown', ['postgres', dir]);
      asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    },
    start: () =>
      asPostgres('pg_ctl', [
        '-D',
        dir,
        '-w',
        '-l',
        `${dir}/log`,
        '-o',
        `"-p ${port} -k /tmp -c fsync=off -c max_connections=200"`,
        'start',
      ]),
    stop: () => asPostgres('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop']),
  };
}

interface Sample {
  at: number;
  ms: number;
  status: number;
}

/** Asks `url` every `everyMs` until `stop()`; every answer (or failure, status 0) with its time. */
function prober(url: string, headers: Record<string, string>, everyMs: number) {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const status = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      );
      samples.push({ at: t0, ms: performance.now() - t0, status });
      await sleep(everyMs);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const r = (ms: number) => `${Math.round(ms)} ms`;

export async function benchFaults() {
  if (!PG_BIN) throw new Error('needs PostgreSQL server binaries under /usr/lib/postgresql');
  const pgPort = await freePort();
  const dir = '/tmp/portal-bench-faults-pg';
  const db = cluster(dir, pgPort);
  db.init();
  db.start();
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const port = await freePort();
  const server = spawnServer(
    { DATABASE_URL: url, SEED_DEMO: 'always', WEB_DIST: '/nonexistent', SCHEDULER_INTERVAL_MS: '1000' },
    port,
  );
  const lines: string[] = [];
  try {
    await waitHealthy(server, performance.now(), 300_000);
    const pid = server.proc.pid;
    const login = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.ee', password: 'Demo2026parts' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const auth = { authorization: `Token ${token}`, 'content-type': 'application/json' };

    // 1. The database stops for 20 s.
    const list = prober(`${server.url}/api/tenders/?page_size=5`, auth, 100);
    const ready = prober(`${server.url}/api/health/ready/`, {}, 250);
    await sleep(3_000);
    const stoppedAt = performance.now();
    db.stop();
    const stopTook = performance.now() - stoppedAt;
    await sleep(20_000);
    const startedAt = performance.now();
    db.start();
    await sleep(10_000);
    await list.stop();
    await ready.stop();
    const during = list.samples.filter((s) => s.at >= stoppedAt && s.at < startedAt);
    const first503 = during.find((s) => s.status === 503);
    const firstOkAfter = list.samples.find((s) => s.at >= startedAt && s.status === 200);
    const readyOk = ready.samples.find((s) => s.at >= startedAt && s.status === 200);
    const statuses = (xs: Sample[]) =>
      Object.entries(
        xs.reduce<Record<string, number>>((a, s) => {
          a[s.status] = (a[s.status] ?? 0) + 1;
          return a;
        }, {}),
      )
        .map(([k, n]) => `${k === '0' ? 'no answer' : k} × ${n}`)
        .join(', ');
    lines.push(
      '| database stopped for 20 s (`pg_ctl stop -m fast`, then start) | result |',
      '|---|---|',
      `| the server process | ${server.proc.exitCode === null && server.proc.pid === pid ? 'the same process throughout (not restarted)' : `exited with ${server.proc.exitCode}`} |`,
      `| first 503 after the stop began | ${first503 ? r(first503.at + first503.ms - stoppedAt) : 'none'} (the stop itself took ${r(stopTook)}) |`,
      `| list answers during the outage (${during.length}) | ${statuses(during)}; p50 ${r(
        pct(
          during.map((s) => s.ms),
          50,
        ),
      )}, max ${r(Math.max(...during.map((s) => s.ms)))} |`,
      `| first list 200 after the start | ${firstOkAfter ? r(firstOkAfter.at + firstOkAfter.ms - startedAt) : 'none'} |`,
      `| first readiness 200 after the start | ${readyOk ? r(readyOk.at + readyOk.ms - startedAt) : 'none'} |`,
    );

    // 2. One tender row held for 10 s; 25 writers to it; unrelated requests beside them.
    const tenders = (await (
      await fetch(`${server.url}/api/tenders/?page_size=0`, { headers: auth })
    ).json()) as {
      id: number;
      status: string;
    }[];
    const draft = tenders.find((t) => t.status === 'DRAFT');
    if (!draft) throw new Error('the demo data has no DRAFT tender');
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from tenders where id = $1 for update', [draft.id]);
    const heldAt = performance.now();
    const writers = Array.from({ length: 25 }, (_, i) => {
      const t0 = performance.now();
      return fetch(`${server.url}/api/tenders/${draft.id}/`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ additional_info: `writer ${i}` }),
      }).then(
        async (res) => ({ status: res.status, ms: performance.now() - t0, body: await res.text() }),
        () => ({ status: 0, ms: performance.now() - t0, body: '' }),
      );
    });
    const unrelated = prober(`${server.url}/api/tenders/?page_size=5`, auth, 100);
    const health = prober(`${server.url}/api/health/`, {}, 100);
    const readiness = prober(`${server.url}/api/health/ready/`, {}, 250);
    await sleep(10_000);
    await holder.query('rollback');
    await holder.end();
    const heldMs = performance.now() - heldAt;
    const written = await Promise.all(writers);
    await Promise.all([unrelated.stop(), health.stop(), readiness.stop()]);
    const within = (p: ReturnType<typeof prober>) => p.samples.filter((s) => s.at - heldAt < heldMs);
    const row = (name: string, xs: Sample[]) =>
      `| ${name} (${xs.length}) | ${statuses(xs)}; p50 ${r(
        pct(
          xs.map((s) => s.ms),
          50,
        ),
      )}, p99 ${r(
        pct(
          xs.map((s) => s.ms),
          99,
        ),
      )}, max ${r(Math.max(...xs.map((s) => s.ms)))} |`;
    lines.push(
      '',
      `| one tender row held ${r(heldMs)} by another session; 25 writers to it | result |`,
      '|---|---|',
      `| the 25 writers | ${statuses(written.map((w) => ({ at: 0, ms: w.ms, status: w.status })))}; answered after p50 ${r(
        pct(
          written.map((w) => w.ms),
          50,
        ),
      )}, max ${r(Math.max(...written.map((w) => w.ms)))} |`,
      row('unrelated list pages meanwhile', within(unrelated)),
      row('`/api/health/` meanwhile', within(health)),
      row('`/api/health/ready/` meanwhile', within(readiness)),
    );
  } finally {
    await server.stop();
    try {
      db.stop();
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchFaults());
