// Liveness, readiness and the Prometheus metrics an operator scrapes.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../lib/outbox.ts';
import { testContext } from '../../test/context.ts';
import { createDraft, setClock } from '../../test/tenders.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const ctx = await testContext({ METRICS_TOKEN: TOKEN });
const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/metrics/', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (text: string, name: string, labels: string) =>
  text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && labels.split(',').every((p) => l.includes(p)))
    ?.split(' ')
    .pop();

describe('health', () => {
  it('liveness keeps its shape and readiness checks the database', async () => {
    const live = await ctx.as(null, { method: 'GET', url: '/api/health/' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok', db: ctx.database.kind });
    const ready = await ctx.as(null, { method: 'GET', url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', db: ctx.database.kind });
  });

  it('readiness answers 503 "stopping" once the process is stopping, liveness still 200', async () => {
    ctx.app.lifecycle.stopping = true;
    try {
      const ready = await ctx.as(null, { method: 'GET', url: '/api/health/ready/' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('stopping');
      expect(ready.headers.connection).toBe('close');
      expect((await ctx.as(null, { method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.stopping = false;
    }
  });
});

describe('metrics', () => {
  it('need the operator token: none or a wrong one is refused', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Token ${TOKEN}`)).statusCode).toBe(401);
  });

  it('are off (404) when no token is configured', async () => {
    const other = await testContext();
    const res = await other.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('give request durations by route pattern, the outbox backlog and the scheduler lag', async () => {
    await ctx.as('admin', { method: 'GET', url: '/api/tenders/?page_size=5' });
    await enqueue(ctx.db, 'email', { to: 'a@example.test', template: 'TEST' });
    await enqueue(ctx.db, 'email', { to: 'b@example.test', template: 'TEST' });
    // A tender whose start has passed without the scheduler moving it: the lag counts from its start.
    const id = await createDraft(ctx, { startIn: 10, finishIn: 120 });
    const start = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` })).json()
      .start as string;
    await setClock(ctx, new Date(new Date(start).getTime() + 90_000));
    await ctx.db.execute(sql`update tenders set status = 'WAITING' where id = ${id}`);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'route="/api/tenders/",method="GET",status_code="200"',
      ),
    ).toBe('1');
    expect(Number(sample(text, 'outbox_messages', 'kind="email",status="pending"'))).toBeGreaterThanOrEqual(
      2,
    );
    expect(Number(text.match(/^scheduler_lag_seconds (\S+)$/m)?.[1])).toBeGreaterThanOrEqual(90);
    if (ctx.database.kind === 'postgres')
      expect(Number(sample(text, 'db_pool_connections', 'pool="main",state="max"'))).toBe(10);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });
});
