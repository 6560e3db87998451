import './i18n/index.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/app.css';

createRoot(document.getElementById('root')!).render(<App />);
