import { describe, expect, it } from 'vitest';
import { defined } from './defined.ts';

describe('defined', () => {
  it('passes every present value through, falsy ones included', () => {
    for (const v of [0, '', false, 0n, Number.NaN, 'x', [], {}]) expect(defined(v, 'value')).toBe(v);
  });

  it('names what is missing for null and undefined', () => {
    expect(() => defined(undefined, 'offer 7')).toThrow('offer 7 is missing');
    expect(() => defined(null, 'the #root element')).toThrow('the #root element is missing');
  });
});
