// The API's answers checked against their zod schemas and written as JSON. Every answer goes through its route's
// response schema (the seal's last defence: a field the schema does not name is never sent). fastify-type-provider-zod
// does that with zod's `safeEncode`, whose general machinery (a result object and an issue list per value) cost about
// as much again as `JSON.stringify`: for a tender view's 1,000 lines × 3 offers (1.5 MB) 25 ms of which 10 ms zod, and
// most of a tender list page's serialising. Here each schema is compiled once, when its route first answers, into one
// walk that checks every value's type and rebuilds each object as one literal with exactly the schema's keys in the
// schema's order (what zod's output holds), then written by `JSON.stringify`.
//
// Kinds compiled: object (unknown keys stripped, as zod does), array, string, number, boolean, null, nullable,
// optional, enum, literal, union (first matching option, as zod), record with string keys, date, unknown and any.
// Anything else (a check such as `.int()` or `.max()`, a default, a pipe, a strict object…) is zod's for that value.
// When the compiled walk meets a value its schema refuses, the answer is written by zod instead, so a refused answer
// fails exactly as before (ResponseSerializationError). Under vitest every answer is also written by zod and the two
// texts must be equal: the whole API suite checks this writer (`jsonEncoder.test.ts` the edge cases).

import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, type z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** A value its schema refuses: the compiled walk stops and zod writes (and refuses) the answer. */
export class Refused extends Error {}

/** A value checked against its schema, as zod's output would hold it (objects rebuilt with the schema's keys). */
type Copy = (value: unknown) => unknown;

interface Node {
  copy: Copy;
  /** The schema takes `undefined` (optional, unknown, any…). */
  takesUndefined: boolean;
}

const refuse = (): never => {
  throw new Refused();
};

type Def = {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  inclusive?: boolean;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  mode?: string;
};

const internals = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Def; optin?: 'optional' | 'defaulted' } })._zod;

/** zod accepts the value (a schema zod cannot encode, a one-way transform, throws: not accepted). */
function takes(schema: z.ZodType, value: unknown) {
  try {
    return safeEncode(schema, value).success;
  } catch {
    return false;
  }
}

