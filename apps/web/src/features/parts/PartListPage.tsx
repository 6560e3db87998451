// /setup/parts: attachment icon, code, barcode, name, unit, codes, part type, status; sortable, searchable, paged
// (spec 3 "Parts list"). Parts are not added or edited here: a row's files are managed in a modal (files via
// PATCH), a part can be soft-deleted, and a button starts the business-system sync.
import { PaperClipOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PartFiles } from '../../components/PartFiles.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useBcSyncState } from '../../lib/bcSync.ts';
import { fmtDateTime, unitName } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { resourceKey, useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { PARTS, type PartItem, useDeletePart, useStartPartsSync } from './api.ts';

export default function PartListPage() {
  const { t } = useTranslation();
  const state = useListState({ defaultOrdering: 'code' });
  const list = useResourceList<PartItem>(PARTS, state);
  const del = useDeletePart();
  const sync = useStartPartsSync();
  const qc = useQueryClient();
  // The run this screen started (or found running): watched until it ends, then a success or failure toast.
  const [watchRun, setWatchRun] = useState<number | null>(null);
  const syncState = useBcSyncState(true, watchRun !== null);
  const st = syncState.data;
  const notConfigured = st?.configured === false;
  useEffect(() => {
    if (watchRun === null || !st || st.run_id !== watchRun || st.status === 'running') return;
    if (st.status === 'done') toast.success(t('bc.sync_succeeded'));
    else toast.error(t('bc.sync_failed'));
    setWatchRun(null);
    void qc.invalidateQueries({ queryKey: resourceKey(PARTS) });
    void qc.invalidateQueries({ queryKey: resourceKey('/details/') });
  }, [st, watchRun, t, qc]);
  const [filesOf, setFilesOf] = useState<number | null>(null);
  const open = list.data?.results.find((p) => p.id === filesOf) ?? null;

  const columns: ResourceColumn<PartItem>[] = [
    {
      key: 'files',
      title: <PaperClipOutlined aria-label={t('parts.files')} />,
      width: 48,
      render: (_, p) => (
        <Tooltip
          title={p.files.length ? t('parts.files_count', { count: p.files.length }) : t('parts.add_files')}
        >
          <Button
            size="small"
            type={p.files.length ? 'link' : 'text'}
            icon={p.files.length ? <PaperClipOutlined /> : <PlusOutlined />}
            aria-label={
              // The visible count starts the accessible name (WCAG 2.5.3).
              p.files.length
                ? `${p.files.length} – ${t('parts.files_of', { code: p.code })}`
                : t('parts.add_files_to', { code: p.code })
            }
            onClick={() => setFilesOf(p.id)}
            data-testid={p.files.length ? 'has-files' : undefined}
          >
            {p.files.length || null}
          </Button>
        </Tooltip>
      ),
    },
    { key: 'code', title: t('parts.code'), sortable: true },
    { key: 'barcode', title: t('parts.barcode'), sortable: true },
    { key: 'name', title: t('parts.name'), sortable: true },
    { key: 'unit_code', title: t('parts.unit'), sortable: true, render: (_, p) => unitName(p.unit_code) },
    {
      key: 'codes_tags',
      title: t('parts.codes'),
      render: (_, p) => (
        <Flex gap={4} wrap>
          {p.codes_tags.map((c) => (
            <Tag key={c}>{c}</Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'part_type_name', title: t('parts.part_type'), sortable: true },
    {
      key: 'is_active',
      title: t('common.state'),
      sortable: true,
      width: 120,
      render: (_, p) => <StatusTag active={p.is_active} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      align: 'right',
      render: (_, p) => (
        <ConfirmButton
          question={t('parts.confirm_delete', { code: p.code })}
          aria-label={t('parts.delete_named', { code: p.code })}
          onConfirm={async () => {
            await del.mutateAsync(p.id);
            toast.success(t('parts.deleted'));
          }}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('parts.title')}
        extra={
          <Tooltip title={notConfigured ? t('bc.not_configured') : undefined}>
            <Button
              icon={<SyncOutlined spin={sync.isPending || st?.status === 'running'} />}
              loading={sync.isPending}
              disabled={notConfigured}
              data-testid="parts-sync"
              onClick={() =>
                sync.mutate(undefined, {
                  onSuccess: (r) => {
                    toast.success(r.status === 'running' ? t('parts.sync_running') : t('parts.sync_started'));
                    if (r.run_id !== null) setWatchRun(r.run_id);
                  },
                })
              }
            >
              {t('parts.sync')}
            </Button>
          </Tooltip>
        }
      />
      {notConfigured && <Alert type="info" showIcon title={t('bc.not_configured')} />}
      {st && st.status !== 'idle' && (
        <Typography.Text
          type={st.status === 'failed' ? 'danger' : 'secondary'}
          data-testid="parts-sync-state"
        >
          {st.status === 'running'
            ? t('bc.running', { items: st.counts.items ?? 0 })
            : st.status === 'failed'
              ? t('bc.last_failed', {
                  time: fmtDateTime(st.finished),
                  message: t(`errors.${st.message}`, st.message ?? ''),
                })
              : t('bc.last_run', {
                  time: fmtDateTime(st.finished),
                  items: st.counts.items ?? 0,
                  created: st.counts.parts_created ?? 0,
                  updated: st.counts.parts_updated ?? 0,
                  preorders: st.counts.pre_orders_created ?? 0,
                })}
        </Typography.Text>
      )}
      <ListToolbar state={state} placeholder={t('parts.search')} />
      <ResourceTable<PartItem> state={state} data={list.data} loading={list.isFetching} columns={columns} />
      <Modal
        open={!!open}
        title={open ? t('parts.files_title', { code: open.code, name: open.name }) : ''}
        onCancel={() => setFilesOf(null)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        {open && (
          <PartFiles
            partId={open.id}
            files={open.files_data}
            editable
            onChanged={() => void list.refetch()}
          />
        )}
      </Modal>
    </Flex>
  );
}
