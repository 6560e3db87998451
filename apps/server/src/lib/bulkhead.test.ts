import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyedLimiter } from './bulkhead.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyedLimiter', () => {
  it('lets `perKey` turns of one key run, queues the rest in order, and keys do not share', async () => {
    const limiter = new KeyedLimiter(2, 60_000);
    const a1 = await limiter.acquire('a');
    const a2 = await limiter.acquire('a');
    const order: string[] = [];
    const queued = (name: string) =>
      limiter.acquire('a').then((release) => {
        order.push(name);
        return release;
      });
    const a3 = queued('a3');
    const a4 = queued('a4');
    const b1 = await limiter.acquire('b');
    expect(limiter.load('a')).toEqual({ running: 2, waiting: 2 });
    expect(limiter.load('b')).toEqual({ running: 1, waiting: 0 });
    a1();
    a1(); // a second call of the same turn's end changes nothing
    (await a3)();
    a2();
    (await a4)();
    b1();
    expect(order).toEqual(['a3', 'a4']);
    expect(limiter.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a waiter with 503 "busy" when its wait runs out', async () => {
    vi.useFakeTimers();
    const limiter = new KeyedLimiter(1, 3_000);
    const first = await limiter.acquire('t');
    const second = limiter.acquire('t');
    vi.advanceTimersByTime(3_000);
    await expect(second).rejects.toMatchObject({ status: 503, body: { detail: 'server_busy' } });
    first();
    expect(limiter.load('t')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses every waiter at once when a turn ends busy (the same lock would stop them too)', async () => {
    const limiter = new KeyedLimiter(1, 60_000);
    const first = await limiter.acquire('t');
    const waiters = [limiter.acquire('t'), limiter.acquire('t')];
    first(true);
    for (const w of waiters) await expect(w).rejects.toMatchObject({ status: 503 });
    expect(limiter.load('t')).toEqual({ running: 0, waiting: 0 });
    // The key serves again afterwards.
    (await limiter.acquire('t'))();
  });
});
