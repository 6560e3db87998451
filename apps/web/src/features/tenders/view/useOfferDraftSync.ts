// The offer in progress kept twice as it is typed: in this browser at once (a closed tab, a crash or an expired
// session lose nothing) and on the server as the company's draft a moment later (it comes back on any device and
// after a new login). On opening, the newer of the two is put back; a browser copy newer than the server's is then
// saved to the server. Sending or withdrawing the offer ends the draft (the server deletes its copy).
import type { OfferDraft, OfferDraftWrite } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { beforeSessionEnd } from '../../../lib/sessionEnd.ts';
import { readOfferDraft, saveOfferDraft, saveOfferDraftOnLeave } from '../offerToolsApi.ts';
import { type DraftOffer, emptyOffer, type OfferStore } from './offerDraft.ts';

/** The browser's copy. */
interface KeptDraft {
  drafts: [number, DraftOffer[]][];
  comment: string;
  agreed: boolean;
  /** When it was kept (ms); copies from before this field count as old. */
  saved_at?: number;
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

  const body = (): OfferDraftWrite => {
    const { comment, agreed } = latest.current.extras();
    return {
      lines: store.changedParts().map(([detail, offers]) => ({ detail, offers: offers.map(toWrite) })),
      comment: comment.trim() ? comment : null,
      agreed,
    };
  };

  const flushLocal = () => {
    clearTimeout(localTimer.current);
    if (!pendingLocal.current) return;
    pendingLocal.current = false;
    const { comment, agreed } = latest.current.extras();
    const kept: KeptDraft = { drafts: [...store.built.entries()], comment, agreed, saved_at: Date.now() };
    try {
      localStorage.setItem(localKey, JSON.stringify(kept));
    } catch {
      // storage full or disabled: the server copy and the leave guard remain
    }
  };

  const flushServer = async () => {
    clearTimeout(serverTimer.current);
    if (!pendingServer.current) return;
    pendingServer.current = false;
    setState({ kind: 'saving' });
    try {
      const res = await saveOfferDraft(tenderId, body());
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
        if (store.isDirty) return; // typed before the answer came: what is typed wins
        const serverAt = server.updated ? Date.parse(server.updated) : 0;
        if (local && (local.saved_at ?? 0) > serverAt) {
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
        if (local && !ctrl.signal.aborted && !store.isDirty) restoreLocal(local);
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
