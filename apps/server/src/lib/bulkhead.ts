// A bulkhead per tender: at most `perKey` writes to one tender (or one line) hold a database connection at once in
// this process; the others wait here, in memory, without a connection. Without it, one tender row held by a long
// transaction (a lock, a slow statement) let its waiting writers take every pooled connection, and every other
// request, health checks included, waited behind them. A waiter that does not get its turn within `waitMs` answers
// 503 "busy" and changes nothing, as it would after the lock time-out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

interface Waiter {
  turn: () => void;
  refuse: () => void;
}
interface Slot {
  running: number;
  waiting: Waiter[];
}
/** Ends a turn; `busy`: it ended because the database was busy for this key (a lock or statement time-out), so the
 * writers waiting behind it are refused at once rather than each waiting for the same lock in turn. */
export type Release = (busy?: boolean) => void;

export class KeyedLimiter {
  private readonly slots = new Map<string, Slot>();
  readonly perKey: number;
  private readonly waitMs: number;
  constructor(perKey: number, waitMs: number) {
    this.perKey = perKey;
    this.waitMs = waitMs;
  }

  /** Waits for a turn of `key`; resolves with the function that ends it. 503 after `waitMs`. */
  acquire(key: string): Promise<Release> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { running: 0, waiting: [] };
      this.slots.set(key, slot);
    }
    const s = slot;
    const release: Release = (busy = false) => {
      if (busy) for (const w of s.waiting.splice(0)) w.refuse();
      const next = s.waiting.shift();
      if (next) next.turn();
      else if (--s.running === 0) this.slots.delete(key);
    };
    if (s.running < this.perKey) {
      s.running++;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        turn: () => {
          clearTimeout(timer);
          resolve(once(release));
        },
        refuse: () => {
          clearTimeout(timer);
          reject(new AppError(503, { detail: 'server_busy' }));
        },
      };
      const timer = setTimeout(() => {
        s.waiting.splice(s.waiting.indexOf(waiter), 1);
        waiter.refuse();
      }, this.waitMs);
      s.waiting.push(waiter);
    });
  }

  /** Writes running or waiting for `key` (what the tests look at). */
  load(key: string) {
    const s = this.slots.get(key);
    return s ? { running: s.running, waiting: s.waiting.length } : { running: 0, waiting: 0 };
  }
}

function once(fn: Release): Release {
  let done = false;
  return (busy) => {
    if (done) return;
    done = true;
    fn(busy);
  };
}

/** The key of a write request to one tender or one line (`/api/tenders/:id/…`, `/api/details/:id/…`), or null. */
function keyOf(request: FastifyRequest): string | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const route = request.routeOptions.url;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (!route || id === undefined) return null;
  if (route.startsWith('/api/tenders/:id')) return `tender:${String(id)}`;
  if (route.startsWith('/api/details/:id')) return `detail:${String(id)}`;
  return null;
}

const RELEASE = Symbol('bulkhead release');

/** Installs the bulkhead on the app's write routes to tenders and lines. */
export function installBulkhead(app: FastifyInstance, limiter: KeyedLimiter) {
  // preHandler: after the guard and validation, so refused and invalid requests never queue.
  app.addHook('preHandler', async (request) => {
    const key = keyOf(request);
    if (!key) return;
    (request as unknown as Record<symbol, Release>)[RELEASE] = await limiter.acquire(key);
  });
  const release = (request: FastifyRequest, busy = false) => {
    (request as unknown as Record<symbol, Release | undefined>)[RELEASE]?.(busy);
  };
  app.addHook('onResponse', async (request, reply) => release(request, reply.statusCode === 503));
  // A client that hung up before the answer: the response hook does not run.
  app.addHook('onRequestAbort', async (request) => release(request));
}
