// Password recovery (spec 2, "Password recovery"): one e-mail field; the answer is the same whether or not the
// address has an account. The button stays disabled after sending and comes back on an error.

import { MailOutlined } from '@ant-design/icons';
import { forgotPasswordBody } from '@portal/shared';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicCard } from '../../components/PublicCard.tsx';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/toast.ts';
import { zodRule } from '../../lib/zodRule.ts';
import { forgotPassword } from './api.ts';

export default function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setSent(true);
    setMessage(null);
    try {
      await forgotPassword(email.trim());
      toast.success(t('accounts.link_sent'));
      navigate('/', { replace: true });
    } catch (err) {
      const rest = applyServerErrors(form, err, ['email']);
      if (rest.length) setMessage(rest[0]);
      setSent(false);
    }
  };

  return (
    <PublicCard title={t('accounts.recover_title')}>
      <Typography.Paragraph type="secondary">{t('accounts.recover_intro')}</Typography.Paragraph>
      {message && <Alert type="error" showIcon title={message} role="alert" className="login-alert" />}
      <Form form={form} layout="vertical" requiredMark={false} size="large" onFinish={submit}>
        <Form.Item name="email" label={t('accounts.email')} rules={[zodRule(forgotPasswordBody.shape.email)]}>
          <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={sent} loading={sent}>
          {t('accounts.send_link')}
        </Button>
      </Form>
      <Flex justify="center" className="login-register">
        <Link to="/">{t('public.back_to_login')}</Link>
      </Flex>
    </PublicCard>
  );
}
