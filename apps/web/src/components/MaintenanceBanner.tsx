// The maintenance notice (issue 35) above every screen, signed in or not (the shell, the login screen and the
// public cards): the notices shown now, in the reader's language, with their window. Plain React without i18next or
// antd, so the login screen's first load stays small; the words are here in the three languages.
import { type CurrentNotice, formatDateTime } from '@portal/shared';
import { useEffect, useState } from 'react';
import { storedLanguage } from '../i18n/language.ts';
import { api } from '../lib/api.ts';
import './maintenanceBanner.css';

/** A notice that starts while the page is open appears within this time. */
const REFRESH_MS = 5 * 60_000;

const WORDS = {
  et: { title: 'Hooldustööd', window: 'Aeg' },
  ru: { title: 'Технические работы', window: 'Время' },
  en: { title: 'Maintenance', window: 'When' },
} as const;

/** "29.01.2027 18:00–20:30", or both full times when the window ends on another day. */
export function noticeWindow(n: Pick<CurrentNotice, 'starts' | 'ends'>) {
  const a = formatDateTime(n.starts);
  const b = formatDateTime(n.ends);
  return a.slice(0, 10) === b.slice(0, 10) ? `${a}–${b.slice(11)}` : `${a} – ${b}`;
}

export function MaintenanceBanner() {
  const [notices, setNotices] = useState<CurrentNotice[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api<CurrentNotice[]>('GET', '/maintenance_notices/current/')
        .then((list) => alive && setNotices(list))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  if (!notices.length) return null;
  const lang = storedLanguage();
  const w = WORDS[lang];
  return (
    <section className="maintenance-banner" aria-label={w.title} data-testid="maintenance-banner">
      {notices.map((n) => (
        <p key={n.id} className="maintenance-notice">
          <strong>{w.title}</strong>{' '}
          <span>
            ({w.window}: {noticeWindow(n)})
          </span>{' '}
          <span lang={lang}>{lang === 'ru' ? n.text_ru : lang === 'en' ? n.text_en : n.text_et}</span>
        </p>
      ))}
    </section>
  );
}
