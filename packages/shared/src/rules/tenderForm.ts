// Tender form rules (spec 1-tenders §5 "Tender form"), shared by the server and the web.
import { TENDER_MIN_MINUTES } from '../limits.ts';
import { isBlank, toScaled } from './decimal.ts';

export const TENDER_FORM_ERROR_KEYS = [
  'choose_at_least_one_line',
  'positive_quantity',
  'start_in_future',
  'finish_in_future',
  'start_before_finish',
  'min_duration',
] as const;
export type TenderFormErrorKey = (typeof TENDER_FORM_ERROR_KEYS)[number];

export interface TenderFormInput {
  /** ISO timestamps. */
  start: string | null | undefined;
  finish: string | null | undefined;
  /** The chosen lines and their quantities. */
  details: { id: number; qty: string | number | null | undefined }[];
}
export type TenderFormErrors = Record<string, TenderFormErrorKey[]>;

/** Quantity total of the chosen lines is positive (each line's qty counts only when numeric). */
export function chosenTotalPositive(details: TenderFormInput['details']): boolean {
  let total = 0n;
  for (const d of details) total += isBlank(d.qty) ? 0n : (toScaled(d.qty) ?? 0n);
  return total > 0n;
}

/** An available line can be added only when its quantity is above 0. */
export function canChooseLine(qty: string | number | null | undefined): boolean {
  return (toScaled(qty) ?? 0n) > 0n;
}

/**
 * Validates the tender for `start` (and for the date checks on save): `details` (at least one line, positive total),
 * `start` (in the future, before finish), `finish` (in the future, at least 30 minutes after start).
 * `nowMs` is the clock's current time in ms. `requireLines` false skips the line checks (saving a draft).
 */
export function validateTenderForm(
  input: TenderFormInput,
  nowMs: number,
  opts: { requireLines?: boolean } = {},
): TenderFormErrors {
  const errors: Record<string, TenderFormErrorKey[]> = {};
  const add = (f: string, k: TenderFormErrorKey) => {
    errors[f] = [...(errors[f] ?? []), k];
  };
  if (opts.requireLines !== false) {
    if (input.details.length === 0) add('details', 'choose_at_least_one_line');
    else if (!chosenTotalPositive(input.details)) add('details', 'positive_quantity');
  }
  const start = input.start ? Date.parse(input.start) : NaN;
  const finish = input.finish ? Date.parse(input.finish) : NaN;
  if (!Number.isNaN(start) && start <= nowMs) add('start', 'start_in_future');
  if (!Number.isNaN(finish) && finish <= nowMs) add('finish', 'finish_in_future');
  if (!Number.isNaN(start) && !Number.isNaN(finish)) {
    if (start >= finish) add('start', 'start_before_finish');
    else if (finish - start < TENDER_MIN_MINUTES * 60_000) add('finish', 'min_duration');
  }
  return errors;
}
