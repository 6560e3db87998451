// Tender area API: types from the shared contract and TanStack Query hooks for tenders and their lines.
// Every tender query key starts with resourceKey('/tenders/') and every line query with resourceKey('/details/'),
// so a mutation refreshes all screens of the area with one invalidation (the view helper's viewApi.ts builds on these).
import type {
  Actor,
  DetailLine,
  IdAnswer,
  Tender,
  TenderAction,
  TenderStatus,
  TenderWrite,
  WarehouseItem,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, type Paged } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';

export type { DetailLine, Proposal, Tender, TenderStatus, TenderWrite, WinnerEntry } from '@portal/shared';

export const TENDERS = '/tenders/';
export const DETAILS = '/details/';
export const tenderKeys = {
  all: resourceKey(TENDERS),
  list: (query: object) => [...resourceKey(TENDERS), 'list', query] as const,
  item: (id: number | string) => [...resourceKey(TENDERS), 'item', String(id)] as const,
};
export const detailKeys = {
  all: resourceKey(DETAILS),
  list: (query: object) => [...resourceKey(DETAILS), 'list', query] as const,
  ofTender: (id: number | string) => [...resourceKey(DETAILS), 'tender', String(id)] as const,
};

/** The statuses in which a tender opens in the form rather than the view. */
export const tenderPath = (t: Pick<Tender, 'id' | 'status'>) =>
  t.status === 'DRAFT' ? `/tenders/${t.id}/edit` : `/tenders/${t.id}/view`;

export type ListQuery = Record<string, string | number>;

// ---------- tenders ----------

export function useTenderList(query: ListQuery) {
  return useQuery({
    queryKey: tenderKeys.list(query),
    queryFn: ({ signal }) => api<Paged<Tender>>('GET', TENDERS, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** All rows of the list's filter (page_size 0), or only the given ids: for the spreadsheet export. */
export function fetchTendersForExport(query: ListQuery, ids?: (string | number)[]) {
  const { page: _page, page_size: _size, ...rest } = query;
  return api<Tender[]>('GET', TENDERS, {
    query: ids?.length ? { ...rest, page_size: 0, ids } : { ...rest, page_size: 0 },
  });
}

export function useTender(id: number | string | undefined, opts: { exportData?: boolean } = {}) {
  return useQuery({
    // A missing tender is told by the page itself (one message, not a toast beside it).
    meta: { pageShows: [404] },
    queryKey: opts.exportData ? [...tenderKeys.item(id ?? ''), 'export'] : tenderKeys.item(id ?? ''),
    queryFn: ({ signal }) =>
      api<Tender>('GET', `${TENDERS}${id}/`, {
        signal,
        query: opts.exportData ? { export_data: 'true' } : undefined,
      }),
    enabled: id !== undefined && id !== '',
  });
}

/** Creates (POST, no id) or changes (PATCH) a tender; 400 answers are left to the form (meta.form). */
export function useTenderSave() {
  const qc = useQueryClient();
  return useMutation({
    meta: { form: true },
    mutationFn: ({ id, body }: { id?: number; body: TenderWrite }) =>
      id === undefined
        ? api<IdAnswer>('POST', TENDERS, { body })
        : api<Tender>('PATCH', `${TENDERS}${id}/`, { body }),
    onSuccess: () => invalidateTenderArea(qc),
  });
}

/** Deletes an empty DRAFT. Not a cached mutation: its one failure message ('forbidden') is the caller's toast. */
export function useRemoveTender() {
  const qc = useQueryClient();
  return async (tenderId: number) => {
    await api('POST', '/remove_tender/', { body: { tender_id: tenderId } });
    await invalidateTenderArea(qc);
  };
}

/** WATCHED / AGREED flags of the supplier's company on a tender. */
export function useTenderLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, on }: { id: number; action: 'WATCHED' | 'AGREED'; on: boolean }) =>
      api('PATCH', `${TENDERS}${id}/${on ? 'add_log' : 'remove_log'}/`, { body: { action } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}

export type TenderFileKind = 'excel' | 'pdf';
/** The ORDERED tender's order file; the server names it (tender_{id}_{date}.xlsx/.pdf). */
export function downloadTenderFile(id: number, kind: TenderFileKind) {
  const today = new Date().toISOString().slice(0, 10);
  return download(
    `${TENDERS}${id}/export_${kind}/`,
    `tender_${id}_${today}.${kind === 'excel' ? 'xlsx' : 'pdf'}`,
  );
}

export function invalidateTenderArea(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: tenderKeys.all }),
    qc.invalidateQueries({ queryKey: detailKeys.all }),
  ]);
}

