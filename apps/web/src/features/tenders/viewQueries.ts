// The tender view's two data requests (the tender, its lines) as query options, shared by the view's hooks and by
// the route: opening /tenders/:id/view starts both at once, in parallel with the session check and the view's
// code, instead of after them (BENCHMARKS.md "Tender view in the browser"). When the page is opened at that address
// the entry (main.tsx) has asked already, before the app's code loaded, and the queries take those answers.
import type { Tender, ViewLine } from '@portal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { getOnce, type Paged } from '../../lib/api.ts';
import { detailKeys, tenderKeys } from './api.ts';

/** The tender, plus the server's clock when the server sends it (for the countdown). */
export type ViewTender = Tender & { server_time?: string | null; now?: string | null };

export const viewKeys = {
  tender: (id: string | number) => [...tenderKeys.item(id), 'view'] as const,
  lines: (id: string | number) => [...detailKeys.ofTender(id), 'view'] as const,
  exportData: (id: string | number) => [...tenderKeys.item(id), 'export-page'] as const,
  history: (id: string | number) => [...tenderKeys.item(id), 'history'] as const,
};

/** A missing tender is told by the page itself (one message, not a toast beside it). */
export const MISSING_SHOWN = { pageShows: [404] };

/** A prefetched answer counts as fresh this long, so the screen mounting just after it does not ask again. */
export const VIEW_STALE_MS = 10_000;

/** A list call with page_size=0 answers a plain array; tolerate the paged shape too. */
export function rows<T>(r: T[] | Paged<T>): T[] {
  return Array.isArray(r) ? r : r.results;
}

export const tenderViewQuery = (id: string) => ({
  meta: MISSING_SHOWN,
  queryKey: viewKeys.tender(id),
  staleTime: VIEW_STALE_MS,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    // The request the entry started for a deep link when there is one (main.tsx), else a new one.
    const { data: t, sent, received } = await getOnce<ViewTender>(`/tenders/${id}/`, { signal });
    // Offset between the server's clock and ours, from the server's own time when it sends one.
    const serverTime = t.server_time ?? t.now ?? null;
    const offsetMs = serverTime ? Date.parse(serverTime) - (sent + received) / 2 : 0;
    return { ...t, clockOffsetMs: Number.isFinite(offsetMs) ? offsetMs : 0 };
  },
});

export const linesViewQuery = (id: string) => ({
  meta: MISSING_SHOWN,
  queryKey: viewKeys.lines(id),
  staleTime: VIEW_STALE_MS,
  // 1,000 lines × 3 offers: comparing a refetch with the previous answer field by field costs more than it saves.
  structuralSharing: false,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    // The lines in the view's shape: without the fields that repeat others or that no screen of the view reads.
    getOnce<ViewLine[] | Paged<ViewLine>>('/details/', {
      query: { tender: id, page_size: 0, fields: 'view' },
      signal,
    }).then((r) => rows(r.data)),
});

/** Starts the view's requests (a failure is left to the screen's own queries, which retry). */
export function prefetchTenderView(client: QueryClient, id: string) {
  void client.prefetchQuery(tenderViewQuery(id));
  void client.prefetchQuery(linesViewQuery(id));
}
