export * from './abilities.ts';
export * from './decimal.ts';
export * from './offer.ts';
export * from './tenderForm.ts';
export * from './winners.ts';
export * from './award.ts';
