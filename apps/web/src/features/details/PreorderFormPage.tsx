// /details/add and /details/:id/edit (spec 3 "Pre-order add/edit"): part search by code from the 5th character,
// read-only facts of the line and the part, quantities (minimum 0), warehouse, and the part's files. Code, unit and
// warehouse are locked on lines from the business system; only PREPARED lines outside a tender are editable.
import { LockOutlined } from '@ant-design/icons';
import { PART_CODE_SEARCH_MIN_CHARS } from '@portal/shared';
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Result,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PartFiles } from '../../components/PartFiles.tsx';
import { unitName } from '../../lib/format.ts';
import { useEntityForm } from '../../lib/useEntityForm.ts';
import { DETAILS, type DetailLine, usePart, usePartSearch, useWarehouseOptions } from './api.ts';

interface Values {
  part: number | null;
  replenishment_qty: string | null;
  replacement_qty: string | null;
  warehouse: number | null;
}
const defaults: Values = { part: null, replenishment_qty: null, replacement_qty: null, warehouse: null };
const qtyValue = (v: string) => (Number(v) > 0 ? v.replace(/\.?0+$/, '') : Number(v) === 0 ? '0' : v);
const toValues = (d: DetailLine): Values => ({
  part: d.part,
  replenishment_qty: qtyValue(d.replenishment_qty),
  replacement_qty: qtyValue(d.replacement_qty),
  warehouse: d.warehouse,
});
const positive = (v: unknown) => v != null && v !== '' && Number(v) > 0;

export default function PreorderFormPage() {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const f = useEntityForm<DetailLine, Values>({
    path: DETAILS,
    listPath: '/details',
    defaults,
    toValues,
    toBody: (v) => ({
      part: v.part,
      replacement_qty: v.replacement_qty ?? '0',
      replenishment_qty: v.replenishment_qty ?? '0',
      warehouse: v.warehouse,
      status: 'PREPARED',
    }),
    savedText: { added: t('details.added'), changed: t('details.changed') },
  });
  const partId = Form.useWatch('part', f.form) ?? f.item?.part ?? null;
  const part = usePart(partId);
  const found = usePartSearch(code);
  const warehouses = useWarehouseOptions();
  if (f.loadError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;

  const item = f.item;
  const fromBc = !!item?.bc_id;
  const editable = !item || (item.status === 'PREPARED' && !item.tender);
  const comma = i18n.language !== 'en';

  const partOptions = (found.data ?? []).map((p) => ({ value: p.id, label: `${p.code} — ${p.name}` }));
  if (part.data && !partOptions.some((o) => o.value === part.data.id))
    partOptions.unshift({ value: part.data.id, label: `${part.data.code} — ${part.data.name}` });
  const whOptions = (warehouses.data ?? []).map((w) => ({
    value: w.id,
    label: `${w.name}${w.code ? ` (${w.code})` : ''} · ${w.group_name}`,
  }));
  if (item && !whOptions.some((o) => o.value === item.warehouse))
    whOptions.push({ value: item.warehouse, label: item.warehouse_name_code });

  const p = part.data;
  const facts = [
    { key: 'order', label: t('details.fields.order_number'), children: item?.order_number || '—' },
    { key: 'transport', label: t('details.fields.customer_number'), children: item?.customer_number || '—' },
    { key: 'vehicle', label: t('details.fields.customer_name'), children: item?.customer_name || '—' },
    { key: 'creator', label: t('details.fields.creator'), children: item?.creator_name || '—' },
    { key: 'name', label: t('details.fields.part_name'), children: p?.name ?? '—' },
    { key: 'category', label: t('details.fields.category'), children: p?.category_path ?? '—' },
    { key: 'class', label: t('details.fields.class'), children: p?.class ?? '—' },
    {
      key: 'unit',
      label: t('details.fields.unit'),
      children: p?.unit_code ? (
        <Space size={4}>
          {unitName(p.unit_code)}
          {fromBc && <LockOutlined aria-label={t('details.locked')} />}
        </Space>
      ) : (
        '—'
      ),
    },
    {
      key: 'codes',
      label: t('details.fields.codes'),
      children: p?.codes_tags.length ? p.codes_tags.map((c) => <Tag key={c}>{c}</Tag>) : '—',
    },
  ];
  const locked = (label: string) =>
    fromBc ? (
      <Space size={4}>
        {label}
        <LockOutlined aria-label={t('details.locked')} title={t('details.locked')} />
      </Space>
    ) : (
      label
    );

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={f.editing ? t('details.edit_title', { code: item?.part_code ?? '' }) : t('details.add_title')}
      />
      {item && !editable && (
        <Alert
          type="info"
          showIcon
          title={t('details.not_editable', { status: t(`details.status.${item.status}`) })}
        />
      )}
      {fromBc && <Alert type="warning" showIcon title={t('details.from_bc', { id: item?.bc_id })} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card loading={f.loading} className="form-card" title={t('details.line')}>
            <Form<Values>
              form={f.form}
              layout="vertical"
              initialValues={defaults}
              disabled={!editable}
              onFinish={(v) => f.submit(v)}
            >
              <Form.Item
                name="part"
                label={locked(t('details.fields.part_code'))}
                rules={[{ required: true, message: t('errors.part_required') }]}
                extra={
                  fromBc ? undefined : (
                    <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
                      {t('details.search_hint', { count: PART_CODE_SEARCH_MIN_CHARS })}
                    </span>
                  )
                }
              >
                <Select
                  showSearch={{ filterOption: false, onSearch: setCode }}
                  disabled={fromBc || !editable}
                  placeholder={t('details.search_part')}
                  loading={found.isFetching}
                  options={partOptions}
                  notFoundContent={code.trim().length > 4 && !found.isFetching ? t('details.no_parts') : null}
                  data-testid="part-select"
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="replenishment_qty"
                    label={t('details.fields.replenishment_qty')}
                    dependencies={['replacement_qty']}
                    rules={[
                      {
                        validator: (_, v) =>
                          positive(v) || positive(f.form.getFieldValue('replacement_qty'))
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('errors.qty_required'))),
                      },
                    ]}
                  >
                    <InputNumber<string>
                      stringMode
                      min="0"
                      step="1"
                      decimalSeparator={comma ? ',' : '.'}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="replacement_qty" label={t('details.fields.replacement_qty')}>
                    <InputNumber<string>
                      stringMode
                      min="0"
                      step="1"
                      decimalSeparator={comma ? ',' : '.'}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="warehouse"
                label={locked(t('details.fields.warehouse'))}
                rules={[{ required: true, message: t('errors.warehouse_required') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  disabled={fromBc || !editable}
                  placeholder={t('details.choose_warehouse')}
                  loading={warehouses.isLoading}
                  options={whOptions}
                />
              </Form.Item>
              <FormFooter saving={f.saving} onCancel={f.cancel} canSave={editable} />
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('details.facts')} loading={!!partId && part.isLoading}>
            <Descriptions size="small" bordered column={1} items={facts} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('details.files')}>
            {p ? (
              <PartFiles partId={p.id} files={p.files_data} editable onChanged={() => void part.refetch()} />
            ) : (
              <Typography.Text type="secondary">{t('details.choose_part_first')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
