// Password reset (spec 2, "Password reset"): the key comes from the link's query string; two password fields
// checked with the shared rules (the server also checks the common-password list and the user's name and e-mail).
// After success every session of the user has ended: this browser forgets its token too and goes to the root.
import { LockOutlined } from '@ant-design/icons';
import { passwordProblems } from '@portal/shared';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError, session } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { resetPassword } from './api.ts';

interface Values {
  password1: string;
  password2: string;
}

export default function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [keyError, setKeyError] = useState<string | null>(key ? null : errorText('reset_link_invalid'));
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setBusy(true);
    setMessage(null);
    try {
      await resetPassword({ key, ...v });
      const hadSession = !!session.token;
      session.clear();
      toast.success(t('accounts.reset_done'));
      if (hadSession) window.location.assign('/');
      else navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const errors = err.fieldErrors;
        if (errors.key) setKeyError(errorText(String(errors.key[0])));
        const fields = (['password1', 'password2'] as const).filter((f) => errors[f]);
        form.setFields(fields.map((name) => ({ name, errors: [errorText(String(errors[name][0]))] })));
        if (fields.length) form.focusField(fields[0]);
        const other = Object.keys(errors).find((k) => !['key', 'password1', 'password2'].includes(k));
        if (other) setMessage(errorText(String(errors[other][0])));
      } else if (err instanceof ApiError) setMessage(errorText(err.detail ?? 'server_error'));
      else setMessage(errorText('server_error'));
      setBusy(false);
    }
  };

  return (
    <PublicCard title={t('accounts.reset_title')}>
      {keyError ? (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon title={keyError} role="alert" />
          <Button type="primary" block size="large" onClick={() => navigate('/recover')}>
            {t('accounts.new_link')}
          </Button>
        </Flex>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('accounts.reset_intro')}</Typography.Paragraph>
          {message && <Alert type="error" showIcon title={message} role="alert" className="login-alert" />}
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={submit}
            scrollToFirstError={{ focus: true }}
          >
            <Form.Item
              name="password1"
              label={t('accounts.password1')}
              rules={[
                {
                  validator: async (_r, value: string | undefined) => {
                    const problems = passwordProblems(value ?? '');
                    if (problems.length) throw new Error(errorText(problems[0]));
                  },
                },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              name="password2"
              label={t('accounts.password2')}
              dependencies={['password1']}
              rules={[
                { required: true, message: errorText('password_empty') },
                ({ getFieldValue }) => ({
                  validator: async (_r, value: string | undefined) => {
                    if (value && value !== getFieldValue('password1'))
                      throw new Error(errorText('passwords_not_same'));
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('accounts.change')}
            </Button>
          </Form>
        </>
      )}
      <Flex justify="center" className="login-register">
        <Link to="/">{t('public.back_to_login')}</Link>
      </Flex>
    </PublicCard>
  );
}
