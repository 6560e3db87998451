// A winner refuses (issue 32): under an ORDERED tender's lines, buyers see the refusals recorded and (Administrator,
// Contractor) record one: the refusing company, its lines (or its whole order), the day and the reason; each line
// proposes the next best offer (the evaluation's order; blacklisted producers and the refuser skipped), which the
// buyer keeps or changes. The server replaces the winners, makes the orders and records the claim and the breach.
import { StopOutlined } from '@ant-design/icons';
import { REFUSAL_REASON_MAX, type RefusalWinnerLine, type Tender } from '@portal/shared';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { DATE, fmtDate, fmtDateTime, fmtQty, formatPrice, formatTotal } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useRecordRefusal, useRefusals } from '../refusalApi.ts';

const SHOWN: Tender['status'][] = ['ORDERED', 'FAILED', 'CHOOSING'];

export function RefusalsCard({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const q = useRefusals(tender.id, SHOWN.includes(tender.status));
  const [open, setOpen] = useState(false);
  const data = q.data;
  const mayRecord = tender.abilities.includes('refuse_award') && !!data?.winners.length;
  if (!data || (!data.refusals.length && !mayRecord)) return null;
  return (
    <Card
      size="small"
      title={t('refusals.title')}
      data-testid="refusals-card"
      extra={
        mayRecord && (
          <Button danger icon={<StopOutlined />} onClick={() => setOpen(true)}>
            {t('refusals.record')}
          </Button>
        )
      }
    >
      {data.refusals.length ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.refusals}
          columns={[
            { key: 'refused_on', title: t('refusals.refused_on'), render: (_, r) => fmtDate(r.refused_on) },
            { key: 'supplier', title: t('refusals.supplier'), dataIndex: 'supplier_name' },
            {
              key: 'lines',
              title: t('refusals.lines'),
              render: (_, r) => (
                <Flex vertical gap={2}>
                  <Tag>{t(`refusals.scope.${r.scope}`)}</Tag>
                  {r.lines.map((l) => (
                    <span key={l.detail}>
                      {l.part_name}: {fmtQty(l.amount)} × {formatPrice(l.refused_price)} →{' '}
                      {l.replacement_supplier_name
                        ? `${l.replacement_supplier_name} ${formatPrice(l.replacement_price)}`
                        : t('refusals.no_replacement')}
                    </span>
                  ))}
                </Flex>
              ),
            },
            { key: 'reason', title: t('refusals.reason'), dataIndex: 'reason' },
            {
              key: 'claim',
              title: t('refusals.claim'),
              render: (_, r) => (
                <Flex vertical>
                  <strong>{formatTotal(r.claim_amount)}</strong>
                  <Typography.Text type="secondary">
                    {t('refusals.claim_due', { date: fmtDate(r.claim_due) })}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'by',
              title: t('refusals.recorded'),
              render: (_, r) => `${r.user_name ?? ''} ${fmtDateTime(r.created)}`,
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('refusals.none')}</Typography.Text>
      )}
      {open && <RefusalModal tender={tender} winners={data.winners} onClose={() => setOpen(false)} />}
    </Card>
  );
}

interface Values {
  supplier: number;
  refused_on: Dayjs;
  reason: string;
  lines: number[];
}

function RefusalModal(props: { tender: Tender; winners: RefusalWinnerLine[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const record = useRecordRefusal(props.tender.id);
  const companies = useMemo(() => {
    const m = new Map<number, string>();
    for (const w of props.winners) m.set(w.supplier, w.supplier_name);
    return [...m].map(([value, label]) => ({ value, label }));
  }, [props.winners]);
  const supplier = Form.useWatch('supplier', form);
  const chosen: number[] = Form.useWatch('lines', form) ?? [];
  const own = props.winners.filter((w) => w.supplier === supplier);
  const [replacements, setReplacements] = useState<Record<number, number | null>>({});
  const replacementOf = (w: RefusalWinnerLine) =>
    w.detail in replacements ? replacements[w.detail] : (w.candidates[0]?.id ?? null);

  const submit = async (v: Values) => {
    try {
      await record.mutateAsync({
        supplier: v.supplier,
        refused_on: v.refused_on.format('YYYY-MM-DD'),
        reason: v.reason,
        lines: v.lines.map((detail) => {
          const w = own.find((x) => x.detail === detail) as RefusalWinnerLine;
          return { detail, replacement: replacementOf(w) };
        }),
      });
      toast.success(t('refusals.recorded_toast'));
      props.onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const keys = Object.values(e.fieldErrors).flat();
        toast.error(keys.map((k) => errorText(k)).join(' '));
      }
    }
  };

  return (
    <Modal
      open
      width={820}
      title={t('refusals.record_title', { code: props.tender.tender_code })}
      okText={t('refusals.record_ok')}
      okButtonProps={{ danger: true, loading: record.isPending, disabled: !chosen.length }}
      cancelText={t('tenders.confirm.cancel')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">{t('refusals.explain')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ refused_on: dayjs(), lines: [] }}
        onFinish={submit}
        onValuesChange={(c) => {
          if ('supplier' in c) {
            form.setFieldValue(
              'lines',
              props.winners.filter((w) => w.supplier === c.supplier).map((w) => w.detail),
            );
            setReplacements({});
          }
        }}
      >
        <Form.Item
          name="supplier"
          label={t('refusals.supplier')}
          rules={[{ required: true, message: errorText('required') }]}
        >
          <Select
            options={companies}
            placeholder={t('refusals.choose_supplier')}
            data-testid="refusal-supplier"
          />
        </Form.Item>
        {supplier != null && (
          <Form.Item name="lines" label={t('refusals.lines_refused')} extra={t('refusals.whole_order_hint')}>
            <Checkbox.Group style={{ width: '100%' }}>
              <Flex vertical gap={8} style={{ width: '100%' }}>
                {own.map((w) => (
                  <Flex key={w.detail} gap={12} align="center" wrap>
                    <Checkbox value={w.detail} style={{ minWidth: 260 }}>
                      {w.part_code} {w.part_name}: {fmtQty(w.amount)} × {formatPrice(w.price)}
                    </Checkbox>
                    <Select
                      style={{ minWidth: 360 }}
                      disabled={!chosen.includes(w.detail)}
                      value={replacementOf(w)}
                      aria-label={t('refusals.replacement')}
                      onChange={(v) => setReplacements((r) => ({ ...r, [w.detail]: v }))}
                      options={[
                        ...w.candidates.map((c, i) => ({
                          value: c.id,
                          label: `${i === 0 ? `${t('refusals.proposed')}: ` : ''}${c.supplier_name} — ${c.producer_name} — ${formatPrice(c.price)}`,
                        })),
                        { value: null as unknown as number, label: t('refusals.no_replacement') },
                      ]}
                    />
                  </Flex>
                ))}
              </Flex>
            </Checkbox.Group>
          </Form.Item>
        )}
        <Form.Item
          name="refused_on"
          label={t('refusals.refused_on')}
          rules={[{ required: true, message: errorText('required') }]}
        >
          <DatePicker format={DATE} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('refusals.reason')}
          rules={[{ required: true, whitespace: true, message: errorText('required') }]}
        >
          <Input.TextArea rows={3} maxLength={REFUSAL_REASON_MAX} showCount />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('refusals.claim_hint')}</Typography.Text>
    </Modal>
  );
}
