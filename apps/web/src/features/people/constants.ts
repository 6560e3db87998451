/** Logout 2000 ms after account deletion (spec 2 §9). */
export const ACCOUNT_DELETE_LOGOUT_MS = 2000;
