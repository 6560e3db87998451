// /setup/warehouses/add and /setup/warehouses/:id/edit: one form for both (spec 3, Warehouses). The name is
// shown disabled on edit; the group is required; add offers save-and-add-more.
import { FIELD_MAX } from '@portal/shared';
import { Card, Checkbox, Col, Flex, Form, Input, Result, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { useGroupOptions, WAREHOUSES, type WarehouseItem } from './api.ts';

interface Values {
  name: string;
  group: number | undefined;
  code: string;
  address: string;
  description: string;
  is_active: boolean;
}
const defaults: Values = {
  name: '',
  group: undefined,
  code: '',
  address: '',
  description: '',
  is_active: true,
};
const toValues = (w: WarehouseItem): Values => ({
  name: w.name,
  group: w.group,
  code: w.code,
  address: w.address,
  description: w.description,
  is_active: w.is_active,
});

export default function WarehouseFormPage() {
  const { t } = useTranslation();
  const groups = useGroupOptions(true);
  const f = useEntityForm<WarehouseItem, Values>({
    path: WAREHOUSES,
    listPath: '/setup/warehouses',
    defaults,
    toValues,
    // The name cannot be changed once created; it is sent only on add.
    toBody: (v, editing) => ({
      ...(editing ? {} : { name: v.name }),
      group: v.group,
      code: v.code || null,
      address: v.address || null,
      description: v.description || null,
      is_active: v.is_active,
    }),
    savedText: { added: t('setup.warehouses.added'), changed: t('setup.warehouses.changed') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  // The warehouse's own group stays selectable even when it has been disabled since.
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  if (f.item && !groupOptions.some((o) => o.value === f.item?.group))
    groupOptions.push({ value: f.item.group, label: f.item.group_name });
  const required = { required: true, message: t('errors.required') };

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing
            ? t('setup.warehouses.edit_title', { name: f.item?.name ?? '' })
            : t('setup.warehouses.add_title')
        }
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values> form={f.form} layout="vertical" initialValues={defaults} onFinish={(v) => f.submit(v)}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('setup.warehouses.name')}
                rules={[{ ...required, whitespace: true }]}
              >
                <Input maxLength={FIELD_MAX.name} disabled={f.editing} autoFocus={!f.editing} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="group" label={t('setup.warehouses.group')} rules={[required]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('setup.warehouses.choose_group')}
                  loading={groups.isLoading}
                  options={groupOptions}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="code" label={t('setup.warehouses.code')}>
                <Input maxLength={FIELD_MAX.code} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address" label={t('setup.warehouses.address')}>
                <Input maxLength={FIELD_MAX.address} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('setup.warehouses.description')}>
                <Input.TextArea rows={3} maxLength={FIELD_MAX.description} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
          <FormFooter
            saving={f.saving}
            onCancel={f.cancel}
            onSaveAndAdd={f.editing ? undefined : f.submitAndAdd}
          />
        </Form>
      </Card>
    </Flex>
  );
}
