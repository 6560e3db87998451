// Award suggestions (issue 33): for each line a suggested winner set and the facts that explain it. Pure; the
// server feeds it each line's offers (in SQL only the prefix it needs: see modules/tenders/suggestions.ts) and the
// web renders the explanation in the buyer's language from its key and parameters.
//
// The rules:
//   - offers of a producer on the part's blacklist and of an inactive company are skipped;
//   - the others are ranked: lower price, then the earlier delivery date, then the larger available quantity (an
//     offer without one limits nothing and counts as the largest), then the older offer (lower id);
//   - the needed quantity is filled in that order, each offer up to its available quantity: a second winner only
//     when the first cannot cover the need, and so on;
//   - when the offers together cannot cover the need, the winners take what they have (a lone winner still gets the
//     line's whole quantity by the winner rules, above its available quantity: the buyer has to confirm that).
import type { Language, WinnerReason } from '../enums.ts';
import { formatDecimal } from '../format.ts';
import { compareDecimal, fromScaled, toScaled } from './decimal.ts';

export interface SuggestOffer {
  /** The proposal id (a winner entry's `name`). */
  id: number;
  supplierId: number;
  supplierName: string;
  price: string;
  /** YYYY-MM-DD */
  deliveryDate: string;
  /** null: the offer limits nothing. */
  available: string | null;
  /** The producer is on the part's active blacklist. */
  blacklisted?: boolean;
  /** The offering company is not active. */
  inactiveCompany?: boolean;
}

export interface SuggestLine {
  /** The line's needed quantity (decimal string; a comma is read as the decimal separator). */
  need: string;
  /** The offers, or a prefix of them in rank order (then give the counts below). */
  offers: SuggestOffer[];
  /** When `offers` is a prefix: how many usable offers the line has, and how many were skipped and why. */
  counts?: { usable: number; blacklisted: number; inactive: number };
}

export const SUGGESTION_KEYS = ['cheapest', 'only', 'split', 'partial', 'none', 'no_need'] as const;
export type SuggestionKey = (typeof SUGGESTION_KEYS)[number];

export interface SuggestedWinner {
  name: number;
  /** Decimal string with 4 places. */
  amount: string;
  reason: WinnerReason;
}

/** A winner's share as the explanation names it. */
export interface SuggestionShare {
  supplier: string;
  amount: string;
  price: string;
  delivery_date: string;
}

/** What the explanation sentence is built from; the web's i18n has one template per key. */
export interface SuggestionExplanation {
  key: SuggestionKey;
  need: string;
  /** Usable offers (after the skipped ones). */
  offers: number;
  skipped_blacklisted: number;
  skipped_inactive: number;
  /** The winners' shares in order (first the cheapest). */
  shares: SuggestionShare[];
  /** How much cheaper the (last) winner is than the next usable offer, whole percent; null without a next one. */
  below_next_pct: number | null;
  /** What decided between equal prices: the earlier delivery date or the larger quantity (null: the price did). */
  tie_break: 'date' | 'quantity' | null;
  /** The quantity the winners cover (the need when covered). */
  covered: string;
}

export interface Suggestion {
  winners: SuggestedWinner[];
  explanation: SuggestionExplanation;
  /** A lone winner with less available than the need: the winner rules give it the whole quantity, which the buyer
   * has to confirm (it is not applied in one go). */
  needs_confirmation: boolean;
}

const scaled = (v: string | null | undefined) => toScaled(v) ?? 0n;

/** The rank order of usable offers (lower first). */
export function compareOffers(a: SuggestOffer, b: SuggestOffer): number {
  return (
    compareDecimal(a.price, b.price) ||
    a.deliveryDate.localeCompare(b.deliveryDate) ||
    compareAvailable(b.available, a.available) ||
    a.id - b.id
  );
}
/** null (unlimited) is the largest. */
function compareAvailable(a: string | null, b: string | null): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return compareDecimal(a, b);
}

export const isUsableOffer = (o: SuggestOffer) => !o.blacklisted && !o.inactiveCompany;

/** Whole percent by which `price` is below `next` (0 when equal). */
export function percentBelow(price: string, next: string): number {
  const p = scaled(price);
  const n = scaled(next);
  if (n <= 0n) return 0;
  // rounded half up: (n - p) * 100 / n
  return Number(((n - p) * 200n + n) / (2n * n));
}

