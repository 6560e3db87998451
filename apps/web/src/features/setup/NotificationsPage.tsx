// /notifications (spec 3 "Notifications and e-mail settings"): an accordion of every e-mail template (key and type,
// tagged for staff (INTERNAL) or suppliers (EXTERNAL), in words), each with a language selector (EST, RUS, ENG), subject and content, and the
// placeholder tags it offers (a click puts the tag into the content). Saved templates are used by the next e-mail.
// A link leads to the e-mail settings. Administrator only.
import { SettingOutlined } from '@ant-design/icons';
import { FIELD_MAX, TEMPLATE_DEFINITIONS, TEMPLATE_LANGUAGES, type TemplateLanguage } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Flex, Form, Input, Segmented, Space, Spin, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { resourceKey } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { EMAIL_TEMPLATES, type TemplateItem } from './api.ts';

const templatesKey = [...resourceKey(EMAIL_TEMPLATES), 'all'];

function TemplateEditor(props: { templates: TemplateItem[]; tags: string[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [language, setLanguage] = useState<TemplateLanguage>('EST');
  const [form] = Form.useForm<{ subject: string; content: string }>();
  const contentRef = useRef<TextAreaRef>(null);
  const template = props.templates.find((x) => x.language === language);
  useEffect(() => {
    form.setFieldsValue({ subject: template?.subject ?? '', content: template?.content ?? '' });
  }, [template, form]);
  const save = useMutation({
    meta: { form: true },
    mutationFn: (body: { subject: string; content: string }) =>
      api<TemplateItem>('PATCH', `${EMAIL_TEMPLATES}${template?.id}/`, { body }),
    onSuccess: async () => {
      toast.success(t('setup.notifications.saved'));
      await qc.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (err) => {
      for (const m of applyServerErrors(form, err)) toast.error(m);
    },
  });

  const insertTag = (tag: string) => {
    const el = contentRef.current?.resizableTextArea?.textArea;
    const value: string = form.getFieldValue('content') ?? '';
    const at = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? at;
    const text = `{{${tag}}}`;
    form.setFieldsValue({ content: value.slice(0, at) + text + value.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + text.length, at + text.length);
    });
  };

  return (
    <Flex vertical gap={12}>
      <Segmented<TemplateLanguage>
        aria-label={t('setup.notifications.language')}
        value={language}
        onChange={setLanguage}
        options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: l }))}
      />
      {!template ? (
        <Alert type="warning" showIcon message={t('setup.notifications.missing')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="subject"
            label={t('setup.notifications.subject')}
            rules={[{ required: true, whitespace: true, message: t('errors.required') }]}
          >
            <Input maxLength={FIELD_MAX.templateSubject} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('setup.notifications.content')}
            rules={[{ required: true, whitespace: true, message: t('errors.required') }]}
          >
            <Input.TextArea
              ref={contentRef}
              autoSize={{ minRows: 6, maxRows: 20 }}
              maxLength={FIELD_MAX.templateContent}
            />
          </Form.Item>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap size={[4, 4]}>
              <Typography.Text type="secondary">{t('setup.notifications.tags')}:</Typography.Text>
              {props.tags.length ? (
                props.tags.map((tag) => (
                  <Tag.CheckableTag
                    key={tag}
                    checked={false}
                    onChange={() => insertTag(tag)}
                    className="template-tag"
                    aria-label={t('setup.notifications.insert_tag', { tag })}
                  >
                    {`{{${tag}}}`}
                  </Tag.CheckableTag>
                ))
              ) : (
                <Typography.Text type="secondary">{t('setup.notifications.no_tags')}</Typography.Text>
              )}
            </Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        </Form>
      )}
    </Flex>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | undefined>();
  const q = useQuery({
    queryKey: templatesKey,
    queryFn: ({ signal }) => api<TemplateItem[]>('GET', EMAIL_TEMPLATES, { query: { page_size: 0 }, signal }),
  });
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('setup.notifications.title')}
        extra={
          <Link to="/notifications/settings">
            <Button icon={<SettingOutlined />}>{t('setup.notifications.settings_link')}</Button>
          </Link>
        }
      />
      <Spin spinning={q.isLoading}>
        {/* One panel open at a time, kept by hand: antd's `accordion` mode marks the list as an ARIA tablist whose
            children are not tabs (an axe-core violation). */}
        <Collapse
          activeKey={open ? [open] : []}
          onChange={(keys) => setOpen((Array.isArray(keys) ? keys : [keys]).filter((k) => k !== open).at(-1))}
          destroyOnHidden
          items={TEMPLATE_DEFINITIONS.map((d) => ({
            key: `${d.key}:${d.type}`,
            label: (
              <Flex gap={8} align="center" wrap>
                <span>{t(`setup.notifications.keys.${d.key}_${d.type}`)}</span>
                <Tag color={d.type === 'INTERNAL' ? 'blue' : 'purple'}>
                  {t(`setup.notifications.types.${d.type}`)}
                </Tag>
              </Flex>
            ),
            children: (
              <TemplateEditor
                templates={(q.data ?? []).filter((x) => x.key === d.key && x.type === d.type)}
                tags={d.tags}
              />
            ),
          }))}
        />
      </Spin>
    </Flex>
  );
}
