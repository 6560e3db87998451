// Query and mutation hooks of the tender view, export and history screens (spec 1-tenders §2 "Tender view",
// §7 calls). Every mutation refreshes the tender and its lines, so the screen always shows the server's state.
import type {
  DirectoExportStarted,
  DirectoExportState,
  HistoryEntry,
  ModuleItem,
  OfferWrite,
  ProducerItem,
  Tender,
  TenderStatus,
  ViewLine,
  WinnersWrite,
} from '@portal/shared';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, type Paged } from '../../lib/api.ts';
import { invalidateTenderArea, tenderKeys } from './api.ts';
import {
  boundedLine,
  type LinesPage,
  linesViewQuery,
  MISSING_SHOWN,
  rows,
  tenderViewQuery,
  viewKeys,
  withLine,
} from './viewQueries.ts';

export type { Tender, ViewLine, ViewProposal, WinnerEntry } from '@portal/shared';

export type { HistoryEntry };
/** A producer as the offer form's search finds it (GET /producers/). */
export type Producer = Pick<ProducerItem, 'id' | 'name'>;

export { type ViewTender, viewKeys } from './viewQueries.ts';

export function useViewTender(id: string | undefined) {
  return useQuery({ ...tenderViewQuery(id ?? ''), enabled: !!id });
}

/**
 * The tender's lines, page after page until all are in (each answer bounded, viewQueries.ts). `data` is every line
 * loaded so far, or with `whole` only once all are in; `complete` says whether all are.
 */
export function useViewLines(id: string | undefined, whole = false) {
  const q = useInfiniteQuery({ ...linesViewQuery(id ?? ''), enabled: !!id });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = q;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);
  const pages = q.data?.pages;
  const all = useMemo(() => pages?.flatMap((p) => p.results), [pages]);
  const complete = !!pages && !hasNextPage;
  return {
    data: whole && !complete ? undefined : all,
    complete,
    count: pages?.[0]?.count ?? 0,
    isError: q.isError,
    error: q.error,
    refetch: q.refetch,
  };
}

/** A line whole (every offer), when `enabled`: for the offers cell's "more" and the dialogs that choose among offers. */
export function useWholeLine(id: number, enabled: boolean) {
  return useQuery({
    queryKey: viewKeys.line(id),
    enabled,
    queryFn: ({ signal }) => api<ViewLine>('GET', `/details/${id}/`, { signal }),
  });
}

/** Reads a line whole for a dialog (from the cache when it is fresh). */
export function fetchWholeLine(qc: QueryClient, line: ViewLine): Promise<ViewLine> {
  if ((line.proposals_count ?? line.proposals.length) <= line.proposals.length) return Promise.resolve(line);
  return qc.fetchQuery({
    queryKey: viewKeys.line(line.id),
    staleTime: 5_000,
    queryFn: ({ signal }) => api<ViewLine>('GET', `/details/${line.id}/`, { signal }),
  });
}

export function useExportData(id: string | undefined) {
  return useQuery({
    meta: MISSING_SHOWN,
    queryKey: viewKeys.exportData(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api<Tender>('GET', `/tenders/${id}/`, { query: { export_data: true }, signal }),
  });
}

export function useTenderHistory(id: string | undefined) {
  return useQuery({
    meta: MISSING_SHOWN,
    queryKey: viewKeys.history(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api<HistoryEntry[] | Paged<HistoryEntry>>('GET', `/tenders/${id}/history/`, {
        query: { page_size: 1000 },
        signal,
      }).then(rows),
  });
}

/** A mutation of the view that refreshes the tender area (this tender, its lines, the list) when it succeeds. */
function useViewMutation<V, R>(fn: (v: V) => Promise<R>, form = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: form ? { form: true } : undefined,
    onSuccess: () => invalidateTenderArea(qc),
  });
}

/** A mutation answering one whole line: that line replaced in the cached pages, the tender and its list refreshed. */
function useLineMutation<V>(tenderId: string | number, fn: (v: V) => Promise<ViewLine>, form = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: form ? { form: true } : undefined,
    onSuccess: (line) => {
      qc.setQueryData(viewKeys.lines(String(tenderId)), (d: InfiniteData<LinesPage, number> | undefined) =>
        withLine(d, boundedLine(line)),
      );
      qc.setQueryData(viewKeys.line(line.id), line);
      return qc.invalidateQueries({ queryKey: tenderKeys.all });
    },
  });
}

