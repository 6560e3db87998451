// The three eID tabs of the login screen (spec 2: Login screen, §4 states, §7 calls, §8 errors).
// Smart-ID and Mobile-ID: start → show the verification code with a 90-second countdown, poll the status
// every second; USER_AUTHENTICATED logs in, OUTSTANDING_TRANSACTION keeps waiting, anything else ends the wait
// and shows the status description; the countdown reaching zero or Cancel ends it too.
// ID card: a challenge nonce from the server, the Web eID extension signs it, the server checks the token.
import {
  EID_COUNTDOWN_SECONDS,
  EID_POLL_MS,
  type EidInitResponse,
  type EidStatusResponse,
  FIELD_MAX,
  type IdcardChallengeResponse,
  type LoginResponse,
  normaliseMobilePhone,
} from '@portal/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { storedLanguage } from '../i18n/language.ts';
import { ApiError, api } from '../lib/api.ts';
import { PHONE_PREFIX } from '../lib/phone.ts';
import { WebEidUnavailable, webEidAuthenticate } from '../lib/webeid.ts';
import { Field, LoginButton, Notice } from './loginParts.tsx';
import { errorText, serverErrors, t } from './loginText.ts';

export type LoginOut = LoginResponse;
type StatusOut = EidStatusResponse;
type Method = 'smart' | 'mobile';

/** Server message of a failed call: the first non-field message, the detail, or a generic one. */
function messageOf(err: unknown) {
  if (err instanceof ApiError) {
    const nf = err.fieldErrors.non_field_errors?.[0];
    return errorText(nf ?? err.detail ?? 'server_error');
  }
  return errorText('server_error');
}

/** The wait for the phone: code, countdown, cancel; polls the status once a second. */
function useEidWait(method: Method, onLoggedIn: (out: LoginOut) => void) {
  const [waiting, setWaiting] = useState<{ authId: string; challenge: string } | null>(null);
  const [left, setLeft] = useState(EID_COUNTDOWN_SECONDS);
  const [message, setMessage] = useState<string | null>(null);
  const active = useRef<string | null>(null);
  const loggedIn = useRef(onLoggedIn);
  loggedIn.current = onLoggedIn;

  useEffect(() => {
    if (!waiting) return;
    const authId = waiting.authId;
    active.current = authId;
    const started = Date.now();
    const tick = setInterval(() => {
      const remaining = Math.max(0, EID_COUNTDOWN_SECONDS - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0 && active.current === authId) {
        active.current = null;
        void api('GET', `/login_${method}_cancel/`, { query: { auth_id: authId } }).catch(() => {});
        setWaiting(null);
        setMessage(errorText('eid_timeout'));
      }
    }, 250);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const at = Date.now();
      try {
        const out = await api<StatusOut>('GET', `/login_${method}_status/`, { query: { auth_id: authId } });
        if (active.current !== authId) return;
        if (out.status === 'USER_AUTHENTICATED' && out.token && out.user) {
          active.current = null;
          loggedIn.current({ token: out.token, user: out.user });
          return;
        }
        if (out.status !== 'OUTSTANDING_TRANSACTION') {
          active.current = null;
          setWaiting(null);
          setMessage(errorText(out.status_description));
          return;
        }
      } catch (err) {
        if (active.current !== authId) return;
        active.current = null;
        setWaiting(null);
        setMessage(messageOf(err));
        return;
      }
      timer = setTimeout(poll, Math.max(0, EID_POLL_MS - (Date.now() - at)));
    };
    timer = setTimeout(poll, EID_POLL_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [waiting, method]);

  // Leaving the tab or the page ends the wait at the server too.
  useEffect(
    () => () => {
      if (active.current)
        void api('GET', `/login_${method}_cancel/`, { query: { auth_id: active.current } }).catch(() => {});
      active.current = null;
    },
    [method],
  );

  return {
    waiting,
    left,
    message,
    setMessage,
    start(out: EidInitResponse) {
      setMessage(null);
      setLeft(EID_COUNTDOWN_SECONDS);
      setWaiting({ authId: out.auth_id, challenge: out.challenge });
    },
    cancel() {
      const authId = active.current;
      active.current = null;
      setWaiting(null);
      if (authId) void api('GET', `/login_${method}_cancel/`, { query: { auth_id: authId } }).catch(() => {});
    },
  };
}

function Waiting({ challenge, left, onCancel }: { challenge: string; left: number; onCancel: () => void }) {
  return (
    <div className="eid-wait" data-testid="eid-wait">
      <span className="lp-secondary" id="eid-code-label">
        {t('login.challenge_label')}
      </span>
      <output className="eid-code" aria-labelledby="eid-code-label" data-testid="eid-code">
        {challenge}
      </output>
      <p className="lp-secondary eid-hint">{t('login.challenge_hint')}</p>
      <span className="eid-countdown" data-testid="eid-countdown">
        {t('login.seconds_left', { count: left })}
      </span>
      <LoginButton onClick={onCancel}>{t('login.cancel')}</LoginButton>
    </div>
  );
}

function ErrorNote({ message }: { message: string | null }) {
  return message ? <Notice type="error">{message}</Notice> : null;
}

/** The personal code field (and the phone) of Smart-ID and Mobile-ID, checked for presence before sending. */
function useEidForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  return {
    values,
    errors,
    setErrors,
    form,
    set(name: F, value: string) {
      setValues((v) => ({ ...v, [name]: value }));
    },
    change: (name: F) => (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors(({ [name]: _, ...rest }) => rest as Partial<Record<F, string>>);
    },
    /** True when every field has a value; otherwise marks the empty ones and focuses the first. */
    complete(current: Record<F, string>) {
      const missing: Partial<Record<F, string>> = {};
      for (const [k, v] of Object.entries(current) as [F, string][])
        if (!v.trim()) missing[k] = t('errors.required');
      setErrors(missing);
      if (Object.keys(missing).length === 0) return true;
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return false;
    },
  };
}

