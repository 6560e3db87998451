export * from './enums.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './rules/index.ts';
export * from './tenders.ts';
