// /setup/groups/add and /setup/groups/:id/edit: one form for both (spec 3, Groups): name (required),
// active checkbox, and on add a 'more' option that keeps the form open for the next group.
import { FIELD_MAX } from '@portal/shared';
import { Card, Checkbox, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { GROUPS, type GroupItem } from './api.ts';

interface Values {
  name: string;
  is_active: boolean;
}
const defaults: Values = { name: '', is_active: true };
const toValues = (g: GroupItem): Values => ({ name: g.name, is_active: g.is_active });

export default function GroupFormPage() {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const f = useEntityForm<GroupItem, Values>({
    path: GROUPS,
    listPath: '/setup/groups',
    defaults,
    toValues,
    toBody: (v) => ({ name: v.name, is_active: v.is_active }),
    savedText: { added: t('setup.groups.added'), changed: t('setup.groups.changed') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing ? t('setup.groups.edit_title', { name: f.item?.name ?? '' }) : t('setup.groups.add_title')
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
            name="name"
            label={t('setup.groups.name')}
            rules={[{ required: true, whitespace: true, message: t('errors.required') }]}
          >
            <Input maxLength={FIELD_MAX.name} autoFocus />
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
