// The users module's public API for other modules: removing the accounts of a supplier company that is removed, and
// the user writes of the account rules (registration, password reset, activation, sign-in), which the registry
// hands to the auth module. Other modules import from here, never from the module's internal files.
export { insertRegisteredUser, recordLogin, setUserPasswordHash, switchUserActive } from './accountWrites.ts';
export { removeSupplierUsers } from './service.ts';
