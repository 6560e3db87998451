// The breaches module's public API for other modules: a refusal records its breach in its own transaction.
export { recordRefusalBreach, tallinnToday } from './service.ts';
