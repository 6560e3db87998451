// The login screen (spec 2, Login screen): tabs ID card, Mobile-ID, Smart-ID and e-mail; forgotten-password
// and registration links; language selector. The three eID methods are in EidLogin.tsx.
// Plain HTML with one stylesheet (loginParts.tsx, login.css) and its own words (loginText.ts): the login's first
// load is React and this screen only (main.tsx), no antd, router, React Query nor i18next. After a login the page
// loads the app at the remembered path.
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { hasStoredLanguage, rememberLanguage, storedLanguage } from '../i18n/language.ts';
import { api, session } from '../lib/api.ts';
import { returnRoute, sessionExpired } from '../lib/session.ts';
import { IdCardLogin, type LoginOut, MobileIdLogin, SmartIdLogin } from './EidLogin.tsx';
import { Field, LoginButton, LoginFrame, Notice } from './loginParts.tsx';
import { serverErrors, t } from './loginText.ts';

const TAB_KEY = 'login_tab';
const METHODS = ['idcard', 'mobileid', 'smartid', 'email'] as const;
type Method = (typeof METHODS)[number];

/**
 * After any login method: keep the token, adopt the user's language unless one was chosen in this browser, and
 * load the app where the user was going (a full page load: the app's code was not needed until now).
 */
export function finishLogin(out: LoginOut) {
  sessionExpired.clear();
  session.set(out.token);
  localStorage.setItem('first_select', 'false');
  if (!hasStoredLanguage() && out.user.language !== storedLanguage()) rememberLanguage(out.user.language);
  window.location.assign(returnRoute.take());
}

function EmailLogin() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!values.email.trim()) missing.email = t('errors.required');
    if (!values.password) missing.password = t('errors.required');
    setErrors(missing);
    setMessage(null);
    if (Object.keys(missing).length) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      finishLogin(await api<LoginOut>('POST', '/login/', { body: values }));
    } catch (err) {
      const { onFields, rest } = serverErrors(err, ['email', 'password']);
      setErrors(onFields);
      setMessage(rest[0] ?? null);
      setBusy(false);
    }
  };
  const change = (name: 'email' | 'password') => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  return (
    <form ref={form} onSubmit={submit} noValidate>
      {message && <Notice type="error">{message}</Notice>}
      <Field
        label={t('login.email')}
        icon="mail"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <Field
        label={t('login.password')}
        icon="lock"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <div className="lp-forgot">
        <a href="/recover">{t('login.forgot')}</a>
      </div>
      <LoginButton type="submit" primary busy={busy}>
        {t('login.submit')}
      </LoginButton>
    </form>
  );
}

const TAB_LABEL: Record<Method, string> = {
  idcard: 'login.tab_idcard',
  mobileid: 'login.tab_mobileid',
  smartid: 'login.tab_smartid',
  email: 'login.tab_email',
};

export default function LoginPage() {
  const [tab, setTab] = useState<Method>(() => {
    const stored = localStorage.getItem(TAB_KEY) as Method | null;
    return stored && METHODS.includes(stored) ? stored : 'email';
  });
  const tabs = useRef<HTMLDivElement>(null);
  const choose = (k: Method, focus = false) => {
    setTab(k);
    localStorage.setItem(TAB_KEY, k);
    if (focus) tabs.current?.querySelector<HTMLButtonElement>(`#login-tab-${k}`)?.focus();
  };
  // The tab list's keys (WAI-ARIA tabs): arrows move to the previous or next tab, Home and End to the ends.
  const onKey = (e: KeyboardEvent) => {
    const i = METHODS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % METHODS.length
        : e.key === 'ArrowLeft'
          ? (i + METHODS.length - 1) % METHODS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? METHODS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    choose(METHODS[next], true);
  };
  return (
    <LoginFrame title={t('login.title')}>
      {sessionExpired.shown && (
        <Notice type="warning" testId="session-expired">
          {t('screens.session.expired')}
        </Notice>
      )}
      <div className="lp-tabs" role="tablist" ref={tabs} onKeyDown={onKey}>
        {METHODS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`login-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`login-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="lp-tab"
            onClick={() => choose(k)}
          >
            {t(TAB_LABEL[k])}
          </button>
        ))}
      </div>
      <div
        className="lp-panel"
        role="tabpanel"
        id={`login-panel-${tab}`}
        aria-labelledby={`login-tab-${tab}`}
      >
        {tab === 'idcard' && <IdCardLogin onLoggedIn={finishLogin} onChooseMethod={(m) => choose(m)} />}
        {tab === 'mobileid' && <MobileIdLogin onLoggedIn={finishLogin} />}
        {tab === 'smartid' && <SmartIdLogin onLoggedIn={finishLogin} />}
        {tab === 'email' && <EmailLogin />}
      </div>
      <div className="lp-register">
        <span className="lp-secondary">{t('login.no_account')}</span>
        <a href="/register">{t('login.register')}</a>
      </div>
    </LoginFrame>
  );
}
