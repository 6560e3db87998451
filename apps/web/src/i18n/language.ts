// The interface language chosen in this browser (et by default); switching it reloads the page. Without i18next,
// so the login screen's first load can read it too.
export const LANGS = ['et', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
const STORAGE_KEY = 'language';

export const LANGUAGE_NAMES: Record<Lang, string> = { et: 'Eesti', ru: 'Русский', en: 'English' };

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

// The chosen language's catalogues and antd/dayjs locales, one chunk per language (i18n/index.ts reads it; the entry
// starts loading it together with the app's code).
const languageChunks = {
  et: () => import('./language.et.ts'),
  ru: () => import('./language.ru.ts'),
  en: () => import('./language.en.ts'),
};
let languageChunk: ReturnType<(typeof languageChunks)[Lang]> | undefined;

/** Loads the chunk of the stored language (once per page: switching the language reloads the page). */
export function loadLanguageChunk() {
  languageChunk ??= languageChunks[storedLanguage()]();
  return languageChunk;
}
