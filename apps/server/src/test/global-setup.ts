// On PostgreSQL (DATABASE_URL set): migrate one template database once; every test file clones it.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return;
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
  }
}
