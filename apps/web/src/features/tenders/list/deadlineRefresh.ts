// The list refreshes itself when a tender it shows reaches its end (ACTIVE → FINISHED) or start (WAITING →
// ACTIVE), on the server's clock (each row carries server_time), so a finished tender is not left showing as
// active. The server's scheduler moves tenders a few seconds after the moment; a row still unchanged after its
// moment is asked for again, less often the longer it is overdue.
import type { Tender } from '@portal/shared';
import { useEffect, useRef } from 'react';

/** After the moment: the scheduler's few seconds. */
export const GRACE_MS = 1500;
const MIN_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;
/** Timers further away than this are set again on the next load (setTimeout's own limit is ~24.8 days). */
const MAX_TIMER_MS = 6 * 3600_000;

type Row = Pick<Tender, 'status' | 'start' | 'finish'>;

/** Milliseconds until the list should be loaded again, or null when nothing it shows is about to change. */
export function nextRefreshIn(rows: readonly Row[], serverNow: number): number | null {
  let soonest = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    const at =
      r.status === 'ACTIVE' ? Date.parse(r.finish) : r.status === 'WAITING' ? Date.parse(r.start) : NaN;
    if (!Number.isFinite(at)) continue;
    const until = at - serverNow;
    const wait = until > 0 ? until + GRACE_MS : Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, -until / 2));
    soonest = Math.min(soonest, wait);
  }
  return Number.isFinite(soonest) ? Math.min(soonest, MAX_TIMER_MS) : null;
}

/** Loads the list again when one of its rows reaches its end or start. */
export function useDeadlineRefresh(
  rows: readonly (Row & { server_time?: string | null })[] | undefined,
  loadedAt: number,
  refetch: () => unknown,
) {
  const again = useRef(refetch);
  again.current = refetch;
  useEffect(() => {
    if (!rows?.length || !loadedAt) return;
    const serverTime = rows.find((r) => r.server_time)?.server_time;
    const offset = serverTime ? Date.parse(serverTime) - loadedAt : 0;
    const wait = nextRefreshIn(rows, Date.now() + (Number.isFinite(offset) ? offset : 0));
    if (wait == null) return;
    const h = setTimeout(() => again.current(), wait);
    return () => clearTimeout(h);
  }, [rows, loadedAt]);
}
