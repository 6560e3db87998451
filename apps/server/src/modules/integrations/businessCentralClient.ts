// The Business Central API v2.0 client: OAuth2 client-credentials token (cached until shortly before it expires,
// fetched again on a 401), JSON requests with a time-out, 429 and 5xx (and network failures) retried with backoff
// that honours Retry-After, `@odata.nextLink` paging, and If-Match on changes.
//
// Configuration (environment variables, see docs/operations.md):
//   BC_API_URL          https://api.businesscentral.dynamics.com/v2.0/{tenant}/{environment}/api/v2.0
//   BC_TOKEN_URL        https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token
//   BC_CLIENT_ID / BC_CLIENT_SECRET   the app registration's client credentials
//   BC_SCOPE            default https://api.businesscentral.dynamics.com/.default
//   BC_COMPANY          the company's id or name (default: the first company)
//   BC_PORTAL_API_URL   the portal's custom API pages (pre-orders, item references); default BC_API_URL with
//                       /api/v2.0 replaced by /api/portal/purchasing/v1.0
//   BC_TIMEOUT_MS       one request's time-out (default 30000)
import type { Config } from '../../config.ts';

export interface BcSettings {
  apiUrl: string;
  portalApiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  company: string | null;
  timeoutMs: number;
  /** Retries of one request after a 429, 5xx, time-out or network failure. */
  maxRetries: number;
  /** A Retry-After longer than this is not waited for here: the request fails as retryable (the outbox waits). */
  maxWaitMs: number;
}

/** The settings from the configuration, or null when no business system is configured. */
export function bcSettings(config: Config): BcSettings | null {
  if (!config.BC_API_URL || !config.BC_TOKEN_URL || !config.BC_CLIENT_ID || !config.BC_CLIENT_SECRET)
    return null;
  const apiUrl = config.BC_API_URL.replace(/\/+$/, '');
  return {
    apiUrl,
    portalApiUrl: (
      config.BC_PORTAL_API_URL ?? apiUrl.replace(/\/api\/v2\.0$/, '/api/portal/purchasing/v1.0')
    ).replace(/\/+$/, ''),
    tokenUrl: config.BC_TOKEN_URL,
    clientId: config.BC_CLIENT_ID,
    clientSecret: config.BC_CLIENT_SECRET,
    scope: config.BC_SCOPE,
    company: config.BC_COMPANY ?? null,
    timeoutMs: config.BC_TIMEOUT_MS,
    maxRetries: config.BC_MAX_RETRIES,
    maxWaitMs: 60_000,
  };
}

export class BcError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  /** Worth trying again later (429, 5xx, time-out, network); otherwise the request itself is wrong. */
  readonly retryable: boolean;
  constructor(message: string, status: number | null, code: string | null, retryable: boolean) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryable = retryable;
  }
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Retry-After as milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface BcRequest {
  body?: unknown;
  ifMatch?: string;
  signal?: AbortSignal;
}
export interface BcPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
}

export class BusinessCentralClient {
  readonly settings: BcSettings;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private company: string | null = null;
  /** Requests repeated after a 429, 5xx or time-out (for logs and tests). */
  retries = 0;

  constructor(settings: BcSettings) {
    this.settings = settings;
  }

