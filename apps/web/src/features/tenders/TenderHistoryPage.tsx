// /tenders/{id}/history: the tender's full change history (tender, lines, offers, winners, comments, exports)
// as a table: when, who, what, and the changed values; action and entity names translated.
import { Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fmtDateTime, fmtQty, formatPrice } from '../../lib/format.ts';
import { StatusBadge } from './view/TenderHeader.tsx';
import { type HistoryEntry, useTenderHistory, useViewLines, useViewTender } from './viewApi.ts';
import './view/view.css';

const ENTITY_COLORS: Record<string, string> = {
  tender: 'blue',
  detail: 'geekblue',
  proposal: 'gold',
  winner: 'green',
  comment: 'purple',
  export: 'cyan',
  blacklist: 'red',
};

/** A value of the history data as text (objects and lists compactly). */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? fmtDateTime(v) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(showValue).join(', ');
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${showValue(x)}`)
    .join('; ');
}

export default function TenderHistoryPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const tenderQ = useViewTender(id);
  const historyQ = useTenderHistory(id);
  const linesQ = useViewLines(id);
  const rows = useMemo(
    () => [...(historyQ.data ?? [])].sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id),
    [historyQ.data],
  );
  const label = (group: string, key: string) =>
    t(`tenderView.history.${group}.${key}`, { defaultValue: key });
  const field = (key: string) => t(`tenderView.history.field.${key}`, { defaultValue: key });
  // Line ids read as their part; prices, quantities, reasons and statuses as the rest of the portal shows them.
  const parts = useMemo(
    () => new Map((linesQ.data ?? []).map((l) => [l.id, l.part_code ?? l.part_name])),
    [linesQ.data],
  );
  const value = (k: string, v: unknown): string => {
    if (v == null || v === '') return '—';
    if (k === 'detail' && typeof v === 'number') return parts.get(v) ?? `#${v}`;
    if (k === 'price') return formatPrice(String(v));
    if (k === 'amount' || k === 'qty') return fmtQty(String(v));
    if (k === 'reason') return t(`tenders.reason.${String(v)}`, { defaultValue: String(v) });
    if (k === 'status') return t(`tenders.status.${String(v)}`, { defaultValue: String(v) });
    return showValue(v);
  };

  const columns: TableColumnsType<HistoryEntry> = [
    {
      key: 'created',
      title: t('tenderView.history.when'),
      width: 150,
      render: (_v, h) => fmtDateTime(h.created),
    },
    {
      key: 'user',
      title: t('tenderView.history.who'),
      width: 180,
      render: (_v, h) => h.user_name ?? t('tenderView.history.system'),
    },
    {
      key: 'entity',
      title: t('tenderView.history.what'),
      width: 220,
      render: (_v, h) => (
        <Flex gap={4} wrap>
          <Tag color={ENTITY_COLORS[h.entity] ?? 'default'}>
            {label('entity', h.entity)}{' '}
            {h.entity === 'detail' ? (parts.get(h.entity_id) ?? `#${h.entity_id}`) : `#${h.entity_id}`}
          </Tag>
          <strong>{label('action', h.action)}</strong>
        </Flex>
      ),
    },
    {
      key: 'data',
      title: t('tenderView.history.changes'),
      render: (_v, h) => {
        const d = h.data ?? {};
        const st = h.entity === 'detail' ? 'tenders.detail_status' : 'tenders.status';
        if ((h.action === 'status' || h.action === 'chosen') && 'to' in d) {
          const { from, to, by, ...rest } = d;
          return (
            <span>
              {from ? t(`${st}.${String(from)}`, { defaultValue: String(from) }) : '—'} →{' '}
              <strong>{t(`${st}.${String(to)}`, { defaultValue: String(to) })}</strong>
              {by === 'scheduler' && (
                <Typography.Text type="secondary"> ({t('tenderView.history.system')})</Typography.Text>
              )}
              {Object.keys(rest).length > 0 && (
                <Typography.Text type="secondary">
                  {' · '}
                  {Object.entries(rest)
                    .map(([k, v]) => `${field(k)}: ${value(k, v)}`)
                    .join('; ')}
                </Typography.Text>
              )}
            </span>
          );
        }
        // A supplier's id is noise beside its name.
        const entries = Object.entries(d).filter(
          ([k, v]) =>
            !((k === 'supplier' || k === 'supplier_id') && typeof v === 'number' && 'supplier_name' in d),
        );
        if (!entries.length) return '';
        return (
          <span className="history-data">
            {entries.map(([k, v], i) => (
              <span key={k}>
                {i > 0 && '; '}
                <Typography.Text type="secondary">{field(k)}:</Typography.Text> {value(k, v)}
              </span>
            ))}
          </span>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          <Flex gap={8} align="center">
            {t('tenderView.history.title', { code: tenderQ.data?.tender_code ?? '' })}
            {tenderQ.data && <StatusBadge status={tenderQ.data.status} />}
          </Flex>
        }
        extra={<Link to={`/tenders/${id}/view`}>{t('tenderView.back_to_view')}</Link>}
      />
      <Table<HistoryEntry>
        size="small"
        rowKey="id"
        bordered
        loading={historyQ.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('tenderView.history.empty')} /> }}
        scroll={{ x: 900 }}
      />
    </Flex>
  );
}
