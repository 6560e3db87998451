// Calls of the supplier's offer tools (issue 34): the offer sheet, the company's server-kept draft, its last offers.
import type {
  LastOffer,
  OfferDraft,
  OfferDraftSaved,
  OfferDraftWrite,
  SheetReadResult,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { storedLanguage } from '../../i18n/language.ts';
import { api, download, session } from '../../lib/api.ts';

/** The sheet and its messages come in the language of the screen. */
export const downloadOfferSheet = (tenderId: number) =>
  download(`/tenders/${tenderId}/offer_sheet/?lang=${storedLanguage()}`, `offer_${tenderId}.xlsx`);

export function uploadOfferSheet(tenderId: number, file: File): Promise<SheetReadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<SheetReadResult>('POST', `/tenders/${tenderId}/offer_sheet/`, {
    body: form,
    query: { lang: storedLanguage() },
  });
}

export const readOfferDraft = (tenderId: number, signal?: AbortSignal) =>
  api<OfferDraft>('GET', `/tenders/${tenderId}/offer_draft/`, { signal });

export const saveOfferDraft = (tenderId: number, body: OfferDraftWrite) =>
  api<OfferDraftSaved>('PUT', `/tenders/${tenderId}/offer_draft/`, { body });

/** The draft saved while the page goes away: a request the browser completes after the page is gone. */
export function saveOfferDraftOnLeave(tenderId: number, body: OfferDraftWrite) {
  const token = session.token;
  if (!token) return;
  void fetch(`/api/tenders/${tenderId}/offer_draft/`, {
    method: 'PUT',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    body: JSON.stringify(body),
  }).catch(() => {});
}

export function useLastOffers(tenderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['tenders', 'last_offers', tenderId],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => api<LastOffer[]>('GET', `/tenders/${tenderId}/last_offers/`, { signal }),
  });
}
