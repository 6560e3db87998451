import i18n from 'i18next';

/** The screen language (et, ru, en) for server-made files. */
export const i18nLanguage = () => (['et', 'ru', 'en'].includes(i18n.language) ? i18n.language : 'et');
