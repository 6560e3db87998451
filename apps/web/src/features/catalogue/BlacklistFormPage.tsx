// /setup/blacklists/add and /setup/blacklists/:id/edit (spec 3 "Blacklist add/edit", §5): a part found by its code
// (from the 5th character; parts already blacklisted are not offered), one or more producers, a mandatory reason
// (at most 1000 characters), the active checkbox and, on add, add-another. Saving an edit that changes neither
// producers, active flag nor part is refused by the server ('Muudatused puuduvad').
import { COMMENT_MAX, PART_CODE_SEARCH_MIN_CHARS } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Flex, Form, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { BLACKLISTS, type BlacklistDetail, searchBlacklistParts } from './api.ts';
import { ProducerSelect } from './ProducerSelect.tsx';

interface Values {
  part?: number;
  producers: number[];
  comment: string;
  is_active: boolean;
}
const defaults: Values = { part: undefined, producers: [], comment: '', is_active: true };
const toValues = (b: BlacklistDetail): Values => ({
  part: b.part,
  producers: b.producers,
  comment: '',
  is_active: b.is_active,
});

export default function BlacklistFormPage() {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const [code, setCode] = useState('');
  const f = useEntityForm<BlacklistDetail, Values>({
    path: BLACKLISTS,
    listPath: '/setup/blacklists',
    defaults,
    toValues,
    toBody: (v) => ({
      part: v.part ?? null,
      producers: v.producers,
      comment: v.comment,
      is_active: v.is_active,
    }),
    savedText: { added: t('catalogue.blacklist.added'), changed: t('catalogue.blacklist.changed') },
  });
  const typed = code.trim();
  const parts = useQuery({
    queryKey: ['resource', BLACKLISTS, 'parts', typed, f.id],
    queryFn: ({ signal }) => searchBlacklistParts(typed, f.id ? Number(f.id) : undefined, signal),
    enabled: typed.length >= PART_CODE_SEARCH_MIN_CHARS,
    placeholderData: (prev) => prev,
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  const partOptions = (typed.length >= PART_CODE_SEARCH_MIN_CHARS ? (parts.data ?? []) : []).map((p) => ({
    value: p.id,
    label: `${p.code} — ${p.name}`,
  }));
  if (f.item && !partOptions.some((o) => o.value === f.item?.part))
    partOptions.unshift({ value: f.item.part, label: `${f.item.part_code} — ${f.item.part_name}` });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing
            ? t('catalogue.blacklist.edit_title', { code: f.item?.part_code ?? '' })
            : t('catalogue.blacklist.add_title')
        }
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values>
          form={f.form}
          layout="vertical"
          initialValues={defaults}
          onFinish={(v) => f.submit(v, more)}
          requiredMark
        >
          <Form.Item
            name="part"
            label={t('catalogue.blacklist.part')}
            extra={t('catalogue.blacklist.part_hint', { n: PART_CODE_SEARCH_MIN_CHARS })}
            rules={[{ required: true, message: t('catalogue.blacklist.part_required') }]}
          >
            <Select<number>
              showSearch={{ filterOption: false, onSearch: setCode, searchValue: code }}
              placeholder={t('catalogue.blacklist.part_placeholder')}
              options={partOptions}
              loading={parts.isFetching}
              notFoundContent={
                typed.length < PART_CODE_SEARCH_MIN_CHARS
                  ? t('catalogue.blacklist.part_hint', { n: PART_CODE_SEARCH_MIN_CHARS })
                  : t('catalogue.no_options')
              }
              allowClear={CLEARABLE}
            />
          </Form.Item>
          <Form.Item
            name="producers"
            label={t('catalogue.blacklist.producers')}
            rules={[{ required: true, type: 'array', min: 1, message: t('errors.at_least_one_producer') }]}
          >
            <ProducerSelect
              known={f.item?.producers_options}
              aria-label={t('catalogue.blacklist.producers')}
            />
          </Form.Item>
          <Form.Item
            name="comment"
            label={t('catalogue.blacklist.comment')}
            rules={[
              { required: true, whitespace: true, message: t('errors.comment_required') },
              { max: COMMENT_MAX, message: t('errors.comment_too_long') },
            ]}
          >
            <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount />
          </Form.Item>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
          {f.editing && (
            <Alert
              type="info"
              showIcon
              message={t('catalogue.blacklist.edit_hint')}
              style={{ marginBottom: 16 }}
            />
          )}
          <FormFooter
            saving={f.saving}
            onCancel={f.cancel}
            addMore={{ shown: !f.editing, checked: more, onChange: setMore }}
          />
        </Form>
      </Card>
    </Flex>
  );
}
