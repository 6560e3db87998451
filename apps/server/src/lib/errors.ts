import { isMessageKey, type MessageKey } from '@portal/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dbFaultOf } from '../db/faults.ts';

/**
 * 400 bodies: `{"field": ["message_key"], "non_field_errors": [...]}`; others: `{"detail": "message_key"}`.
 * Only keys of the shared message set (`MSG` in packages/shared, each translated in the web's catalogues) are
 * accepted, so a key without a translation fails the type check.
 */
export type FieldErrors = Record<string, MessageKey[]>;

export class AppError extends Error {
  readonly status: number;
  readonly body: FieldErrors | { detail: MessageKey };
  constructor(status: number, body: FieldErrors | { detail: MessageKey }) {
    super(typeof body === 'object' && 'detail' in body ? String(body.detail) : JSON.stringify(body));
    this.status = status;
    this.body = body;
  }
}

export const badRequest = (errors: FieldErrors) => new AppError(400, errors);
/** 400 with one message on one field (or non_field_errors). */
export const invalid = (field: string, key: MessageKey) => new AppError(400, { [field]: [key] });
export const nonField = (key: MessageKey) => new AppError(400, { non_field_errors: [key] });
export const notFound = () => new AppError(404, { detail: 'not_found' });
export const forbidden = (detail: MessageKey = 'forbidden') => new AppError(403, { detail });
export const unauthorized = (detail: MessageKey = 'not_authenticated') => new AppError(401, { detail });

/** Collects field errors; throws them all at once. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, key: MessageKey) {
    this.errors[field] = [...(this.errors[field] ?? []), key];
    return this;
  }
  get empty() {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny() {
    if (!this.empty) throw badRequest(this.errors);
  }
}

/** Turns zod issues into field errors with message keys. A schema may carry its own key as the message. */
export function zodIssuesToFieldErrors(issues: z.core.$ZodIssue[] | readonly unknown[]): FieldErrors {
  const out: FieldErrors = {};
  for (const raw of issues as z.core.$ZodIssue[]) {
    const field = raw.path?.length ? raw.path.map(String).join('.') : 'non_field_errors';
    out[field] = [...(out[field] ?? []), issueKey(raw)];
  }
  return out;
}

function issueKey(i: z.core.$ZodIssue): MessageKey {
  // A schema's own message is a key of the shared set (any other text is zod's English default).
  if (i.message && isMessageKey(i.message)) return i.message;
  switch (i.code) {
    case 'invalid_type': {
      // Route validation does not report the input; zod's default message ends with "received undefined" then.
      const missing =
        'input' in i
          ? i.input === undefined || i.input === null
          : /received (undefined|null)$/.test(i.message ?? '');
      return missing
        ? 'required'
        : i.expected === 'number' || i.expected === 'int'
          ? 'not_a_number'
          : 'invalid';
    }
    case 'too_small':
      return i.origin === 'string' && i.minimum === 1 ? 'blank' : 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_value':
      return 'invalid_choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid';
  }
}

/** The PostgreSQL error code (SQLSTATE) of a database error, also when wrapped by the query builder. */
function pgCodeOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  )
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send(err.body);
    if (hasZodFastifySchemaValidationErrors(err)) {
      // fastify-type-provider-zod flattens each zod issue into keyword, instancePath and params (the rest of the
      // issue, typed Record<string, unknown>): put it back together; zodIssuesToFieldErrors reads it as an issue.
      const issues = err.validation.map((v) => ({
        ...v.params,
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return reply.code(400).send(zodIssuesToFieldErrors(issues));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ detail: 'server_error' });
    }
    if (err.statusCode === 429) return reply.code(429).send({ detail: 'too_many_requests' });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    )
      return reply.code(400).send({ non_field_errors: ['invalid_json'] });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send({ detail: 'unsupported_media_type' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: 'too_large' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return reply.code(err.statusCode).send({ detail: 'invalid' });
    // Last line of defence (the schemas refuse these first): text PostgreSQL cannot hold, dates it cannot read.
    const pg = pgCodeOf(err);
    if (pg === '22021' || pg === '22P05' || pg === '54000') {
      request.log.warn({ err }, 'text the database cannot hold reached it');
      return reply.code(400).send({ non_field_errors: ['invalid_characters'] });
    }
    if (pg === '22008' || pg === '22007') {
      request.log.warn({ err }, 'a date the database cannot read reached it');
      return reply.code(400).send({ non_field_errors: ['invalid_date'] });
    }
    // The database went away or a wait ran out: the request's transaction did not commit, so it may be sent again.
    const fault = dbFaultOf(err);
    if (fault) {
      // The message only (with its cause's): the statement and stack of every request of an outage add nothing.
      const cause = (err as { cause?: { message?: unknown } }).cause?.message;
      request.log.warn({ fault, error: String(cause ?? err.message) }, 'database fault');
      return reply
        .code(503)
        .header('retry-after', fault === 'busy' ? '2' : '5')
        .send({ detail: fault === 'busy' ? 'server_busy' : 'service_unavailable' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ detail: 'server_error' });
  });
}

/**
 * Whether a path is one of the web app's screens (history mode): not the API, not the API reference's assets under
 * /docs/ (asked for from a wrong base), and not a missing file (a last segment with a file extension).
 */
export function isAppPath(url: string) {
  const p = url.split('?')[0];
  if (p.startsWith('/api') || p.startsWith('/docs/')) return false;
  return !/\/[^/]*\.[A-Za-z0-9]{1,8}$/.test(p);
}

/** 404 {"detail": "not_found"}; with the built web app, every other GET outside /api gets its index.html (history mode). */
export function installNotFound(app: FastifyInstance, indexHtml: Buffer | null = null) {
  app.setNotFoundHandler((request, reply) => {
    if (indexHtml && request.method === 'GET' && isAppPath(request.url))
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    return reply.code(404).send({ detail: 'not_found' });
  });
}
