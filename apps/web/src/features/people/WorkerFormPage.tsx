// /workers/add and /workers/:id/edit (spec 2 "Workers"): first name, last name, e-mail, phone required; at least
// one group; personal code, business-system code, position optional; role defaults to CONTRACTOR; active
// defaults to true; and the permission to edit the black list. One form for add and edit.
import './people.css';
import { FIELD_MAX, WORKER_ROLES } from '@portal/shared';
import { Card, Checkbox, Col, Flex, Form, Input, Result, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { useGroups, WORKERS, type WorkerItem } from './api.ts';
import { codeOrNull, PersonFields } from './PersonFields.tsx';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  personal_code: string;
  bc_code: string;
  position: string;
  language: 'et' | 'ru' | 'en';
  group: (typeof WORKER_ROLES)[number];
  warehouse_group: number[];
  can_blacklist: boolean;
  is_active: boolean;
}
const defaults: Values = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '+372 ',
  personal_code: '',
  bc_code: '',
  position: '',
  language: 'et',
  group: 'CONTRACTOR',
  warehouse_group: [],
  can_blacklist: false,
  is_active: true,
};
const toValues = (w: WorkerItem): Values => ({
  first_name: w.first_name,
  last_name: w.last_name,
  email: w.email,
  phone: w.phone,
  personal_code: w.personal_code ?? '',
  bc_code: w.bc_code,
  position: w.position,
  language: (w.language as Values['language']) ?? 'et',
  group: w.group,
  warehouse_group: w.warehouse_group,
  can_blacklist: w.can_blacklist,
  is_active: w.is_active,
});

export default function WorkerFormPage() {
  const { t } = useTranslation();
  const groups = useGroups();
  const f = useEntityForm<WorkerItem, Values>({
    path: WORKERS,
    listPath: '/workers',
    defaults,
    toValues,
    toBody: (v) => ({ ...v, personal_code: codeOrNull(v.personal_code), phone: v.phone.trim() }),
    savedText: { added: t('people.workers.added'), changed: t('people.workers.updated') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  for (const g of f.item?.warehouse_groups_tags ?? [])
    if (!groupOptions.some((o) => o.value === g.id)) groupOptions.push({ value: g.id, label: g.name });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing
            ? t('people.workers.edit_title', {
                name: f.item ? `${f.item.first_name} ${f.item.last_name}` : '',
              })
            : t('people.workers.add_title')
        }
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values> form={f.form} layout="vertical" initialValues={defaults} onFinish={(v) => f.submit(v)}>
          <Row gutter={16}>
            <PersonFields />
            <Col xs={24} md={12}>
              <Form.Item name="bc_code" label={t('people.workers.bc_code')}>
                <Input maxLength={FIELD_MAX.code} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="group" label={t('people.person.role')} rules={[{ required: true }]}>
                <Select options={WORKER_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="warehouse_group"
                label={t('people.person.groups')}
                rules={[{ required: true, type: 'array', min: 1, message: t('errors.choose_group') }]}
              >
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  loading={groups.isLoading}
                  options={groupOptions}
                  placeholder={t('people.suppliers.choose_groups')}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="can_blacklist" valuePropName="checked" className="compact-item">
            <Checkbox>{t('people.workers.can_blacklist')}</Checkbox>
          </Form.Item>
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
