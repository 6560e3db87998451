// /setup/terms (Administrator): the published versions of the terms of use and the form that publishes a new one.
// The effective day is at least TERMS_NOTICE_DAYS calendar days ahead (the server refuses sooner ones as well);
// publishing mails every active user in their language and shows the banner until that day.

import {
  addDays,
  TERMS_NOTICE_DAYS,
  TERMS_TEXT_MAX,
  type TermsDraftPayload,
  type TermsPublished,
  type TermsVersionItem,
  tallinnDay,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Popconfirm } from '../../components/Popconfirm.tsx';
import { api } from '../../lib/api.ts';
import { DATE, fmtDate, fmtDateTime } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { TERMS_STATE_KEY } from '../../lib/termsVersions.ts';
import { toast } from '../../lib/toast.ts';

const LIST_KEY = ['terms', 'versions'] as const;
type Values = Omit<TermsDraftPayload, 'effective_date'> & { effective_date: Dayjs | null };
const FIELDS = ['effective_date', 'text_et', 'text_ru', 'text_en'];

export default function TermsVersionsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const earliest = addDays(tallinnDay(new Date()), TERMS_NOTICE_DAYS);
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => api<TermsVersionItem[]>('GET', '/terms_versions/', { signal }),
  });
  // Versions are named by their effective day, so a later name is a later day.
  const current = list.data?.find((r) => r.in_force)?.version ?? null;
  const publish = useMutation({
    meta: { form: true },
    mutationFn: (v: Values) =>
      api<TermsPublished>('POST', '/terms_versions/', {
        body: { ...v, effective_date: v.effective_date?.format('YYYY-MM-DD') ?? '' },
      }),
    onSuccess: async (out) => {
      toast.success(t('terms_versions.published', { count: out.mailed, date: fmtDate(out.effective_from) }));
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['terms'] });
      await qc.invalidateQueries({ queryKey: TERMS_STATE_KEY });
    },
    onError: (err) => {
      for (const m of applyServerErrors(form, err, FIELDS)) toast.error(m);
    },
  });
  const text = (name: 'text_et' | 'text_ru' | 'text_en', label: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, whitespace: true, message: t('errors.required') }]}
    >
      <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={TERMS_TEXT_MAX} />
    </Form.Item>
  );
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('terms_versions.title')} />
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('terms_versions.new')}</h2>}>
        <Typography.Paragraph type="secondary">
          {t('terms_versions.notice', { days: TERMS_NOTICE_DAYS, date: fmtDate(earliest) })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => publish.mutate(v)} data-testid="terms-form">
          <Form.Item
            name="effective_date"
            label={t('terms_versions.effective_date')}
            rules={[{ required: true, message: t('errors.required') }]}
          >
            <DatePicker
              format={DATE}
              disabledDate={(d) => d.format('YYYY-MM-DD') < earliest}
              defaultPickerValue={dayjs(earliest)}
            />
          </Form.Item>
          {text('text_et', t('terms_versions.text_et'))}
          {text('text_ru', t('terms_versions.text_ru'))}
          {text('text_en', t('terms_versions.text_en'))}
          <Popconfirm
            title={t('terms_versions.confirm')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => form.submit()}
          >
            <Button type="primary" loading={publish.isPending}>
              {t('terms_versions.publish')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
      <Table<TermsVersionItem>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('terms_versions.none') }}
        columns={[
          {
            title: t('terms_versions.version'),
            dataIndex: 'version',
            render: (v: string) => <Link to={`/terms/${v}`}>{v}</Link>,
          },
          {
            title: t('terms_versions.effective_from'),
            dataIndex: 'effective_from',
            render: (v: string, r) => (
              <Flex gap={8} align="center">
                {fmtDateTime(v)}
                <Tag color={r.in_force ? 'green' : r.version > (current ?? '') ? 'gold' : 'default'}>
                  {t(
                    r.in_force
                      ? 'terms_versions.status_in_force'
                      : r.version > (current ?? '')
                        ? 'terms_versions.status_announced'
                        : 'terms_versions.status_superseded',
                  )}
                </Tag>
              </Flex>
            ),
          },
          {
            title: t('terms_versions.published_at'),
            dataIndex: 'created',
            render: (v: string) => fmtDateTime(v),
          },
          { title: t('terms_versions.published_by'), dataIndex: 'created_by_name' },
        ]}
      />
    </Flex>
  );
}
