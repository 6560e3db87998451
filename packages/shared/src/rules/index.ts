export * from './decimal.ts';
export * from './offer.ts';
export * from './winners.ts';
export * from './tenderForm.ts';
