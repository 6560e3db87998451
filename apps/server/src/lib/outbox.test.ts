// The outbox delivers each side effect exactly once: never for a rolled-back cause, again after a crash before
// the commit, once with several workers, with retries and a visible error, and once per dedupe key; a delivery
// that outlives its lease keeps the row by renewing it, one whose lease was taken over is abandoned, and a stopping
// worker lets a delivery finish or releases it for another worker at once.
// The handlers here are the test's own (they record what arrives); the last block speaks real SMTP to the
// SMTP catcher in tools/simulators.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { OutboxKind } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher } from '../../../../tools/simulators/smtp-catcher.ts';
import { type Db, openDatabase } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { history, outbox } from '../db/schema/index.ts';
import { testContext } from '../test/context.ts';
import { uid } from '../test/factories.ts';
import { advance, freeze, now, resetClock } from './clock.ts';
import { enqueue, MAX_ATTEMPTS, type OutboxHandler, OutboxWorker } from './outbox.ts';
import { queryRows } from './sql.ts';

const ctx = await testContext();
const db = ctx.db;
const onPostgres = !!process.env.DATABASE_URL;

/** A handler that records every delivery of a test's rows (payload.run = the test's tag). */
function recorder(
  opts: { fail?: (payload: Record<string, unknown>, attempt: number) => boolean; delayMs?: number } = {},
) {
  const delivered: string[] = [];
  const handler: OutboxHandler = async (payload, { attempt }) => {
    if (opts.delayMs) await new Promise((r) => setTimeout(r, Math.random() * opts.delayMs!));
    if (opts.fail?.(payload, attempt)) throw new Error(`cannot deliver ${payload.n}`);
    delivered.push(String(payload.n));
  };
  return { delivered, handler };
}
const rowsOf = (run: string) =>
  db.select().from(outbox).where(sql`${outbox.payload}->>'run' = ${run}`).orderBy(outbox.id);
async function enqueueMany(run: string, count: number, kind: OutboxKind = 'email') {
  for (let i = 0; i < count; i++) await enqueue(db, kind, { run, n: `${run}-${i}` });
  return Array.from({ length: count }, (_, i) => `${run}-${i}`);
}
/** Marks other tests' leftovers as done so a worker here only sees this test's rows. */
const settle = () => db.update(outbox).set({ status: 'done' }).where(eq(outbox.status, 'pending'));

beforeEach(async () => {
  freeze(new Date('2031-05-01T08:00:00Z'));
  await settle();
});
afterEach(() => resetClock());

