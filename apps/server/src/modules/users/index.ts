// The users module's public API for other modules: removing the accounts of a supplier company that is removed.
// Other modules import from here, never from the module's internal files.
export { removeSupplierUsers } from './service.ts';
