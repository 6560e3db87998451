// The entry: without a session (and off the public pages) only the login screen, plain React with its own
// stylesheet and words; otherwise the app (start.tsx: i18next, antd, the router, React Query), loaded as a chunk
// of its own, together with the language, the shell and the screen of the path. After a login the page is loaded
// again with the session, so the login's first load never carries the app (BENCHMARKS.md "First load"). A deep link
// to a tender view asks for its data here, while the app's code loads (the view's queries take those answers).
import { BUYER_OFFERS_SHOWN, defined, VIEW_LINES_PAGE } from '@portal/shared';
import { createRoot } from 'react-dom/client';
import LoginPage from './app/LoginPage.tsx';
import { screenPathOf, screens } from './app/screens.ts';
import { loadLanguageChunk, storedLanguage } from './i18n/language.ts';
import { getEarly, session } from './lib/api.ts';
import { isPublicPath, returnRoute } from './lib/session.ts';

const root = createRoot(defined(document.getElementById('root'), 'the #root element'));
const { pathname, search } = window.location;
if (!session.token && !isPublicPath(pathname)) {
  // The visitor's path is remembered: after the login the app opens there.
  returnRoute.remember(pathname + search);
  document.documentElement.lang = storedLanguage();
  root.render(<LoginPage />);
} else {
  // A tender view's calls, exactly as its queries make them (features/tenders/viewQueries.ts), and the session's
  // profile, which the view waits for too (lib/auth.tsx).
  const view = session.token ? /^\/tenders\/(\d+)\/view\/?$/.exec(pathname)?.[1] : undefined;
  if (view) {
    getEarly('/profile/');
    getEarly(`/tenders/${view}/`);
    // page 1 of the lines (viewQueries.ts linesPageQuery: the same values in the same order)
    getEarly('/details/', {
      tender: view,
      page: 1,
      page_size: VIEW_LINES_PAGE,
      fields: 'view',
      offers: BUYER_OFFERS_SHOWN,
    });
  }
  // The code of the first screen all at once: the app (with the shell), the chosen language and the screen of the path
  // (app/screens.ts), instead of each only once the one before it has run.
  loadLanguageChunk().catch(() => {});
  const screen = screenPathOf(pathname);
  if (screen) screens[screen]().catch(() => {}); // a failed early load is retried when the screen renders
  void import('./app/start.tsx').then((m) => m.startApp(root));
}
