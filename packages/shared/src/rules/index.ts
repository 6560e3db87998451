export * from './abilities.ts';
export * from './award.ts';
export * from './decimal.ts';
export * from './offer.ts';
export * from './seal.ts';
export * from './tenderForm.ts';
export * from './winners.ts';
