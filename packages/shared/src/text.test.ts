import { describe, expect, it } from 'vitest';
import { yearsAfter } from './rules/offer.ts';
import { nameText, searchText } from './text.ts';
import { isStrictDate, isStrictDateTime } from './textRules.ts';

const NUL = String.fromCharCode(0);

describe('shared text and date schemas', () => {
  it('a name refuses NUL, is trimmed and needs a letter or a digit', () => {
    expect(nameText().parse('  Bussid ')).toBe('Bussid');
    expect(nameText().parse('Ülemiste 2')).toBe('Ülemiste 2');
    expect(nameText().parse('Трамваи')).toBe('Трамваи');
    for (const [bad, key] of [
      [`Bus${NUL}sid`, 'invalid_characters'],
      ['\u200b', 'blank'],
      [' \u00a0 ', 'blank'],
      ['---', 'blank'],
      ['', 'blank'],
      ['x'.repeat(201), 'too_long'],
    ] as const) {
      const r = nameText().safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain(key);
    }
  });

  it('a search strips NUL', () => {
    expect(searchText.parse(`ab${NUL}c${NUL}`)).toBe('abc');
  });

  it('dates are strict ISO between 2000 and 2100', () => {
    for (const ok of ['2000-01-01', '2026-02-28', '2028-02-29', '2100-12-31'])
      expect(isStrictDate(ok), ok).toBe(true);
    for (const bad of [
      '0',
      '2026',
      '1999-12-31',
      '2101-01-01',
      '2026-02-29',
      '2026-13-01',
      '2026-1-1',
      '20260-01-01',
    ])
      expect(isStrictDate(bad), bad).toBe(false);
    for (const ok of [
      '2026-11-22T10:15:00Z',
      '2026-11-22T10:15:00.123Z',
      '2026-11-22T10:15+02:00',
      '2026-11-22 10:15:00Z',
    ])
      expect(isStrictDateTime(ok), ok).toBe(true);
    for (const bad of [
      '0',
      '2026-11-22',
      '2026-11-22T10:15:00',
      '2026-11-22T24:00:00Z',
      '+020260-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      'Sun, 22 Nov 2026 10:15:00 GMT',
    ])
      expect(isStrictDateTime(bad), bad).toBe(false);
  });

  it('five years after a day keeps the day, 29 February becomes 28 February', () => {
    expect(yearsAfter('2026-11-22', 5)).toBe('2031-11-22');
    expect(yearsAfter('2028-02-29', 5)).toBe('2033-02-28');
  });
});