describe('outbox', () => {
  it('never delivers a row whose transaction rolled back', async () => {
    const run = uid();
    await db
      .transaction(async (tx) => {
        await enqueue(tx, 'email', { run, n: 'lost' });
        throw new Error('the cause failed');
      })
      .catch(() => {});
    const { delivered, handler } = recorder();
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(0);
    expect(delivered).toEqual([]);
    expect(await rowsOf(run)).toEqual([]);
  });

  it('delivers committed rows once through a new worker when the first never ran', async () => {
    const run = uid();
    const expected = await enqueueMany(run, 5);
    const first = recorder();
    const dead = new OutboxWorker(db, { email: first.handler });
    dead.start(60_000);
    await dead.stop(); // the process stops before its first tick

    const next = recorder();
    const worker = new OutboxWorker(db, { email: next.handler });
    expect(await worker.runOnce()).toBe(5);
    expect(await worker.runOnce()).toBe(0);
    expect(await new OutboxWorker(db, { email: next.handler }).runOnce()).toBe(0);
    expect(first.delivered).toEqual([]);
    expect(next.delivered).toEqual(expected);
    const rows = await rowsOf(run);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(expected.map(() => ['done', 1]));
    expect(rows.every((r) => r.deliveredAt?.getTime() === now().getTime())).toBe(true);
  });

  it('undoes the partial work of a handler that fails, and a new worker delivers the row once later', async () => {
    const run = uid();
    await enqueueMany(run, 3);
    // The handler writes in its own transaction, then fails on row 1: its write is undone with it.
    const writes = (n: string) =>
      db.select().from(history).where(sql`${history.entity} = 'export' and ${history.data}->>'n' = ${n}`);
    const makeHandler =
      (failOn: string | null): OutboxHandler =>
      (payload, { db: conn, id }) =>
        conn.transaction(async (tx) => {
          await tx
            .insert(history)
            .values({ entity: 'export', entityId: id, action: 'sent', data: { n: payload.n } });
          if (payload.n === failOn) throw new Error('peer hung up');
        });
    expect(await new OutboxWorker(db, { email: makeHandler(`${run}-1`) }).runOnce()).toBe(3);
    let rows = await rowsOf(run);
    expect(rows.map((r) => r.status)).toEqual(['done', 'pending', 'done']);
    expect(rows[1]).toMatchObject({ attempts: 1, lastError: 'peer hung up' });
    expect(await writes(`${run}-1`)).toHaveLength(0);
    expect(await writes(`${run}-0`)).toHaveLength(1);

    // Not before the backoff…
    const restarted = new OutboxWorker(db, { email: makeHandler(null) });
    expect(await restarted.runOnce()).toBe(0);
    advance(5);
    expect(await restarted.runOnce()).toBe(1);
    advance(3600);
    expect(await restarted.runOnce()).toBe(0);
    rows = await rowsOf(run);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['done', 1, null],
      ['done', 2, null],
      ['done', 1, null],
    ]);
    for (let i = 0; i < 3; i++) expect(await writes(`${run}-${i}`)).toHaveLength(1);
  });

  it('retries a failing delivery with growing backoff and gives up after MAX_ATTEMPTS', async () => {
    const run = uid();
    await enqueueMany(run, 1);
    const { handler } = recorder({ fail: () => true });
    const worker = new OutboxWorker(db, { email: handler });
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await worker.runOnce(), `attempt ${attempt}`).toBe(1);
      const [row] = await rowsOf(run);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe(`cannot deliver ${run}-0`);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
      const wait = row.nextAttemptAt.getTime() - now().getTime();
      gaps.push(wait);
      expect(await worker.runOnce()).toBe(0); // not due yet
      advance(wait / 1000);
    }
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]);
    expect(gaps[0]).toBeGreaterThan(0);
    advance(86_400 * 30);
    expect(await worker.runOnce()).toBe(0);
    expect((await rowsOf(run))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('keeps delivering the other rows when a kind has no handler', async () => {
    const run = uid();
    await enqueue(db, 'bc_sync', { run, n: 'orphan' });
    const expected = await enqueueMany(run, 2);
    const { delivered, handler } = recorder();
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(3);
    expect(delivered).toEqual(expected);
    const rows = await rowsOf(run);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'done', 'done']);
    expect(rows[0].lastError).toMatch(/no handler for bc_sync/);
  });

  it('delivers each row once when several workers run at the same time', async () => {
    const run = uid();
    const expected = await enqueueMany(run, 40);
    const { delivered, handler } = recorder({ delayMs: 3 });
    const workers = Array.from({ length: 4 }, () => new OutboxWorker(db, { email: handler }));
    const handled = await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    expect(delivered.sort()).toEqual([...expected].sort());
    expect(new Set(delivered).size).toBe(40);
    // runOnce() during a run joins it, so each worker's two calls report the same count.
    expect(handled.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0)).toBe(40);
    expect((await rowsOf(run)).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('writes a row once per dedupe key', async () => {
    const run = uid();
    const key = `tender-finished:${run}`;
    await enqueue(db, 'email', { run, n: 'a' }, key);
    await enqueue(db, 'email', { run, n: 'b' }, key);
    await db.transaction(async (tx) => enqueue(tx, 'email', { run, n: 'c' }, key));
    await enqueue(db, 'email', { run, n: 'x' });
    await enqueue(db, 'email', { run, n: 'x' });
    const rows = await rowsOf(run);
    expect(rows.map((r) => [r.payload, r.dedupeKey])).toEqual([
      [{ run, n: 'a' }, key],
      [{ run, n: 'x' }, null],
      [{ run, n: 'x' }, null],
    ]);
  });
});

/** A handler whose deliveries wait until the test lets them go (or their signal aborts). */
function gate() {
  const started: string[] = [];
  const aborted: string[] = [];
  const delivered: string[] = [];
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  let entered!: () => void;
  const first = new Promise<void>((r) => (entered = r));
  const handler: OutboxHandler = async (payload, { signal }) => {
    started.push(String(payload.n));
    entered();
    const abortedNow = new Promise<'aborted'>((r) => signal.addEventListener('abort', () => r('aborted')));
    if ((await Promise.race([opened.then(() => 'open' as const), abortedNow])) === 'aborted') {
      aborted.push(String(payload.n));
      throw signal.reason;
    }
    delivered.push(String(payload.n));
  };
  return { started, aborted, delivered, open, first, handler };
}
const leaseOf = async (run: string) => (await rowsOf(run))[0];

