// The API client: JSON in and out, the session token, typed errors. No UI side effects here:
// 401 handling and toasts live in app/providers.tsx (the query client's error handler).
import type { ListPage } from '@portal/shared';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`API ${status}`);
    this.status = status;
    this.body = body;
  }
  /** 400 bodies: field → message keys. */
  get fieldErrors(): FieldErrors {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object') return {};
    return this.body as FieldErrors;
  }
  /** 401/403/404/429 bodies: the message key. */
  get detail(): string | undefined {
    const b = this.body as { detail?: string } | null;
    return typeof b?.detail === 'string' ? b.detail : undefined;
  }
}

const TOKEN_KEY = 'token';
export const session = {
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  },
  set(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
  },
};

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export function toQueryString(q?: Query): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

let onUnauthorized: () => void = () => {};
/** Set once by the auth provider: what a 401 does (clear the session, go to /). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

export async function api<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.token;
  if (token) headers.Authorization = `Token ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}${toQueryString(opts.query)}`, {
      method,
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { detail: 'network_error' });
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.status === 401 && token) onUnauthorized();
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/** An answer with the times its request was sent and its answer read (for the server clock's offset). */
export interface Timed<T> {
  data: T;
  sent: number;
  received: number;
}

const timedGet = <T>(path: string, opts: { query?: Query; signal?: AbortSignal }): Promise<Timed<T>> => {
  const sent = Date.now();
  return api<T>('GET', path, opts).then((data) => ({ data, sent, received: Date.now() }));
};

/**
 * GET requests the entry starts before the app's code has loaded, when the path already tells which data the
 * screen will ask for (a deep link to a tender view): the screen's query then takes that answer instead of asking
 * again once its code has arrived. Each is taken once; one not taken within EARLY_KEEP_MS is left unused.
 */
const early = new Map<string, Promise<Timed<unknown>>>();
const EARLY_KEEP_MS = 10_000;

export function getEarly(path: string, query?: Query) {
  const key = path + toQueryString(query);
  const answer = timedGet(path, { query });
  answer.catch(() => {}); // the screen's query sees a failure (and asks again)
  early.set(key, answer);
  setTimeout(() => early.get(key) === answer && early.delete(key), EARLY_KEEP_MS);
}

/**
 * A GET answer: the early request for the same call when there is one (a failed one is asked again, so 401
 * handling and errors are the usual ones), else a new request.
 */
export function getOnce<T>(
  path: string,
  opts: { query?: Query; signal?: AbortSignal } = {},
): Promise<Timed<T>> {
  const key = path + toQueryString(opts.query);
  const started = early.get(key) as Promise<Timed<T>> | undefined;
  early.delete(key);
  const again = () => timedGet<T>(path, opts);
  return started ? started.catch(again) : again();
}

/** Downloads a file answer (spreadsheet, PDF) with the session token and saves it under its server name. */
export async function download(path: string, fallbackName: string) {
  const token = session.token;
  const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Token ${token}` } : {} });
  if (res.status === 401 && token) onUnauthorized();
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {}
    throw new ApiError(res.status, body);
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename="?([^";]+)"?/.exec(cd);
  saveBlob(await res.blob(), m?.[1] ?? fallbackName);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A page of a list (the shared contract's ListPage): `count` is exact up to the server's limit, `count_more` beyond. */
export type Paged<T> = ListPage<T>;