/** zod checks and copies this value (a kind or a check the walk does not know). */
function byZod(schema: z.ZodType): Node {
  return {
    copy: (value) => {
      const r = safeEncode(schema, value);
      return r.success ? r.data : refuse();
    },
    takesUndefined: takes(schema, undefined),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function compileNode(schema: z.ZodType, seen: Map<z.ZodType, Node>): Node {
  const known = seen.get(schema);
  if (known) return known;
  const def = internals(schema).def;
  // Checks (`.int()`, `.max()`…) are zod's to run.
  if (def.checks?.length) return byZod(schema);
  switch (def.type) {
    case 'string':
      return { copy: (v) => (typeof v === 'string' ? v : refuse()), takesUndefined: false };
    case 'number':
      return {
        copy: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : refuse()),
        takesUndefined: false,
      };
    case 'boolean':
      return { copy: (v) => (typeof v === 'boolean' ? v : refuse()), takesUndefined: false };
    case 'null':
      return { copy: (v) => (v === null ? v : refuse()), takesUndefined: false };
    case 'date':
      return {
        copy: (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : refuse()),
        takesUndefined: false,
      };
    case 'unknown':
    case 'any':
      return { copy: (v) => v, takesUndefined: true };
    case 'enum': {
      const values = new Set<unknown>(Object.values(def.entries ?? {}));
      return { copy: (v) => (values.has(v) ? v : refuse()), takesUndefined: false };
    }
    case 'literal': {
      const values = new Set(def.values);
      return { copy: (v) => (values.has(v) ? v : refuse()), takesUndefined: values.has(undefined) };
    }
    case 'nullable': {
      const inner = compileNode(def.innerType as z.ZodType, seen);
      return { copy: (v) => (v === null ? v : inner.copy(v)), takesUndefined: inner.takesUndefined };
    }
    case 'optional': {
      const inner = compileNode(def.innerType as z.ZodType, seen);
      return { copy: (v) => (v === undefined ? v : inner.copy(v)), takesUndefined: true };
    }
    case 'array': {
      const element = compileNode(def.element as z.ZodType, seen).copy;
      return {
        copy: (v) => {
          if (!Array.isArray(v)) return refuse();
          const out = new Array(v.length);
          for (let i = 0; i < v.length; i++) out[i] = element(v[i]);
          return out;
        },
        takesUndefined: false,
      };
    }
    case 'object': {
      // Only zod's default (unknown keys stripped); a strict or loose object is zod's.
      if (def.catchall !== undefined) return byZod(schema);
      const node: Node = { copy: refuse, takesUndefined: false };
      seen.set(schema, node);
      const keys = Object.keys(def.shape ?? {});
      const fields = keys.map((key) => {
        const s = (def.shape as Record<string, z.ZodType>)[key];
        return { key, node: compileNode(s, seen), optin: internals(s).optin };
      });
      // One object literal per value, its keys in the schema's order (as zod writes them); a key that may not be
      // absent though its schema takes undefined (unknown, any) is checked to be there, as zod checks it.
      const value = (f: (typeof fields)[number], i: number) => {
        const read = `c[${i}](v[${JSON.stringify(f.key)}])`;
        return f.optin === undefined && f.node.takesUndefined
          ? `${JSON.stringify(f.key)} in v ? ${read} : refuse()`
          : read;
      };
      const build = new Function(
        'c',
        'refuse',
        'isRecord',
        `return (v) => isRecord(v) ? { ${fields.map((f, i) => `${JSON.stringify(f.key)}: ${value(f, i)}`).join(', ')} } : refuse();`,
      ) as (c: Copy[], r: typeof refuse, o: typeof isRecord) => Copy;
      node.copy = build(
        fields.map((f) => f.node.copy),
        refuse,
        isRecord,
      );
      return node;
    }
    case 'record': {
      const keyDef = internals(def.keyType as z.ZodType).def;
      if (keyDef.type !== 'string' || keyDef.checks?.length || def.mode) return byZod(schema);
      const value = compileNode(def.valueType as z.ZodType, seen).copy;
      return {
        copy: (v) => {
          if (!isRecord(v)) return refuse();
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(v)) out[key] = value(v[key]);
          return out;
        },
        takesUndefined: false,
      };
    }
    case 'union': {
      if (def.inclusive === false) return byZod(schema);
      const options = (def.options ?? []).map((o) => compileNode(o, seen));
      return {
        // zod takes the first option that accepts the value
        copy: (v) => {
          for (const o of options) {
            try {
              return o.copy(v);
            } catch (err) {
              if (!(err instanceof Refused)) throw err;
            }
          }
          return refuse();
        },
        takesUndefined: options.some((o) => o.takesUndefined),
      };
    }
    default:
      return byZod(schema);
  }
}

/**
 * The schema's JSON writer: the value checked and copied with exactly the schema's fields, written by
 * `JSON.stringify` (undefined where it writes nothing); throws `Refused` for a value the schema refuses.
 */
export function compileJson(schema: z.ZodType): (value: unknown) => string | undefined {
  const copy = compileNode(schema, new Map()).copy;
  return (value) => JSON.stringify(copy(value));
}

const viaZod = createSerializerCompiler({});
const checkAgainstZod = !!process.env.VITEST;

/** Fastify's serializer compiler for the API's routes (app.ts): the compiled writer, zod for what it refuses. */
export const serializerCompiler: typeof viaZod = (route) => {
  const zodWrite = viaZod(route);
  const given = route.schema as z.ZodType | { properties: z.ZodType };
  const schema = given instanceof $ZodType ? given : given.properties;
  // Compiled when the route first answers, not when the server starts (every route's schemas at once).
  let write: ((value: unknown) => string | undefined) | undefined;
  return (data) => {
    let text: string | undefined;
    try {
      write ??= compileJson(schema as z.ZodType);
      text = write(data);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
    }
    if (text === undefined) return zodWrite(data);
    if (checkAgainstZod) {
      let expected: string;
      try {
        expected = zodWrite(data);
      } catch (err) {
        throw new Error(`${route.method} ${route.url}: the compiled writer took an answer zod refuses`, {
          cause: err,
        });
      }
      if (expected !== text)
        throw new Error(
          `${route.method} ${route.url}: the compiled writer wrote ${text.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
    }
    return text;
  };
};