describe('outbox leases', () => {
  it('claims one row at a time: a second worker delivers the next row while the first is busy', async () => {
    const run = uid();
    const expected = await enqueueMany(run, 3);
    const slow = gate();
    const busy = new OutboxWorker(db, { email: slow.handler }, undefined, { leaseMs: 3_000 });
    const working = busy.runOnce();
    await slow.first;
    // The busy worker holds row 0 only: the other rows are due for anybody.
    expect((await rowsOf(run)).map((r) => [r.attempts, r.lease !== null])).toEqual([
      [1, true],
      [0, false],
      [0, false],
    ]);
    const { delivered, handler } = recorder();
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(2);
    expect(delivered).toEqual(expected.slice(1));
    slow.open();
    expect(await working).toBe(1);
    expect(slow.delivered).toEqual([expected[0]]);
    expect((await rowsOf(run)).map((r) => [r.status, r.attempts, r.lease])).toEqual(
      expected.map(() => ['done', 1, null]),
    );
  });

  it('renews the lease while a delivery runs longer than it, so no other worker takes the row', async () => {
    const run = uid();
    const [n] = await enqueueMany(run, 1);
    const slow = gate();
    const busy = new OutboxWorker(db, { email: slow.handler }, undefined, { leaseMs: 3_000 });
    const working = busy.runOnce();
    await slow.first;
    const claimedUntil = (await leaseOf(run)).nextAttemptAt.getTime();
    expect(claimedUntil).toBe(now().getTime() + 3_000);
    advance(2);
    // The heartbeat (every second) moves the lease's end on from the clock's new time.
    await vi.waitFor(
      async () => expect((await leaseOf(run)).nextAttemptAt.getTime()).toBe(now().getTime() + 3_000),
      { timeout: 15_000, interval: 100 },
    );
    advance(2); // 4 s after the claim: without the renewal the lease would have run out
    const other = recorder();
    expect(await new OutboxWorker(db, { email: other.handler }).runOnce()).toBe(0);
    slow.open();
    expect(await working).toBe(1);
    expect(other.delivered).toEqual([]);
    expect(slow.delivered).toEqual([n]);
    expect(await leaseOf(run)).toMatchObject({ status: 'done', attempts: 1, lease: null });
  });

  it('abandons a delivery whose lease ran out and was taken over, and records nothing for it', async () => {
    const run = uid();
    const [n] = await enqueueMany(run, 1);
    const stuck = gate();
    const first = new OutboxWorker(db, { email: stuck.handler }, undefined, { leaseMs: 3_000 });
    const working = first.runOnce();
    await stuck.first;
    advance(4); // the lease ran out (as if the first worker had stalled), and another worker takes the row
    const other = recorder();
    expect(await new OutboxWorker(db, { email: other.handler }).runOnce()).toBe(1);
    expect(other.delivered).toEqual([n]);
    // The first worker's next renewal finds the lease gone and aborts its delivery.
    expect(await working).toBe(1);
    expect(stuck.aborted).toEqual([n]);
    expect(stuck.delivered).toEqual([]);
    expect(await leaseOf(run)).toMatchObject({ status: 'done', attempts: 2, lease: null, lastError: null });
  });

  it('keeps one message uuid across retries, a different one per message', async () => {
    const run = uid();
    await enqueueMany(run, 2);
    const seen: string[] = [];
    const handler: OutboxHandler = async (payload, { messageUuid, attempt }) => {
      seen.push(`${payload.n}:${messageUuid}`);
      if (attempt === 1) throw new Error('try again');
    };
    const worker = new OutboxWorker(db, { email: handler });
    expect(await worker.runOnce()).toBe(2);
    advance(5);
    expect(await worker.runOnce()).toBe(2);
    const rows = await rowsOf(run);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
    expect(seen).toEqual([
      `${run}-0:${rows[0].messageUuid}`,
      `${run}-1:${rows[1].messageUuid}`,
      `${run}-0:${rows[0].messageUuid}`,
      `${run}-1:${rows[1].messageUuid}`,
    ]);
    expect(rows[0].messageUuid).not.toBe(rows[1].messageUuid);
  });
});

