// Cold start: `node apps/server/src/main.ts` (what `npm start` runs after building the web app) on a copy of a
// seeded embedded database, from process spawn to the first healthy GET /api/health/. Five runs, median and max.
// Also the very first start on an empty DATA_DIR (migrations + demo seed), once.
//   node bench/start.ts            (ports 3200-3201, data under /tmp/portal-bench-start-*)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cpuMs, fmtMs, median, ROOT, spawnServer, waitHealthy } from './lib.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const base = '/tmp/portal-bench-start';

export async function benchStart() {
  fs.rmSync(`${base}-template`, { recursive: true, force: true });
  // First start on an empty data directory: migrate + seed + listen.
  const first = spawnServer({ DATA_DIR: `${base}-template`, DATABASE_URL: '' }, 3200);
  const firstMs = await waitHealthy(first, performance.now());
  const firstCpu = cpuMs(first.proc.pid);
  await first.stop();
  console.log(
    `first start (empty DATA_DIR, migrate + demo seed): ${fmtMs(firstMs)} (process CPU ${fmtMs(firstCpu)})`,
  );

  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = `${base}-run`;
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('cp', ['-a', `${base}-template`, dir]);
    const t0 = performance.now();
    const server = spawnServer({ DATA_DIR: dir, DATABASE_URL: '' }, 3201);
    const ms = await waitHealthy(server, t0);
    const cpu = cpuMs(server.proc.pid);
    await server.stop();
    times.push(ms);
    cpus.push(cpu);
    console.log(`cold start ${i + 1}/${RUNS}: ${fmtMs(ms)} (process CPU ${fmtMs(cpu)})`);
  }
  fs.rmSync(`${base}-run`, { recursive: true, force: true });
  fs.rmSync(`${base}-template`, { recursive: true, force: true });
  const result = {
    firstStartMs: Math.round(firstMs),
    firstStartCpuMs: Math.round(firstCpu),
    runs: times.map(Math.round),
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    cpuMedianMs: Math.round(median(cpus)),
  };
  console.log(
    `cold start to healthy: median ${fmtMs(result.medianMs)}, max ${fmtMs(result.maxMs)} (${RUNS} runs)`,
  );
  return result;
}

if (process.argv[1] === path.join(ROOT, 'bench/start.ts')) {
  await benchStart();
}
