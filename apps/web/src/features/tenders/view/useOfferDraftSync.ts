// The offer in progress kept twice as it is typed: in this browser at once (a closed tab, a crash or an expired
// session lose nothing) and on the server as the company's draft a moment later (it comes back on any device and
// after a new login). On opening, the browser's copy is put back when it holds changes the server has not got and
// the server's draft is still the one those changes were typed on (then it is saved to the server); otherwise the
// server's draft is. The two copies are compared by the server's own version stamp, never by the browser's clock
// against the server's (they may differ by hours). Sending or withdrawing the offer ends the draft (the server
// deletes its copy).
import type { OfferDraft, OfferDraftWrite } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { beforeSessionEnd } from '../../../lib/sessionEnd.ts';
import { readOfferDraft, saveOfferDraft, saveOfferDraftOnLeave } from '../offerToolsApi.ts';
import { type DraftOffer, emptyOffer, type OfferStore } from './offerDraft.ts';

/** The browser's copy. */
export interface KeptDraft {
  drafts: [number, DraftOffer[]][];
  comment: string;
  agreed: boolean;
  /** The server draft's version (its `updated`) these changes were typed on; null when there was none. */
  base?: string | null;
  /** It holds changes the server has not confirmed. Copies without this field count as saved. */
  unsaved?: boolean;
}

/** Whether the browser's copy is to be put back rather than the server's draft. */
export function browserCopyWins(local: KeptDraft | null, serverUpdated: string | null): boolean {
  return !!local?.unsaved && (local.base ?? null) === serverUpdated;
}

export type DraftSyncState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string; by: string | null }
  | { kind: 'local' };

const LOCAL_MS = 300;
const SERVER_MS = 1500;

const toWrite = (o: DraftOffer) => ({ ...o, id: o.id ?? null });
const fromWrite = (o: OfferDraft['lines'][number]['offers'][number]): DraftOffer => ({
  ...emptyOffer(),
  ...o,
  id: o.id ?? null,
});

export function useOfferDraftSync(opts: {
  tenderId: number;
  userId: number;
  store: OfferStore;
  /** The comment and the agreement as they are now. */
  extras: () => { comment: string; agreed: boolean };
  /** Puts a restored comment and agreement back in the form. */
  restoreExtras: (comment: string | null, agreed: boolean) => void;
  onRestored: () => void;
}) {
  const { tenderId, store } = opts;
  const localKey = `offer-draft:${tenderId}:${opts.userId}`;
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<DraftSyncState>({ kind: 'idle' });
  const latest = useRef(opts);
  latest.current = opts;
  const localTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const serverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pendingLocal = useRef(false);
  const pendingServer = useRef(false);
  /** The server draft's version the form now stands on. */
  const base = useRef<string | null>(null);

  const body = (): OfferDraftWrite => {
    const { comment, agreed } = latest.current.extras();
    return {
      lines: store.changedParts().map(([detail, offers]) => ({ detail, offers: offers.map(toWrite) })),
      comment: comment.trim() ? comment : null,
      agreed,
    };
  };

  const keepLocal = (unsaved: boolean) => {
    const { comment, agreed } = latest.current.extras();
    const kept: KeptDraft = {
      drafts: [...store.built.entries()],
      comment,
      agreed,
      base: base.current,
      unsaved,
    };
    try {
      localStorage.setItem(localKey, JSON.stringify(kept));
    } catch {
      // storage full or disabled: the server copy and the leave guard remain
    }
  };

  const flushLocal = () => {
    clearTimeout(localTimer.current);
    if (!pendingLocal.current) return;
    pendingLocal.current = false;
    keepLocal(true);
  };

  const flushServer = async () => {
    clearTimeout(serverTimer.current);
    if (!pendingServer.current) return;
    pendingServer.current = false;
    setState({ kind: 'saving' });
    try {
      const res = await saveOfferDraft(tenderId, body());
      base.current = res.updated;
      // the browser's copy now matches the server's, unless more was typed while it was being saved
      if (!pendingServer.current) {
        clearTimeout(localTimer.current);
        pendingLocal.current = false;
        keepLocal(false);
      }
      setState(res.updated ? { kind: 'saved', at: res.updated, by: null } : { kind: 'idle' });
    } catch {
      // offline, the session ended or the tender closed: the browser copy is kept and sent on the next visit
      pendingServer.current = true;
      setState({ kind: 'local' });
    }
  };

  const changed = () => {
    setDirty(true);
    pendingLocal.current = true;
    pendingServer.current = true;
    clearTimeout(localTimer.current);
    localTimer.current = setTimeout(flushLocal, LOCAL_MS);
    clearTimeout(serverTimer.current);
    serverTimer.current = setTimeout(() => void flushServer(), SERVER_MS);
  };
  const changedRef = useRef(changed);
  changedRef.current = changed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per form
  useEffect(() => {
    const ctrl = new AbortController();
    let local: KeptDraft | null = null;
    try {
      const raw = localStorage.getItem(localKey);
      local = raw ? (JSON.parse(raw) as KeptDraft) : null;
    } catch {
      localStorage.removeItem(localKey);
    }
    const restoreLocal = (k: KeptDraft) => {
      store.restore(k.drafts ?? []);
      latest.current.restoreExtras(typeof k.comment === 'string' ? k.comment : null, !!k.agreed);
      setDirty(true);
      latest.current.onRestored();
    };
    readOfferDraft(tenderId, ctrl.signal)
      .then((server) => {
        base.current = server.updated;
        if (store.isDirty) return; // typed before the answer came: what is typed wins
        if (local && browserCopyWins(local, server.updated)) {
          restoreLocal(local);
          // the browser's copy is newer (the session ended before it was saved): the server gets it now
          pendingServer.current = true;
          void flushServer();
        } else if (server.updated) {
          store.restore(server.lines.map((l) => [l.detail, l.offers.map(fromWrite)]));
          latest.current.restoreExtras(server.comment, server.agreed);
          setDirty(true);
          setState({ kind: 'saved', at: server.updated, by: server.user_name });
          latest.current.onRestored();
        }
      })
      .catch(() => {
        // the server's draft cannot be read (offline): the browser's copy is used
        if (local?.unsaved && !ctrl.signal.aborted && !store.isDirty) restoreLocal(local);
      });
    const off = store.subscribeAll(() => changedRef.current());
    const onHide = () => {
      flushLocal();
      if (pendingServer.current) {
        pendingServer.current = false;
        saveOfferDraftOnLeave(tenderId, body());
      }
    };
    window.addEventListener('pagehide', onHide);
    const offEnd = beforeSessionEnd(async () => {
      flushLocal();
      await flushServer();
    });
    return () => {
      ctrl.abort();
      off();
      offEnd();
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, []);

  return {
    dirty,
    state,
    /** Call after every change outside the store (the comment, the agreement). */
    changed: () => changedRef.current(),
    /** The offer was sent or withdrawn: the draft is over (the server has deleted its copy). */
    forget: () => {
      pendingLocal.current = false;
      pendingServer.current = false;
      clearTimeout(localTimer.current);
      clearTimeout(serverTimer.current);
      localStorage.removeItem(localKey);
      setDirty(false);
      setState({ kind: 'idle' });
    },
  };
}
