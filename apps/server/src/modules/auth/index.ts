// The auth module's public API for other modules: the session user's payload (its schema: packages/shared), the login attempt limits
// an e-ID login shares with the password login, the account changes (invitation, activation) that other areas
// of the portal start, and `setAccountWriters`, through which the registry hands auth the users and suppliers
// modules' writes. Other modules import from here, never from the module's internal files.
export {
  sendInvitation,
  setSupplierActive,
  setUserActive,
} from './accounts.ts';
export { loginLimits } from './limits.ts';
export {
  countLoginFailure,
  loginByPersonalCode,
  loginSucceeded,
  sessionUserPayload,
  takeLoginAttempt,
} from './service.ts';
export { termsInForce } from './terms.ts';
export { addSweeper } from './throttle.ts';
export { type AccountWriters, setAccountWriters } from './writers.ts';
