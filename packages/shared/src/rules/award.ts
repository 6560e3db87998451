// After the offers are opened (issue 32): the 48-hour choosing clock, large orders that need a written contract, and
// winner amounts within what the offer has available. Written once here; the server, the web, the mails and the
// order files all read these.
import type { TenderStatus } from '../enums.ts';
import { compareDecimal, isBlank, toScaled } from './decimal.ts';

/** The terms: "the winner is chosen within 48 hours" of the tender's end. */
export const CHOOSE_WITHIN_HOURS = 48;
/** The reminder before the choosing time runs out goes out with this many hours left. */
export const CHOOSE_REMINDER_HOURS_LEFT = 24;
/** The tender statuses in which the winners are still to be chosen (the clock runs). */
export const CHOOSING_STATUSES: readonly TenderStatus[] = ['FINISHED', 'CHOOSING'];

/** The reminders of the choosing clock: 24 h left, and the time run out. Each goes out once per tender end. */
export const CHOOSE_REMINDER_KINDS = ['DUE_SOON', 'OVERDUE'] as const;
export type ChooseReminderKind = (typeof CHOOSE_REMINDER_KINDS)[number];

const HOUR_MS = 3_600_000;

/** The time by which the winners are to be chosen (finish + 48 h), or null when the clock does not run. */
export function chooseBy(status: TenderStatus, finish: Date | string): Date | null {
  if (!CHOOSING_STATUSES.includes(status)) return null;
  return new Date(new Date(finish).getTime() + CHOOSE_WITHIN_HOURS * HOUR_MS);
}

/** Whether the choosing time has run out at `at`. */
export function chooseOverdue(status: TenderStatus, finish: Date | string, at: Date): boolean {
  const by = chooseBy(status, finish);
  return by != null && by.getTime() <= at.getTime();
}

/** The terms: "orders under 10000 euro need no written contract"; an order of this total or more needs one. */
export const WRITTEN_CONTRACT_FROM_EUR = '10000';

/** Whether an order (one winning company's total on a tender, euro without VAT) needs a written contract. */
export function needsWrittenContract(orderTotal: string | number | null | undefined): boolean {
  if (isBlank(orderTotal) || toScaled(orderTotal) == null) return false;
  return compareDecimal(String(orderTotal), WRITTEN_CONTRACT_FROM_EUR) >= 0;
}

/**
 * Whether a winner's amount is more than the offer has available. An offer without an available quantity limits
 * nothing; a blank or unreadable amount is judged by the other winner rules.
 */
export function aboveAvailable(
  amount: string | number | null | undefined,
  availableQty: string | number | null | undefined,
): boolean {
  if (isBlank(availableQty) || isBlank(amount)) return false;
  if (toScaled(amount) == null || toScaled(availableQty) == null) return false;
  return compareDecimal(String(amount), String(availableQty)) > 0;
}

/**
 * An order's total as the order files compute it: each line's amount × price rounded to cents (half up), summed;
 * a decimal string with 2 places. Lines with an unreadable amount or price count as 0.
 */
export function orderTotal(
  lines: { amount: string | number | null; price: string | number | null }[],
): string {
  let cents = 0n;
  for (const l of lines) {
    const a = toScaled(l.amount);
    const p = toScaled(l.price);
    if (a == null || p == null) continue;
    // Both have 4 decimals: the product has 8; cents are 2.
    const product = a * p;
    const sign = product < 0n ? -1n : 1n;
    cents += sign * ((sign * product + 500_000n) / 1_000_000n);
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