/** Who may download an ORDERED tender's files: buyers, or a supplier whose company won a line. */
/** The server's rule table says what the caller may do with each tender (`abilities`); the screens only read it. */
export const can = (t: Pick<Tender, 'abilities'> | undefined | null, action: TenderAction) =>
  !!t?.abilities?.includes(action);

/** The signed-in user as the shared rule table sees it (for screens without a tender yet, e.g. a new one). */
export const actorOfUser = (u: {
  group: Actor['group'];
  role: string;
  is_admin: boolean;
  can_blacklist: boolean;
}): Actor => ({
  group: u.group,
  supplierRole: u.role === 'ADVANCED' ? 'ADVANCED' : u.group === 'SUPPLIER' ? 'PLAIN' : null,
  isCompanyAdmin: u.is_admin,
  canBlacklist: u.can_blacklist,
});

/** Order files: buyers of an ORDERED tender, or a winning supplier with the offer rights. */
export const canDownload = (t: Pick<Tender, 'abilities'>) => can(t, 'download');

/** A DRAFT tender can be deleted only while it has no lines. */
export const canDelete = (t: Pick<Tender, 'abilities'>) => can(t, 'delete');

export const TENDER_STATUS_COLORS: Record<TenderStatus, string> = {
  DRAFT: 'default',
  WAITING: 'gold',
  ACTIVE: 'green',
  FINISHED: 'blue',
  CHOOSING: 'purple',
  ORDERED: 'cyan',
  CANCELED: 'volcano',
  FAILED: 'red',
};

// ---------- lines (details) ----------

/** Free (PREPARED) lines of a warehouse for the form's lower table: search, ordering, page (50 per page). */
export function usePreparedLines(query: {
  warehouse?: number;
  search?: string;
  ordering?: string;
  page?: number;
}) {
  const q: ListQuery = { status: 'PREPARED', page_size: 50, page: query.page ?? 1 };
  if (query.warehouse) q.warehouse = query.warehouse;
  if (query.search) q.search = query.search;
  if (query.ordering) q.ordering = query.ordering;
  return useQuery({
    queryKey: detailKeys.list(q),
    queryFn: ({ signal }) => api<Paged<DetailLine>>('GET', DETAILS, { query: q, signal }),
    enabled: !!query.warehouse,
    placeholderData: keepPreviousData,
  });
}

/** A tender's lines (chosen lines in the form load up to 500). */
export function useTenderLines(tenderId: number | string | undefined, pageSize = 500) {
  return useQuery({
    meta: { pageShows: [404] },
    queryKey: [...detailKeys.ofTender(tenderId ?? ''), pageSize],
    queryFn: ({ signal }) =>
      api<Paged<DetailLine>>('GET', DETAILS, {
        query: { tender: String(tenderId), page_size: pageSize },
        signal,
      }).then((r) => (Array.isArray(r) ? r : r.results)),
    enabled: tenderId !== undefined && tenderId !== '',
  });
}

// ---------- form options ----------

/** A warehouse as the tender form's select reads it (GET /warehouses/). */
export type WarehouseOption = WarehouseItem;

export function useWarehouses(group: number | undefined) {
  const query: ListQuery = { is_active: 'true', page_size: 1000 };
  if (group) query.group = group;
  return useQuery({
    queryKey: [...resourceKey('/warehouses/'), 'options', query],
    queryFn: ({ signal }) =>
      api<Paged<WarehouseOption>>('GET', '/warehouses/', { query, signal }).then((r) => r.results),
    enabled: !!group,
    staleTime: 60_000,
  });
}
