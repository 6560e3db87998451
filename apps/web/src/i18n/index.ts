// i18next with the three catalogues (same keys in each; a test checks it), and the antd/dayjs locales.
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageChunk, storedLanguage } from './language.ts';

export {
  hasStoredLanguage,
  LANGS,
  type Lang,
  rememberLanguage,
  storedLanguage,
  switchLanguage,
} from './language.ts';

// Only the chosen language's catalogues and locales are loaded (one chunk, language.<lang>.ts): switching the
// language reloads the page, so the others are never needed (BENCHMARKS.md "First load").
const language = (await loadLanguageChunk()).default;

/** antd's locale for the chosen language. */
export const antLocale = language.antd as Locale;

dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);
dayjs.extend(relativeTime);
dayjs.extend(updateLocale);
dayjs.extend(utc);
dayjs.updateLocale(storedLanguage(), { weekStart: 1 });
dayjs.locale(storedLanguage());

type Catalogue = { [key: string]: string | Catalogue };
function merge(into: Catalogue, from: Catalogue): Catalogue {
  for (const [k, v] of Object.entries(from)) {
    if (typeof v === 'object' && typeof into[k] === 'object') merge(into[k] as Catalogue, v);
    else into[k] = v;
  }
  return into;
}
/** Base catalogue (i18n/<lang>.json) plus each feature's own (features/<area>/i18n/<name>.<lang>.json). */
const translation = (language.features as Catalogue[]).reduce(
  (out, f) => merge(out, f),
  structuredClone(language.base as Catalogue),
);

await i18n.use(initReactI18next).init({
  resources: { [storedLanguage()]: { translation } },
  lng: storedLanguage(),
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
