// Columns of the tender list (spec "Tender list"), per role, and the same data as spreadsheet columns.
import { CheckCircleOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ResourceColumn } from '../../../components/ResourceTable.tsx';
import { createdUpdatedColumns, xlsxDateTime } from '../../../lib/exportXlsx.ts';
import { fmtDateTime } from '../../../lib/format.ts';
import { TENDER_STATUS_COLORS, type Tender, tenderPath } from '../api.ts';
import { OverdueTag } from './OverdueTag.tsx';
import { TenderRowActions } from './TenderRowActions.tsx';

export function TenderStatusTag({ status, t }: { status: Tender['status']; t: TFunction }) {
  return (
    <Tag color={TENDER_STATUS_COLORS[status]} data-testid="tender-status" variant="filled">
      {t(`tenders.status.${status}`)}
    </Tag>
  );
}

function SyncIcon({ tender, t }: { tender: Tender; t: TFunction }) {
  if (tender.failed_bc_details > 0)
    return (
      <Tooltip title={t('tenders.sync.failed', { count: tender.failed_bc_details })}>
        <WarningOutlined
          style={{ color: '#cf1322' }}
          aria-label={t('tenders.sync.failed', { count: tender.failed_bc_details })}
        />
      </Tooltip>
    );
  if (tender.bc_id)
    return (
      <Tooltip title={t('tenders.sync.synced')}>
        <CheckCircleOutlined style={{ color: '#389e0d' }} aria-label={t('tenders.sync.synced')} />
      </Tooltip>
    );
  return (
    <Tooltip title={t('tenders.sync.none')}>
      <SyncOutlined style={{ color: '#bfbfbf' }} aria-label={t('tenders.sync.none')} />
    </Tooltip>
  );
}

/** Created on the first line, updated (when it differs) below it, smaller. */
function CreatedUpdated({ created, updated }: { created: string | null; updated: string | null }) {
  const c = fmtDateTime(created);
  const u = fmtDateTime(updated);
  return (
    <span className="created-updated">
      {c}
      {u && u !== c && <span className="updated">{u}</span>}
    </span>
  );
}

const num = (v: number) => <span className="num">{v}</span>;

export function tenderColumns(t: TFunction, isSupplier: boolean, phone: boolean): ResourceColumn<Tender>[] {
  const cols: (ResourceColumn<Tender> | false)[] = [
    {
      key: 'tender_code',
      title: t('tenders.fields.tender_code'),
      sortable: true,
      fixed: 'left',
      render: (_v, r) => (
        <Link to={tenderPath(r)} className="tender-code" data-testid={`tender-link-${r.id}`}>
          {r.tender_code}
        </Link>
      ),
    },
    {
      key: 'start',
      title: t('tenders.fields.start'),
      sortable: true,
      render: (_v, r) => fmtDateTime(r.start),
    },
    {
      key: 'finish',
      title: t('tenders.fields.finish'),
      sortable: true,
      render: (_v, r) => fmtDateTime(r.finish),
    },
    {
      key: 'details_count',
      title: t('tenders.fields.details_count'),
      sortable: true,
      align: 'right',
      render: (_v, r) => num(r.details_count),
    },
    {
      key: 'proposals_count',
      title: t('tenders.fields.proposals_count'),
      sortable: true,
      align: 'right',
      render: (_v, r) => num(r.proposals_count),
    },
    {
      key: 'winners_count',
      title: t('tenders.fields.winners_count'),
      sortable: true,
      align: 'right',
      render: (_v, r) => num(r.winners_count),
    },
    { key: 'creator', dataIndex: 'creator_name', title: t('tenders.fields.creator'), sortable: true },
    {
      key: 'created',
      title: t('tenders.fields.created_updated'),
      sortable: true,
      render: (_v, r) => <CreatedUpdated created={r.created} updated={r.updated} />,
    },
    { key: 'approver_name', title: t('tenders.fields.approver') },
    isSupplier && {
      key: 'proposal_created',
      title: t('tenders.fields.proposal_created_updated'),
      render: (_v, r) => <CreatedUpdated created={r.proposal_created} updated={r.proposal_updated} />,
    },
    { key: 'group', dataIndex: 'group_name', title: t('tenders.fields.group'), sortable: true },
    { key: 'warehouse', dataIndex: 'warehouse_name', title: t('tenders.fields.warehouse'), sortable: true },
    {
      key: 'status',
      title: t('tenders.fields.status'),
      sortable: true,
      fixed: 'right',
      render: (_v, r) => (
        <>
          <TenderStatusTag status={r.status} t={t} />
          {!isSupplier && r.choose_overdue && <OverdueTag t={t} />}
        </>
      ),
    },
    !isSupplier && {
      key: 'failed_bc_details',
      title: t('tenders.fields.sync'),
      fixed: 'right',
      align: 'center',
      render: (_v, r) => <SyncIcon tender={r} t={t} />,
    },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (_v, r) => <TenderRowActions tender={r} />,
    },
  ];
  // A phone shows the key columns (code, end, status, actions); the others from a tablet's width on.
  return cols.filter((c): c is ResourceColumn<Tender> => !!c && (!phone || PHONE_COLUMNS.includes(c.key)));
}
const PHONE_COLUMNS = ['tender_code', 'finish', 'status', 'actions'];

/** The spreadsheet columns (export.xlsx, sheet 'data'). */
export function tenderExportColumns(t: TFunction) {
  return [
    { title: t('tenders.fields.tender_code'), value: (r: Tender) => r.tender_code },
    { title: t('tenders.fields.start'), value: (r: Tender) => xlsxDateTime(r.start) },
    { title: t('tenders.fields.finish'), value: (r: Tender) => xlsxDateTime(r.finish) },
    { title: t('tenders.fields.details_count'), value: (r: Tender) => r.details_count },
    { title: t('tenders.fields.proposals_count'), value: (r: Tender) => r.proposals_count },
    { title: t('tenders.fields.winners_count'), value: (r: Tender) => r.winners_count },
    { title: t('tenders.fields.creator'), value: (r: Tender) => r.creator_name ?? '' },
    ...createdUpdatedColumns<Tender>(t),
    { title: t('tenders.fields.approver'), value: (r: Tender) => r.approver_name ?? '' },
    { title: t('tenders.fields.group'), value: (r: Tender) => r.group_name },
    { title: t('tenders.fields.warehouse'), value: (r: Tender) => r.warehouse_name },
    { title: t('tenders.fields.status'), value: (r: Tender) => t(`tenders.status.${r.status}`) },
    { title: t('tenders.fields.sync'), value: (r: Tender) => r.failed_bc_details },
  ] as { title: string; value: (row: never) => unknown }[];
}
