// /details: the pre-order list (spec 3 "Pre-order list"): every column of the spec, newest first, search, status
// filter, row selection and export of the chosen or all rows to export.xlsx (sheet "data"). PREPARED rows can be
// edited (administrators also delete them); a FAILED row can be prepared again in one click.
import {
  CheckCircleTwoTone,
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PlusOutlined,
  RedoOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { DETAIL_STATUSES, type DetailStatus } from '@portal/shared';
import { Button, Flex, Select, Space, Tag, Tooltip } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useBcRetry, useBcSyncState } from '../../lib/bcSync.ts';
import { createdUpdatedColumns, exportXlsx } from '../../lib/exportXlsx.ts';
import { fmtCreatedUpdated, fmtQty, unitName } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { usePhone } from '../../lib/media.ts';
import { useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import {
  DETAIL_STATUS_COLORS,
  DETAILS,
  type DetailLine,
  fetchForExport,
  tenderLink,
  useDeletePreorder,
  usePrepareAgain,
} from './api.ts';

/** Replenishment is shown as 0 when not positive (spec). */
const replenishment = (d: DetailLine) =>
  Number(d.replenishment_qty) > 0 ? fmtQty(d.replenishment_qty) : '0';

export default function PreorderListPage() {
  const { t } = useTranslation();
  const { hasGroup } = useAuth();
  const isAdmin = hasGroup('ADMINISTRATOR');
  const navigate = useNavigate();
  const wide = !usePhone();
  const state = useListState({ defaultOrdering: '-created' });
  const list = useResourceList<DetailLine>(DETAILS, state);
  const [selected, setSelected] = useState<Key[]>([]);
  const [exporting, setExporting] = useState(false);
  const del = useDeletePreorder();
  const again = usePrepareAgain();
  const keeper = isAdmin || hasGroup('CONTRACTOR');
  const bcState = useBcSyncState(keeper);
  const notConfigured = bcState.data?.configured === false;
  const sync = useBcRetry(list.data?.results);

  const statusTag = (s: DetailStatus) => (
    <Tag
      style={
        s === 'PREPARED'
          ? undefined
          : { background: DETAIL_STATUS_COLORS[s], borderColor: DETAIL_STATUS_COLORS[s], color: '#fff' }
      }
      data-testid="detail-status"
    >
      {t(`details.status.${s}`)}
    </Tag>
  );

  const bcBadge = (d: DetailLine) => {
    if (!d.bc_id) return null;
    const status = d.bc_status ?? 'pending';
    if (status === 'synced')
      return (
        <Tooltip title={t('details.bc.synced')}>
          <CheckCircleTwoTone
            twoToneColor="#52c41a"
            aria-label={t('details.bc.synced')}
            data-testid="bc-synced"
          />
        </Tooltip>
      );
    if (status === 'pending')
      return (
        <Tooltip title={t('details.bc.pending')}>
          <LoadingOutlined aria-label={t('details.bc.pending')} data-testid="bc-pending" />
        </Tooltip>
      );
    return (
      <Space size={4}>
        <Tag
          color={status === 'error' ? 'red' : status === 'incompatible' ? 'orange' : 'default'}
          data-testid="bc-status"
        >
          {t(`details.bc.${status}`)}
        </Tag>
        {keeper && (status === 'error' || status === 'incompatible') && (
          <Tooltip title={notConfigured ? t('bc.not_configured') : t('details.bc.retry')}>
            <Button
              size="small"
              icon={<SyncOutlined />}
              aria-label={t('bc.retry_named', { code: d.part_code })}
              disabled={notConfigured}
              loading={sync.busy(d.id)}
              onClick={() => sync.retry(d.id)}
            />
          </Tooltip>
        )}
      </Space>
    );
  };

  const columns: ResourceColumn<DetailLine>[] = [
    {
      key: 'files',
      title: <PaperClipOutlined aria-label={t('details.fields.files')} />,
      width: 40,
      render: (_, d) =>
        d.part_files_data.length ? (
          <Tooltip title={t('details.files_count', { count: d.part_files_data.length })}>
            <PaperClipOutlined aria-label={t('details.files_count', { count: d.part_files_data.length })} />
          </Tooltip>
        ) : null,
    },
    { key: 'part_code', title: t('details.fields.part_code'), sortable: true },
    { key: 'part_name', title: t('details.fields.part_name'), sortable: true },
    {
      key: 'replacement_qty',
      title: t('details.fields.replacement_qty'),
      sortable: true,
      align: 'right',
      render: (_, d) => fmtQty(d.replacement_qty),
    },
    {
      key: 'replenishment_qty',
      title: t('details.fields.replenishment_qty'),
      sortable: true,
      align: 'right',
      render: (_, d) => replenishment(d),
    },
    { key: 'part_unit_code', title: t('details.fields.unit'), render: (_, d) => unitName(d.part_unit_code) },
    { key: 'part_type_name', title: t('details.fields.part_type'), dataIndex: 'part_type_name' },
    {
      key: 'warehouse',
      title: t('details.fields.warehouse'),
      sortable: true,
      dataIndex: 'warehouse_name_code',
    },
    { key: 'customer_number', title: t('details.fields.customer_number'), sortable: true },
    { key: 'customer_name', title: t('details.fields.customer_name'), sortable: true },
    { key: 'creator_name', title: t('details.fields.creator') },
    {
      key: 'created',
      title: t('details.fields.created_updated'),
      sortable: true,
      render: (_, d) => fmtCreatedUpdated(d.created, d.updated),
    },
    {
      key: 'tender',
      title: t('details.fields.tender_code'),
      sortable: true,
      render: (_, d) =>
        d.tender && d.tender_code ? (
          <a href={tenderLink(d.tender, d.tender_status)} target="_blank" rel="noreferrer">
            {d.tender_code}
          </a>
        ) : null,
    },
    {
      key: 'status',
      title: t('details.fields.status'),
      sortable: true,
      render: (_, d) => statusTag(d.status),
    },
    { key: 'order_number', title: t('details.fields.order_number'), sortable: true },
    { key: 'bc', title: t('details.fields.bc'), render: (_, d) => bcBadge(d) },
    {
      key: 'actions',
      title: t('common.actions'),
      // Kept in view while the table scrolls on a desktop; on a phone the narrow screen scrolls it in.
      fixed: wide ? 'right' : undefined,
      width: 100,
      render: (_, d) => (
        <Space size={4}>
          {d.status === 'PREPARED' && !d.tender && (
            <Link to={`/details/${d.id}/edit`} aria-label={t('details.edit_named', { code: d.part_code })}>
              <Button size="small" icon={<EditOutlined />} title={t('common.edit')} />
            </Link>
          )}
          {isAdmin && d.status === 'PREPARED' && !d.tender && (
            <ConfirmButton
              question={t('details.confirm_delete', { code: d.part_code })}
              aria-label={t('details.delete_named', { code: d.part_code })}
              icon={<DeleteOutlined />}
              onConfirm={async () => {
                await del.mutateAsync(d.id);
                toast.success(t('details.deleted'));
              }}
            />
          )}
          {d.status === 'FAILED' && (
            <Tooltip title={t('details.prepare_again')}>
              <Button
                size="small"
                icon={<RedoOutlined />}
                aria-label={t('details.prepare_again_named', { code: d.part_code })}
                loading={again.isPending && again.variables === d.id}
                onClick={() =>
                  again.mutate(d.id, {
                    onSuccess: (n) => {
                      toast.success(t('details.prepared_again'));
                      navigate(`/details/${n.id}/edit`);
                    },
                  })
                }
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  async function doExport(onlySelected: boolean) {
    setExporting(true);
    try {
      const rows = await fetchForExport(state.query, onlySelected ? selected.map(Number) : undefined);
      await exportXlsx(
        [
          { title: t('details.fields.part_code'), value: (d: DetailLine) => d.part_code },
          { title: t('details.fields.part_name'), value: (d: DetailLine) => d.part_name },
          { title: t('details.fields.replacement_qty'), value: (d: DetailLine) => Number(d.replacement_qty) },
          {
            title: t('details.fields.replenishment_qty'),
            value: (d: DetailLine) => Number(replenishment(d)),
          },
          { title: t('details.fields.unit'), value: (d: DetailLine) => unitName(d.part_unit_code) },
          { title: t('details.fields.part_type'), value: (d: DetailLine) => d.part_type_name },
          { title: t('details.fields.warehouse'), value: (d: DetailLine) => d.warehouse_name_code },
          { title: t('details.fields.customer_number'), value: (d: DetailLine) => d.customer_number },
          { title: t('details.fields.customer_name'), value: (d: DetailLine) => d.customer_name },
          { title: t('details.fields.creator'), value: (d: DetailLine) => d.creator_name },
          ...createdUpdatedColumns<DetailLine>(t),
          { title: t('details.fields.tender_code'), value: (d: DetailLine) => d.tender_code },
          { title: t('details.fields.status'), value: (d: DetailLine) => t(`details.status.${d.status}`) },
          { title: t('details.fields.order_number'), value: (d: DetailLine) => d.order_number },
          {
            title: t('details.fields.bc'),
            value: (d: DetailLine) => (d.bc_id ? t(`details.bc.${d.bc_status ?? 'pending'}`) : ''),
          },
        ],
        rows,
      );
    } finally {
      setExporting(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('details.title')}
        extra={
          <Link to="/details/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('details.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar
        state={state}
        placeholder={t('details.search')}
        filters={
          <Select
            allowClear={CLEARABLE}
            mode="multiple"
            style={{ minWidth: 200 }}
            placeholder={t('details.all_statuses')}
            aria-label={t('details.fields.status')}
            value={state.filters.status ? state.filters.status.split(',') : []}
            onChange={(v: string[]) => state.setFilters({ status: v.length ? v.join(',') : undefined })}
            options={DETAIL_STATUSES.map((s) => ({ value: s, label: t(`details.status.${s}`) }))}
          />
        }
      />
      <Flex gap={8} wrap>
        <Button
          icon={<FileExcelOutlined />}
          disabled={!selected.length}
          loading={exporting}
          onClick={() => doExport(true)}
        >
          {t('details.export_selected', { count: selected.length })}
        </Button>
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => doExport(false)}>
          {t('details.export_all')}
        </Button>
      </Flex>
      <ResourceTable<DetailLine>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
        selected={selected}
        onSelect={setSelected}
      />
    </Flex>
  );
}
