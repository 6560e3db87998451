import './i18n/index.ts';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/App.tsx';
import './app/app.css';
import { defined } from '@portal/shared';
import { makeTableMeasureRowsInert } from './lib/a11y.ts';

preloadFirstScreen(window.location.pathname);
makeTableMeasureRowsInert();
createRoot(defined(document.getElementById('root'), 'the #root element')).render(<App />);