/** Mutations of the view. 400 answers of the `form` ones are left to the caller (placed on fields). */
export function useViewActions(id: string | number) {
  const t = `/tenders/${id}`;
  const qc = useQueryClient();
  /** Calls whose failure the screen reports itself (fixed texts), so the global error toast stays out. */
  const quiet = async <R>(call: () => Promise<R>) => {
    const r = await call();
    await invalidateTenderArea(qc);
    return r;
  };
  return {
    makeOffer: useViewMutation((body: OfferWrite) => api('POST', `${t}/offer/`, { body }), true),
    cancelOffer: useViewMutation(() => api('DELETE', `${t}/offer/`)),
    watch: useViewMutation((on: boolean) =>
      api('PATCH', `${t}/${on ? 'add_log' : 'remove_log'}/`, { body: { action: 'WATCHED' } }),
    ),
    setStatus: useViewMutation((body: { status: TenderStatus; approver_comment?: string }) =>
      api<Tender>('PATCH', `${t}/`, { body }),
    ),
    reopen: () => quiet(() => api('POST', `${t}/reopen/`)),
    // A winner save answers its line: that line is replaced on screen, the tender (its counts) read again; the
    // other lines are not asked for again.
    addWinners: useLineMutation(
      id,
      ({ detail, body }: { detail: number; body: WinnersWrite }) =>
        api<ViewLine>('PATCH', `/details/${detail}/add_winners/`, { body }),
      true,
    ),
    deleteWinners: useLineMutation(id, ({ detail, version }: { detail: number; version: string }) =>
      api<ViewLine>('PATCH', `/details/${detail}/delete_winners/`, { body: { version } }),
    ),
    /** Evaluation "cancel proposals": the part's proposals are refused and the line becomes FAILED. */
    cancelProposals: useViewMutation((line: ViewLine) =>
      api('PATCH', `/details/${line.id}/`, {
        body: {
          status: 'FAILED',
          proposals: line.proposals.flatMap((p) => (p.id == null ? [] : [p.id])),
        },
      }),
    ),
    supplierComment: useViewMutation(
      ({ detail, comment }: { detail: number; comment: string }) =>
        api('PATCH', `/details/${detail}/add_supplier_comment/`, { body: { comment } }),
      true,
    ),
    blacklist: useViewMutation(
      ({
        id: blId,
        part,
        producers,
        comment,
      }: {
        id: number | null;
        part: number;
        producers: number[];
        comment: string;
      }) => {
        const body = { part, producers, is_active: true, comment };
        return blId
          ? api('PATCH', `/black_lists/${blId}/`, { body })
          : api('POST', '/black_lists/', { body });
      },
      true,
    ),
    manualExport: () =>
      quiet(() =>
        api<DirectoExportStarted>('POST', '/directo_export_manual/', {
          query: { tender_id: id },
        }),
      ),
  };
}

/** Whether the accounting module (Directo, found by its name) is active: without it nothing can be sent. */
export function useAccountingModuleActive(enabled: boolean) {
  return useQuery({
    queryKey: ['resource', '/modules/', 'accounting'],
    enabled,
    queryFn: async () => {
      const page = await api<Paged<ModuleItem>>('GET', '/modules/', {
        query: { name__exact: 'Directo' },
      });
      return page.results.some((m) => m.is_active);
    },
  });
}

export const exportStatus = (logId: number) =>
  api<DirectoExportState>('GET', '/directo_export_status/', { query: { module_export_log_id: logId } });

export const searchProducers = (text: string, signal?: AbortSignal, pageSize = 5) =>
  api<Paged<Producer>>('GET', '/producers/', {
    query: { is_active: true, page_size: pageSize, name__icontains: text },
    signal,
  }).then((r) => r.results);

export const createProducer = (name: string) =>
  api<Producer>('POST', '/producers/', { body: { name, is_active: true, is_deleted: false } });
