// Terms of use versions (issue 32, point 5): the version in force and the next one announced, and one version's
// text. Public answers, read by the consent modal, the footer's terms, the banner and the version's page.
import type { Language, TermsState, TermsTextItem } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const TERMS_STATE_KEY = ['terms', 'state'] as const;

export function useTermsState(enabled = true) {
  return useQuery({
    queryKey: TERMS_STATE_KEY,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api<TermsState>('GET', '/terms/', { signal }),
  });
}

/** One version's text; null text means the version shipped with the app (the catalogue's text). */
export function useTermsText(version: string | null | undefined) {
  return useQuery({
    queryKey: ['terms', 'text', version],
    enabled: !!version,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      api<TermsTextItem>('GET', `/terms/${encodeURIComponent(version ?? '')}/`, { signal }),
  });
}

/** The text in the reader's language. */
export const textIn = (item: TermsTextItem | undefined, lang: Language) => item?.text?.[lang] ?? null;
