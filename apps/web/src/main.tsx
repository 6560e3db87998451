import './i18n/index.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreen } from './app/routes.tsx';
import './app/app.css';

preloadScreen(window.location.pathname);
createRoot(document.getElementById('root')!).render(<App />);
