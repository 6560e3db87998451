// The app with a session (or on a public page): i18next with the chosen language, the global styles, the screen
// of the path preloaded in parallel with the session check, then the router (App.tsx).
import '../i18n/index.ts';
import 'antd/dist/antd.css';
import './app.css';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { makeTableMeasureRowsInert } from '../lib/a11y.ts';
import { App, preloadFirstScreen } from './App.tsx';

export function startApp(root: Root) {
  preloadFirstScreen(window.location.pathname);
  makeTableMeasureRowsInert();
  // A transition: React renders the first screen in slices and gives the main thread back between them, instead of
  // one long task (Lighthouse's total blocking time on /tenders).
  startTransition(() => root.render(<App />));
}