describe('outbox stop', () => {
  it('claims nothing more and lets the running delivery finish', async () => {
    const run = uid();
    const expected = await enqueueMany(run, 2);
    const slow = gate();
    const worker = new OutboxWorker(db, { email: slow.handler });
    const working = worker.runOnce();
    await slow.first;
    const stopped = worker.stop(60_000);
    slow.open();
    await stopped;
    expect(await working).toBe(1);
    expect(slow.delivered).toEqual([expected[0]]);
    expect((await rowsOf(run)).map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['pending', 0],
    ]);
    expect(await worker.runOnce()).toBe(0); // stopped
  });

  it('releases a delivery it will not finish within the bound: another worker takes it at once', async () => {
    const run = uid();
    const [n] = await enqueueMany(run, 1);
    const stuck = gate();
    const worker = new OutboxWorker(db, { email: stuck.handler }, undefined, { leaseMs: 60_000 });
    const working = worker.runOnce();
    await stuck.first;
    await worker.stop(1_500);
    await working;
    expect(stuck.aborted).toEqual([n]);
    expect(await leaseOf(run)).toMatchObject({ status: 'pending', attempts: 1, lease: null });
    expect((await leaseOf(run)).nextAttemptAt.getTime()).toBe(now().getTime());
    const next = recorder();
    expect(await new OutboxWorker(db, { email: next.handler }).runOnce()).toBe(1); // no clock moved
    expect(next.delivered).toEqual([n]);
  });
});