  /** A cached token, fetched again a minute before it expires (or when `force`d after a 401). */
  async accessToken(force = false, signal?: AbortSignal): Promise<string> {
    if (!force && this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    this.tokenRequest ??= this.fetchToken(signal).finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const s = this.settings;
    const res = await this.send(
      s.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: s.clientId,
          client_secret: s.clientSecret,
          scope: s.scope,
        }).toString(),
      },
      signal,
    );
    const json = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    } | null;
    if (!res.ok || !json?.access_token)
      throw new BcError(
        `Business Central token refused: ${json?.error_description ?? json?.error ?? `HTTP ${res.status}`}`,
        res.status,
        json?.error ?? null,
        RETRY_STATUSES.has(res.status),
      );
    this.token = { value: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 3600) * 1000 };
    return this.token.value;
  }

  /** One fetch with the time-out; network failures and time-outs become retryable BcErrors. */
  private async send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      return await fetch(url, {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const e = err as Error;
      const timedOut = timeout.aborted;
      throw new BcError(
        timedOut
          ? `Business Central did not answer within ${this.settings.timeoutMs} ms`
          : `Business Central not reachable: ${e.cause instanceof Error ? e.cause.message : e.message}`,
        null,
        timedOut ? 'timeout' : 'network',
        true,
      );
    }
  }

  /**
   * A JSON request to an absolute URL. 401 fetches a new token once; 429/5xx, time-outs and network failures are
   * retried up to `maxRetries` times (a POST only after a 429), waiting Retry-After when given, else 0.5 s, 1 s,
   * 2 s … (at most 30 s).
   */
  async request<T>(method: string, url: string, opts: BcRequest = {}): Promise<T> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      let wait: number | null = null;
      let failure: BcError;
      try {
        const token = await this.accessToken(false, opts.signal);
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
        };
        if (opts.body !== undefined) headers['content-type'] = 'application/json';
        if (opts.ifMatch) headers['if-match'] = opts.ifMatch;
        const res = await this.send(
          url,
          { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
          opts.signal,
        );
        if (res.status === 401 && !refreshed) {
          refreshed = true;
          await res.body?.cancel();
          await this.accessToken(true, opts.signal);
          attempt--;
          continue;
        }
        if (res.ok) {
          if (res.status === 204) return undefined as T;
          return (await res.json()) as T;
        }
        const err = (await res.json().catch(() => null)) as {
          error?: { code?: string; message?: string };
        } | null;
        failure = new BcError(
          `Business Central ${method} ${new URL(url).pathname.split('/').slice(-1)[0]}: HTTP ${res.status} ${err?.error?.code ?? ''} ${err?.error?.message ?? ''}`.trim(),
          res.status,
          err?.error?.code ?? null,
          RETRY_STATUSES.has(res.status),
        );
        wait = retryAfterMs(res.headers.get('retry-after'));
      } catch (err) {
        if (!(err instanceof BcError)) throw err;
        failure = err;
      }
      // A POST whose fate is unknown (time-out, network, 5xx) is not repeated here: the caller looks up what the
      // ERP has before it creates anything again. A 429 was not processed, so it is safe to repeat.
      const repeatable = method !== 'POST' || failure.status === 429;
      if (!failure.retryable || !repeatable || attempt >= this.settings.maxRetries) throw failure;
      const delay = wait ?? Math.min(30_000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      if (delay > this.settings.maxWaitMs) throw failure;
      this.retries++;
      await sleep(delay, opts.signal);
    }
  }

  /** Reads every page of a collection, following @odata.nextLink; each page goes to `onPage` as it arrives. */
  async readAll<T>(url: string, onPage: (rows: T[]) => Promise<void> | void, signal?: AbortSignal) {
    let next: string | undefined = url;
    let total = 0;
    let pages = 0;
    while (next) {
      const page: BcPage<T> = await this.request<BcPage<T>>('GET', next, { signal });
      await onPage(page.value ?? []);
      total += page.value?.length ?? 0;
      pages++;
      next = page['@odata.nextLink'];
    }
    return { total, pages };
  }

  /** The configured company's id (by id or name; the first company when none is named). */
  async companyId(signal?: AbortSignal): Promise<string> {
    if (this.company) return this.company;
    const want = this.settings.company;
    const list = await this.request<BcPage<{ id: string; name: string; displayName?: string }>>(
      'GET',
      `${this.settings.apiUrl}/companies`,
      { signal },
    );
    const found = want
      ? list.value.find((c) => c.id === want || c.name === want || c.displayName === want)
      : list.value[0];
    if (!found)
      throw new BcError(`Business Central company "${want ?? ''}" not found`, 404, 'company', false);
    this.company = found.id;
    return found.id;
  }

  /** URL of an entity set of the company in the standard API, e.g. api('items'). */
  async api(path: string, signal?: AbortSignal) {
    return `${this.settings.apiUrl}/companies(${await this.companyId(signal)})/${path}`;
  }
  /** URL of an entity set of the company in the portal's custom API pages. */
  async portalApi(path: string, signal?: AbortSignal) {
    return `${this.settings.portalApiUrl}/companies(${await this.companyId(signal)})/${path}`;
  }
}

/** An OData string literal: quotes doubled. */
export const odataString = (s: string) => `'${s.replace(/'/g, "''")}'`;
