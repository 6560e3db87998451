import { describe, expect, it } from 'vitest';
import { remaining } from './Countdown.tsx';

describe('countdown', () => {
  it('shows days apart and the rest as hh:mm:ss', () => {
    expect(remaining((3 * 86400 + 11 * 3600 + 37 * 60 + 30) * 1000)).toEqual({ days: 3, hms: '11:37:30' });
    expect(remaining(8_999)).toEqual({ days: 0, hms: '00:00:08' });
  });
  it('never goes below zero', () => {
    expect(remaining(-5000)).toEqual({ days: 0, hms: '00:00:00' });
  });
});
