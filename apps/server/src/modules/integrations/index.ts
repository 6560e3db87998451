// The integrations module's public API for other modules: the Directo export's log entry changed by the deliveries
// screen (an administrator's retry or discard of its outbox row). Other modules import from here, never from the
// module's internal files.
export { failExportInProgress, reopenFailedExport } from './directo.ts';
