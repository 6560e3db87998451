import { describe, expect, it } from 'vitest';
import { isEstonianPersonalCode, passwordProblems } from './accountRules.ts';
import { registrationBody, registrationStep1, registrationUser } from './accounts.ts';
import { commonPasswords, isCommonPassword } from './commonPasswords.ts';
import { personNameText } from './people.ts';

describe('password rules', () => {
  const owner = { email: 'kristjan.lepik@firma.ee', first_name: 'Kristjan', last_name: 'Lepik' };
  it('accepts a long password with letters and digits', () => {
    expect(passwordProblems('Kevad2026rong', owner, isCommonPassword)).toEqual([]);
  });
  it('names every broken rule', () => {
    expect(passwordProblems('', owner)).toEqual(['password_empty']);
    expect(passwordProblems('ab1', owner)).toEqual(['password_too_short']);
    expect(passwordProblems('abcdefghij', owner)).toEqual(['password_letters_and_digits']);
    expect(passwordProblems('LEPIK2026x', owner)).toEqual(['password_too_similar']);
    expect(passwordProblems('abc123456', owner, isCommonPassword)).toEqual(['password_too_common']);
    expect(passwordProblems('x'.repeat(129), owner)).toEqual(['too_long']);
  });
  it('ships a real list of common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThan(10_000);
    for (const p of ['123456', 'password', 'qwerty123', 'iloveyou', 'Password1'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Kevad2026rong')).toBe(false);
  });
});

describe('registration schemas', () => {
  const step1 = {
    supplier_name: '  Firma OÜ ',
    supplier_registration_code: '12345678',
    supplier_address: 'Pärnu mnt 1',
    supplier_country_code: 'EE',
    supplier_email: 'info@firma.ee',
    supplier_groups: [1],
  };
  it('trims and defaults', () => {
    const v = registrationStep1.parse(step1);
    expect(v.supplier_name).toBe('Firma OÜ');
    expect(v.supplier_notes).toBe('');
  });
  it('sends an empty personal code as null and normalises the phone', () => {
    const v = registrationBody.parse({
      ...step1,
      user_first_name: 'Mari',
      user_last_name: 'Maasikas',
      user_personal_code: '',
      user_phone: '+372 555-1234',
      user_email: 'mari@firma.ee',
      agreed: true,
    });
    expect(v.user_personal_code).toBeNull();
    expect(v.user_phone).toBe('+3725551234');
    expect(v.user_language_code).toBe('et');
  });
  it('checks Estonian personal codes', () => {
    expect(isEstonianPersonalCode('38001085718')).toBe(true);
    expect(isEstonianPersonalCode('38001085719')).toBe(false);
    expect(isEstonianPersonalCode('3800108571')).toBe(false);
  });
});

describe('names are one line (issue 35)', () => {
  it('refuses a line break inside a company or person name, with its own key', () => {
    const company = registrationStep1.shape.supplier_name;
    expect(company.safeParse('Varuosad\nOÜ').error?.issues[0].message).toBe('no_line_breaks');
    expect(company.safeParse('Varuosad\r\nOÜ').error?.issues[0].message).toBe('no_line_breaks');
    expect(company.safeParse('  Varuosad OÜ \n').success).toBe(true);
    const first = registrationUser.shape.user_first_name;
    expect(first.safeParse('Mari\nAnn').error?.issues[0].message).toBe('no_line_breaks');
    expect(personNameText().safeParse('Mari\nAnn').error?.issues[0].message).toBe('no_line_breaks');
    expect(personNameText().safeParse('Mari-Ann').success).toBe(true);
  });
});
