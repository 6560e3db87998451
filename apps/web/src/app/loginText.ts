// The login screen's words without i18next: only the catalogue sections the screen shows (named imports, so the
// rest of each catalogue stays out of the login's first load), for the language chosen in this browser. The same
// keys and texts as the app's i18next catalogues (i18n/<lang>.json), so the screen reads the same in the app.
import {
  app as enApp,
  common as enCommon,
  errors as enErrors,
  footer as enFooter,
  login as enLogin,
  screens as enScreens,
  terms as enTerms,
} from '../i18n/en.json';
import {
  app as etApp,
  common as etCommon,
  errors as etErrors,
  footer as etFooter,
  login as etLogin,
  screens as etScreens,
  terms as etTerms,
} from '../i18n/et.json';
import { type Lang, storedLanguage } from '../i18n/language.ts';
import {
  app as ruApp,
  common as ruCommon,
  errors as ruErrors,
  footer as ruFooter,
  login as ruLogin,
  screens as ruScreens,
  terms as ruTerms,
} from '../i18n/ru.json';
import { ApiError } from '../lib/api.ts';

type Texts = { [key: string]: string | Texts };
const catalogues: Record<Lang, Texts> = {
  et: {
    app: etApp,
    common: etCommon,
    errors: etErrors,
    footer: etFooter,
    login: etLogin,
    screens: etScreens,
    terms: etTerms,
  },
  ru: {
    app: ruApp,
    common: ruCommon,
    errors: ruErrors,
    footer: ruFooter,
    login: ruLogin,
    screens: ruScreens,
    terms: ruTerms,
  },
  en: {
    app: enApp,
    common: enCommon,
    errors: enErrors,
    footer: enFooter,
    login: enLogin,
    screens: enScreens,
    terms: enTerms,
  },
};

const texts = catalogues[storedLanguage()];

function lookup(key: string): string | undefined {
  let at: string | Texts | undefined = texts;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** The text of a catalogue key with {{name}} filled in; the key itself when it is missing. */
export function t(key: string, values?: Record<string, string | number>): string {
  const text = lookup(key) ?? key;
  return values ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(values[name] ?? m)) : text;
}

/** Translates a server message key (errors.<key>), falling back to the key itself. */
export function errorText(key: string): string {
  return lookup(`errors.${key}`) ?? key;
}

/** A server 400 answer split into the messages of the named fields and the rest, translated. */
export function serverErrors(err: unknown, fields: string[]) {
  const onFields: Record<string, string> = {};
  const rest: string[] = [];
  if (!(err instanceof ApiError)) rest.push(errorText('server_error'));
  else if (err.status !== 400)
    rest.push(errorText(err.detail ?? (err.status >= 500 || err.status === 0 ? 'server_error' : 'invalid')));
  else
    for (const [field, messages] of Object.entries(err.fieldErrors)) {
      const list = Array.isArray(messages) ? messages : [String(messages)];
      const text = errorText(String(list[0] ?? 'invalid'));
      if (fields.includes(field) && !onFields[field]) onFields[field] = text;
      else rest.push(text);
    }
  return { onFields, rest };
}
