// The tender form as typed, kept in this browser (per tender, or "new", and user) so that an expired session, a
// closed tab or a crash loses nothing: period, group, warehouse, additional info and the chosen lines with their
// quantities. It is put back when the form opens again and forgotten once the tender is saved.
import type { DetailLine } from '@portal/shared';
import { useCallback, useEffect, useRef } from 'react';

export interface TenderFormDraft {
  start: string | null;
  finish: string | null;
  group: number | null;
  warehouse: number | null;
  additional_info: string;
  /** The chosen lines as shown, each with the order quantity typed for it. */
  chosen: { line: DetailLine; qty: string }[];
}

export const formDraftKey = (tenderId: string | number | undefined, userId: number | undefined) =>
  `tender-form-draft:${tenderId ?? 'new'}:${userId ?? 0}`;

/** Reads a kept draft; anything unreadable is dropped. */
export function readFormDraft(key: string): TenderFormDraft | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<TenderFormDraft>;
    if (!d || typeof d !== 'object' || !Array.isArray(d.chosen)) throw new Error('not a draft');
    return {
      start: typeof d.start === 'string' ? d.start : null,
      finish: typeof d.finish === 'string' ? d.finish : null,
      group: typeof d.group === 'number' ? d.group : null,
      warehouse: typeof d.warehouse === 'number' ? d.warehouse : null,
      additional_info: typeof d.additional_info === 'string' ? d.additional_info : '',
      chosen: d.chosen.filter(
        (c) =>
          c && typeof c === 'object' && c.line && typeof c.line.id === 'number' && typeof c.qty === 'string',
      ),
    };
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

/**
 * Keeps the draft a moment after each change (and at once when the page is hidden or the form closes).
 * `keep()` marks it changed; `forget()` removes it (after a save or an explicit cancel).
 */
export function useKeptFormDraft(key: string, snapshot: () => TenderFormDraft) {
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (!pending.current) return;
    pending.current = false;
    try {
      localStorage.setItem(key, JSON.stringify(latest.current()));
    } catch {
      // storage full or disabled: the unsaved-changes guard still asks before leaving
    }
  }, [key]);
  const keep = useCallback(() => {
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, 300);
  }, [flush]);
  const forget = useCallback(() => {
    pending.current = false;
    clearTimeout(timer.current);
    localStorage.removeItem(key);
  }, [key]);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  return { keep, forget, flush };
}
