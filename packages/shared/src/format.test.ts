import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatPriceNumber,
  formatQuantity,
  ISO_INSTANT,
  isNumberInProgress,
  parseDecimal,
  tallinnDayStart,
} from './format.ts';

describe('formatDateTime', () => {
  it('shows an instant in Tallinn as DD.MM.YYYY HH:mm, summer and winter', () => {
    expect(formatDateTime('2026-07-01T09:05:00Z', 'et')).toBe('01.07.2026 12:05');
    expect(formatDateTime('2026-11-23T22:30:00.000Z', 'en')).toBe('24.11.2026 00:30');
    expect(formatDateTime(new Date('2026-03-29T00:59:00Z'), 'ru')).toBe('29.03.2026 02:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'ru')).toBe('29.03.2026 04:00');
  });
  it('answers empty for nothing and for invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('shows days', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate('2026-02-28T22:30:00Z')).toBe('01.03.2026');
  });
  it('recognises ISO instants only', () => {
    expect(ISO_INSTANT.test('2026-11-23T22:30:00.000Z')).toBe(true);
    expect(ISO_INSTANT.test('2026-11-23T22:30:00+02:00')).toBe(true);
    expect(ISO_INSTANT.test('T-2026-0001')).toBe(false);
    expect(ISO_INSTANT.test('2026-11-23')).toBe(false);
  });
});

describe('formatNumber', () => {
  it('uses comma decimals and space thousands in et and ru, English style in en', () => {
    expect(formatNumber('1234567.505', 'et', 2)).toBe('1\u00a0234\u00a0567,51');
    expect(formatNumber('1234.5', 'ru', 2)).toBe('1\u00a0234,50');
    expect(formatNumber('1234.5', 'en', 2)).toBe('1,234.50');
    expect(formatNumber(12.34567, 'en', 4)).toBe('12.3457');
    expect(formatNumber('-0.004', 'et', 2)).toBe('0,00');
    expect(formatNumber('-5', 'et', 0)).toBe('-5');
    expect(formatNumber(null, 'et')).toBe('');
  });
});

describe('tallinnDayStart', () => {
  it('gives the instant a Tallinn day starts, in winter, in summer and across the clock changes', () => {
    expect(tallinnDayStart('2026-11-23').toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(tallinnDayStart('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(tallinnDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(tallinnDayStart('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(tallinnDayStart('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(tallinnDayStart('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });
  it('moves to the end of the day with addDays', () => {
    expect(tallinnDayStart('2026-11-23', 1).toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(tallinnDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
  it('gives the same instant when asked again, as a Date of its own (a caller changing it changes no other)', () => {
    const first = tallinnDayStart('2026-03-29');
    first.setTime(0);
    const again = tallinnDayStart('2026-03-29');
    expect(again).not.toBe(first);
    expect(again.toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(tallinnDayStart('2026-03-29', 1).toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(Number.isNaN(tallinnDayStart('not-a-day').getTime())).toBe(true);
    expect(Number.isNaN(tallinnDayStart('not-a-day').getTime())).toBe(true);
  });
});

describe('parseDecimal', () => {
  it('takes a comma or a dot as the decimal separator and never drops it', () => {
    expect(parseDecimal('75,5')).toBe('75.5');
    expect(parseDecimal('2,5')).toBe('2.5');
    expect(parseDecimal('2.5')).toBe('2.5');
    expect(parseDecimal(',5')).toBe('0.5');
    expect(parseDecimal('12,')).toBe('12');
    expect(parseDecimal('')).toBe('');
  });
  it('reads thousands groups', () => {
    expect(parseDecimal('1 234,5')).toBe('1234.5');
    expect(parseDecimal('1\u00a0234,50')).toBe('1234.50');
    expect(parseDecimal('1,234.5')).toBe('1234.5');
    expect(parseDecimal('1.234,5')).toBe('1234.5');
  });
  it('keeps the sign', () => {
    expect(parseDecimal('-5,25')).toBe('-5.25');
  });
  it('refuses what is not one number', () => {
    for (const s of ['12.03.2026', '12a', 'abc', '1,2,3', '1,23.4', '.', '-', '5-'])
      expect(parseDecimal(s), s).toBeNull();
  });
});

describe('isNumberInProgress', () => {
  it('lets a number be typed and refuses a date or letters', () => {
    for (const s of ['', '-', '12,', '1,234.', '0,00']) expect(isNumberInProgress(s), s).toBe(true);
    for (const s of ['12.03.', '12.03.2026', 'x', '1e5']) expect(isNumberInProgress(s), s).toBe(false);
  });
});

describe('formatDecimal', () => {
  it('writes the reader’s separator, groups thousands and trims zeros', () => {
    expect(formatDecimal('1234.5000', 'et')).toBe('1\u00a0234,5');
    expect(formatDecimal('1234.5000', 'en')).toBe('1,234.5');
    expect(formatDecimal('12.00', 'ru')).toBe('12');
    expect(formatDecimal('0.12345', 'et')).toBe('0,1235');
  });
});

describe('the number and money module', () => {
  it('writes money with exactly 2 decimals and the reader’s separators', () => {
    expect(formatMoney('2362', 'et')).toBe('2\u00a0362,00 €');
    expect(formatMoney('2362', 'ru')).toBe('2\u00a0362,00 €');
    expect(formatMoney('2362', 'en')).toBe('2,362.00 €');
    expect(formatMoney('1234567.005', 'et')).toBe('1\u00a0234\u00a0567,01 €');
    expect(formatMoney(37.5, 'en')).toBe('37.50 €');
    expect(formatMoney('-12.5', 'et')).toBe('-12,50 €');
    expect(formatMoney(null, 'et')).toBe('');
    expect(formatMoney('', 'en')).toBe('');
  });
  it('writes a unit price with 2 to 4 decimals, so it never has fewer than the total beside it', () => {
    expect(formatPrice('236.2', 'et')).toBe('236,20 €');
    expect(formatPrice('236.2000', 'ru')).toBe('236,20 €');
    expect(formatPrice('0.3333', 'et')).toBe('0,3333 €');
    expect(formatPrice('12.345', 'en')).toBe('12.345 €');
    expect(formatPrice('12.34567', 'en')).toBe('12.3457 €');
    expect(formatPrice('5', 'et')).toBe('5,00 €');
    expect(formatPrice('1234.5', 'en')).toBe('1,234.50 €');
    expect(formatPriceNumber('1234.5', 'et')).toBe('1\u00a0234,50');
    expect(formatPrice(undefined, 'et')).toBe('');
  });
  it('writes a quantity as it was entered', () => {
    expect(formatQuantity('2.5000', 'et')).toBe('2,5');
    expect(formatQuantity('1200.0000', 'ru')).toBe('1\u00a0200');
    expect(formatQuantity('3', 'en')).toBe('3');
    expect(formatQuantity('0.125', 'en')).toBe('0.125');
    expect(formatQuantity(null, 'en')).toBe('');
  });
  it('writes percentages the language’s way', () => {
    expect(formatPercent('12.5', 'et')).toBe('12,5\u00a0%');
    expect(formatPercent(12.5, 'ru')).toBe('12,5\u00a0%');
    expect(formatPercent('12.50', 'en')).toBe('12.5%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent('33.333', 'et', 2)).toBe('33,33\u00a0%');
    expect(formatPercent(null, 'et')).toBe('');
  });
});
