import { describe, expect, it } from 'vitest';
import { TENDER_STATUSES } from '../enums.ts';
import { isOpened, isSealed, OPENED_STATES, SEALED_STATES } from './seal.ts';

describe('the seal', () => {
  it('no state is both sealed and opened; DRAFT and CANCELED are neither', () => {
    expect(SEALED_STATES.filter((s) => isOpened(s))).toEqual([]);
    expect(TENDER_STATUSES.filter((s) => !isSealed(s) && !isOpened(s))).toEqual(['DRAFT', 'CANCELED']);
    expect(OPENED_STATES.every(isOpened)).toBe(true);
  });
});
