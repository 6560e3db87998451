// Shared helpers of the benchmarks: start a server process, wait for health, stop it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Server {
  proc: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** The checkout whose server the benchmarks start: BENCH_SERVER_ROOT, to measure another commit's server (a
 * worktree with node_modules) against the same data and load, else this one. */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;

/** Spawns `node apps/server/src/main.ts` (of `root`, default SERVER_ROOT) with the given environment; resolves when
 * the process is spawned. */
export function spawnServer(env: Record<string, string>, port: number, root = SERVER_ROOT): Server {
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (Node
  // refuses --cpu-prof in NODE_OPTIONS)
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...extra, path.join(root, 'apps/server/src/main.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    proc,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode != null || proc.signalCode != null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Polls GET /api/health/ until it answers 200; returns the milliseconds since `since`. */
export async function waitHealthy(server: Server, since: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    if (server.proc.exitCode != null) throw new Error(`server exited with ${server.proc.exitCode}`);
    try {
      const res = await fetch(`${server.url}/api/health/`);
      if (res.ok) {
        const body = (await res.json()) as { status?: string };
        if (body.status === 'ok') return performance.now() - since;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const fmtMs = (ms: number) => `${Math.round(ms)} ms`;

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc; clock tick 10 ms). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 1/100 s
  } catch {
    return Number.NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What the same work costs this machine's CPU when it is done every `gapMs` (idle in between, as a server at a
 * burst's arrival rate) against back to back: `perRun(runs, gap)` gives the CPU ms per run; it is warmed, then run
 * 2,000 times back to back and `spacedRuns` times at the spacing.
 */
async function spacingCost(
  perRun: (runs: number, gap: number) => Promise<number>,
  gapMs: number,
  spacedRuns: number,
) {
  await perRun(500, 0);
  const backToBack = await perRun(2000, 0);
  const spaced = await perRun(spacedRuns, gapMs);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    gapMs,
    backToBackMs: r3(backToBack),
    spacedMs: r3(spaced),
    factor: Math.round((spaced / backToBack) * 100) / 100,
  };
}

/**
 * `spacingCost` of plain JavaScript in this process: an offer form's body parsed and written again 40 times (~0.3 ms),
 * spaced for `durationMs`. On the 2-core virtual machines here it cost 1.5–1.9× at an 80 ms spacing: caches and the
 * core cool down between requests, whatever the program.
 */
export async function idleWakeFactor(gapMs: number, durationMs: number) {
  const body = JSON.stringify({
    agreed: true,
    lines: Array.from({ length: 20 }, (_, k) => ({
      detail: 1000 + k,
      offers: [
        { id: null, producer: 5, price: `123.${k}`, delivery_date: '2026-12-30', product_code: `BX-${k}` },
      ],
    })),
  });
  let sink = 0;
  const cost = await spacingCost(
    async (runs, gap) => {
      const c0 = process.cpuUsage();
      for (let i = 0; i < runs; i++) {
        for (let j = 0; j < 40; j++) sink += JSON.stringify(JSON.parse(body)).length;
        if (gap) await sleep(gap);
      }
      const c = process.cpuUsage(c0);
      return (c.user + c.system) / 1000 / runs;
    },
    gapMs,
    Math.max(20, Math.round(durationMs / gapMs)),
  );
  if (sink < 0) throw new Error('unreachable');
  return cost;
}

/**
 * `spacingCost` of a bare Node HTTP server (no framework, no database) answering `{"ok":true}`: what waking a process
 * that has been idle costs this machine before any of the portal's work. The server is a child process that reports
 * its own `process.cpuUsage()` (its two reports per measurement are counted in).
 */
export async function bareServerWake(gapMs: number, requests: number) {
  const code = `require('node:http').createServer((q, r) => r.end(q.url === '/cpu' ? JSON.stringify(process.cpuUsage()) : '{"ok":true}')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) =>
      proc.stdout?.once('data', (d) => resolve(Number(String(d)))),
    );
    const get = async (p: string) => (await fetch(`http://127.0.0.1:${port}${p}`)).text();
    const cpu = async () => {
      const u = JSON.parse(await get('/cpu')) as { user: number; system: number };
      return (u.user + u.system) / 1000;
    };
    return await spacingCost(
      async (runs, gap) => {
        const c0 = await cpu();
        for (let i = 0; i < runs; i++) {
          await get('/');
          if (gap) await sleep(gap);
        }
        return ((await cpu()) - c0) / runs;
      },
      gapMs,
      requests,
    );
  } finally {
    proc.kill();
  }
}

/**
 * The server's writing of an answer (fastify-type-provider-zod's serializer: zod's `safeEncode`, unknown keys
 * dropped, then `JSON.stringify`), timed in this process on a real answer (`data`, as the API sent it). Median of
 * `runs` after 5 warm-up runs.
 */
export async function writerMs(schema: import('zod').ZodType, data: unknown, runs = 30) {
  const { safeEncode } = await import('zod');
  const viaZod = () => JSON.stringify(safeEncode(schema, data).data);
  for (let i = 0; i < 5; i++) viaZod();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    viaZod();
    xs.push(performance.now() - t0);
  }
  return { zodMs: Math.round(median(xs) * 100) / 100 };
}

/** A `writerMs` result as a table cell. */
export const writerText = (w: Awaited<ReturnType<typeof writerMs>>) => `${w.zodMs} ms`;
