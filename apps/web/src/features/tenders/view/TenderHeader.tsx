// The tender's header: status, code, dates, people, group, warehouse, additional info; for suppliers the
// proposal times; while ACTIVE a live countdown to the end.
import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fmtCreatedUpdated, fmtDateTime } from '../../../lib/format.ts';
import { TENDER_STATUS_COLORS } from '../api.ts';
import type { Tender } from '../viewApi.ts';
import { ChooseClock } from './ChooseClock.tsx';
import { Countdown } from './Countdown.tsx';

export function StatusBadge({ status }: { status: Tender['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={TENDER_STATUS_COLORS[status]} data-testid="tender-status">
      {t(`tenders.status.${status}`)}
    </Tag>
  );
}

export function TenderHeader(props: {
  tender: Tender;
  isSupplier: boolean;
  offsetMs: number;
  onEnd?(): void;
}) {
  const { t } = useTranslation();
  const { tender: x, isSupplier } = props;
  const items: DescriptionsProps['items'] = [
    { key: 'status', label: t('tenders.fields.status'), children: <StatusBadge status={x.status} /> },
    { key: 'code', label: t('tenders.fields.tender_code'), children: <strong>{x.tender_code}</strong> },
    { key: 'start', label: t('tenders.fields.start'), children: fmtDateTime(x.start) },
    { key: 'finish', label: t('tenders.fields.finish'), children: fmtDateTime(x.finish) },
  ];
  if (x.status === 'ACTIVE')
    items.push({
      key: 'countdown',
      label: t('tenderView.countdown.label'),
      children: <Countdown finish={x.finish} offsetMs={props.offsetMs} onEnd={props.onEnd} />,
    });
  if (x.choose_by && !isSupplier)
    items.push({
      key: 'choose_by',
      label: t('chooseClock.label'),
      children: <ChooseClock chooseBy={x.choose_by} offsetMs={props.offsetMs} />,
    });
  items.push(
    { key: 'creator', label: t('tenders.fields.creator'), children: x.creator_name ?? '' },
    { key: 'group', label: t('tenders.fields.group'), children: x.group_name },
    {
      key: 'warehouse',
      label: t('tenders.fields.warehouse'),
      children: x.warehouse_address ? `${x.warehouse_name}, ${x.warehouse_address}` : x.warehouse_name,
    },
  );
  if (x.approver_name || x.approved)
    items.push(
      { key: 'approver', label: t('tenders.fields.approver'), children: x.approver_name ?? '' },
      { key: 'approved', label: t('tenders.fields.approved'), children: fmtDateTime(x.approved) },
    );
  if (isSupplier)
    items.push({
      key: 'proposal',
      label: t('tenders.fields.proposal_created_updated'),
      children: fmtCreatedUpdated(x.proposal_created, x.proposal_updated) || '—',
    });
  if (x.additional_info)
    items.push({
      key: 'info',
      label: t('tenders.fields.additional_info'),
      span: 'filled',
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{x.additional_info}</span>,
    });
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items}
      className="tender-header"
    />
  );
}
