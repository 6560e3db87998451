// Winner selection rules (spec 1-tenders §5 "Winner selection"), shared by the server and the web.
import type { WinnerReason } from '../enums.ts';
import { WINNER_COMMENT_MIN } from '../limits.ts';
import { compareDecimal, fromScaled, isBlank, sumDecimals, toScaled } from './decimal.ts';

export const WINNER_ERROR_KEYS = [
  'winner_reason_required',
  'duplicate_supplier_proposal',
  'total_amount_zero',
  'total_amount_above_need',
  'winner_comment_required',
  'comment_too_short',
  'winner_blacklisted_producer',
] as const;
export type WinnerErrorKey = (typeof WINNER_ERROR_KEYS)[number];

export interface WinnerInput {
  /** The chosen proposal id (null: empty row). */
  name: number | null;
  amount?: string | number | null;
  reason?: WinnerReason | null;
}
export interface ProposalChoice {
  id: number;
  price: string;
  /** The offer's producer id (for the part's blacklist). */
  producer?: number | null;
}
export interface WinnersContext {
  needQty: string;
  /** The part's proposals (for the lowest-price default reason and the blacklist). */
  proposals: ProposalChoice[];
  /** Producers on the part's active blacklist: their offers cannot be chosen. */
  blacklistedProducerIds?: readonly number[];
}

/** An offer can be chosen as a winner unless its producer is on the part's blacklist. */
export function isChoosable(p: ProposalChoice, blacklistedProducerIds: readonly number[] = []): boolean {
  return p.producer == null || !blacklistedProducerIds.includes(p.producer);
}

/**
 * PRICE when the chosen proposal has the lowest price among the part's choosable proposals and no reason is
 * given; else the given reason.
 */
export function defaultReason(
  proposalId: number | null,
  reason: WinnerReason | null | undefined,
  proposals: ProposalChoice[],
  blacklistedProducerIds: readonly number[] = [],
): WinnerReason | null {
  if (reason) return reason;
  if (proposalId == null) return null;
  const choosable = proposals.filter((p) => isChoosable(p, blacklistedProducerIds));
  const chosen = choosable.find((p) => p.id === proposalId);
  if (!chosen) return null;
  const lowest = choosable.every((p) => compareDecimal(chosen.price, p.price) <= 0);
  return lowest ? 'PRICE' : null;
}

/**
 * Normalises the rows as the form does: empty rows (no proposal) dropped, default reasons applied, and a single
 * winner gets the full needed quantity.
 */
export function normalizeWinners(winners: WinnerInput[], ctx: WinnersContext): WinnerInput[] {
  const rows = winners
    .filter((w) => w.name != null)
    .map((w) => ({
      ...w,
      reason: defaultReason(w.name, w.reason, ctx.proposals, ctx.blacklistedProducerIds),
    }));
  if (rows.length === 1) rows[0] = { ...rows[0], amount: fromScaled(toScaled(ctx.needQty) ?? 0n) };
  return rows;
}

/** The amount a lone winner gets: the line's full quantity. */
export function singleWinnerAmount(needQty: string): string {
  return fromScaled(toScaled(needQty) ?? 0n);
}

export type WinnerErrors = Record<string, WinnerErrorKey[]>;

/**
 * Validates the winners of one part (after `normalizeWinners`); an offer whose producer is blacklisted for the
 * part cannot be chosen. Keys: `winners.<i>.reason`, `winners.<i>.name`,
 * `winners.<i>.amount`, `winners` (sum above need), `comment`.
 */
export function validateWinners(
  winners: WinnerInput[],
  ctx: WinnersContext,
  comment?: string | null,
): WinnerErrors {
  const errors: Record<string, WinnerErrorKey[]> = {};
  const add = (f: string, k: WinnerErrorKey) => {
    errors[f] = [...(errors[f] ?? []), k];
  };
  const seen = new Set<number>();
  winners.forEach((w, i) => {
    if (w.name == null) return;
    if (!w.reason) add(`winners.${i}.reason`, 'winner_reason_required');
    if (seen.has(w.name)) add(`winners.${i}.name`, 'duplicate_supplier_proposal');
    const p = ctx.proposals.find((x) => x.id === w.name);
    if (p && !isChoosable(p, ctx.blacklistedProducerIds))
      add(`winners.${i}.name`, 'winner_blacklisted_producer');
    seen.add(w.name);
  });
  const chosen = winners.filter((w) => w.name != null);
  if (chosen.length > 1) {
    chosen.forEach((w) => {
      const i = winners.indexOf(w);
      const a = toScaled(w.amount);
      if (isBlank(w.amount) || a == null || a <= 0n) add(`winners.${i}.amount`, 'total_amount_zero');
    });
    if (compareDecimal(sumDecimals(chosen.map((w) => w.amount)), ctx.needQty) > 0)
      add('winners', 'total_amount_above_need');
    const c = (comment ?? '').trim();
    if (!c) add('comment', 'winner_comment_required');
    else if (c.length < WINNER_COMMENT_MIN) add('comment', 'comment_too_short');
  }
  return errors;
}
