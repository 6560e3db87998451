export * from './afterAward.ts';
export * from './catalogue.ts';
export * from './people.ts';
export * from './reports.ts';
export * from './setup.ts';
export * from './system.ts';
export * from './tenders.ts';
export * from './throttles.ts';
