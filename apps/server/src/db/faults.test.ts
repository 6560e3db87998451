// What production does to the database connection, against the real PostgreSQL (skipped without DATABASE_URL; CI
// sets it): connections closed by the database, a row held by another session, a database that goes away and comes
// back. The server must answer (503 within its time-outs, never hang), never end the process, and serve again by
// itself. Time-outs here are whole seconds (a test must not depend on the machine's speed).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../lib/sql.ts';
import { testContext } from '../test/context.ts';
import { createDraft } from '../test/tenders.ts';
import { dbFaultOf } from './faults.ts';

const url = process.env.DATABASE_URL;

/** A TCP proxy in front of PostgreSQL that the test can cut (an outage) and restore. */
async function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = created;
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** The database disappears: open connections are cut and new ones refused. */
    async cut() {
      const s = server;
      server = null;
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** It comes back on the same address. */
    restore: listen,
    close: async function close() {
      await this.cut();
    },
  };
}

describe('database faults are classified for the answer', () => {
  it('knows lock and statement time-outs, lost connections and a full pool, and nothing else', () => {
    expect(dbFaultOf({ code: '55P03' })).toBe('busy');
    expect(dbFaultOf({ message: 'Failed query', cause: { code: '57014' } })).toBe('busy');
    expect(dbFaultOf(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(dbFaultOf({ code: '57P01' })).toBe('unavailable');
    expect(dbFaultOf({ code: 'ECONNREFUSED' })).toBe('unavailable');
    expect(dbFaultOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(dbFaultOf({ code: '23505' })).toBeNull();
    expect(dbFaultOf(new Error('something else'))).toBeNull();
  });
});

// The server's pool goes through the proxy; the test's own session (`other`) goes straight to the database.
const proxy = url ? await databaseProxy(new URL(url)) : null;
const ctx = proxy
  ? await testContext(
      {
        DB_LOCK_TIMEOUT_MS: 2_000,
        DB_ACQUIRE_TIMEOUT_MS: 2_000,
        DB_POOL_SIZE: 8,
        READINESS_TIMEOUT_MS: 2_000,
      },
      { port: proxy.port },
    )
  : (null as unknown as Awaited<ReturnType<typeof testContext>>);

describe.skipIf(!proxy)('the server on PostgreSQL survives its connections', () => {
  /** A session of the test's own on the same database, beside the server's pool. */
  let other: pg.Client;
  const p = proxy as NonNullable<typeof proxy>;

  beforeAll(async () => {
    const [{ name }] = await queryRows<{ name: string }>(ctx.db, sql`select current_database() as name`);
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    other = new pg.Client({ connectionString: u.toString() });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await p.close();
  });

  const listTenders = () => ctx.as('admin', { method: 'GET', url: '/api/tenders/?page_size=5' });
  /** The server's own connections (through the proxy: every one not the test's). */
  const serverPids = async (state?: string) =>
    (
      await other.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
          and ($1::text is null or state = $1)`,
        [state ?? null],
      )
    ).rows.map((r) => r.pid as number);

  it('replaces idle connections the database closed; the next request succeeds', async () => {
    expect((await listTenders()).statusCode).toBe(200);
    const idle = await serverPids('idle');
    expect(idle.length).toBeGreaterThan(0);
    await other.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [idle]);
    // The process is still here (an unheard `error` event would have thrown out of this test file) and serves.
    expect((await listTenders()).statusCode).toBe(200);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/health/ready/' })).json().status).toBe('ready');
  });

  it('runs transactions again whose begin met a closed connection, and gives every connection back', async () => {
    // Warm the pool, close every idle connection, and start transactions at once: some take a closed connection
    // before node-postgres has read the close.
    await Promise.all(Array.from({ length: 6 }, () => listTenders()));
    await other.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [
      await serverPids('idle'),
    ]);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.db.transaction(async (tx) => (await queryRows<{ one: number }>(tx, sql`select 1 as one`))[0].one),
      ),
    );
    expect(results).toEqual(results.map(() => 1));
    // No connection stays checked out (a begin that failed used to keep its connection from the pool for good).
    const main = ctx.database.poolStats().find((s) => s.pool === 'main');
    expect(main && main.total - main.idle).toBe(0);
  });

  it('answers 503 for a request whose connection is closed under it, and the next one succeeds', async () => {
    const id = await createDraft(ctx);
    await other.query('begin');
    await other.query('select id from tenders where id = $1 for update', [id]);
    const patch = ctx.as('admin', {
      method: 'PATCH',
      url: `/api/tenders/${id}/`,
      payload: { additional_info: 'written while the connection dies' },
    });
    // Wait until the request's statement waits for the lock, then end its session.
    let waiting: number[] = [];
    while (!waiting.length) {
      // (inside its transaction the session would keep reading its first snapshot of the activity)
      await other.query('select pg_stat_clear_snapshot()');
      waiting = (
        await other.query(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows.map((r) => r.pid as number);
    }
    await other.query('select pg_terminate_backend($1)', [waiting[0]]);
    const res = await patch;
    await other.query('rollback');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'service_unavailable' });
    expect(res.headers['retry-after']).toBeDefined();
    const after = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` });
    expect(after.statusCode).toBe(200);
    expect(after.json().additional_info).toBe('test tender');
  });

  it('answers 503 "busy" when a row stays locked, while unrelated requests and health answer at once', async () => {
    const id = await createDraft(ctx);
    await other.query('begin');
    await other.query('select id from tenders where id = $1 for update', [id]);
    const finished: string[] = [];
    // More writers to the held tender than the pool has connections (8): the bulkhead keeps them from taking
    // every connection, so requests to anything else never wait for them.
    const writers = Array.from({ length: 12 }, (_, i) =>
      ctx
        .as('admin', {
          method: 'PATCH',
          url: `/api/tenders/${id}/`,
          payload: { additional_info: `writer ${i}` },
        })
        .then((res) => {
          finished.push('writer');
          return res;
        }),
    );
    const unrelated = await Promise.all([
      listTenders(),
      ctx.as(null, { method: 'GET', url: '/api/health/' }),
      ctx.as(null, { method: 'GET', url: '/api/health/ready/' }),
      ctx.as('supplier', { method: 'GET', url: '/api/tenders/?page_size=5' }),
    ]);
    finished.push('unrelated');
    expect(unrelated.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const results = await Promise.all(writers);
    await other.query('rollback');
    // The unrelated requests were answered before any writer gave up on the lock.
    expect(finished[0]).toBe('unrelated');
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 503));
    expect(results.map((r) => r.json().detail)).toEqual(results.map(() => 'server_busy'));
    // Nothing was written.
    const after = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` });
    expect(after.json().additional_info).toBe('test tender');
    // Without the lock the same write goes through.
    const again = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/tenders/${id}/`,
      payload: { additional_info: 'after the lock' },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers 503 during an outage, not ready, and serves again by itself when the database returns', async () => {
    expect((await listTenders()).statusCode).toBe(200);
    await p.cut();
    const during = await listTenders();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ detail: 'service_unavailable' });
    const ready = await ctx.as(null, { method: 'GET', url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('unavailable');
    // Liveness does not depend on the database: an orchestrator keeps the process.
    expect((await ctx.as(null, { method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    // The background loops fail their round and stay alive.
    await expect(ctx.app.scheduler.runOnce()).rejects.toThrow();
    await expect(ctx.app.outbox.runOnce()).rejects.toThrow();

    await p.restore();
    expect((await listTenders()).statusCode).toBe(200);
    expect((await ctx.as(null, { method: 'GET', url: '/api/health/ready/' })).json().status).toBe('ready');
    await expect(ctx.app.scheduler.runOnce()).resolves.toBeDefined();
    await expect(ctx.app.outbox.runOnce()).resolves.toBeTypeOf('number');
  });
});
