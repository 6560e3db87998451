// The login screen (spec 2, Login screen): tabs ID card, Mobile-ID, Smart-ID and e-mail; forgotten-password
// and registration links; language selector. The three eID methods are in EidLogin.tsx.
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText, hasStoredLanguage, rememberLanguage, storedLanguage } from '../i18n/index.ts';
import { ApiError, api } from '../lib/api.ts';
import { returnRoute, sessionExpired, useAuth } from '../lib/auth.tsx';
import { applyServerErrors } from '../lib/formErrors.ts';
import { IdCardLogin, type LoginOut, MobileIdLogin, SmartIdLogin } from './EidLogin.tsx';
import { PublicCard } from './PublicLayout.tsx';

const TAB_KEY = 'login_tab';
type Method = 'idcard' | 'mobileid' | 'smartid' | 'email';

/** After any login method: keep the token, follow the user's language unless one was chosen here, go back. */
function useFinishLogin() {
  const auth = useAuth();
  const navigate = useNavigate();
  return async (out: LoginOut) => {
    await auth.login(out.token);
    // The interface follows the user's language setting unless a language was chosen in this browser.
    if (!hasStoredLanguage() && out.user.language !== storedLanguage()) {
      rememberLanguage(out.user.language);
      window.location.assign(returnRoute.take());
      return;
    }
    navigate(returnRoute.take(), { replace: true });
  };
}

function EmailLogin() {
  const { t } = useTranslation();
  const finish = useFinishLogin();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setMessage(null);
    try {
      await finish(await api<LoginOut>('POST', '/login/', { body: values }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const rest = applyServerErrors(form, err, ['email', 'password']);
        if (rest.length) setMessage(rest[0]);
      } else if (err instanceof ApiError) setMessage(errorText(err.detail ?? 'server_error'));
      else setMessage(errorText('server_error'));
    } finally {
      setBusy(false);
    }
  };

  const required = { required: true, message: t('errors.required') };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
      {message && <Alert type="error" showIcon title={message} className="login-alert" role="alert" />}
      <Form.Item name="email" label={t('login.email')} rules={[required]}>
        <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[required]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Flex justify="end" className="login-forgot">
        <Link to="/recover">{t('login.forgot')}</Link>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const finish = useFinishLogin();
  const [tab, setTab] = useState<Method>(() => (localStorage.getItem(TAB_KEY) as Method | null) ?? 'email');
  const choose = (k: Method) => {
    setTab(k);
    localStorage.setItem(TAB_KEY, k);
  };
  return (
    <PublicCard title={t('login.title')} width={480}>
      {sessionExpired.shown && (
        <Alert
          type="warning"
          showIcon
          title={t('screens.session.expired')}
          className="login-alert"
          role="alert"
          data-testid="session-expired"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => choose(k as Method)}
        centered
        tabBarGutter={20}
        className="login-tabs"
        items={[
          {
            key: 'idcard',
            label: t('login.tab_idcard'),
            children: <IdCardLogin onLoggedIn={finish} onChooseMethod={choose} />,
          },
          {
            key: 'mobileid',
            label: t('login.tab_mobileid'),
            children: <MobileIdLogin onLoggedIn={finish} />,
          },
          { key: 'smartid', label: t('login.tab_smartid'), children: <SmartIdLogin onLoggedIn={finish} /> },
          { key: 'email', label: t('login.tab_email'), children: <EmailLogin /> },
        ]}
      />
      <Flex justify="center" gap={6} className="login-register" wrap>
        <Typography.Text type="secondary">{t('login.no_account')}</Typography.Text>
        <Link to="/register">{t('login.register')}</Link>
      </Flex>
    </PublicCard>
  );
}
