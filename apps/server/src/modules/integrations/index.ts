// The integrations module's public API for other modules: the Business Central line states refreshed after an
// outbox change. Other modules import from here, never from the module's internal files.
export { refreshLineStates } from './businessCentral.ts';
