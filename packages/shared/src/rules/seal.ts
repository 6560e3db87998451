// The seal: which tender states hide the offers, and which show them to the buyers. The one copy of this rule; the
// server's answers, the abilities, the reports and the screens all read it from here.
import type { TenderStatus } from '../enums.ts';

/** Offers are sealed: nobody but the offering company sees a price, a comment or who takes part. */
export const SEALED_STATES = ['WAITING', 'ACTIVE'] as const satisfies readonly TenderStatus[];

/**
 * The tender was opened at its finish and its offers are kept: buyers see every company's offers and the history of
 * the suppliers' rows. Not DRAFT (no offers yet), not WAITING or ACTIVE (sealed), not CANCELED (a tender cancelled
 * while ACTIVE was never opened).
 */
export const OPENED_STATES = [
  'FINISHED',
  'CHOOSING',
  'ORDERED',
  'FAILED',
] as const satisfies readonly TenderStatus[];

export const isSealed = (status: TenderStatus) => (SEALED_STATES as readonly TenderStatus[]).includes(status);
export const isOpened = (status: TenderStatus) => (OPENED_STATES as readonly TenderStatus[]).includes(status);
