// i18next with the three catalogues (same keys in each; a test checks it), and the antd/dayjs locales.
import dayjs from 'dayjs';
import 'dayjs/locale/et';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import et from './et.json';
import ru from './ru.json';

export const LANGS = ['et', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
const STORAGE_KEY = 'language';

export function storedLanguage(): Lang {
  const v = localStorage.getItem(STORAGE_KEY);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : 'et';
}

/** True once a language has been chosen in this browser (the selector, or adopted from the user at login). */
export function hasStoredLanguage(): boolean {
  return (LANGS as readonly string[]).includes(localStorage.getItem(STORAGE_KEY) ?? '');
}

/** Stores the language for the next page load. */
export function rememberLanguage(lang: Lang) {
  localStorage.setItem(STORAGE_KEY, lang);
}

/** Switching the language stores the choice and reloads the page (spec: "switching it reloads"). */
export function switchLanguage(lang: Lang) {
  rememberLanguage(lang);
  window.location.reload();
}

dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);
dayjs.extend(relativeTime);
dayjs.extend(updateLocale);
dayjs.extend(utc);
for (const l of LANGS) dayjs.updateLocale(l, { weekStart: 1 });
dayjs.locale(storedLanguage());

type Catalogue = { [key: string]: string | Catalogue };
function merge(into: Catalogue, from: Catalogue): Catalogue {
  for (const [k, v] of Object.entries(from)) {
    if (typeof v === 'object' && typeof into[k] === 'object') merge(into[k] as Catalogue, v);
    else into[k] = v;
  }
  return into;
}
/** Base catalogues (i18n/*.json) plus each feature's own (features/<area>/i18n/<name>.<lang>.json). */
const featureCatalogues = import.meta.glob<{ default: Catalogue }>('../features/*/i18n/*.json', {
  eager: true,
});
function catalogue(lang: Lang, base: Catalogue): Catalogue {
  const out = structuredClone(base);
  for (const [file, mod] of Object.entries(featureCatalogues))
    if (file.endsWith(`.${lang}.json`)) merge(out, mod.default);
  return out;
}

void i18n.use(initReactI18next).init({
  resources: {
    et: { translation: catalogue('et', et) },
    ru: { translation: catalogue('ru', ru) },
    en: { translation: catalogue('en', en) },
  },
  lng: storedLanguage(),
  fallbackLng: 'et',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = storedLanguage();
document.title = i18n.t('app.name');

/** Translates a server message key (errors.<key>), falling back to the key itself. */
export function errorText(key: string): string {
  return i18n.exists(`errors.${key}`) ? i18n.t(`errors.${key}`) : key;
}

export default i18n;
