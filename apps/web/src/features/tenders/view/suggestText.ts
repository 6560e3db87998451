// The award suggestions in the buyer's language (issue 33): the server sends each line's explanation as a key with
// its facts (rules/suggest.ts), rendered here with the catalogue's templates and the reader's number and date
// formats; the split comment the buyer may edit; and a suggestion as the winner dialog's rows (amounts typed the
// reader's way, a comma in et and ru).
import {
  type AwardSuggestion,
  formatDate,
  formatDecimal,
  formatPrice,
  type Language,
  type SuggestionExplanationOut,
  splitCommentText,
  sumDecimals,
  trimDecimals,
  type WinnerReason,
} from '@portal/shared';

type T = (key: string, params?: Record<string, unknown>) => string;

const qty = (v: string, lang: Language) => formatDecimal(v, lang, 4);

/** Each company's amount over its shares, in the shares' order (exact decimal sums). */
function perSupplier(shares: SuggestionExplanationOut['shares']): Map<string, string> {
  const sums = new Map<string, string>();
  for (const s of shares) sums.set(s.supplier, sumDecimals([sums.get(s.supplier) ?? '0', s.amount]));
  return sums;
}

/** The explanation sentence: "cheapest of 5 offers, 12 % below the next; delivers 03.12.2026". */
export function explanationText(e: SuggestionExplanationOut, t: T, lang: Language): string {
  const k = (key: string, params?: Record<string, unknown>) => t(`suggest.explain.${key}`, params);
  const first = e.shares[0];
  const date = first ? formatDate(first.delivery_date, lang) : '';
  let text: string;
  switch (e.key) {
    case 'cheapest':
      text = k(e.tie_break ? `cheapest_tie_${e.tie_break}` : 'cheapest', {
        offers: e.offers,
        pct: e.below_next_pct ?? 0,
        date,
      });
      break;
    case 'only':
      text = k('only', { date });
      break;
    case 'split': {
      const rest = e.shares.slice(1).map((s, i, all) =>
        k(i === all.length - 1 ? 'split_rest_last' : 'split_rest', {
          supplier: s.supplier,
          amount: qty(s.amount, lang),
        }),
      );
      text = k('split', {
        first: first?.supplier ?? '',
        amount: qty(first?.amount ?? '0', lang),
        need: qty(e.need, lang),
        rest: rest.join(', '),
      });
      break;
    }
    case 'partial':
      text = k('partial', {
        covered: qty(e.covered, lang),
        need: qty(e.need, lang),
        // a company with several offer lines is named once, with their sum
        shares: [...perSupplier(e.shares)]
          .map(([supplier, amount]) => k('partial_share', { supplier, amount: qty(amount, lang) }))
          .join(', '),
      });
      break;
    default:
      text = k(e.key);
  }
  const skipped = [
    ...(e.skipped_blacklisted ? [k('skipped_blacklisted', { count: e.skipped_blacklisted })] : []),
    ...(e.skipped_inactive ? [k('skipped_inactive', { count: e.skipped_inactive })] : []),
  ];
  return skipped.length ? `${text}; ${k('skipped', { parts: skipped.join(', ') })}` : text;
}

/** The comment a split needs (the winner rules), written for the buyer to keep or edit (the server writes the same). */
export const splitComment = (s: AwardSuggestion, lang: Language): string => splitCommentText(s, lang);

export interface SuggestedRow {
  name: number;
  /** As the buyer would type it (a comma in et and ru), without thousands grouping. */
  amount: string;
  reason: WinnerReason;
}

/**
 * Each suggested winner in a line of its own: the company, its offer's unit price and the amount ("Baltic Auto
 * Supply AS, 12,50 €: 1"), so two offer lines of one company are told apart.
 */
export const shareTexts = (s: AwardSuggestion, t: T, lang: Language): string[] =>
  s.winners.map((w, i) =>
    t('suggest.amount_of', {
      supplier: s.explanation.shares[i]?.supplier ?? '',
      price: formatPrice(s.explanation.shares[i]?.price ?? null, lang),
      amount: qty(w.amount, lang),
    }),
  );

/** The suggestion as the winner dialog's rows. */
export function suggestionRows(s: AwardSuggestion, lang: Language): SuggestedRow[] {
  return s.winners.map((w) => ({
    name: w.name,
    amount: lang === 'en' ? trimDecimals(w.amount) : trimDecimals(w.amount).replace('.', ','),
    reason: w.reason,
  }));
}

/** Whether "apply suggestions" applies this line's suggestion: it has none yet, and one needs no confirmation. */
export const applicable = (s: AwardSuggestion, hasWinners: boolean) =>
  !hasWinners && s.winners.length > 0 && !s.needs_confirmation;
