// /suppliers/add and /suppliers/:id/edit (spec 2 "Supplier form"): name, registration code, e-mail, at least one
// group ('Palun vali osakond'), country (default EE), active, employees-may-view-offers, and on create an add-more
// option. After creating the user goes to the supplier page, unless add-more was ticked: then the form is cleared.
import { FIELD_MAX } from '@portal/shared';
import './people.css';
import { Card, Checkbox, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormFooter } from '../../components/FormFooter.tsx';
import { LoadErrorResult } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { useResourceItem, useResourceSave } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { SUPPLIERS, type SupplierItem, useGroups } from './api.ts';
import { countryOptions } from './countries.ts';

interface Values {
  name: string;
  registration_code: string;
  email: string;
  warehouse_groups: number[];
  country_code: string;
  is_active: boolean;
  is_employees_can_view_proposal: boolean;
}
const defaults: Values = {
  name: '',
  registration_code: '',
  email: '',
  warehouse_groups: [],
  country_code: 'EE',
  is_active: true,
  is_employees_can_view_proposal: false,
};

export default function SupplierFormPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [more, setMore] = useState(false);
  const item = useResourceItem<SupplierItem>(SUPPLIERS, id);
  const save = useResourceSave<SupplierItem, Values>(SUPPLIERS);
  const groups = useGroups();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  useEffect(() => {
    const s = item.data;
    if (s)
      form.setFieldsValue({
        name: s.name,
        registration_code: s.registration_code,
        email: s.email,
        warehouse_groups: s.warehouse_groups_tags.map((g) => g.id),
        country_code: s.country_code,
        is_active: s.is_active,
        is_employees_can_view_proposal: s.is_employees_can_view_proposal,
      });
  }, [item.data, form]);

  if (item.isError) return <LoadErrorResult error={item.error} />;

  // The supplier's own groups stay choosable even when one has been disabled since.
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  for (const g of item.data?.warehouse_groups_tags ?? [])
    if (!groupOptions.some((o) => o.value === g.id)) groupOptions.push({ value: g.id, label: g.name });
  const required = { required: true, whitespace: true, message: t('errors.required') };

  async function submit(values: Values) {
    let saved: SupplierItem;
    try {
      saved = await save.mutateAsync({ id, body: values });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        for (const m of applyServerErrors(form, err)) toast.error(m);
      return;
    }
    toast.success(editing ? t('people.suppliers.updated') : t('people.suppliers.added'));
    if (!editing && more) {
      form.resetFields();
      form.setFieldsValue(defaults);
    } else navigate(`/supplier/${saved.id}/details`);
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          editing
            ? t('people.suppliers.edit_title', { name: item.data?.name ?? '' })
            : t('people.suppliers.add_title')
        }
      />
      <Card loading={editing && item.isLoading} className="form-card">
        <Form<Values> form={form} layout="vertical" initialValues={defaults} onFinish={submit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('people.suppliers.name')} rules={[required]}>
                <Input maxLength={FIELD_MAX.name} autoFocus={!editing} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="registration_code"
                label={t('people.suppliers.registration_code')}
                rules={[required]}
              >
                <Input maxLength={FIELD_MAX.registrationCode} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('people.suppliers.email')}
                rules={[required, { type: 'email', message: t('errors.invalid_email') }]}
              >
                <Input type="email" maxLength={FIELD_MAX.email} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="country_code"
                label={t('people.suppliers.country')}
                rules={[{ required: true }]}
              >
                <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="warehouse_groups"
                label={t('people.suppliers.groups')}
                rules={[{ required: true, type: 'array', min: 1, message: t('errors.choose_group') }]}
              >
                <Select
                  mode="multiple"
                  loading={groups.isLoading}
                  options={groupOptions}
                  placeholder={t('people.suppliers.choose_groups')}
                  optionFilterProp="label"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="is_active" valuePropName="checked" noStyle>
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
          <div className="form-gap" />
          <Form.Item name="is_employees_can_view_proposal" valuePropName="checked">
            <Checkbox>{t('people.suppliers.employees_can_view')}</Checkbox>
          </Form.Item>
          <FormFooter
            saving={save.isPending}
            onCancel={() => navigate(editing ? `/supplier/${id}/details` : '/suppliers')}
            addMore={{ shown: !editing, checked: more, onChange: setMore }}
          />
        </Form>
      </Card>
    </Flex>
  );
}
