// The server process as an operator runs it (`node apps/server/src/main.ts` on PostgreSQL): a graceful stop lets
// the requests it has taken finish and commit, then exits 0 on its own. Skipped without DATABASE_URL (CI sets it).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test/db.ts';
import { buildGroup, buildUser, buildWarehouse, TEST_PASSWORD } from './test/factories.ts';

const url = process.env.DATABASE_URL;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Resolves when the child prints a line matching `re` on stdout or stderr (its log). */
const printed = (child: ChildProcess, re: RegExp) =>
  new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (process.env.DEBUG_SERVE) process.stderr.write(chunk);
      if (re.test(out)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${re}:\n${out}`)));
  });

describe.skipIf(!url)('a graceful stop', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('finishes the requests it took (they commit and answer 200), takes no new ones, and exits 0', async () => {
    const database = await freshDatabase({ poolSize: 2 });
    closers.push(() => database.close());
    const group = await buildGroup(database.db);
    const warehouse = await buildWarehouse(database.db, { groupId: group.id });
    const admin = await buildUser(database.db, { group: 'ADMINISTRATOR', groupIds: [group.id] });

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'never',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        // Long enough that the held lock below, not a time-out, decides when the requests finish.
        DB_LOCK_TIMEOUT_MS: '60000',
        DB_STATEMENT_TIMEOUT_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    closers.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    await printed(child, /Server listening/);

    const base = `http://127.0.0.1:${port}/api`;
    const login = await fetch(`${base}/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const headers = {
      'content-type': 'application/json',
      authorization: `Token ${((await login.json()) as { token: string }).token}`,
    };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await fetch(`${base}/tenders/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          start: new Date(Date.UTC(2099, 0, 1)).toISOString(),
          finish: new Date(Date.UTC(2099, 0, 2)).toISOString(),
          group: group.id,
          warehouse: warehouse.id,
          status: 'DRAFT',
          additional_info: 'before',
          details: [],
        }),
      });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { id: number }).id);
    }

    // Another session holds the three tenders, so the three writes below are running (waiting for the lock) when
    // the stop signal comes.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    closers.push(() => other.end());
    await other.query('begin');
    await other.query('select id from tenders where id = any($1::int[]) for update', [ids]);
    const writes = ids.map((id) =>
      fetch(`${base}/tenders/${id}/`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ additional_info: `written during the stop ${id}` }),
      }),
    );
    for (;;) {
      // (inside its transaction the session would keep reading its first snapshot of the activity)
      await other.query('select pg_stat_clear_snapshot()');
      const { rows } = await other.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0].n === ids.length) break;
    }

    const stopping = printed(child, /"msg":"stopping"/);
    child.kill('SIGTERM');
    await stopping;
    // The load balancer sends nothing new: readiness says so while the server still listens, and then new
    // connections are refused.
    const ready = await fetch(`${base}/health/ready/`).then(
      async (r) => `${r.status} ${((await r.json()) as { status: string }).status}`,
      () => 'refused',
    );
    expect(['503 stopping', 'refused']).toContain(ready);
    expect(child.exitCode).toBeNull();

    await other.query('rollback');
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await exited).toBe(0);
    const { rows } = await other.query(
      'select id, additional_info from tenders where id = any($1::int[]) order by id',
      [ids],
    );
    expect(rows.map((r) => r.additional_info)).toEqual(ids.map((id) => `written during the stop ${id}`));
  }, 120_000);
});
