// Every request and answer schema of every /api route is one exported by @portal/shared, so the web and the server
// validate with the same definitions and the OpenAPI names come from one place. Walks the route table, so routes
// added later are checked too.
import * as shared from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { isFileAnswer } from '../lib/openapi.ts';
import { testContext } from '../test/context.ts';
import { label } from '../test/routes.ts';

const ctx = await testContext();
const exported = new Set<unknown>(Object.values(shared));
/** A shared schema, or a page of a shared row schema (`paged` makes one page schema per row schema). */
const isShared = (schema: unknown) => exported.has(schema) || exported.has(shared.pagedItem(schema));

/** Routes whose schema is not a zod schema the web could share, with the reason. */
const ALLOWED: Record<string, string> = {};

function misses(r: (typeof ctx.app.routeTable)[number]): string[] {
  const out: string[] = [];
  const s = r.schema as Record<string, unknown>;
  for (const part of ['body', 'querystring', 'params'] as const)
    if (s[part] !== undefined && !isShared(s[part])) out.push(`${label(r)} ${part}`);
  const response = (s.response ?? {}) as Record<string, unknown>;
  for (const [code, schema] of Object.entries(response))
    if (!isShared(schema) && !isFileAnswer(schema)) out.push(`${label(r)} response ${code}`);
  return out;
}

describe('shared schemas', () => {
  it('declares every route body, query, parameters and answer with a schema exported by @portal/shared', () => {
    const routes = ctx.app.routeTable.filter((r) => !(label(r) in ALLOWED));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.flatMap(misses)).toEqual([]);
  });

  it('lists only allowed routes that still exist', () => {
    const names = new Set(ctx.app.routeTable.map(label));
    expect(Object.keys(ALLOWED).filter((k) => !names.has(k))).toEqual([]);
  });
});
