// /setup/deliveries (Administrator): what the portal still has to deliver or could not deliver — e-mails, Directo
// exports and Business Central calls of the outbox — with what each is about, the error, attempts and the next try;
// filters by kind and status (pending and failed by default). A delivery can be tried again now (with a fresh
// attempts budget) or discarded (kept as discarded). Phones show one column per delivery and the actions.
import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Select, Space, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { api } from '../../lib/api.ts';
import { errorToast } from '../../lib/errorToast.ts';
import { fmtDateTime } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { usePhone } from '../../lib/media.ts';
import { resourceKey, useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { DELIVERIES, DELIVERY_KINDS, DELIVERY_STATUSES, type DeliveryItem } from './api.ts';

/** Text and background with 4.5:1 or more (WCAG 2.1 AA). */
const STATUS_STYLE: Record<DeliveryItem['status'], CSSProperties> = {
  pending: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  failed: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  done: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  discarded: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
};

function StatusCell({ d }: { d: DeliveryItem }) {
  const { t } = useTranslation();
  return (
    <Tag style={STATUS_STYLE[d.status]} data-testid="delivery-status">
      {d.in_progress ? t('setup.deliveries.in_progress') : t(`setup.deliveries.statuses.${d.status}`)}
    </Tag>
  );
}

/** What the delivery is about, in words: the mail's recipients and template, the export's tender, the order. */
function Summary({ d }: { d: DeliveryItem }) {
  const { t } = useTranslation();
  const s = d.summary;
  const tender = s.tender_id ? (
    <Link to={`/tenders/${s.tender_id}/view`}>{s.tender_code ?? `#${s.tender_id}`}</Link>
  ) : null;
  if (d.kind === 'email')
    return (
      <Flex vertical gap={0}>
        <span style={{ overflowWrap: 'anywhere' }}>{(s.recipients ?? []).join(', ') || '—'}</span>
        {s.template && (
          <Typography.Text type="secondary">
            {t(`setup.notifications.keys.${s.template}_${s.template_type ?? 'EXTERNAL'}`, {
              defaultValue: s.template,
            })}
          </Typography.Text>
        )}
      </Flex>
    );
  if (d.kind === 'directo_export')
    return (
      <span>
        {t('setup.deliveries.export_of')} {tender ?? '—'}
      </span>
    );
  return (
    <Flex vertical gap={0}>
      <span>
        {s.operation === 'withdraw_order'
          ? t('setup.deliveries.bc_withdraw')
          : t('setup.deliveries.bc_order')}{' '}
        {s.order_code ?? '—'}
      </span>
      {tender && (
        <Typography.Text type="secondary">
          {t('setup.deliveries.tender')} {tender}
        </Typography.Text>
      )}
    </Flex>
  );
}

export default function DeliveryListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const phone = usePhone();
  const state = useListState({ defaultOrdering: '-id' });
  const list = useResourceList<DeliveryItem>(DELIVERIES, state);

  const act = async (d: DeliveryItem, what: 'retry' | 'discard') => {
    try {
      await api('POST', `${DELIVERIES}${d.id}/${what}/`);
    } catch (err) {
      errorToast(err);
      return;
    }
    toast.success(t(what === 'retry' ? 'setup.deliveries.retried' : 'setup.deliveries.discarded'));
    await qc.invalidateQueries({ queryKey: resourceKey(DELIVERIES) });
  };
  const open = (d: DeliveryItem) => (d.status === 'pending' || d.status === 'failed') && !d.in_progress;
  const actions = (d: DeliveryItem) =>
    open(d) ? (
      <Space size={4} wrap>
        <ConfirmButton
          question={t('setup.deliveries.retry_confirm', { id: d.id })}
          onConfirm={() => act(d, 'retry')}
          danger={false}
          icon={<RedoOutlined />}
          aria-label={t('setup.deliveries.retry')}
        >
          {t('setup.deliveries.retry')}
        </ConfirmButton>
        <ConfirmButton
          question={t('setup.deliveries.discard_confirm', { id: d.id })}
          onConfirm={() => act(d, 'discard')}
          icon={<StopOutlined />}
          aria-label={t('setup.deliveries.discard')}
        >
          {t('setup.deliveries.discard')}
        </ConfirmButton>
      </Space>
    ) : null;
  const kindLabel = (d: DeliveryItem) => t(`setup.deliveries.kinds.${d.kind}`);
  const attempts = (d: DeliveryItem) => `${d.attempts} / ${d.max_attempts}`;

  const columns: ResourceColumn<DeliveryItem>[] = phone
    ? [
        {
          key: 'delivery',
          title: t('setup.deliveries.delivery'),
          render: (_, d) => (
            <Flex vertical gap={4} data-testid="delivery-row">
              <Flex gap={8} wrap align="center">
                <strong>{kindLabel(d)}</strong>
                <StatusCell d={d} />
              </Flex>
              <Summary d={d} />
              {d.last_error && (
                <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
                  {d.last_error}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">
                {t('setup.deliveries.attempts')}: {attempts(d)}
                {d.next_attempt_at &&
                  ` · ${t('setup.deliveries.next_try')}: ${fmtDateTime(d.next_attempt_at)}`}
              </Typography.Text>
              {actions(d)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'id', title: t('setup.deliveries.id'), sortable: true, width: 70 },
        {
          key: 'kind',
          title: t('setup.deliveries.kind'),
          sortable: true,
          width: 120,
          render: (_, d) => kindLabel(d),
        },
        {
          key: 'summary',
          title: t('setup.deliveries.summary'),
          render: (_, d) => <Summary d={d} />,
        },
        {
          key: 'status',
          title: t('common.state'),
          sortable: true,
          width: 120,
          render: (_, d) => <StatusCell d={d} />,
        },
        {
          key: 'last_error',
          title: t('setup.deliveries.error'),
          width: 240,
          render: (_, d) =>
            d.last_error ? (
              <Typography.Paragraph
                ellipsis={{ rows: 2, tooltip: d.last_error }}
                style={{ margin: 0, maxWidth: 240 }}
              >
                {d.last_error}
              </Typography.Paragraph>
            ) : (
              '—'
            ),
        },
        {
          key: 'attempts',
          title: t('setup.deliveries.attempts'),
          sortable: true,
          width: 100,
          render: (_, d) => attempts(d),
        },
        {
          key: 'next_attempt_at',
          title: t('setup.deliveries.next_try'),
          sortable: true,
          width: 150,
          render: (_, d) => (d.next_attempt_at ? fmtDateTime(d.next_attempt_at) : '—'),
        },
        {
          key: 'actions',
          title: t('common.actions'),
          width: 210,
          render: (_, d) => actions(d),
        },
      ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('setup.deliveries.title')} />
      <ListToolbar
        state={state}
        placeholder={t('setup.deliveries.search')}
        filters={
          <>
            <Select
              allowClear={CLEARABLE}
              placeholder={t('setup.deliveries.all_kinds')}
              aria-label={t('setup.deliveries.kind')}
              style={{ minWidth: 180 }}
              value={state.filters.kind || undefined}
              onChange={(v?: string) => state.setFilters({ kind: v })}
              options={DELIVERY_KINDS.map((k) => ({ value: k, label: t(`setup.deliveries.kinds.${k}`) }))}
            />
            <Select
              allowClear={CLEARABLE}
              placeholder={t('setup.deliveries.open_statuses')}
              aria-label={t('common.state')}
              style={{ minWidth: 180 }}
              value={state.filters.status || undefined}
              onChange={(v?: string) => state.setFilters({ status: v })}
              options={DELIVERY_STATUSES.map((s) => ({
                value: s,
                label: t(`setup.deliveries.statuses.${s}`),
              }))}
            />
          </>
        }
      />
      <ResourceTable<DeliveryItem>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
        stickyHeader
      />
    </Flex>
  );
}
