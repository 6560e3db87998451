// The three eID tabs of the login screen (spec 2: Login screen, §4 states, §7 calls, §8 errors).
// Smart-ID and Mobile-ID: start → show the verification code with a 90-second countdown, poll the status
// every second; USER_AUTHENTICATED logs in, OUTSTANDING_TRANSACTION keeps waiting, anything else ends the wait
// and shows the status description; the countdown reaching zero or Cancel ends it too.
// ID card: a challenge nonce from the server, the Web eID extension signs it, the server checks the token.
import { IdcardOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import {
  EID_COUNTDOWN_SECONDS,
  EID_POLL_MS,
  type EidInitResponse,
  type EidStatus,
  normaliseMobilePhone,
} from '@portal/shared';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/index.ts';
import { ApiError, api } from '../lib/api.ts';
import type { SessionUser } from '../lib/auth.tsx';
import { applyServerErrors } from '../lib/formErrors.ts';
import { PHONE_PREFIX } from '../lib/phone.ts';
import { WebEidUnavailable, webEidAuthenticate } from '../lib/webeid.ts';

export type LoginOut = { token: string; user: SessionUser };
type StatusOut = { challenge: string; status: EidStatus; status_description: string } & Partial<LoginOut>;
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
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={12} className="eid-wait" data-testid="eid-wait">
      <Typography.Text type="secondary" id="eid-code-label">
        {t('login.challenge_label')}
      </Typography.Text>
      <output className="eid-code" aria-labelledby="eid-code-label" data-testid="eid-code">
        {challenge}
      </output>
      <Typography.Paragraph type="secondary" className="eid-hint">
        {t('login.challenge_hint')}
      </Typography.Paragraph>
      <Typography.Text className="eid-countdown" data-testid="eid-countdown">
        {t('login.seconds_left', { count: left })}
      </Typography.Text>
      <Button block size="large" onClick={onCancel}>
        {t('login.cancel')}
      </Button>
    </Flex>
  );
}

function ErrorNote({ message }: { message: string | null }) {
  return message ? (
    <Alert type="error" showIcon title={message} className="login-alert" role="alert" />
  ) : null;
}

export function SmartIdLogin({ onLoggedIn }: { onLoggedIn: (out: LoginOut) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ personal_code: string }>();
  const [busy, setBusy] = useState(false);
  const wait = useEidWait('smart', onLoggedIn);
  const submit = async (values: { personal_code: string }) => {
    setBusy(true);
    wait.setMessage(null);
    try {
      wait.start(await api<EidInitResponse>('POST', '/login_smart_init/', { body: values }));
    } catch (err) {
      wait.setMessage(applyServerErrors(form, err, ['personal_code'])[0] ?? null);
    } finally {
      setBusy(false);
    }
  };
  if (wait.waiting)
    return <Waiting challenge={wait.waiting.challenge} left={wait.left} onCancel={wait.cancel} />;
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      name="smartid"
      initialValues={{ personal_code: '' }}
    >
      <Typography.Paragraph type="secondary">{t('login.smartid_text')}</Typography.Paragraph>
      <ErrorNote message={wait.message} />
      <Form.Item
        name="personal_code"
        label={t('login.personal_code')}
        rules={[{ required: true, message: t('errors.required') }]}
      >
        <Input prefix={<UserOutlined />} inputMode="numeric" maxLength={11} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

export function MobileIdLogin({ onLoggedIn }: { onLoggedIn: (out: LoginOut) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ personal_code: string; phone: string }>();
  const [busy, setBusy] = useState(false);
  const wait = useEidWait('mobile', onLoggedIn);
  const submit = async (values: { personal_code: string; phone: string }) => {
    setBusy(true);
    wait.setMessage(null);
    const body = { ...values, phone: normaliseMobilePhone(values.phone) };
    form.setFieldValue('phone', body.phone);
    try {
      wait.start(await api<EidInitResponse>('POST', '/login_mobile_init/', { body }));
    } catch (err) {
      wait.setMessage(applyServerErrors(form, err, ['personal_code', 'phone'])[0] ?? null);
    } finally {
      setBusy(false);
    }
  };
  const required = { required: true, message: t('errors.required') };
  if (wait.waiting)
    return <Waiting challenge={wait.waiting.challenge} left={wait.left} onCancel={wait.cancel} />;
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      name="mobileid"
      initialValues={{ personal_code: '', phone: PHONE_PREFIX }}
    >
      <Typography.Paragraph type="secondary">{t('login.mobileid_text')}</Typography.Paragraph>
      <ErrorNote message={wait.message} />
      <Form.Item name="personal_code" label={t('login.personal_code')} rules={[required]}>
        <Input prefix={<UserOutlined />} inputMode="numeric" maxLength={11} autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={t('login.phone')} rules={[required]}>
        <Input
          prefix={<MobileOutlined />}
          inputMode="tel"
          autoComplete="tel"
          onBlur={(e) => form.setFieldValue('phone', normaliseMobilePhone(e.target.value))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

export function IdCardLogin({
  onLoggedIn,
  onChooseMethod,
}: {
  onLoggedIn: (out: LoginOut) => void;
  onChooseMethod: (method: 'mobileid' | 'smartid' | 'email') => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { nonce } = await api<{ nonce: string }>('POST', '/login_idcard_challenge/');
      const authToken = await webEidAuthenticate(nonce, i18n.language.slice(0, 2));
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
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('login.idcard_text')}
      </Typography.Paragraph>
      {problem && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="login-alert"
          title={problem}
          description={
            <Flex vertical gap={8}>
              <span>{t('login.try_other_method')}</span>
              <Flex gap={8} wrap>
                <Button size="small" onClick={() => onChooseMethod('mobileid')}>
                  {t('login.use_mobileid')}
                </Button>
                <Button size="small" onClick={() => onChooseMethod('smartid')}>
                  {t('login.use_smartid')}
                </Button>
                <Button size="small" onClick={() => onChooseMethod('email')}>
                  {t('login.use_email')}
                </Button>
              </Flex>
            </Flex>
          }
        />
      )}
      <Button type="primary" size="large" block icon={<IdcardOutlined />} loading={busy} onClick={start}>
        {t('login.idcard_button')}
      </Button>
    </Flex>
  );
}