/** The personal code field of the Smart-ID and Mobile-ID forms. */
function PersonalCodeField({ f }: { f: ReturnType<typeof useEidForm<'personal_code'>> }) {
  return (
    <Field
      label={t('login.personal_code')}
      icon="user"
      name="personal_code"
      inputMode="numeric"
      maxLength={FIELD_MAX.estonianPersonalCode}
      autoComplete="off"
      value={f.values.personal_code}
      onChange={f.change('personal_code')}
      error={f.errors.personal_code}
    />
  );
}

export function SmartIdLogin({ onLoggedIn }: { onLoggedIn: (out: LoginOut) => void }) {
  const f = useEidForm({ personal_code: '' });
  const [busy, setBusy] = useState(false);
  const wait = useEidWait('smart', onLoggedIn);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    wait.setMessage(null);
    if (!f.complete(f.values)) return;
    setBusy(true);
    try {
      wait.start(await api<EidInitResponse>('POST', '/login_smart_init/', { body: f.values }));
    } catch (err) {
      const { onFields, rest } = serverErrors(err, ['personal_code']);
      f.setErrors(onFields);
      wait.setMessage(rest[0] ?? null);
    } finally {
      setBusy(false);
    }
  };
  if (wait.waiting)
    return <Waiting challenge={wait.waiting.challenge} left={wait.left} onCancel={wait.cancel} />;
  return (
    <form ref={f.form} onSubmit={submit} noValidate name="smartid">
      <p className="lp-secondary">{t('login.smartid_text')}</p>
      <ErrorNote message={wait.message} />
      <PersonalCodeField f={f} />
      <LoginButton type="submit" primary busy={busy}>
        {t('login.submit')}
      </LoginButton>
    </form>
  );
}

export function MobileIdLogin({ onLoggedIn }: { onLoggedIn: (out: LoginOut) => void }) {
  const f = useEidForm({ personal_code: '', phone: PHONE_PREFIX });
  const [busy, setBusy] = useState(false);
  const wait = useEidWait('mobile', onLoggedIn);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    wait.setMessage(null);
    const body = { ...f.values, phone: normaliseMobilePhone(f.values.phone) };
    f.set('phone', body.phone);
    if (!f.complete(body)) return;
    setBusy(true);
    try {
      wait.start(await api<EidInitResponse>('POST', '/login_mobile_init/', { body }));
    } catch (err) {
      const { onFields, rest } = serverErrors(err, ['personal_code', 'phone']);
      f.setErrors(onFields);
      wait.setMessage(rest[0] ?? null);
    } finally {
      setBusy(false);
    }
  };
  if (wait.waiting)
    return <Waiting challenge={wait.waiting.challenge} left={wait.left} onCancel={wait.cancel} />;
  return (
    <form ref={f.form} onSubmit={submit} noValidate name="mobileid">
      <p className="lp-secondary">{t('login.mobileid_text')}</p>
      <ErrorNote message={wait.message} />
      <PersonalCodeField f={f} />
      <Field
        label={t('login.phone')}
        icon="mobile"
        name="phone"
        inputMode="tel"
        autoComplete="tel"
        value={f.values.phone}
        onChange={f.change('phone')}
        onBlur={(e) => f.set('phone', normaliseMobilePhone(e.target.value))}
        error={f.errors.phone}
      />
      <LoginButton type="submit" primary busy={busy}>
        {t('login.submit')}
      </LoginButton>
    </form>
  );
}

export function IdCardLogin({
  onLoggedIn,
  onChooseMethod,
}: {
  onLoggedIn: (out: LoginOut) => void;
  onChooseMethod: (method: 'mobileid' | 'smartid' | 'email') => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { nonce } = await api<IdcardChallengeResponse>('POST', '/login_idcard_challenge/');
      const authToken = await webEidAuthenticate(nonce, storedLanguage());
      onLoggedIn(await api<LoginOut>('POST', '/login_idcard/', { body: { nonce, auth_token: authToken } }));
    } catch (err) {
      if (err instanceof WebEidUnavailable) setProblem(t('login.idcard_no_extension'));
      else if (err instanceof ApiError) setProblem(messageOf(err));
      else if ((err as { code?: string }).code === 'ERR_WEBEID_USER_CANCELLED')
        setProblem(t('login.idcard_user_cancelled'));
      else setProblem(t('login.idcard_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lp-stack">
      <p className="lp-secondary">{t('login.idcard_text')}</p>
      {problem && (
        <Notice type="warning">
          <div className="lp-alert-title">{problem}</div>
          <div className="lp-alert-description">
            <span>{t('login.try_other_method')}</span>
            <div className="lp-choices">
              <LoginButton small onClick={() => onChooseMethod('mobileid')}>
                {t('login.use_mobileid')}
              </LoginButton>
              <LoginButton small onClick={() => onChooseMethod('smartid')}>
                {t('login.use_smartid')}
              </LoginButton>
              <LoginButton small onClick={() => onChooseMethod('email')}>
                {t('login.use_email')}
              </LoginButton>
            </div>
          </div>
        </Notice>
      )}
      <LoginButton primary icon="idcard" busy={busy} onClick={start}>
        {t('login.idcard_button')}
      </LoginButton>
    </div>
  );
}
