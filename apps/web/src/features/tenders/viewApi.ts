// Query and mutation hooks of the tender view, export and history screens (spec 1-tenders §2 "Tender view",
// §7 calls). Every mutation refreshes the tender and its lines, so the screen always shows the server's state.
import type { DetailLine, OfferWrite, Tender, TenderStatus, WinnersWrite } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paged } from '../../lib/api.ts';
import { detailKeys, invalidateTenderArea, tenderKeys } from './api.ts';

export type { DetailLine, Proposal, Tender, WinnerEntry } from '@portal/shared';

export interface HistoryEntry {
  id: number;
  entity: string;
  entity_id: number;
  action: string;
  user_name: string | null;
  data: Record<string, unknown>;
  created: string;
}

export interface Producer {
  id: number;
  name: string;
}

/** The tender, plus the server's clock when the server sends it (for the countdown). */
export type ViewTender = Tender & { server_time?: string | null; now?: string | null };

export const viewKeys = {
  tender: (id: string | number) => [...tenderKeys.item(id), 'view'] as const,
  lines: (id: string | number) => [...detailKeys.ofTender(id), 'view'] as const,
  exportData: (id: string | number) => [...tenderKeys.item(id), 'export-page'] as const,
  history: (id: string | number) => [...tenderKeys.item(id), 'history'] as const,
};

/** A list call with page_size=0 answers a plain array; tolerate the paged shape too. */
function rows<T>(r: T[] | Paged<T>): T[] {
  return Array.isArray(r) ? r : r.results;
}

export function useViewTender(id: string | undefined) {
  return useQuery({
    queryKey: viewKeys.tender(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const t = await api<ViewTender>('GET', `/tenders/${id}/`, { signal });
      // Offset between the server's clock and ours, from the server's own time when it sends one.
      const serverTime = t.server_time ?? t.now ?? null;
      const offsetMs = serverTime ? Date.parse(serverTime) - (sent + Date.now()) / 2 : 0;
      return { ...t, clockOffsetMs: Number.isFinite(offsetMs) ? offsetMs : 0 };
    },
  });
}

export function useViewLines(id: string | undefined) {
  return useQuery({
    queryKey: viewKeys.lines(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api<DetailLine[] | Paged<DetailLine>>('GET', '/details/', {
        query: { tender: id, page_size: 0 },
        signal,
      }).then(rows),
  });
}

export function useExportData(id: string | undefined) {
  return useQuery({
    queryKey: viewKeys.exportData(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api<Tender>('GET', `/tenders/${id}/`, { query: { export_data: true }, signal }),
  });
}

export function useTenderHistory(id: string | undefined) {
  return useQuery({
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
    addWinners: useViewMutation(
      ({ detail, body }: { detail: number; body: WinnersWrite }) =>
        api('PATCH', `/details/${detail}/add_winners/`, { body }),
      true,
    ),
    deleteWinners: useViewMutation((detail: number) =>
      api('PATCH', `/details/${detail}/delete_winners/`, { body: {} }),
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
        api<{ module_export_log_id: number }>('POST', '/directo_export_manual/', {
          query: { tender_id: id },
        }),
      ),
  };
}

export const exportStatus = (logId: number) =>
  api<{ status: string }>('GET', '/directo_export_status/', { query: { module_export_log_id: logId } });

export const searchProducers = (text: string, signal?: AbortSignal, pageSize = 5) =>
  api<Paged<Producer>>('GET', '/producers/', {
    query: { is_active: true, page_size: pageSize, name__icontains: text },
    signal,
  }).then((r) => r.results);

export const createProducer = (name: string) =>
  api<Producer>('POST', '/producers/', { body: { name, is_active: true, is_deleted: false } });
