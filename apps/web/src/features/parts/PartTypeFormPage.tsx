// /setup/parttypes/add and /setup/parttypes/:id/edit (spec 3 "Part types"): the name is read-only once the type
// exists; the category is chosen from a single-select list (shown with its path).
import { FIELD_MAX } from '@portal/shared';
import { Card, Checkbox, Flex, Form, Input, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { PART_TYPES, type PartTypeItem, useCategoryOptions } from './api.ts';

interface Values {
  name: string;
  category: number | null;
  is_active: boolean;
}
const defaults: Values = { name: '', category: null, is_active: true };
const toValues = (p: PartTypeItem): Values => ({
  name: p.name,
  category: p.category,
  is_active: p.is_active,
});

export default function PartTypeFormPage() {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const f = useEntityForm<PartTypeItem, Values>({
    path: PART_TYPES,
    listPath: '/setup/parttypes',
    defaults,
    toValues,
    toBody: (v, editing) => ({
      ...(editing ? {} : { name: v.name }),
      category: v.category ?? null,
      is_active: v.is_active,
    }),
    savedText: { added: t('parttypes.added'), changed: t('parttypes.changed') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;
  const options = (categories.data ?? []).map((c) => ({ value: c.id, label: c.path }));
  if (f.item?.category && !options.some((o) => o.value === f.item?.category))
    options.push({ value: f.item.category, label: f.item.category_path ?? f.item.category_name ?? '' });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={f.editing ? t('parttypes.edit_title', { name: f.item?.name ?? '' }) : t('parttypes.add_title')}
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values> form={f.form} layout="vertical" initialValues={defaults} onFinish={(v) => f.submit(v)}>
          <Form.Item
            name="name"
            label={t('parttypes.name')}
            rules={[{ required: !f.editing, whitespace: true, message: t('errors.required') }]}
          >
            <Input
              maxLength={FIELD_MAX.name}
              readOnly={f.editing}
              disabled={f.editing}
              autoFocus={!f.editing}
            />
          </Form.Item>
          <Form.Item name="category" label={t('parttypes.category')}>
            <Select
              allowClear={CLEARABLE}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('parttypes.choose_category')}
              loading={categories.isLoading}
              options={options}
            />
          </Form.Item>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
          <FormFooter saving={f.saving} onCancel={f.cancel} />
        </Form>
      </Card>
    </Flex>
  );
}
