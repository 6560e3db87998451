// The integrations module's public API for other modules: the Business Central line sync (refresh after an outbox
// change, a buyer's retry) and the parts sync the catalogue screen starts and polls. Other modules import from here,
// never from the module's internal files.
export { refreshLineStates, retryLineSync } from './businessCentral.ts';
export { catalogueSyncState, startCatalogueSync } from './businessCentralCatalogue.ts';
