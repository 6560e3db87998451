// /setup/modules/add and /setup/modules/:id/edit (spec 3 "Modules"): name, url and key (all required) and an active
// checkbox; the heading is the module name and the word for settings. Administrator only.
import { FIELD_MAX } from '@portal/shared';
import { Card, Checkbox, Flex, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { MODULES, type ModuleItem } from './api.ts';

interface Values {
  name: string;
  url: string;
  key: string;
  is_active: boolean;
}
const defaults: Values = { name: '', url: '', key: '', is_active: true };
const toValues = (m: ModuleItem): Values => ({
  name: m.name,
  url: m.url,
  key: m.key ?? '',
  is_active: m.is_active,
});

export default function ModuleFormPage() {
  const { t } = useTranslation();
  const f = useEntityForm<ModuleItem, Values>({
    path: MODULES,
    listPath: '/modules',
    defaults,
    toValues,
    toBody: (v) => v,
    savedText: { added: t('setup.modules.added'), changed: t('setup.modules.changed') },
  });
  const name = Form.useWatch('name', f.form);
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;
  const required = { required: true, whitespace: true, message: t('errors.required') };
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('setup.modules.form_title', { name: (f.item?.name ?? name) || t('setup.modules.new') })}
      />
      <Card loading={f.loading} className="form-card">
        <Form<Values>
          form={f.form}
          layout="vertical"
          initialValues={defaults}
          onFinish={(v) => f.submit(v)}
          requiredMark
        >
          <Form.Item name="name" label={t('setup.modules.name')} rules={[required]}>
            <Input maxLength={FIELD_MAX.moduleName} autoFocus={!f.editing} />
          </Form.Item>
          <Form.Item name="url" label={t('setup.modules.url')} rules={[required]}>
            <Input maxLength={FIELD_MAX.url} inputMode="url" placeholder="https://" />
          </Form.Item>
          <Form.Item name="key" label={t('setup.modules.key')} rules={[required]}>
            <Input.Password maxLength={FIELD_MAX.secret} autoComplete="off" visibilityToggle />
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
