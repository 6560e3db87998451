import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';

describe('normalisePhone (Mobile-ID)', () => {
  it('keeps an Estonian number as it is', () => expect(normalisePhone('+37255512345')).toBe('+37255512345'));
  it('adds the + and then the +372 prefix to a bare local number', () =>
    expect(normalisePhone('55512345')).toBe('+37255512345'));
  it('adds a missing + to 372…', () => expect(normalisePhone('37255512345')).toBe('+37255512345'));
  it('replaces the leading character when the number does not start with +372', () =>
    expect(normalisePhone('+4915112345')).toBe('+3724915112345'));
  it('drops spaces and dashes', () => expect(normalisePhone('+372 555-12 345')).toBe('+37255512345'));
  it('leaves an empty value empty', () => expect(normalisePhone('')).toBe(''));
});
