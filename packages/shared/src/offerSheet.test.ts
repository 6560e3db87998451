import { describe, expect, it } from 'vitest';
import {
  readSheetDate,
  readSheetDecimal,
  readSheetText,
  SHEET_TEXTS,
  sheetColumnLetter,
  sheetTexts,
} from './offerSheet.ts';

describe('reading offer sheet cells', () => {
  it('reads dates as a spreadsheet program writes them', () => {
    expect(readSheetDate('15.03.2027')).toEqual({ value: '2027-03-15' });
    expect(readSheetDate(' 5.3.2027 ')).toEqual({ value: '2027-03-05' });
    expect(readSheetDate('2027-03-15')).toEqual({ value: '2027-03-15' });
    expect(readSheetDate(46461)).toEqual({ value: '2027-03-15' }); // an Excel day number
    expect(readSheetDate('46461')).toEqual({ value: '2027-03-15' });
    expect(readSheetDate(new Date('2027-03-15T00:00:00Z'))).toEqual({ value: '2027-03-15' });
    expect(readSheetDate(null)).toEqual({ value: null });
    expect(readSheetDate('  ')).toEqual({ value: null });
    for (const bad of ['31.02.2027', '15/13/2027', 'next week', 0, -5])
      expect(readSheetDate(bad).error, String(bad)).toBe('invalid_date');
  });

  it('reads decimals with a comma or a dot, as numbers without binary noise', () => {
    expect(readSheetDecimal('12,50')).toBe('12,50');
    expect(readSheetDecimal('1 234,5 €')).toBe('1234,5');
    expect(readSheetDecimal(12.35)).toBe('12.35');
    expect(readSheetDecimal(0.1 + 0.2)).toBe('0.3');
    expect(readSheetDecimal(0.0001)).toBe('0.0001');
    expect(readSheetDecimal(1e-7)).toBe('0.0000001');
    expect(readSheetDecimal(null)).toBe('');
  });

  it('reads codes written as numbers whole', () => {
    expect(readSheetText(4006381333931)).toBe('4006381333931');
    expect(readSheetText(' 0012 ')).toBe('0012');
    expect(readSheetText(1.5)).toBe('1.5');
  });

  it('has every text in the three languages and the columns in order', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && !Array.isArray(v) ? keys(v).map((x) => `${k}.${x}`) : [k],
      );
    expect(keys(SHEET_TEXTS.ru)).toEqual(keys(SHEET_TEXTS.et));
    expect(keys(SHEET_TEXTS.en)).toEqual(keys(SHEET_TEXTS.et));
    expect(sheetTexts('RUS')).toBe(SHEET_TEXTS.ru);
    expect(sheetTexts('en')).toBe(SHEET_TEXTS.en);
    expect(sheetTexts(null)).toBe(SHEET_TEXTS.et);
    expect(sheetColumnLetter('price')).toBe('H');
    expect(sheetColumnLetter('ean_code')).toBe('K');
  });
});
