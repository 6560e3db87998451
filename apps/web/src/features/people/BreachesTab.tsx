// The supplier page's breaches tab (issue 32): the company's breaches of the terms. Administrators and Contractors
// record and change them (status, penalty up to 100 €, claim, note); the company's own users read them. With two or
// more breaches not waived the tab says the terms allow exclusion, and an Administrator can exclude the company.
import { PlusOutlined } from '@ant-design/icons';
import {
  BREACH_KINDS,
  BREACH_NOTE_MAX,
  BREACH_STATUSES,
  type BreachItem,
  type BreachKind,
  exclusionAllowed,
} from '@portal/shared';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { DATE, fmtDate, formatTotal } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/toast.ts';
import { useBreaches, useBreachWrite } from './breachesApi.ts';

export function BreachesTab(props: {
  supplierId: number;
  active: boolean;
  canEdit: boolean;
  canExclude: boolean;
}) {
  const { t } = useTranslation();
  const q = useBreaches(props.supplierId);
  const w = useBreachWrite(props.supplierId);
  const [adding, setAdding] = useState(false);
  const [excluding, setExcluding] = useState(false);
  const list = q.data ?? [];
  const counted = list.filter((b) => b.status !== 'WAIVED').length;
  return (
    <Flex vertical gap={12} data-testid="breaches-tab">
      {exclusionAllowed(list) && (
        <Alert
          type="warning"
          showIcon
          title={t('breaches.exclusion_allowed', { count: counted })}
          action={
            props.canExclude &&
            props.active && (
              <Button danger onClick={() => setExcluding(true)}>
                {t('breaches.exclude')}
              </Button>
            )
          }
        />
      )}
      {props.canEdit && (
        <Flex justify="end">
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('breaches.add')}
          </Button>
        </Flex>
      )}
      <Table<BreachItem>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        pagination={false}
        dataSource={list}
        locale={{ emptyText: t('breaches.none') }}
        columns={[
          { key: 'date', title: t('breaches.occurred_on'), render: (_, b) => fmtDate(b.occurred_on) },
          {
            key: 'kind',
            title: t('breaches.kind_label'),
            render: (_, b) => (
              <Flex vertical>
                {t(`breaches.kind.${b.kind}`)}
                {b.replace_by && (
                  <Typography.Text type="secondary">
                    {t('breaches.replace_by', {
                      reported: fmtDate(b.reported_on),
                      date: fmtDate(b.replace_by),
                    })}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            key: 'tender',
            title: t('breaches.tender'),
            render: (_, b) => [b.tender_code, b.part_name].filter(Boolean).join(' — ') || '—',
          },
          { key: 'note', title: t('breaches.note'), dataIndex: 'note' },
          {
            key: 'claim',
            title: t('breaches.claim'),
            render: (_, b) =>
              b.claim_amount == null ? (
                '—'
              ) : (
                <Flex vertical>
                  {formatTotal(b.claim_amount)}
                  {b.claim_due && (
                    <Typography.Text type="secondary">
                      {t('breaches.due', { date: fmtDate(b.claim_due) })}
                    </Typography.Text>
                  )}
                </Flex>
              ),
          },
          { key: 'penalty', title: t('breaches.penalty'), render: (_, b) => formatTotal(b.penalty) },
          {
            key: 'status',
            title: t('breaches.status_label'),
            render: (_, b) =>
              props.canEdit ? (
                <Select
                  size="small"
                  value={b.status}
                  style={{ minWidth: 140 }}
                  aria-label={t('breaches.status_label')}
                  onChange={(status) =>
                    w.patch.mutate(
                      { id: b.id, status },
                      { onSuccess: () => toast.success(t('breaches.saved')) },
                    )
                  }
                  options={BREACH_STATUSES.map((s) => ({ value: s, label: t(`breaches.status.${s}`) }))}
                />
              ) : (
                t(`breaches.status.${b.status}`)
              ),
          },
        ]}
      />
      {adding && <BreachModal supplierId={props.supplierId} onClose={() => setAdding(false)} />}
      {excluding && <ExcludeModal supplierId={props.supplierId} onClose={() => setExcluding(false)} />}
    </Flex>
  );
}

interface Values {
  kind: BreachKind;
  occurred_on: Dayjs;
  reported_on?: Dayjs;
  note: string;
  claim_amount?: string;
  penalty?: string;
}

function BreachModal(props: { supplierId: number; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { create } = useBreachWrite(props.supplierId);
  const kind = Form.useWatch('kind', form);
  const submit = async (v: Values) => {
    try {
      await create.mutateAsync({
        kind: v.kind,
        occurred_on: v.occurred_on.format('YYYY-MM-DD'),
        reported_on: v.reported_on ? v.reported_on.format('YYYY-MM-DD') : null,
        note: v.note ?? '',
        claim_amount: v.claim_amount?.trim() ? v.claim_amount.trim() : null,
        penalty: v.penalty?.trim() ? v.penalty.trim() : '0',
      });
      toast.success(t('breaches.saved'));
      props.onClose();
    } catch (e) {
      const rest = applyServerErrors(form, e);
      if (rest.length) toast.error(rest.join(' '));
    }
  };
  return (
    <Modal
      open
      title={t('breaches.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'LATE_DELIVERY', occurred_on: dayjs() }}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('breaches.kind_label')}>
          <Select
            options={BREACH_KINDS.filter((k) => k !== 'REFUSED_AWARD').map((k) => ({
              value: k,
              label: t(`breaches.kind.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="occurred_on"
          label={t('breaches.occurred_on')}
          rules={[{ required: true, message: errorText('required') }]}
        >
          <DatePicker format={DATE} />
        </Form.Item>
        {kind === 'DEFECT_NOT_REPLACED' && (
          <Form.Item
            name="reported_on"
            label={t('breaches.reported_on')}
            extra={t('breaches.reported_hint')}
            rules={[{ required: true, message: errorText('required') }]}
          >
            <DatePicker format={DATE} />
          </Form.Item>
        )}
        <Form.Item name="claim_amount" label={t('breaches.claim')}>
          <Input suffix="€" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="penalty" label={t('breaches.penalty')} extra={t('breaches.penalty_hint')}>
          <Input suffix="€" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="note" label={t('breaches.note')}>
          <Input.TextArea rows={3} maxLength={BREACH_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ExcludeModal(props: { supplierId: number; onClose(): void }) {
  const { t } = useTranslation();
  const { exclude } = useBreachWrite(props.supplierId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      await exclude.mutateAsync(reason);
      toast.success(t('breaches.excluded'));
      props.onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400)
        setError(Object.values(e.fieldErrors).flat()[0] ?? 'invalid');
    }
  };
  return (
    <Modal
      open
      title={t('breaches.exclude_title')}
      okText={t('breaches.exclude')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: exclude.isPending, disabled: !reason.trim() }}
      onCancel={props.onClose}
      onOk={submit}
    >
      <Typography.Paragraph>{t('breaches.exclude_explain')}</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={BREACH_NOTE_MAX}
        value={reason}
        placeholder={t('breaches.exclude_reason')}
        aria-label={t('breaches.exclude_reason')}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
    </Modal>
  );
}
