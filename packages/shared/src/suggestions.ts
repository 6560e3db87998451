// The award suggestions and the price history of a part (issue 33): response shapes shared by the server's route
// schemas and the web. The rules are in rules/suggest.ts.
import { z } from 'zod';
import { WINNER_REASONS } from './enums.ts';
import { SUGGESTION_KEYS } from './rules/suggest.ts';

const decimal = z.string();

/** The facts an explanation is built from; the web renders them with its templates in the buyer's language. */
export const suggestionExplanation = z.object({
  key: z.enum(SUGGESTION_KEYS),
  need: decimal,
  offers: z.number(),
  skipped_blacklisted: z.number(),
  skipped_inactive: z.number(),
  shares: z.array(
    z.object({ supplier: z.string(), amount: decimal, price: decimal, delivery_date: z.string() }),
  ),
  below_next_pct: z.number().nullable(),
  tie_break: z.enum(['date', 'quantity']).nullable(),
  covered: decimal,
});

export const awardSuggestion = z.object({
  detail_id: z.number(),
  /** As a winner entry: `name` is the proposal id. */
  winners: z.array(z.object({ name: z.number(), amount: decimal, reason: z.enum(WINNER_REASONS) })),
  explanation: suggestionExplanation,
  /** A lone winner above its available quantity: the buyer confirms it in the line's dialog. */
  needs_confirmation: z.boolean(),
});
export type AwardSuggestion = z.infer<typeof awardSuggestion>;
export type SuggestionExplanationOut = z.infer<typeof suggestionExplanation>;

/** POST /tenders/{id}/apply_suggestions/: optionally only the lines the buyer reviewed. */
export const applySuggestionsWrite = z.object({
  detail_ids: z.array(z.number().int().positive()).max(10000).optional(),
});
export type ApplySuggestionsWrite = z.infer<typeof applySuggestionsWrite>;
/** What was applied: lines given their suggested winners, and lines skipped because they have winners by now. */
export const applySuggestionsResult = z.object({
  applied: z.number(),
  skipped: z.number(),
  skipped_ids: z.array(z.number()),
});
export type ApplySuggestionsResult = z.infer<typeof applySuggestionsResult>;

/** One earlier order of the part: a winner of an ORDERED tender. */
export const priceHistoryEntry = z.object({
  /** The order's date (its purchase order's creation, else the tender's approval). */
  date: z.string(),
  supplier: z.string(),
  price: decimal,
  quantity: decimal,
  tender_id: z.number(),
  tender_code: z.string(),
});
export const priceHistory = z.object({
  part: z.number(),
  /** The newest first. */
  orders: z.array(priceHistoryEntry),
  /** The median price of the orders of the last 12 months (null: none). */
  median_12m: decimal.nullable(),
  /** How many orders the median is of. */
  median_count: z.number(),
});
export type PriceHistory = z.infer<typeof priceHistory>;
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntry>;

/** GET award_suggestions answer: one suggestion per line. */
export const awardSuggestionList = z.array(awardSuggestion);