export function suggestAward(line: SuggestLine): Suggestion {
  const usable = line.offers.filter(isUsableOffer).sort(compareOffers);
  const counts = line.counts ?? {
    usable: usable.length,
    blacklisted: line.offers.filter((o) => o.blacklisted).length,
    inactive: line.offers.filter((o) => !o.blacklisted && o.inactiveCompany).length,
  };
  const need = scaled(line.need);
  const base = {
    need: fromScaled(need < 0n ? 0n : need),
    offers: counts.usable,
    skipped_blacklisted: counts.blacklisted,
    skipped_inactive: counts.inactive,
  };
  if (need <= 0n)
    return {
      winners: [],
      needs_confirmation: false,
      explanation: {
        ...base,
        key: 'no_need',
        shares: [],
        below_next_pct: null,
        tie_break: null,
        covered: fromScaled(0n),
      },
    };

  const taken: { offer: SuggestOffer; amount: bigint }[] = [];
  let left = need;
  let i = 0;
  for (; i < usable.length && left > 0n; i++) {
    const o = usable[i];
    const cap = o.available == null ? left : scaled(o.available);
    // (BigInt: no Math.min)
    let amount = left;
    if (cap < left) amount = cap;
    if (amount <= 0n) continue;
    taken.push({ offer: o, amount });
    left -= amount;
  }
  const next = usable.slice(i).find((o) => !taken.some((t) => t.offer.id === o.id)) ?? null;
  const covered = need - left;
  const last = taken[taken.length - 1]?.offer;
  const tieBreak = ((): 'date' | 'quantity' | null => {
    if (!last || !next || compareDecimal(last.price, next.price) !== 0) return null;
    return last.deliveryDate !== next.deliveryDate ? 'date' : 'quantity';
  })();
  const lone = taken.length === 1;
  const winners: SuggestedWinner[] = taken.map((t, n) => ({
    name: t.offer.id,
    // A lone winner gets the whole quantity (the winner rules).
    amount: fromScaled(lone ? need : t.amount),
    // Chosen over an equally cheap offer for its earlier delivery: the due date decided.
    reason: n === taken.length - 1 && tieBreak === 'date' ? 'DUE DATE' : 'PRICE',
  }));
  const key: SuggestionKey = !taken.length
    ? 'none'
    : left > 0n
      ? 'partial'
      : taken.length > 1
        ? 'split'
        : counts.usable === 1
          ? 'only'
          : 'cheapest';
  return {
    winners,
    needs_confirmation: lone && left > 0n,
    explanation: {
      ...base,
      key,
      shares: taken.map((t) => ({
        supplier: t.offer.supplierName,
        amount: fromScaled(t.amount),
        price: t.offer.price,
        delivery_date: t.offer.deliveryDate,
      })),
      below_next_pct: last && next ? percentBelow(last.price, next.price) : null,
      tie_break: tieBreak,
      covered: fromScaled(covered),
    },
  };
}

// ---------- price history (issue 33) ----------

/** The median of decimal strings (the mean of the two middle ones for an even count), 4 places; null when empty. */
export function medianDecimal(values: readonly string[]): string | null {
  const xs = values
    .map((v) => toScaled(v))
    .filter((v): v is bigint => v != null)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!xs.length) return null;
  const mid = Math.floor(xs.length / 2);
  if (xs.length % 2) return fromScaled(xs[mid]);
  const sum = xs[mid - 1] + xs[mid];
  // half up at the 4th place
  return fromScaled(sum >= 0n ? (sum + 1n) / 2n : (sum - 1n) / 2n);
}

/** An offer this far from the median of earlier orders (in percent, either way) is flagged. */
export const PRICE_DEVIATION_FLAG_PCT = 30;

/**
 * How far a price is from the median, in whole percent (positive above, negative below), and whether that is more
 * than the flag's limit; null without a median.
 */
export function priceDeviation(
  price: string,
  median: string | null | undefined,
): { pct: number; flagged: boolean } | null {
  if (median == null) return null;
  const p = toScaled(price);
  const m = toScaled(median);
  if (p == null || m == null || m <= 0n) return null;
  const diff = (p - m) * 100n;
  // exact comparison first, then a rounded whole percent for the text
  const flagged = diff > BigInt(PRICE_DEVIATION_FLAG_PCT) * m || diff < -BigInt(PRICE_DEVIATION_FLAG_PCT) * m;
  const abs = diff < 0n ? -diff : diff;
  const pct = Number((abs * 2n + m) / (2n * m)) * (diff < 0n ? -1 : 1);
  return { pct, flagged };
}

/** The winner comment a split needs (the winner rules), in the buyer's language; the buyer may keep or edit it. */
const SPLIT_COMMENT: Record<Language, string> = {
  et: 'Jagatud saadaoleva koguse järgi: {shares}.',
  ru: 'Разделено по доступному количеству: {shares}.',
  en: 'Split by available quantity: {shares}.',
};

/** The split comment of a suggestion ("Split by available quantity: Baltic 4, Nordic 2."); '' for one winner. */
export function splitCommentText(
  s: {
    winners: readonly unknown[];
    explanation: { shares: readonly { supplier: string; amount: string }[] };
  },
  lang: Language,
): string {
  if (s.winners.length < 2) return '';
  const shares = s.explanation.shares.map((x) => `${x.supplier} ${formatDecimal(x.amount, lang, 4)}`);
  return (SPLIT_COMMENT[lang] ?? SPLIT_COMMENT.en).replace('{shares}', shares.join(', '));
}
