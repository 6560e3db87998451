// The login screen's words (loginText.ts) are the app's catalogue texts: same keys, {{name}} filled in, server
// message keys translated, a 400 answer split into the fields' messages and the rest.
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import et from '../i18n/et.json';
import ru from '../i18n/ru.json';

type Module = typeof import('./loginText.ts');
const stored = new Map<string, string>();

async function load(lang: string | null): Promise<Module> {
  stored.clear();
  if (lang) stored.set('language', lang);
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  };
  const { vi } = await import('vitest');
  vi.resetModules();
  return import('./loginText.ts');
}

describe('login screen words', () => {
  let m: Module;
  beforeAll(async () => {
    m = await load(null);
  });

  it('defaults to Estonian and reads the base catalogue', () => {
    expect(m.t('login.title')).toBe(et.login.title);
    expect(m.t('screens.session.expired')).toBe(et.screens.session.expired);
    expect(m.t('terms.items.one_offer')).toBe(et.terms.items.one_offer);
  });

  it('fills in {{name}} and falls back to the key', () => {
    expect(m.t('login.seconds_left', { count: 42 })).toBe('Aega jäänud 42 s');
    expect(m.t('login.no_such_key')).toBe('login.no_such_key');
    expect(m.errorText('invalid_credentials')).toBe(et.errors.invalid_credentials);
    expect(m.errorText('unknown_key')).toBe('unknown_key');
  });

  it('puts a 400 answer on the named fields and returns the rest', async () => {
    const { ApiError } = await import('../lib/api.ts'); // the instance loginText.ts was loaded with
    const err = new ApiError(400, { password: ['invalid_credentials'], non_field_errors: ['throttled'] });
    expect(m.serverErrors(err, ['email', 'password'])).toEqual({
      onFields: { password: et.errors.invalid_credentials },
      rest: [m.errorText('throttled')],
    });
    expect(m.serverErrors(new ApiError(500, null), ['email']).rest).toEqual([et.errors.server_error]);
    expect(m.serverErrors(new Error('x'), []).rest).toEqual([et.errors.server_error]);
  });

  it('follows the language chosen in this browser', async () => {
    expect((await load('ru')).t('login.submit')).toBe(ru.login.submit);
    expect((await load('en')).t('login.submit')).toBe(en.login.submit);
    expect((await load('xx')).t('login.submit')).toBe(et.login.submit);
  });
});
