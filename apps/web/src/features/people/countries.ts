// Country choices for the supplier forms: the shared ISO 3166-1 code list with names in the reader's language.
import { COUNTRY_CODES } from '@portal/shared';

export function countryOptions(language: string) {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
