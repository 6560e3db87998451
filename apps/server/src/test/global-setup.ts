// Migrate once, start every test file from the migrated state: on PostgreSQL (DATABASE_URL set) a template
// database each file clones; on PGlite a data directory snapshot each file loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const blob = await database.snapshot?.();
    await database.close();
    const file = path.join(os.tmpdir(), `portal-migrated-${process.pid}.tar`);
    if (blob) fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    project.provide('pgliteSnapshot', blob ? file : '');
    project.provide('pgTemplate', '');
    return () => fs.rmSync(file, { force: true });
  }
  project.provide('pgliteSnapshot', '');
  const template = `portal_tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const u = new URL(url);
  u.pathname = `/${template}`;
  const database = await openDatabase({ url: u.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    /** A migrated PGlite data directory (tarball path), or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}
