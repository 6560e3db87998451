// What the login screen and the session share without the app around them (the login screen's first load carries
// neither React Query nor the router): why the login screen is shown, and where the user returns after it.
const EXPIRED_KEY = 'sessionExpired';

/** Set when a request found the session gone, until the next login: the login screen says why it is shown. */
export const sessionExpired = {
  mark() {
    sessionStorage.setItem(EXPIRED_KEY, '1');
  },
  get shown() {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  },
  clear() {
    sessionStorage.removeItem(EXPIRED_KEY);
  },
};
const RETURN_KEY = 'returnRoute';

export const returnRoute = {
  remember(path: string) {
    if (path && path !== '/' && !path.startsWith('/login')) sessionStorage.setItem(RETURN_KEY, path);
  },
  take(): string {
    const p = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return p || '/tenders';
  },
  clear() {
    sessionStorage.removeItem(RETURN_KEY);
  },
};

/** The paths shown without a session and without the shell (their screens are in routes.tsx `publicRoutes`). */
export const PUBLIC_PATHS = ['/register', '/recover', '/reset'] as const;

export const isPublicPath = (pathname: string) =>
  PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
