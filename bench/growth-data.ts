// The growth benchmark's databases, one per data set and scale factor, migrated and seeded first: the tender data
// (bench/tenders-scale-data.ts: 100,000 tenders with 1,000,000 lines at 1×) in portal_growth_<f>x and the report
// data (bench/reports-scale-data.ts: 100,000 tenders with their offers, winners and orders at 1×) in
// portal_growth_r_<f>x, so the tender list at 1× holds its 100,000 tenders only. A data set is skipped when it is
// there (a stopped run leaves a rolled-back transaction: start again).
//   node bench/growth-data.ts 1 10 [tenders|reports]   (BENCH_GROWTH_DB_PREFIX replaces portal_growth)
// The data goes in with the triggers off and what they keep is rebuilt after (bench/scale-derived.ts), checked on a
// sample of tenders at the end. Each step's time is printed; BENCHMARKS.md has the times of the four data sets.
// A fractional factor makes a small data set for trying it (`0.01`: 1,000 tenders, databases *_0_01x).
import path from 'node:path';
import { ROOT } from './lib.ts';
import { generateReportScale } from './reports-scale-data.ts';
import { createDb, dbUrl, migrateAndSeed } from './tenders-list.ts';
import { generateTenderScale } from './tenders-scale-data.ts';

export type DataSet = 'tenders' | 'reports';
export const growthDbName = (factor: number, set: DataSet) =>
  `${process.env.BENCH_GROWTH_DB_PREFIX ?? 'portal_growth'}${set === 'reports' ? '_r' : ''}_${String(factor).replace('.', '_')}x`;

/** Creates (when missing), migrates, seeds and fills the database of one data set and scale factor; its URL. */
export async function growthData(factor: number, set: DataSet) {
  const name = growthDbName(factor, set);
  const url = dbUrl(name);
  const t0 = Date.now();
  await createDb(name, false);
  await migrateAndSeed(url);
  const r =
    set === 'tenders'
      ? await generateTenderScale(url, Math.round(100_000 * factor), 10)
      : await generateReportScale(url, Math.round(100_000 * factor), 10);
  console.log(
    `${name}: ${set} ${r.skipped ? 'already there' : `generated in ${Math.round(r.ms / 1000)} s`}; ready in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  return url;
}

if (process.argv[1] === path.join(ROOT, 'bench/growth-data.ts')) {
  const args = process.argv.slice(2);
  const factors = args.map(Number).filter(Boolean);
  const sets = (['tenders', 'reports'] as const).filter(
    (s) => !args.some((a) => /^[a-z]/.test(a)) || args.includes(s),
  );
  for (const f of factors.length ? factors : [1, 10]) for (const s of sets) await growthData(f, s);
}
