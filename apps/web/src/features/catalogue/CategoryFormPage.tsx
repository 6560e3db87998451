// /admin/product/categories/add and /admin/product/categories/:id/edit (spec 3 "Category form", §5): name
// (required), code (shown, not sent), groups (multi-select, required), active checkbox, and on create add-another.
// Cancel returns to the tree; the title differs for new and edit.
import { FIELD_MAX } from '@portal/shared';
import { Card, Checkbox, Flex, Form, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { toast } from '../../lib/toast.ts';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { CATEGORIES, type CategoryItem, useGroups } from './api.ts';

interface Values {
  name: string;
  code: string;
  groups: number[];
  is_active: boolean;
}
const defaults: Values = { name: '', code: '', groups: [], is_active: true };
const toValues = (c: CategoryItem): Values => ({
  name: c.name,
  code: c.code,
  groups: c.groups,
  is_active: c.is_active,
});

export default function CategoryFormPage() {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const groups = useGroups();
  const f = useEntityForm<CategoryItem, Values>({
    path: CATEGORIES,
    listPath: '/setup/categories',
    defaults,
    toValues,
    // Spec 3 §5: the code is not sent on save.
    toBody: (v) => ({ name: v.name, groups: v.groups, is_active: v.is_active }),
    savedText: { added: t('catalogue.categories.added'), changed: t('catalogue.categories.updated') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing
            ? t('catalogue.categories.edit_title', { name: f.item?.name ?? '' })
            : t('catalogue.categories.add_title')
        }
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values>
          form={f.form}
          layout="vertical"
          initialValues={defaults}
          onFinish={(v) => f.submit(v, more)}
          onFinishFailed={() => toast.error(t('catalogue.categories.check_required'))}
          requiredMark
        >
          <Form.Item
            name="name"
            label={t('catalogue.categories.name')}
            rules={[{ required: true, whitespace: true, message: t('errors.required') }]}
          >
            <Input maxLength={FIELD_MAX.name} autoFocus />
          </Form.Item>
          {f.editing && (
            <Form.Item name="code" label={t('catalogue.categories.code')}>
              <Input disabled />
            </Form.Item>
          )}
          <Form.Item
            name="groups"
            label={t('catalogue.categories.groups')}
            rules={[{ required: true, type: 'array', min: 1, message: t('errors.group_required') }]}
          >
            <Select<number[]>
              mode="multiple"
              loading={groups.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
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
