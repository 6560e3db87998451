// The tender view's two data requests (the tender, its lines) as query options, shared by the view's hooks and by
// the route: opening /tenders/:id/view starts both at once, in parallel with the session check and the view's
// code, instead of after them (BENCHMARKS.md "Tender view in the browser"). When the page is opened at that address
// the entry (main.tsx) has asked already, before the app's code loaded, and the queries take those answers.
import {
  BUYER_OFFERS_SHOWN,
  type ListPage,
  type Tender,
  VIEW_LINES_PAGE,
  type ViewLine,
} from '@portal/shared';
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { getOnce, type Paged } from '../../lib/api.ts';
import { detailKeys, tenderKeys } from './api.ts';

/** The tender, plus the server's clock when the server sends it (for the countdown). */
export type ViewTender = Tender & { server_time?: string | null; now?: string | null };

export const viewKeys = {
  tender: (id: string | number) => [...tenderKeys.item(id), 'view'] as const,
  lines: (id: string | number) => [...detailKeys.ofTender(id), 'view'] as const,
  /** One line whole (every offer): the "more" of its offers cell and the winner and blacklist dialogs. */
  line: (id: string | number) => [...detailKeys.all, 'line', String(id)] as const,
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

/** One page of a tender's lines as the view asks for it (main.tsx starts page 1 early with these same values). */
export const linesPageQuery = (id: string, page: number) => ({
  tender: id,
  page,
  page_size: VIEW_LINES_PAGE,
  fields: 'view',
  offers: BUYER_OFFERS_SHOWN,
});

export type LinesPage = ListPage<ViewLine>;

/**
 * The tender's lines in the view's shape, page by page (VIEW_LINES_PAGE lines, each with its first
 * BUYER_OFFERS_SHOWN offers and proposals_count; the rest of a line's offers on demand, GET /details/{id}/): no answer
 * grows with the tender (2,000 lines × 150 offers was one 100 MB answer).
 */
export const linesViewQuery = (id: string) =>
  infiniteQueryOptions({
    meta: MISSING_SHOWN,
    queryKey: viewKeys.lines(id),
    staleTime: VIEW_STALE_MS,
    // 1,000 lines × 3 offers: comparing a refetch with the previous answer field by field costs more than it saves.
    structuralSharing: false,
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }): Promise<LinesPage> =>
      // The lines in the view's shape: without the fields that repeat others or that no screen of the view reads.
      getOnce<ViewLine[] | Paged<ViewLine>>('/details/', {
        query: linesPageQuery(id, pageParam),
        signal,
      }).then((r) => (Array.isArray(r.data) ? { results: r.data, pages: 1, count: r.data.length } : r.data)),
    getNextPageParam: (last: LinesPage, all: LinesPage[]) =>
      all.length < last.pages ? all.length + 1 : undefined,
  });

/** The cached lines with one line replaced (a winner saved on it): the other lines and pages stay as they are. */
export function withLine(data: InfiniteData<LinesPage, number> | undefined, line: ViewLine) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) =>
      p.results.some((l) => l.id === line.id)
        ? { ...p, results: p.results.map((l) => (l.id === line.id ? line : l)) }
        : p,
    ),
  };
}

/**
 * A whole line (every offer, as GET /details/{id}/ and the winner calls answer) in the view's bounded shape: its
 * winners' offers first, then the cheapest, BUYER_OFFERS_SHOWN in all, and proposals_count.
 */
export function boundedLine(full: ViewLine): ViewLine {
  const won = new Set(full.winners.map((w) => w.name));
  const ranked = [...full.proposals].sort(
    (a, b) =>
      Number(b.id != null && won.has(b.id)) - Number(a.id != null && won.has(a.id)) ||
      Number(a.price ?? 0) - Number(b.price ?? 0) ||
      (a.id ?? 0) - (b.id ?? 0),
  );
  const kept = new Set(ranked.slice(0, BUYER_OFFERS_SHOWN));
  return {
    ...full,
    proposals: full.proposals.filter((p) => kept.has(p)),
    proposals_count: full.proposals.length,
  };
}

/** Starts the view's requests (a failure is left to the screen's own queries, which retry). */
export function prefetchTenderView(client: QueryClient, id: string) {
  void client.prefetchQuery(tenderViewQuery(id));
  void client.prefetchInfiniteQuery(linesViewQuery(id));
}
