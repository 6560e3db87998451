// The router (history mode) and the routing rules of spec 2 "Routes": a visitor who is not logged in has the
// path remembered and sees the login screen; after login the user returns there; a logged-in user opening /
// goes to /tenders; register, recover and reset show without the shell; a route with `groups` is refused to
// other groups. Menu entries whose screens are not built yet lead to a "later release" page.
import { Spin } from 'antd';
import { type ComponentType, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { session } from '../lib/api.ts';
import { type Group, returnRoute, useAuth } from '../lib/auth.tsx';
import { isPublicPath } from '../lib/session.ts';
import LoginPage from './LoginPage.tsx';
import { menuLeaves } from './menu.tsx';
import { ComingSoonPage, NoAccessPage, NotFoundPage } from './pages.tsx';
import { Providers, queryClient } from './providers.tsx';
import { type AppRoute, appRoutes, preloadScreen, publicRoutes } from './routes.tsx';
import { Shell } from './Shell.tsx';

// The shell (menu, drawer, header) is part of the app's chunk: every screen with a session shows it, and a chunk of
// its own was one more request queued on the browser's six connections to the server. The login screen is in the
// entry (main.tsx shows it without the app when there is no session); the app shows it too when the stored session
// could not be checked.

/**
 * Starts loading what the first screen needs at once, in parallel with the session check: with a session the screen
 * of the path (routes.tsx `preloadScreen`).
 */
export function preloadFirstScreen(pathname: string) {
  const isPublic = isPublicPath(pathname);
  if (!isPublic && !session.token) return;
  preloadScreen(pathname, isPublic ? undefined : queryClient);
}

const Loading = () => (
  <div className="page-loading">
    <Spin size="large" />
  </div>
);

/** Path patterns compared without parameter names ("/supplier/:sup_id/details" = "/supplier/:supplier/details"). */
const shape = (path: string) => path.replace(/:[^/]+/g, ':');

/** Placeholder routes: menu entries and the profile link whose screens no route provides yet. */
export function placeholderRoutes(routes: AppRoute[] = appRoutes): { path: string; groups?: Group[] }[] {
  const built = new Set(routes.map((r) => shape(r.path)));
  const out: { path: string; groups?: Group[] }[] = [];
  for (const leaf of menuLeaves()) {
    if (!leaf.path || built.has(shape(leaf.path))) continue;
    const groups =
      leaf.access ??
      ([...new Set(leaf.who.map((w) => (w === 'SUPPLIER_NOT_PLAIN' ? 'SUPPLIER' : w)))] as Group[]);
    out.push({ path: leaf.path, groups });
  }
  if (!built.has('/profile')) out.push({ path: '/profile' });
  return out;
}

function Guard({ groups, children }: { groups?: Group[]; children: ReactNode }) {
  const { hasGroup } = useAuth();
  const { pathname } = useLocation();
  if (groups && !hasGroup(...groups)) return <NoAccessPage />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

const page = (C: ComponentType) => <C />;

function Root() {
  // The session's answer renders the shell and the screen in a transition: in slices, rather than as one task
  // (the query's update alone would render them synchronously).
  const { user, loading } = useDeferredValue(useAuth());
  const location = useLocation();
  const isPublic = isPublicPath(location.pathname);

  useEffect(() => {
    if (!isPublic && !loading && !user) returnRoute.remember(location.pathname + location.search);
  }, [isPublic, loading, user, location.pathname, location.search]);

  if (isPublic)
    return (
      <Suspense fallback={<Loading />}>
        <Routes>
          {publicRoutes.map((r) => (
            <Route key={r.path} path={`${r.path}/*`} element={page(r.component)} />
          ))}
        </Routes>
      </Suspense>
    );
  if (loading) return <Loading />;
  if (!user) return <LoginPage />;

  return (
    <Suspense fallback={<Loading />}>
      <Shell>
        <Routes>
          <Route path="/" element={<Navigate to="/tenders" replace />} />
          {appRoutes.map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={<Guard groups={r.groups}>{page(r.component)}</Guard>}
            />
          ))}
          {placeholderRoutes().map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={<Guard groups={r.groups}>{<ComingSoonPage />}</Guard>}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Shell>
    </Suspense>
  );
}

// A data router (one catch-all route around the routing rules above) so that forms can ask before the user
// leaves them with unsaved changes (useBlocker).
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
