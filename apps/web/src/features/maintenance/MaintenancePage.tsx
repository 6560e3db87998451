// /setup/maintenance (Administrator, issue 35): maintenance notices. A notice has its window (start, end), the time
// it starts to show, and its text in Estonian, Russian and English; everyone sees it above every screen (signed in or
// not, components/MaintenanceBanner.tsx) from that time until the window ends. Add, change and remove (asked first).
import { EditOutlined } from '@ant-design/icons';
import type { NoticeItem, NoticeWrite } from '@portal/shared';
import { NOTICE_TEXT_MAX } from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Flex, Form, Input, Row, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { noticeWindow } from '../../components/MaintenanceBanner.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api } from '../../lib/api.ts';
import { errorToast } from '../../lib/errorToast.ts';
import { DATE_TIME, fmtDateTime, useLang } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/toast.ts';

const PATH = '/maintenance_notices/';
const KEY = ['resource', PATH];

type Values = {
  show_from?: Dayjs;
  starts?: Dayjs;
  ends?: Dayjs;
  text_et?: string;
  text_ru?: string;
  text_en?: string;
};

export default function MaintenancePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<NoticeItem | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api<NoticeItem[]>('GET', PATH, { query: { page_size: 0 } }),
  });

  const reset = () => {
    setEditing(null);
    form.resetFields();
  };
  const edit = (n: NoticeItem) => {
    setEditing(n);
    form.setFieldsValue({
      show_from: dayjs(n.show_from),
      starts: dayjs(n.starts),
      ends: dayjs(n.ends),
      text_et: n.text_et,
      text_ru: n.text_ru,
      text_en: n.text_en,
    });
  };
  const save = async (v: Values) => {
    const body: NoticeWrite = {
      show_from: v.show_from?.toISOString() ?? '',
      starts: v.starts?.toISOString() ?? '',
      ends: v.ends?.toISOString() ?? '',
      text_et: v.text_et ?? '',
      text_ru: v.text_ru ?? '',
      text_en: v.text_en ?? '',
    };
    setSaving(true);
    try {
      if (editing) await api('PUT', `${PATH}${editing.id}/`, { body });
      else await api('POST', PATH, { body });
      toast.success(editing ? t('maintenance.changed') : t('maintenance.added'));
      reset();
      await qc.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      for (const m of applyServerErrors(form, err)) toast.error(m);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (n: NoticeItem) => {
    try {
      await api('DELETE', `${PATH}${n.id}/`);
    } catch (err) {
      errorToast(err);
      return;
    }
    toast.success(t('maintenance.removed'));
    if (editing?.id === n.id) reset();
    await qc.invalidateQueries({ queryKey: KEY });
  };

  const required = { required: true, message: t('maintenance.required') };
  const text = (name: 'text_et' | 'text_ru' | 'text_en') => (
    <Form.Item
      name={name}
      label={t(`maintenance.fields.${name}`)}
      rules={[{ ...required, whitespace: true }]}
    >
      <Input.TextArea rows={3} maxLength={NOTICE_TEXT_MAX} showCount />
    </Form.Item>
  );
  const picker = (name: 'show_from' | 'starts' | 'ends', help?: string) => (
    <Form.Item name={name} label={t(`maintenance.fields.${name}`)} rules={[required]} extra={help}>
      <DatePicker
        showTime={{ format: 'HH:mm', minuteStep: 15 }}
        format={DATE_TIME}
        style={{ width: '100%' }}
        data-testid={`notice-${name}`}
      />
    </Form.Item>
  );
  const now = Date.now();
  const state = (n: NoticeItem) =>
    new Date(n.ends).getTime() <= now
      ? 'over'
      : new Date(n.show_from).getTime() <= now
        ? 'shown'
        : 'scheduled';

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('maintenance.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('maintenance.intro')}
      </Typography.Paragraph>
      <Card title={editing ? t('maintenance.edit_title') : t('maintenance.add_title')} size="small">
        <Form form={form} layout="vertical" onFinish={save} requiredMark>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              {picker('starts')}
            </Col>
            <Col xs={24} md={8}>
              {picker('ends')}
            </Col>
            <Col xs={24} md={8}>
              {picker('show_from', t('maintenance.show_from_help'))}
            </Col>
          </Row>
          {text('text_et')}
          {text('text_ru')}
          {text('text_en')}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('maintenance.save')}
            </Button>
            {editing && <Button onClick={reset}>{t('maintenance.cancel')}</Button>}
          </Flex>
        </Form>
      </Card>
      <Table<NoticeItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('maintenance.none') }}
        columns={[
          {
            key: 'window',
            title: t('maintenance.fields.window'),
            render: (_, n) => noticeWindow(n),
            width: 220,
          },
          {
            key: 'show_from',
            title: t('maintenance.fields.show_from'),
            render: (_, n) => fmtDateTime(n.show_from),
            width: 150,
          },
          {
            key: 'state',
            title: t('maintenance.fields.state'),
            width: 120,
            render: (_, n) => <Tag>{t(`maintenance.states.${state(n)}`)}</Tag>,
          },
          {
            key: 'text',
            title: t('maintenance.fields.text'),
            render: (_, n) => (lang === 'ru' ? n.text_ru : lang === 'en' ? n.text_en : n.text_et),
          },
          {
            key: 'actions',
            title: t('maintenance.fields.actions'),
            width: 110,
            render: (_, n) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={t('maintenance.edit')}
                  title={t('maintenance.edit')}
                  onClick={() => edit(n)}
                />
                <ConfirmButton
                  question={t('maintenance.remove_question')}
                  onConfirm={() => remove(n)}
                  aria-label={t('maintenance.remove')}
                />
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
