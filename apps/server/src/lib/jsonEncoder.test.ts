// The compiled JSON writer against zod's own (`safeEncode` then `JSON.stringify`): the same text for every value a
// schema accepts, a refusal for every value it refuses. (Every API test also compares the two on its answers.)

import { detailListLine, tender } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { safeEncode, z } from 'zod';
import { compileJson, Refused } from './jsonEncoder.ts';
import { paged } from './list.ts';

/** zod's text, or 'refused'. */
const viaZod = (schema: z.ZodType, value: unknown) => {
  const r = safeEncode(schema, value);
  return r.success ? JSON.stringify(r.data) : 'refused';
};

const compiled = (schema: z.ZodType, value: unknown) => {
  try {
    return compileJson(schema)(value);
  } catch (err) {
    if (err instanceof Refused) return 'refused';
    throw err;
  }
};

const same = (schema: z.ZodType, values: unknown[]) => {
  for (const v of values) expect(compiled(schema, v), JSON.stringify(v) ?? String(v)).toBe(viaZod(schema, v));
};

describe('the compiled JSON writer writes what zod and JSON.stringify write', () => {
  it('strings, escaped as JSON escapes them (quotes, controls, lone surrogates), and refuses other types', () => {
    same(z.string(), [
      '',
      'plain',
      'õun "jutumärgid" \\ kaldkriips',
      'rida\nrida\t\u0000\u001f',
      '😀 emoji',
      'lone \ud800 surrogate',
      '\udc00',
      '</script>',
      5,
      null,
      undefined,
      {},
    ]);
  });

  it('numbers as JSON writes them; NaN and infinities refused as zod refuses them', () => {
    same(z.number(), [0, -0, 1.5, -12.25, 1e21, 1e-7, 2 ** 53, Number.NaN, Infinity, -Infinity, '5', null]);
  });

  it('booleans, null, dates, enums and literals', () => {
    same(z.boolean(), [true, false, 0, 'true']);
    same(z.null(), [null, undefined, 0]);
    same(z.date(), [new Date('2026-11-26T10:00:00Z'), new Date(Number.NaN), '2026-11-26']);
    same(z.enum(['ACTIVE', 'FINISHED']), ['ACTIVE', 'FINISHED', 'DRAFT', 1]);
    same(z.literal('x'), ['x', 'y']);
    same(z.literal([1, 2]), [1, 2, 3, '1']);
  });

  it('objects: unknown keys left out, the schema order kept, optional keys absent, required ones refused when missing', () => {
    const s = z.object({
      b: z.string(),
      a: z.number().nullable(),
      o: z.string().optional(),
      u: z.unknown(),
      n: z.object({ x: z.boolean() }).nullable(),
    });
    same(s, [
      { a: 1, b: 'x', u: { any: [1] }, n: { x: true, sealed: 'never sent' }, secret: 'never sent' },
      { b: 'x', a: null, o: 'present', u: undefined, n: null },
      { b: 'x', a: null, o: undefined, n: null },
      { b: 'x', a: null, u: undefined, n: null },
      { b: 'x', a: null, u: 1 },
      { a: 1, n: null },
      { b: 'x', a: 'not a number', n: null },
      { b: 'x', a: 1, n: { x: 'no' } },
      [],
      null,
      'text',
      new Date(0),
    ]);
  });

  it('arrays, records, unions (the first option that takes the value) and nested schemas', () => {
    same(z.array(z.number()), [[], [1, 2, 3], [1, 'x'], 'x', { length: 0 }]);
    same(z.array(z.string().optional()), [['a', undefined, 'b']]);
    same(z.record(z.string(), z.string()), [{}, { a: 'x', 'b"c': 'y', 10: 'z', 2: 'w' }, { a: 1 }, []]);
    same(z.record(z.string(), z.unknown()), [{ a: undefined, b: 1, c: { d: [null] } }]);
    const u = z.union([z.object({ results: z.array(z.string()), count: z.number() }), z.array(z.string())]);
    same(u, [{ results: ['a'], count: 1, extra: 1 }, ['a', 'b'], { results: [1], count: 1 }, 'x']);
    same(z.union([z.string(), z.number()]), ['a', 1, null]);
  });

  it('checks, defaults and strict or loose objects are zod’s to run', () => {
    same(z.number().int(), [1, 1.5]);
    same(z.string().max(3), ['abc', 'abcd']);
    same(z.array(z.number()).max(2), [
      [1, 2],
      [1, 2, 3],
    ]);
    same(z.object({ d: z.string().default('x') }), [{}, { d: 'y' }, { d: undefined }]);
    same(z.object({ u: z.union([z.string(), z.undefined()]) }), [{}, { u: undefined }, { u: 'x' }]);
    same(z.object({ u: z.string().optional().nullable() }), [{}, { u: null }, { u: undefined }]);
    same(z.object({ s: z.object({ a: z.string() }).strict() }), [{ s: { a: 'x' } }, { s: { a: 'x', b: 1 } }]);
    same(z.object({ s: z.object({ a: z.string() }).loose() }), [{ s: { a: 'x', b: 1 } }]);
  });

  it("the API's own answers: a tender list page and a tender's lines", () => {
    const at = '2026-11-26T10:00:00.000Z';
    const t = {
      id: 7,
      tender_code: 'T-7',
      start: at,
      finish: at,
      status: 'ACTIVE',
      warehouse: 1,
      warehouse_name: 'Ladu "A"',
      warehouse_address: null,
      group: 2,
      group_name: 'Bussid',
      additional_info: 'rida\nrida',
      feedback_enabled: true,
      creator_name: 'Mari Maasikas',
      approver_name: null,
      approved: null,
      approver_comment: null,
      approver_comment_content: null,
      input_approver_comment: null,
      comments_options: [],
      details_count: 3,
      proposals_count: 0,
      winners_count: 0,
      created: at,
      updated: at,
      proposal_created: null,
      proposal_updated: null,
      watched: false,
      watched_date: null,
      agreed: false,
      is_winner: false,
      company_proposals: 0,
      company_proposals_sharing_enabled: false,
      failed_bc_details: 0,
      bc_id: null,
      export_data: null,
      server_time: at,
      choose_by: null,
      choose_overdue: false,
      abilities: [],
      not_in_the_schema: 'sealed',
    };
    const schema = paged(tender);
    expect(viaZod(schema, { results: [t], pages: 1, count: 1 })).not.toBe('refused');
    same(schema, [{ results: [t, t], pages: 1, count: 2 }, [t], { results: [t], pages: 1.5, count: 1 }]);
    same(paged(detailListLine), [[], { results: [], pages: 0, count: 0 }, [{ id: 1 }]]);
  });
});
