// The supplier's offer as typed, per part line, outside React: each part row subscribes only to its own
// entry, so a keystroke re-renders one row, never the whole table (1,000 parts × 3 offer lines stay fluid),
// and a row scrolled out of the virtual table keeps what was typed. Pure helpers build the request body and
// place the server's "lines.<i>.offers.<n>.<field>" errors back on the right part and field.
import {
  type DraftOfferLine,
  isCompleteOfferLine,
  isEmptyOfferLine,
  MAX_OFFER_LINES_PER_PART,
  normalizeDecimal,
  normalizePrice,
  type OfferLineInput,
  type OfferWrite,
  type ViewLine,
  validateOffer,
} from '@portal/shared';

/** One offer line as typed: the draft's line (delivery_date YYYY-MM-DD or null), with its id null while new. */
export type DraftOffer = Omit<DraftOfferLine, 'id'> & { id: number | null };

/** Errors of one part: `part` for the whole part (too many offers, quantity sum), `offers[n][field]` per line. */
export interface PartErrors {
  part: string[];
  offers: Record<number, Record<string, string>>;
}
export const NO_ERRORS: PartErrors = Object.freeze({ part: [], offers: {} }) as PartErrors;

export const emptyOffer = (): DraftOffer => ({
  id: null,
  producer: null,
  price: '',
  delivery_date: null,
  product_code: '',
  ean_code: '',
  available_qty: '',
  additional_qty: '',
});

