import { describe, expect, it } from 'vitest';
import { fmtPrice, fmtQuantity, fmtSum } from './format.ts';

describe('report number formats', () => {
  it('prices: 2 to 4 decimals, comma in et and ru, English grouping in en', () => {
    expect(fmtPrice('12.3450', 'et')).toBe('12,345');
    expect(fmtPrice('5.0000', 'ru')).toBe('5,00');
    expect(fmtPrice('0.3333', 'en')).toBe('0.3333');
    expect(fmtPrice('1234.5000', 'en')).toBe('1,234.50');
  });
  it('sums: exactly 2 decimals', () => {
    expect(fmtSum('37.87', 'et')).toBe('37,87');
    expect(fmtSum('35', 'en')).toBe('35.00');
    expect(fmtSum('1234.5', 'en')).toBe('1,234.50');
    expect(fmtSum('1234567.005', 'ru')).toBe('1\u00a0234\u00a0567,01');
  });
  it('quantities', () => {
    expect(fmtQuantity('2.5000', 'et')).toBe('2,5');
  });
});
