// The login screen (spec 2, Login screen): tabs ID card, Mobile-ID, Smart-ID and e-mail; forgotten-password
// and registration links; language selector. E-mail login works; the three e-ID methods show their fields
// and say that they are completed in a later release.
import { IdcardOutlined, LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText, hasStoredLanguage, rememberLanguage, storedLanguage } from '../i18n/index.ts';
import { ApiError, api } from '../lib/api.ts';
import { applyServerErrors } from '../lib/formErrors.ts';
import { normalisePhone, PHONE_PREFIX } from '../lib/phone.ts';
import { returnRoute, type SessionUser, useAuth } from './auth.tsx';
import { PublicCard } from './PublicLayout.tsx';

const TAB_KEY = 'login_tab';
type Method = 'idcard' | 'mobileid' | 'smartid' | 'email';

function LaterNote() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon title={t('login.later_note')} className="login-note" />;
}

function EmailLogin() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setMessage(null);
    try {
      const out = await api<{ token: string; user: SessionUser }>('POST', '/login/', { body: values });
      await auth.login(out.token);
      // The interface follows the user's language setting unless a language was chosen in this browser.
      if (!hasStoredLanguage() && out.user.language !== storedLanguage()) {
        rememberLanguage(out.user.language);
        window.location.assign(returnRoute.take());
        return;
      }
      navigate(returnRoute.take(), { replace: true });
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

function MobileIdLogin() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ personal_code: string; phone: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      initialValues={{ personal_code: '', phone: PHONE_PREFIX }}
    >
      <Form.Item name="personal_code" label={t('login.personal_code')}>
        <Input prefix={<UserOutlined />} inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item name="phone" label={t('login.phone')}>
        <Input
          prefix={<MobileOutlined />}
          inputMode="tel"
          onBlur={(e) => form.setFieldValue('phone', normalisePhone(e.target.value))}
        />
      </Form.Item>
      <LaterNote />
      <Button type="primary" block disabled>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

function SmartIdLogin() {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="large" initialValues={{ personal_code: '' }}>
      <Form.Item name="personal_code" label={t('login.personal_code')}>
        <Input prefix={<UserOutlined />} inputMode="numeric" maxLength={11} />
      </Form.Item>
      <LaterNote />
      <Button type="primary" block disabled>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

function IdCardLogin() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('login.idcard_text')}
      </Typography.Paragraph>
      <LaterNote />
      <Button type="primary" size="large" block icon={<IdcardOutlined />} disabled>
        {t('login.idcard_button')}
      </Button>
    </Flex>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Method>(() => (localStorage.getItem(TAB_KEY) as Method | null) ?? 'email');
  return (
    <PublicCard title={t('login.title')} width={480}>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Method);
          localStorage.setItem(TAB_KEY, k);
        }}
        centered
        tabBarGutter={20}
        className="login-tabs"
        items={[
          { key: 'idcard', label: t('login.tab_idcard'), children: <IdCardLogin /> },
          { key: 'mobileid', label: t('login.tab_mobileid'), children: <MobileIdLogin /> },
          { key: 'smartid', label: t('login.tab_smartid'), children: <SmartIdLogin /> },
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