const trimQty = (v: string | null) => (v == null ? '' : v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/**
 * The supplier's own offer lines of a part (the server sends a supplier only its own), or one empty line. They
 * reopen in the order they were typed (saved in that order, so by id), not in the server's price order.
 */
export function draftFromLine(line: ViewLine): DraftOffer[] {
  const own = line.proposals
    .filter((p) => !p.sealed && p.id != null)
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  if (!own.length) return [emptyOffer()];
  return own.slice(0, MAX_OFFER_LINES_PER_PART).map((p) => ({
    id: p.id,
    producer: p.producer,
    price: p.price == null ? '' : trimQty(p.price),
    delivery_date: p.delivery_date ? p.delivery_date.slice(0, 10) : null,
    product_code: p.product_code ?? '',
    ean_code: p.ean_code ?? '',
    available_qty: trimQty(p.available_qty),
    additional_qty: trimQty(p.additional_qty),
  }));
}

export const toInput = (o: DraftOffer): OfferLineInput => ({
  id: o.id,
  producer: o.producer?.id ?? null,
  price: o.price,
  delivery_date: o.delivery_date,
  product_code: o.product_code,
  ean_code: o.ean_code,
  available_qty: o.available_qty,
  additional_qty: o.additional_qty,
});

/** The add-line button shows only below 3 lines and when the last line's mandatory fields are set. */
export function canAddOffer(offers: DraftOffer[]): boolean {
  const last = offers[offers.length - 1];
  return offers.length < MAX_OFFER_LINES_PER_PART && !!last && isCompleteOfferLine(toInput(last));
}

/** Where each request index points: lines[i] → detail id, offers[n] → draft line index. */
export interface OfferMapping {
  details: number[];
  offerIndex: number[][];
}

/** Builds the POST /tenders/{id}/offer/ body: every part in table order, all-empty offer lines left out. */
export function buildOffer(
  order: number[],
  drafts: ReadonlyMap<number, DraftOffer[]>,
  agreed: boolean,
  comment: string,
): { body: OfferWrite; mapping: OfferMapping } {
  const mapping: OfferMapping = { details: [], offerIndex: [] };
  const lines: OfferWrite['lines'] = [];
  for (const detail of order) {
    const offers = drafts.get(detail) ?? [];
    const idx: number[] = [];
    const out: OfferWrite['lines'][number]['offers'] = [];
    offers.forEach((o, n) => {
      if (isEmptyOfferLine(toInput(o))) return;
      idx.push(n);
      out.push({
        id: o.id ?? null,
        producer: o.producer?.id ?? null,
        price: normalizePrice(o.price) ?? o.price.trim(),
        delivery_date: o.delivery_date,
        product_code: o.product_code.trim(),
        ean_code: o.ean_code.trim(),
        available_qty: o.available_qty.trim()
          ? (normalizeDecimal(o.available_qty) ?? o.available_qty.trim())
          : null,
        additional_qty: o.additional_qty.trim()
          ? (normalizeDecimal(o.additional_qty) ?? o.additional_qty.trim())
          : null,
      });
    });
    mapping.details.push(detail);
    mapping.offerIndex.push(idx);
    lines.push({ detail, offers: out });
  }
  return { body: { agreed, comment, lines }, mapping };
}

export interface PlacedErrors {
  parts: Map<number, PartErrors>;
  /** Messages for the agreement checkbox, the comment box and the whole offer (keys, untranslated). */
  agreed: string[];
  comment: string[];
  general: string[];
}

/** Places `{ "lines.3.offers.0.ean_code": ["ean_required"], "agreed": [...] }` on parts and fields. */
export function placeErrors(errors: Record<string, unknown>, mapping: OfferMapping): PlacedErrors {
  const out: PlacedErrors = { parts: new Map(), agreed: [], comment: [], general: [] };
  const partOf = (detail: number) => {
    let p = out.parts.get(detail);
    if (!p) {
      p = { part: [], offers: {} };
      out.parts.set(detail, p);
    }
    return p;
  };
  for (const [key, raw] of Object.entries(errors)) {
    const list = (Array.isArray(raw) ? raw : [raw]).map(String);
    if (!list.length) continue;
    const m = /^lines\.(\d+)(?:\.offers(?:\.(\d+)(?:\.(\w+))?)?)?/.exec(key);
    const detail = m ? mapping.details[Number(m[1])] : undefined;
    if (m && detail !== undefined) {
      const p = partOf(detail);
      if (m[2] !== undefined && m[3]) {
        const n = mapping.offerIndex[Number(m[1])]?.[Number(m[2])] ?? Number(m[2]);
        p.offers[n] = { ...p.offers[n], [m[3]]: list[0] };
      } else p.part.push(list[0]);
    } else if (key === 'agreed') out.agreed.push(...list);
    else if (key === 'comment') out.comment.push(...list);
    else out.general.push(...list);
  }
  return out;
}

/** Client validation with the shared offer rules, mapped like a server answer. */
export function validateDraft(
  order: number[],
  drafts: ReadonlyMap<number, DraftOffer[]>,
  agreed: boolean,
  comment: string,
  lines: ReadonlyMap<number, ViewLine>,
  today: string,
): { body: OfferWrite; mapping: OfferMapping; placed: PlacedErrors; ok: boolean } {
  const { body, mapping } = buildOffer(order, drafts, agreed, comment);
  const parts: Record<number, { needQty: string; blacklistedProducerIds: number[] }> = {};
  for (const d of order) {
    const l = lines.get(d);
    parts[d] = { needQty: l?.qty ?? '0', blacklistedProducerIds: l?.blacklisted_producers ?? [] };
  }
  // Validate what the user typed (raw price with a comma etc.), not the normalised body.
  const typed = {
    agreed,
    lines: order.map((detail, i) => ({
      detail,
      offers: mapping.offerIndex[i].map((n) => toInput((drafts.get(detail) ?? [])[n])),
    })),
  };
  const errors = validateOffer(typed, { today, parts });
  const placed = placeErrors(errors, mapping);
  return { body, mapping, placed, ok: Object.keys(errors).length === 0 };
}

/** An offer line's content (not its id), to tell a part as sent from the same part changed. */
function offerKey(o: DraftOffer): string {
  const dec = (v: string) => {
    const n = normalizeDecimal(v);
    return n == null ? v.trim() : n.includes('.') ? n.replace(/\.?0+$/, '') : n;
  };
  return [
    o.producer?.id ?? '',
    dec(o.price),
    o.delivery_date ?? '',
    o.product_code.trim(),
    o.ean_code.trim(),
    dec(o.available_qty),
    dec(o.additional_qty),
  ].join('\u0001');
}

/** True when two parts' offer lines hold the same offers (empty lines ignored). */
export function sameOffers(a: DraftOffer[], b: DraftOffer[]): boolean {
  const keys = (list: DraftOffer[]) =>
    list
      .filter((o) => !isEmptyOfferLine(toInput(o)))
      .map(offerKey)
      .join('\u0002');
  return keys(a) === keys(b);
}

/** What a part shows: its offer is sent as it stands, changed and only drafted, or neither. */
export type PartState = 'sent' | 'drafted' | 'none';

type Listener = () => void;

/** The drafts and their errors, with one listener set per part line. */
export class OfferStore {
  /** Built per part when a row first asks for it (a 1,000-part form shows ~10 rows at first). */
  private drafts = new Map<number, DraftOffer[]>();
  private lines = new Map<number, ViewLine>();
  private errors = new Map<number, PartErrors>();
  private listeners = new Map<number, Set<Listener>>();
  private anyListeners = new Set<Listener>();
  private dirty = false;

  constructor(lines: ViewLine[]) {
    for (const l of lines) this.lines.set(l.id, l);
  }

  get isDirty() {
    return this.dirty;
  }
  /** Every part's offer lines (builds the ones no row has shown yet: for sending and checking the offer). */
  get all(): ReadonlyMap<number, DraftOffer[]> {
    for (const id of this.lines.keys()) this.get(id);
    return this.drafts;
  }
  /** The parts built so far (shown or changed); the others are still as the server sent them. */
  get built(): ReadonlyMap<number, DraftOffer[]> {
    return this.drafts;
  }
  get(detail: number): DraftOffer[] {
    let offers = this.drafts.get(detail);
    if (!offers) {
      // From the server's line on first use; a part that appeared after the store was built starts with one empty
      // line. Kept, so snapshots are stable.
      const line = this.lines.get(detail);
      offers = line ? draftFromLine(line) : [emptyOffer()];
      this.drafts.set(detail, offers);
    }
    return offers;
  }
  /** The part as the company has sent it (its proposals on the server). */
  submitted(detail: number): DraftOffer[] {
    const line = this.lines.get(detail);
    return line ? draftFromLine(line) : [emptyOffer()];
  }
  /** Sent, drafted (changed and not sent) or neither. */
  stateOf(detail: number): PartState {
    const sent = this.submitted(detail);
    const current = this.drafts.get(detail);
    if (current && !sameOffers(current, sent)) return 'drafted';
    return sent.some((o) => o.id != null) ? 'sent' : 'none';
  }
  /** The parts whose lines differ from what was sent: the company's draft. */
  changedParts(): [number, DraftOffer[]][] {
    return [...this.drafts.entries()].filter(([d, offers]) => !sameOffers(offers, this.submitted(d)));
  }
  /** Puts offer lines into parts (from the offer sheet or a last offer) as unsent changes. */
  fill(parts: [number, DraftOffer[]][]) {
    for (const [detail, offers] of parts) {
      if (!this.lines.has(detail) || !offers.length) continue;
      this.errors.delete(detail);
      this.set(detail, offers.slice(0, MAX_OFFER_LINES_PER_PART));
    }
  }
  errorsOf(detail: number): PartErrors {
    return this.errors.get(detail) ?? NO_ERRORS;
  }

  subscribe(detail: number, fn: Listener): () => void {
    let set = this.listeners.get(detail);
    if (!set) {
      set = new Set();
      this.listeners.set(detail, set);
    }
    set.add(fn);
    return () => set.delete(fn);
  }
  private emit(detail: number) {
    for (const fn of this.listeners.get(detail) ?? []) fn();
  }
  /** Called after every change the user makes to any part (to keep the draft in the browser). */
  subscribeAll(fn: Listener): () => void {
    this.anyListeners.add(fn);
    return () => this.anyListeners.delete(fn);
  }

  /** Puts back offer lines kept in the browser (parts that are no longer in the tender are left out). */
  restore(saved: [number, DraftOffer[]][]) {
    for (const [detail, offers] of saved) {
      if (!this.lines.has(detail) || !Array.isArray(offers) || !offers.length) continue;
      this.drafts.set(
        detail,
        offers.slice(0, MAX_OFFER_LINES_PER_PART).map((o) => ({ ...emptyOffer(), ...o })),
      );
      this.emit(detail);
    }
    this.dirty = true;
  }

  set(detail: number, offers: DraftOffer[]) {
    this.dirty = true;
    this.drafts.set(detail, offers);
    this.emit(detail);
    for (const fn of this.anyListeners) fn();
  }

  /** Changes one field of one offer line and clears that field's error. */
  update(detail: number, n: number, patch: Partial<DraftOffer>) {
    const offers = this.get(detail).map((o, i) => (i === n ? { ...o, ...patch } : o));
    const e = this.errors.get(detail);
    if (e?.offers[n]) {
      const left = { ...e.offers[n] };
      for (const k of Object.keys(patch)) delete left[k];
      this.errors.set(detail, { part: [], offers: { ...e.offers, [n]: left } });
    }
    this.set(detail, offers);
  }

  add(detail: number) {
    const offers = this.get(detail);
    if (canAddOffer(offers)) this.set(detail, [...offers, emptyOffer()]);
  }

  remove(detail: number, n: number) {
    const offers = this.get(detail).filter((_, i) => i !== n);
    const e = this.errors.get(detail);
    if (e) {
      // Error positions shift with the lines.
      const shifted: PartErrors['offers'] = {};
      for (const [k, v] of Object.entries(e.offers)) {
        const i = Number(k);
        if (i < n) shifted[i] = v;
        else if (i > n) shifted[i - 1] = v;
      }
      this.errors.set(detail, { part: e.part, offers: shifted });
    }
    this.set(detail, offers.length ? offers : [emptyOffer()]);
  }

  /** Empties every part (after the offer was cancelled). */
  clear() {
    this.errors.clear();
    for (const d of new Set([...this.lines.keys(), ...this.drafts.keys()])) {
      this.drafts.set(d, [emptyOffer()]);
      this.emit(d);
    }
    this.dirty = false;
  }

  /** Replaces every part's errors (after a validation or a 400 answer) and tells the rows whose errors changed. */
  setErrors(parts: Map<number, PartErrors>) {
    const touched = new Set([...this.errors.keys(), ...parts.keys()]);
    this.errors = new Map(parts);
    for (const d of touched) this.emit(d);
  }
}
