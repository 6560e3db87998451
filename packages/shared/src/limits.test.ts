// The server's request schemas refuse a text one character beyond the shared limit the web's input stops at.
import { describe, expect, it } from 'vitest';
import { producerCreate } from './catalogue.ts';
import { FIELD_MAX } from './limits.ts';
import { settingsPatch, templatePatch } from './notifications.ts';
import { workerCreate } from './people.ts';
import { groupCreate, moduleCreate, warehouseCreate } from './setup.ts';
import { tenderWrite } from './tenders.ts';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('shared field limits in the request schemas', () => {
  const cases: [string, (s: string) => { success: boolean }, string, number][] = [
    ['group name', (s) => groupCreate.safeParse({ name: s }), 'name', FIELD_MAX.name],
    [
      'warehouse code',
      (s) => warehouseCreate.safeParse({ name: 'W', group: 1, code: s }),
      'code',
      FIELD_MAX.code,
    ],
    [
      'warehouse description',
      (s) => warehouseCreate.safeParse({ name: 'W', group: 1, description: s }),
      'description',
      FIELD_MAX.description,
    ],
    [
      'template subject',
      (s) => templatePatch.safeParse({ subject: s }),
      'subject',
      FIELD_MAX.templateSubject,
    ],
    [
      'SMTP user name',
      (s) => settingsPatch.safeParse({ smtp_username: s }),
      'smtp_username',
      FIELD_MAX.smtpUsername,
    ],
    ['producer name', (s) => producerCreate.safeParse({ name: s }), 'name', FIELD_MAX.name],
    [
      'module key',
      (s) => moduleCreate.safeParse({ name: 'M', url: 'https://x.ee', key: s }),
      'key',
      FIELD_MAX.secret,
    ],
    [
      'tender additional info',
      (s) => tenderWrite.safeParse({ additional_info: s }),
      'additional_info',
      FIELD_MAX.additionalInfo,
    ],
    ['worker BC code', (s) => workerCreate.safeParse({ bc_code: s }), 'bc_code', FIELD_MAX.code],
  ];
  for (const [what, parse, field, max] of cases)
    it(`${what}: ${max} characters pass the limit, ${max + 1} are too_long`, () => {
      expect(errors(parse('a'.repeat(max)) as never).filter((e) => e.startsWith(`${field}:`))).toEqual([]);
      expect(errors(parse('a'.repeat(max + 1)) as never)).toContain(`${field}: too_long`);
    });
});
