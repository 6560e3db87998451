// The suppliers module's public API for other modules: the company writes of the account rules (registration,
// activation), which the registry hands to the auth module. Other modules import from here, never from the module's
// internal files.
export { insertRegisteredSupplier, switchSupplierActive } from './accountWrites.ts';
