// /supplier/:supId/users/add and /supplier/:supId/users/edit?id=… (spec 2 "Supplier employees"): first name, last
// name, e-mail, phone required; personal code and position optional; role (PLAIN "supplier" or ADVANCED
// "master"); groups among the company's; active. Server 400 errors land beside the fields.
import { Card, Checkbox, Col, Flex, Form, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormFooter } from '../../components/FormFooter.tsx';
import { LoadErrorResult } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { useResourceItem, useResourceSave } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { SUPPLIER_USERS, type SupplierUserItem, useSupplier } from './api.ts';
import { codeOrNull, PersonFields } from './PersonFields.tsx';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  personal_code: string;
  position: string;
  language: 'et' | 'ru' | 'en';
  role: 'PLAIN' | 'ADVANCED';
  warehouse_group: number[];
  is_active: boolean;
}
const defaults: Values = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '+372 ',
  personal_code: '',
  position: '',
  language: 'et',
  role: 'PLAIN',
  warehouse_group: [],
  is_active: true,
};

export default function SupplierUserFormPage() {
  const { t } = useTranslation();
  const supplierId = Number(useParams().supId);
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const supplier = useSupplier(supplierId);
  const item = useResourceItem<SupplierUserItem>(SUPPLIER_USERS, id);
  const save = useResourceSave<SupplierUserItem, unknown>(SUPPLIER_USERS);
  const back = () => navigate(`/supplier/${supplierId}/users`);

  useEffect(() => {
    const u = item.data;
    if (u)
      form.setFieldsValue({
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        phone: u.phone,
        personal_code: u.personal_code ?? '',
        position: u.position,
        language: (u.language as Values['language']) ?? 'et',
        role: u.role,
        warehouse_group: u.warehouse_group,
        is_active: u.is_active,
      });
  }, [item.data, form]);

  if (supplier.isError || item.isError) return <LoadErrorResult error={supplier.error ?? item.error} />;
  // Only those who manage the company's employees (administrators, its ADVANCED users) add or change them; the
  // server refuses anyone else too.
  if (supplier.data && !supplier.data.abilities.manage_users) return <LoadErrorResult forbidden />;

  async function submit(v: Values) {
    const body = {
      ...v,
      personal_code: codeOrNull(v.personal_code),
      phone: v.phone.trim(),
      ...(editing ? {} : { supplier__id: supplierId }),
    };
    try {
      await save.mutateAsync({ id, body });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        for (const m of applyServerErrors(form, err)) toast.error(m);
      return;
    }
    toast.success(editing ? t('people.employees.updated') : t('people.employees.added'));
    back();
  }

  const u = item.data;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          editing
            ? t('people.employees.edit_title', { name: u ? `${u.first_name} ${u.last_name}` : '' })
            : t('people.employees.add_title', { supplier: supplier.data?.name ?? '' })
        }
      />
      <Card loading={editing && item.isLoading} className="form-card">
        <Form<Values> form={form} layout="vertical" initialValues={defaults} onFinish={submit}>
          <Row gutter={16}>
            <PersonFields />
            <Col xs={24} md={12}>
              <Form.Item name="role" label={t('people.person.role')} rules={[{ required: true }]}>
                <Select
                  disabled={u?.is_admin}
                  options={[
                    { value: 'PLAIN', label: t('roles.PLAIN') },
                    { value: 'ADVANCED', label: t('roles.ADVANCED') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="warehouse_group" label={t('people.person.groups')}>
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  options={(supplier.data?.warehouse_groups_tags ?? []).map((g) => ({
                    value: g.id,
                    label: g.name,
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="is_active" valuePropName="checked">
            <Checkbox>{t('common.active')}</Checkbox>
          </Form.Item>
          <FormFooter saving={save.isPending} onCancel={back} />
        </Form>
      </Card>
    </Flex>
  );
}
