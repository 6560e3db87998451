// Business Central sync state on the screens (spec 3 §4 sync labels, §8 toasts): whether a business system is
// configured (GET /setup/bc-sync), and a line's retry (POST /details/{id}/bc-synchronize/) that watches the line
// until its orders are delivered or refused and then says so: 'õnnestus' or 'ebaõnnestus' ('on juba alanud' when
// they were already on their way).
import type { BcSyncAnswer, BcSyncState, BcSyncStatus } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api.ts';
import { resourceKey } from './resource.ts';
import { toast } from './toast.ts';

export const BC_SYNC = '/setup/bc-sync';
const POLL_MS = 1500;

/** The parts sync's state; `enabled` only for those who may read it (administrators and contractors). */
export function useBcSyncState(enabled: boolean, poll = false) {
  return useQuery({
    queryKey: [...resourceKey(BC_SYNC), 'state'],
    queryFn: ({ signal }) => api<BcSyncState>('GET', BC_SYNC, { signal }),
    enabled,
    staleTime: poll ? 0 : 30_000,
    refetchInterval: poll ? 1000 : false,
    retry: false,
  });
}

/** Refreshes lines, tenders (sync icon, failed count) and the sync state. */
function useRefresh() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: resourceKey('/details/') });
    void qc.invalidateQueries({ queryKey: resourceKey('/tenders/') });
  }, [qc]);
}

/**
 * The retry button's action for lines shown in `rows`: sends the retry, then refreshes the rows every 1.5 s until
 * each retried line is synced (success toast) or ends in error, incompatible or canceled (failure toast).
 */
export function useBcRetry(rows: { id: number; bc_status: BcSyncStatus | string | null }[] | undefined) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  // Per retried line: whether it was seen pending, and how many refreshes ran since (rows shown right after the
  // retry are still the old ones, so an old 'error' is not taken as the outcome).
  const [watched, setWatched] = useState<Record<number, { pending: boolean; polls: number }>>({});
  const ids = Object.keys(watched).map(Number);
  const mutation = useMutation({
    mutationFn: (id: number) => api<BcSyncAnswer>('POST', `/details/${id}/bc-synchronize/`, { body: {} }),
    onSuccess: (r, id) => {
      if (r.already_running) toast.success(t('bc.sync_already_running'));
      else if (r.bc_synced) toast.success(t('bc.sync_succeeded'));
      else if (r.bc_sync_running) setWatched((w) => ({ ...w, [id]: { pending: false, polls: 0 } }));
      else toast.error(t('bc.sync_failed'));
      refresh();
    },
  });
  const watching = ids.length > 0;
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => {
      setWatched((w) =>
        Object.fromEntries(Object.entries(w).map(([k, v]) => [k, { ...v, polls: v.polls + 1 }])),
      );
      refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [watching, refresh]);
  useEffect(() => {
    if (!watching || !rows) return;
    const next = { ...watched };
    let changed = false;
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      const w = next[id];
      if (!row) continue;
      if (row.bc_status === 'pending') {
        if (!w.pending) {
          next[id] = { ...w, pending: true };
          changed = true;
        }
        continue;
      }
      if (row.bc_status === 'synced') toast.success(t('bc.sync_succeeded'));
      else if (w.pending || w.polls >= 2) toast.error(t('bc.sync_failed'));
      else continue;
      delete next[id];
      changed = true;
    }
    if (changed) setWatched(next);
  }, [rows, watched, watching, ids, t]);
  const { mutate, isPending, variables } = mutation;
  // Stable between renders while nothing changes (the tender view memoises its columns on it).
  return useMemo(
    () => ({
      retry: (id: number) => mutate(id),
      busy: (id: number) => (isPending && variables === id) || id in watched,
    }),
    [mutate, isPending, variables, watched],
  );
}
