// The login screen's frame and controls in plain HTML, styled by login.css to look like the rest of the product
// (antd's sizes and colours), so the login's first load carries neither antd nor its style engine: the page
// frame with the language selector and the terms of use, labelled fields with their messages, alerts, buttons.
import { SOFTWARE_VERSION } from '@portal/shared';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Logo } from '../components/Logo.tsx';
import { MaintenanceBanner } from '../components/MaintenanceBanner.tsx';
import { TERMS_ITEMS } from '../components/termsItems.ts';
import { LANGS, LANGUAGE_NAMES, type Lang, storedLanguage, switchLanguage } from '../i18n/language.ts';
import { t } from './loginText.ts';
import './login.css';

/** antd's icon outlines (viewBox 64 64 896 896), drawn in the current colour. */
const ICONS = {
  mail: 'M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 110.8V792H136V270.8l-27.6-21.5 39.3-50.5 42.8 33.3h643.1l42.8-33.3 39.3 50.5-27.7 21.5zM833.6 232L512 482 190.4 232l-42.8-33.3-39.3 50.5 27.6 21.5 341.6 265.6a55.99 55.99 0 0068.7 0L888 270.8l27.6-21.5-39.3-50.5-42.7 33.2z',
  lock: 'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
  user: 'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
  mobile:
    'M744 62H280c-35.3 0-64 28.7-64 64v768c0 35.3 28.7 64 64 64h464c35.3 0 64-28.7 64-64V126c0-35.3-28.7-64-64-64zm-8 824H288V134h448v752zM472 784a40 40 0 1080 0 40 40 0 10-80 0z',
  idcard:
    'M928 160H96c-17.7 0-32 14.3-32 32v640c0 17.7 14.3 32 32 32h832c17.7 0 32-14.3 32-32V192c0-17.7-14.3-32-32-32zm-40 632H136V232h752v560zM610.3 476h123.4c1.3 0 2.3-3.6 2.3-8v-48c0-4.4-1-8-2.3-8H610.3c-1.3 0-2.3 3.6-2.3 8v48c0 4.4 1 8 2.3 8zm4.8 144h185.7c3.9 0 7.1-3.6 7.1-8v-48c0-4.4-3.2-8-7.1-8H615.1c-3.9 0-7.1 3.6-7.1 8v48c0 4.4 3.2 8 7.1 8zM224 673h43.9c4.2 0 7.6-3.3 7.9-7.5 3.8-50.5 46-90.5 97.2-90.5s93.4 40 97.2 90.5c.3 4.2 3.7 7.5 7.9 7.5H522a8 8 0 008-8.4c-2.8-53.3-32-99.7-74.6-126.1a111.8 111.8 0 0029.1-75.5c0-61.9-49.9-112-111.4-112s-111.4 50.1-111.4 112c0 29.1 11 55.5 29.1 75.5a158.09 158.09 0 00-74.6 126.1c-.4 4.6 3.2 8.4 7.8 8.4zm149-262c28.5 0 51.7 23.3 51.7 52s-23.2 52-51.7 52-51.7-23.3-51.7-52 23.2-52 51.7-52z',
  error:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z',
  warning:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
} as const;
export type IconName = keyof typeof ICONS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="lp-icon"
      viewBox="64 64 896 896"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** A message in a box (antd's Alert look): role=alert, so it is read out when it appears. */
export function Notice(props: { type: 'error' | 'warning'; children: ReactNode; testId?: string }) {
  return (
    <div className={`lp-alert lp-alert-${props.type}`} role="alert" data-testid={props.testId}>
      <Icon name={props.type} />
      <div className="lp-alert-body">{props.children}</div>
    </div>
  );
}

/** The primary (or plain) button; while `busy` it shows a spinner and ignores clicks. */
export function LoginButton(props: {
  children: ReactNode;
  primary?: boolean;
  small?: boolean;
  busy?: boolean;
  icon?: IconName;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  const cls = ['lp-btn', props.primary && 'lp-btn-primary', props.small ? 'lp-btn-small' : 'lp-btn-block']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={props.type ?? 'button'}
      className={cls}
      aria-busy={props.busy || undefined}
      onClick={(e) => {
        if (props.busy) e.preventDefault();
        else props.onClick?.();
      }}
    >
      {props.busy ? (
        <span className="lp-spinner" aria-hidden="true" />
      ) : (
        props.icon && <Icon name={props.icon} />
      )}
      <span>{props.children}</span>
    </button>
  );
}

/** A labelled input with an icon inside and its message beneath (required or the server's answer). */
export function Field(
  props: { label: string; icon: IconName; error?: string | null } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, icon, error, ...input } = props;
  const id = useId();
  return (
    <div className={`lp-field${error ? ' lp-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="lp-input">
        <Icon name={icon} />
        <input
          id={id}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <div className="lp-field-message" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** The terms of use in a native modal dialog (the app's TermsModal without antd). */
function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="lp-dialog" aria-labelledby="lp-terms-title" onClose={onClose}>
      <h2 id="lp-terms-title">{t('terms.title')}</h2>
      <div className="lp-dialog-body">
        <p>{t('terms.intro')}</p>
        <ol>
          {TERMS_ITEMS.map((k) => (
            <li key={k}>{t(`terms.items.${k}`)}</li>
          ))}
        </ol>
        <p className="lp-secondary">{t('terms.dynamic_system')}</p>
        <p className="lp-secondary">{t('terms.version', { version: SOFTWARE_VERSION })}</p>
      </div>
      <div className="lp-dialog-footer">
        <LoginButton primary small onClick={onClose}>
          {t('common.close')}
        </LoginButton>
      </div>
    </dialog>
  );
}

/** The login page's frame: language selector, the card with the portal's name and title, the footer. */
export function LoginFrame(props: { title: string; children: ReactNode }) {
  const [terms, setTerms] = useState(false);
  useEffect(() => {
    document.title = `${props.title} · ${t('app.short_name')}`;
  }, [props.title]);
  return (
    <div className="lp-page">
      <MaintenanceBanner />
      <div className="lp-top">
        <label className="lp-lang">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.6 2.6 3.9 5.6 3.9 9s-1.3 6.4-3.9 9c-2.6-2.6-3.9-5.6-3.9-9S9.4 5.6 12 3z" />
          </svg>
          <select
            aria-label={t('common.language')}
            value={storedLanguage()}
            onChange={(e) => switchLanguage(e.target.value as Lang)}
          >
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <main className="lp-center">
        <div className="lp-card">
          <div className="lp-brand">
            <Logo size={48} />
            <div className="lp-app-name">{t('app.name')}</div>
            <h1 className="lp-title">{props.title}</h1>
          </div>
          {props.children}
        </div>
        <footer className="lp-footer">
          <button type="button" className="lp-link-button" onClick={() => setTerms(true)}>
            {t('footer.terms')}
          </button>
          <span aria-hidden="true">·</span>
          <span>{t('footer.text', { version: SOFTWARE_VERSION })}</span>
        </footer>
      </main>
      <TermsDialog open={terms} onClose={() => setTerms(false)} />
    </div>
  );
}
