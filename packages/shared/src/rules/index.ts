export * from './abilities.ts';
export * from './award.ts';
export * from './decimal.ts';
export * from './offer.ts';
export * from './receiptCanonical.ts';
export * from './suggest.ts';
export * from './tenderForm.ts';
export * from './winners.ts';
