// /notifications/settings (spec 3 "Notifications and e-mail settings"): the single e-mail settings record;
// Administrator only; cancel, test and save. The test uses the saved server and port (the server never connects
// elsewhere) with the form's other values, and answers 'Emails settings are correct!' or 'Wrong emails settings!'.
import { FIELD_MAX } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Result, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { api } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { resourceKey } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { EMAIL_SETTINGS, type EmailSettings } from './api.ts';

type Values = Omit<EmailSettings, 'id' | 'has_smtp_password' | 'updated'>;
const FIELDS: (keyof Values)[] = [
  'company_name',
  'from_name',
  'company_phone',
  'logo_path',
  'company_email',
  'from_email',
  'admin_email',
  'smtp_server',
  'smtp_port',
  'smtp_username',
  'smtp_password',
];

export default function EmailSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [testResult, setTestResult] = useState<string | null>(null);
  const q = useQuery({
    queryKey: [...resourceKey(EMAIL_SETTINGS), 'item'],
    queryFn: ({ signal }) => api<EmailSettings>('GET', EMAIL_SETTINGS, { signal }),
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue({ ...q.data, smtp_password: '' });
  }, [q.data, form]);
  const server = Form.useWatch('smtp_server', form);
  const port = Form.useWatch('smtp_port', form);
  const unsavedServer = !!q.data && (server !== q.data.smtp_server || Number(port) !== q.data.smtp_port);

  const save = useMutation({
    meta: { form: true },
    mutationFn: (v: Values) => api<EmailSettings>('PATCH', EMAIL_SETTINGS, { body: v }),
    onSuccess: async () => {
      toast.success(t('setup.email.saved'));
      await qc.invalidateQueries({ queryKey: resourceKey(EMAIL_SETTINGS) });
    },
    onError: (err) => {
      for (const m of applyServerErrors(form, err, FIELDS)) toast.error(m);
    },
  });
  const test = useMutation({
    meta: { silent: true },
    mutationFn: () => {
      const { smtp_server: _s, smtp_port: _p, ...rest } = form.getFieldsValue();
      return api<string>('POST', '/test_smtp/', { body: rest });
    },
    onSuccess: (answer) => {
      const ok = answer === 'OK';
      setTestResult(ok ? null : String(answer ?? ''));
      if (ok) toast.success(t('setup.email.test_ok'));
      else toast.error(t('setup.email.test_failed'));
    },
    onError: () => {
      setTestResult(null);
      toast.error(t('setup.email.test_failed'));
    },
  });
  if (q.isError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  const field = (
    name: keyof Values,
    label: string,
    input = <Input maxLength={FIELD_MAX.email} />,
    rules: object[] = [],
  ) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} rules={rules}>
        {input}
      </Form.Item>
    </Col>
  );
  const email = [{ type: 'email' as const, message: t('errors.invalid_email') }];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('setup.email.title')} />
      <Card loading={q.isLoading} className="form-card form-card-wide">
        <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Row gutter={16}>
            {field('company_name', t('setup.email.company_name'), <Input maxLength={FIELD_MAX.name} />)}
            {field(
              'company_phone',
              t('setup.email.company_phone'),
              <Input maxLength={FIELD_MAX.companyPhone} />,
            )}
            {field('company_email', t('setup.email.company_email'), undefined, email)}
            {field('logo_path', t('setup.email.logo_path'), <Input maxLength={FIELD_MAX.url} />)}
            {field('from_name', t('setup.email.from_name'), <Input maxLength={FIELD_MAX.name} />)}
            {field('from_email', t('setup.email.from_email'), undefined, [
              ...email,
              { required: true, message: t('errors.required') },
            ])}
            {field('admin_email', t('setup.email.admin_email'), undefined, email)}
            {field('smtp_server', t('setup.email.smtp_server'), <Input maxLength={FIELD_MAX.host} />)}
            {field(
              'smtp_port',
              t('setup.email.smtp_port'),
              <InputNumber min={1} max={65535} style={{ width: '100%' }} />,
            )}
            {field(
              'smtp_username',
              t('setup.email.smtp_username'),
              <Input maxLength={FIELD_MAX.smtpUsername} autoComplete="off" />,
            )}
            {field(
              'smtp_password',
              t('setup.email.smtp_password'),
              <Input.Password
                maxLength={FIELD_MAX.secret}
                autoComplete="new-password"
                placeholder={q.data?.has_smtp_password ? t('setup.email.password_kept') : undefined}
              />,
            )}
          </Row>
          {unsavedServer && (
            <Alert
              type="info"
              showIcon
              message={t('setup.email.save_before_test')}
              style={{ marginBottom: 16 }}
            />
          )}
          {testResult && (
            <Alert
              type="error"
              showIcon
              message={t('setup.email.test_failed')}
              description={testResult}
              style={{ marginBottom: 16 }}
            />
          )}
          <Flex justify="end">
            <Space wrap>
              <Button onClick={() => navigate('/notifications')}>{t('common.cancel')}</Button>
              <Button onClick={() => test.mutate()} loading={test.isPending}>
                {t('setup.email.test')}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Space>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
