// One app on one fresh database per test file, with a user of every role, and helpers to call the API as them.
import type { InjectOptions } from 'fastify';
import { afterAll, expect, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, dbTimeouts, testConfig } from '../config.ts';
import { resetClock } from '../lib/clock.ts';
import { type FreshDatabaseOptions, freshDatabase } from './db.ts';
import { buildGroup, buildSupplier, buildUser, buildWarehouse, TEST_PASSWORD } from './factories.ts';

export type Role = 'admin' | 'contractor' | 'master' | 'supplier' | 'employee' | 'supplier2';

// Every context still open when its test file ends is closed then. The hook is registered here, when the file imports
// this module, because one registered later (in a beforeAll or a test) never runs: the app would stay open and its
// database outlive the run.
const open = new Set<() => Promise<void>>();
afterAll(async () => {
  for (const close of [...open]) await close();
});

export async function testContext(
  overrides: Partial<Config> = {},
  dbOptions: Pick<FreshDatabaseOptions, 'port'> = {},
) {
  resetClock();
  const config = testConfig({ DB_POOL_SIZE: 10, ...overrides });
  // The pool as the server opens it: the configuration's time-outs (tests run under the production ones unless a
  // test sets its own).
  const database = await freshDatabase({
    ...dbOptions,
    timeouts: dbTimeouts(config),
    poolSize: config.DB_POOL_SIZE,
  });
  const db = database.db;
  const app = await buildApp({ config, database });
  await app.ready();

  const group = await buildGroup(db, { name: `Bussid ${Math.random().toString(36).slice(2, 7)}` });
  const group2 = await buildGroup(db);
  const warehouse = await buildWarehouse(db, { groupId: group.id });
  const supplierCo = await buildSupplier(db, {}, [group.id, group2.id]);
  const supplierCo2 = await buildSupplier(db, {}, [group.id]);
  const users = {
    admin: await buildUser(db, {
      group: 'ADMINISTRATOR',
      groupIds: [group.id, group2.id],
      canBlacklist: true,
    }),
    contractor: await buildUser(db, {
      group: 'CONTRACTOR',
      groupIds: [group.id, group2.id],
      canBlacklist: true,
    }),
    master: await buildUser(db, { group: 'MASTER', groupIds: [group.id] }),
    supplier: await buildUser(db, {
      group: 'SUPPLIER',
      supplierId: supplierCo.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    }),
    employee: await buildUser(db, { group: 'SUPPLIER', supplierId: supplierCo.id, supplierRole: 'PLAIN' }),
    supplier2: await buildUser(db, {
      group: 'SUPPLIER',
      supplierId: supplierCo2.id,
      supplierRole: 'ADVANCED',
      isAdmin: true,
    }),
  };
  const tokens = new Map<string, string>();

  async function login(email: string, password = TEST_PASSWORD) {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  }
  async function tokenOf(role: Role) {
    if (!tokens.has(role)) tokens.set(role, await login(users[role].email));
    return tokens.get(role)!;
  }
  /** Calls the API as a role (or anonymously with null). */
  async function as(role: Role | null, opts: InjectOptions & { url: string }) {
    const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
    if (role) headers.authorization = `Token ${await tokenOf(role)}`;
    return app.inject({ ...opts, headers });
  }

  const close = async () => {
    if (!open.delete(close)) return;
    await app.close();
    await database.close();
    resetClock();
  };
  open.add(close);
  // made inside a test: closed when that test ends
  if (expect.getState().currentTestName !== undefined) onTestFinished(close);

  return { app, db, database, group, group2, warehouse, supplierCo, supplierCo2, users, login, as, tokenOf };
}
export type TestContext = Awaited<ReturnType<typeof testContext>>;