// PostgreSQL: the test kills the backend of a second connection mid-delivery. (PGlite runs inside its server's
// process on one connection: there the crash is the whole process dying, in the next block.)
describe.skipIf(!onPostgres)('outbox across a real crash (PostgreSQL)', () => {
  it('loses nothing and sends nothing twice when a worker dies in the middle of a delivery', async () => {
    // A second "replica" on its own connection; its backend is killed while its handler is working.
    const res = (await db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${res.rows[0].name}`;
    const client = new pg.Client({ connectionString: u.toString() });
    client.on('error', () => {}); // the kill is expected
    await client.connect();
    const replicaDb = drizzle(client, { schema }) as unknown as Db;

    const run = uid();
    const expected = await enqueueMany(run, 4);
    const seen: string[] = [];
    let inHandler!: (pid: number) => void;
    const entered = new Promise<number>((r) => (inHandler = r));
    const dying = new OutboxWorker(replicaDb, {
      email: async (payload, { db: conn }) => {
        seen.push(String(payload.n));
        const [r] = await queryRows<{ pid: number }>(conn, sql`select pg_backend_pid() as pid`);
        inHandler(r.pid);
        await conn.execute(sql`select pg_sleep(30)`); // working… until the process dies
      },
    });
    const outcome = dying.runOnce().then(
      () => 'finished',
      () => 'crashed',
    );
    const pid = await entered;
    await db.execute(sql`select pg_terminate_backend(${pid})`);
    expect(await outcome).toBe('crashed');
    await client.end().catch(() => {});
    expect(seen).toEqual([expected[0]]);
    // The dead worker claimed only the row it was delivering; its lease holds that row until it ends.
    expect((await rowsOf(run)).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);

    const { delivered, handler } = recorder();
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(3);
    advance(60 + 1);
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(1);
    expect(await new OutboxWorker(db, { email: handler }).runOnce()).toBe(0);
    expect(delivered).toEqual([...expected.slice(1), expected[0]]);
  });
});

// PGlite: a server process with its embedded database in a data directory is killed (SIGKILL) in the middle of a
// delivery; the next process opens the same directory. Runs whatever DATABASE_URL says, on its own directory.
describe('outbox across a real crash (PGlite: the whole process dies)', () => {
  it('loses nothing and sends nothing twice when the server process dies in the middle of a delivery', async () => {
    const at = '2031-05-01T08:00:00.000Z';
    freeze(new Date(at));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-crash-'));
    try {
      let database = await openDatabase({ dataDir: dir });
      await database.migrate();
      const run = uid();
      const expected: string[] = [];
      for (let i = 0; i < 4; i++) {
        await enqueue(database.db, 'email', { run, n: `${run}-${i}` });
        expected.push(`${run}-${i}`);
      }
      await database.close();

      const worker = path.resolve(import.meta.dirname, '../test/outbox-crash-worker.ts');
      const child = spawn(process.execPath, [worker, dir, at], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += String(d);
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      const delivering = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => resolve(String(d).trim()));
        exited.then(() => reject(new Error(`the worker ended before delivering: ${stderr}`)));
      });
      expect(delivering).toBe(`delivering ${expected[0]}`);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      // The next process: the claim committed before the crash holds its row until the lease ends, then one
      // worker delivers each once.
      database = await openDatabase({ dataDir: dir });
      try {
        const rows = await queryRows<{ n: string; status: string; attempts: number }>(
          database.db,
          sql`select payload->>'n' as n, status, attempts from outbox order by id`,
        );
        // Only the row being delivered was claimed; the others are due for the next worker at once.
        expect(rows.map((r) => [r.n, r.status, r.attempts])).toEqual(
          expected.map((n, i) => [n, 'pending', i === 0 ? 1 : 0]),
        );
        const { delivered, handler } = recorder();
        expect(await new OutboxWorker(database.db, { email: handler }).runOnce()).toBe(3);
        advance(60 + 1);
        expect(await new OutboxWorker(database.db, { email: handler }).runOnce()).toBe(1);
        expect(await new OutboxWorker(database.db, { email: handler }).runOnce()).toBe(0);
        expect(delivered).toEqual([...expected.slice(1), expected[0]]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('outbox with a hung peer', () => {
  it('times a hung SMTP server out and keeps delivering the other kinds meanwhile', async () => {
    // Accepts connections and never says a word (no SMTP greeting).
    const sockets: net.Socket[] = [];
    const hung = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
    const port = (hung.address() as net.AddressInfo).port;
    try {
      const run = uid();
      await enqueue(db, 'email', { run, n: 'mail-0' });
      await enqueue(db, 'directo_export', { run, n: 'export' });
      const events: string[] = [];
      const mail: OutboxHandler = async (payload) => {
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port,
          secure: false,
          ignoreTLS: true,
          connectionTimeout: 60_000,
          greetingTimeout: 60_000,
          socketTimeout: 60_000,
        });
        try {
          await transport.sendMail({
            from: 'a@example.test',
            to: 'b@example.test',
            subject: String(payload.n),
            text: '.',
          });
        } finally {
          transport.close();
        }
      };
      const exporter: OutboxHandler = async (payload) => {
        events.push(String(payload.n));
      };
      const worker = new OutboxWorker(db, { email: mail, directo_export: exporter }, undefined, {
        timeoutMs: 3_000,
      });
      const t0 = Date.now();
      expect(await worker.runOnce()).toBe(2);
      const took = Date.now() - t0;
      expect(events).toEqual(['export']);
      const rows = await rowsOf(run);
      expect(rows.map((r) => [r.kind, r.status])).toEqual([
        ['email', 'pending'],
        ['directo_export', 'done'],
      ]);
      expect(rows[0].lastError).toMatch(/timed out/);
      // The mail was given up after its 3 s, never the 60 s of the SMTP client's own time-outs.
      expect(took).toBeLessThan(30_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => hung.close(r));
    }
  });
});

describe('outbox to a real SMTP peer (tools/simulators/smtp-catcher.ts)', () => {
  it('sends each e-mail once, and after the peer was down sends the waiting ones once', async () => {
    const smtp = await startSmtpCatcher({ port: 0 });
    let port = smtp.port;
    const sender: OutboxHandler = async (payload, { messageUuid }) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: 2000,
      });
      try {
        await transport.sendMail({
          from: 'portal@example.test',
          to: String(payload.to),
          subject: String(payload.subject),
          text: 'Tere',
          messageId: `<${messageUuid}@portal.example.test>`,
        });
      } finally {
        transport.close();
      }
    };
    try {
      const run = uid();
      for (let i = 0; i < 3; i++)
        await enqueue(db, 'email', { run, n: i, to: `s${i}@example.test`, subject: `Tender ${run} ${i}` });
      const worker = new OutboxWorker(db, { email: sender });
      expect(await worker.runOnce()).toBe(3);
      expect(await new OutboxWorker(db, { email: sender }).runOnce()).toBe(0);
      const mine = () => smtp.messages.filter((m) => m.subject.includes(run));
      expect(mine().map((m) => [m.subject, m.envelopeTo])).toEqual(
        [0, 1, 2].map((i) => [`Tender ${run} ${i}`, [`s${i}@example.test`]]),
      );
      expect(new Set(mine().map((m) => m.messageId)).size).toBe(3);

      // The peer goes away: the row waits with the error visible, then goes out once when the peer is back.
      await smtp.close();
      await enqueue(db, 'email', { run, n: 9, to: 'late@example.test', subject: `Tender ${run} late` });
      expect(await worker.runOnce()).toBe(1);
      const [late] = (await rowsOf(run)).filter((r) => (r.payload as { n: number }).n === 9);
      expect(late.status).toBe('pending');
      expect(late.attempts).toBe(1);
      expect(late.lastError).toMatch(/ECONNREFUSED|connect/i);

      const back = await startSmtpCatcher({ port: 0 });
      port = back.port;
      try {
        advance(5);
        expect(await worker.runOnce()).toBe(1);
        expect(await worker.runOnce()).toBe(0);
        expect(back.messages.map((m) => m.subject)).toEqual([`Tender ${run} late`]);
        expect(
          (
            await db
              .select()
              .from(outbox)
              .where(inArray(outbox.id, [late.id]))
          )[0].status,
        ).toBe('done');
      } finally {
        await back.close();
      }
    } finally {
      await smtp.close().catch(() => {});
    }
  });
});
