// /setup/producers/add and /setup/producers/:id/edit (spec 3 "Producers", §5): name (required; may not begin or
// end with a symbol, be numeric or contain double quotes; unique), active checkbox, and on add a 'more' option.
import { FIELD_MAX, producerNameProblem } from '@portal/shared';
import { Card, Checkbox, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { errorText } from '../../i18n/index.ts';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { PRODUCERS, type ProducerItem } from './api.ts';

interface Values {
  name: string;
  is_active: boolean;
}
const defaults: Values = { name: '', is_active: true };
const toValues = (p: ProducerItem): Values => ({ name: p.name, is_active: p.is_active });

export default function ProducerFormPage() {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const f = useEntityForm<ProducerItem, Values>({
    path: PRODUCERS,
    listPath: '/setup/producers',
    defaults,
    toValues,
    toBody: (v, editing) => ({
      name: v.name,
      is_active: v.is_active,
      ...(editing ? {} : { is_deleted: false }),
    }),
    savedText: { added: t('catalogue.producers.added'), changed: t('catalogue.producers.changed') },
  });
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          f.editing
            ? t('catalogue.producers.edit_title', { name: f.item?.name ?? '' })
            : t('catalogue.producers.add_title')
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
            label={t('catalogue.producers.name')}
            rules={[
              { required: true, whitespace: true, message: t('errors.required') },
              {
                validator: (_, v: string) => {
                  const problem = v?.trim() ? producerNameProblem(v.trim()) : null;
                  return problem ? Promise.reject(new Error(errorText(problem))) : Promise.resolve();
                },
              },
            ]}
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
