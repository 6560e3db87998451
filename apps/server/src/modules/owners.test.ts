// Each table is written by its owner only (owners.ts): this reads the source of every module (its non-test .ts
// files) for Drizzle writes — insert(t), update(t), delete(t) on a schema table — and SQL ones — insert into t,
// update t, delete from t — and compares them with the map. Triggers in the migrations are not module code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { KNOWN_FOREIGN_WRITES, TABLE_OWNERS } from './owners.ts';

const MODULES = import.meta.dirname;

/** Schema variable → table name (`details` → 'details', `purchaseOrders` → 'purchase_orders'). */
const tableOfVar = new Map(
  Object.entries(schema)
    .filter(([, v]) => is(v, PgTable))
    .map(([k, v]) => [k, getTableName(v as PgTable)]),
);
const tableNames = new Set(tableOfVar.values());

interface Write {
  table: string;
  how: string;
  line: number;
}

/** The table writes in a source text, comments left out. */
function writesIn(source: string): Write[] {
  // Comments blanked out with their line breaks kept, so line numbers stay right.
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, (_, lead: string) => lead);
  const lineAt = (i: number) => code.slice(0, i).split('\n').length;
  const found: Write[] = [];
  for (const m of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*[,)]/g)) {
    const table = tableOfVar.get(m[2]);
    if (table) found.push({ table, how: `${m[1]}(${m[2]})`, line: lineAt(m.index) });
  }
  for (const m of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
    const table = m[2].toLowerCase();
    if (tableNames.has(table))
      found.push({
        table,
        how: `${m[1].replace(/\s+/g, ' ').toLowerCase()} ${table}`,
        line: lineAt(m.index),
      });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const moduleNames = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** Every write of every module: module, file, table, how, line. */
const writes = moduleNames.flatMap((module) =>
  sourceFiles(join(MODULES, module)).flatMap((file) =>
    writesIn(readFileSync(file, 'utf8')).map((w) => ({ module, file: relative(MODULES, file), ...w })),
  ),
);

describe('table owners', () => {
  it('names an owner, an existing module or shared code, for every table of the schema and only for those', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tableNames].sort());
    const unknown = Object.entries(TABLE_OWNERS).filter(
      ([, owner]) => owner !== 'shared' && !moduleNames.includes(owner),
    );
    expect(unknown).toEqual([]);
  });

  it('finds Drizzle and SQL writes, and neither reads nor comments', () => {
    const sample = `
      await tx.insert(winners).values(rows);
      await db.update(details).set({ status }).where(eq(details.id, id));
      await tx
        .delete(comments)
        .where(eq(comments.detailId, id));
      await tx.execute(sql\`insert into purchase_orders (tender_id) values (\${id})\`);
      await tx.execute(sql\`update tenders t set bc_id = null where t.id = \${id}\`);
      await tx.execute(sql\`delete from tender_logs where tender_id = \${id}\`);
      await tx.select().from(proposals).for('update');
      const seen = new Set<number>(); seen.delete(id);
      // update users set is_active = false — a comment
      /* delete from suppliers */
      await tx.execute(sql\`select 1 from offer_receipts for update of offer_receipts\`);`;
    expect(writesIn(sample).map((w) => `${w.line} ${w.how}`)).toEqual([
      '2 insert(winners)',
      '3 update(details)',
      '5 delete(comments)',
      '7 insert into purchase_orders',
      '8 update tenders',
      '9 delete from tender_logs',
    ]);
  });

  it('sees the writes of the modules (the scan reads the source it is meant to)', () => {
    const seen = (module: string, table: string) =>
      writes.some((w) => w.module === module && w.table === table);
    expect(seen('tenders', 'winners')).toBe(true);
    expect(seen('catalogue', 'part_codes')).toBe(true);
    expect(seen('auth', 'throttles')).toBe(true);
    expect(writes.length).toBeGreaterThan(100);
  });

  it('lets no module write a table it does not own, beyond the known writes that remain', () => {
    const known = (module: string, table: string) =>
      KNOWN_FOREIGN_WRITES.some((k) => k.module === module && k.table === table);
    const foreign = writes
      .filter((w) => TABLE_OWNERS[w.table] !== w.module && !known(w.module, w.table))
      .map((w) => `${w.file}:${w.line} ${w.how} — ${w.table} belongs to ${TABLE_OWNERS[w.table]}`);
    expect(foreign).toEqual([]);
  });

  it('keeps no known foreign write that is gone (remove it from KNOWN_FOREIGN_WRITES)', () => {
    const stale = KNOWN_FOREIGN_WRITES.filter(
      (k) => !writes.some((w) => w.module === k.module && w.table === k.table),
    ).map((k) => `${k.module} → ${k.table}`);
    expect(stale).toEqual([]);
  });
});
