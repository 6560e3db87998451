// /setup/blacklists (spec 3 "Blacklist list"): search, sortable columns (code, name, producers, creator,
// created/updated, status), select-all and per-row checkboxes, exports (copy, CSV, Excel, PDF, print), row actions
// edit, delete (soft, after confirmation) and the change log; the info modal shows the part's additional codes.
import { EditOutlined, HistoryOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { api, download } from '../../lib/api.ts';
import { xlsxDateTime } from '../../lib/exportXlsx.ts';
import { fmtCreatedUpdated } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { resourceKey, useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { BLACKLISTS, type BlacklistItem, softDelete } from './api.ts';
import { BlacklistInfoModal, BlacklistLogModal } from './BlacklistModals.tsx';
import { ExportButtons, type ExportColumn } from './ExportButtons.tsx';
import { i18nLanguage } from './lang.ts';

export default function BlacklistListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<BlacklistItem>(BLACKLISTS, state);
  const [selected, setSelected] = useState<Key[]>([]);
  const [info, setInfo] = useState<BlacklistItem | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);

  const remove = async (b: BlacklistItem) => {
    try {
      await softDelete(BLACKLISTS, b.id);
    } catch {
      toast.error(t('catalogue.blacklist.delete_failed'));
      return;
    }
    toast.success(t('catalogue.blacklist.deleted', { code: b.part_code }));
    setSelected((s) => s.filter((k) => k !== b.id));
    await qc.invalidateQueries({ queryKey: resourceKey(BLACKLISTS) });
  };

  const exportQuery = () =>
    selected.length
      ? { ids: selected.join(','), page_size: 0, ordering: state.ordering }
      : { page_size: 0, ordering: state.ordering, ...(state.search ? { search: state.search } : {}) };
  const status = (b: BlacklistItem) => (b.is_active ? t('common.active') : t('common.disabled'));
  const exportColumns: ExportColumn<BlacklistItem>[] = [
    { title: t('catalogue.blacklist.code'), value: (b) => b.part_code },
    { title: t('catalogue.blacklist.name'), value: (b) => b.part_name },
    { title: t('catalogue.blacklist.producers'), value: (b) => b.producers_tags.join(', ') },
    { title: t('catalogue.blacklist.creator'), value: (b) => b.creator_name ?? '' },
    {
      title: t('catalogue.blacklist.created'),
      value: (b) => fmtCreatedUpdated(b.created, b.updated),
      // The spreadsheet: the time it was last written, as a date cell.
      cell: (b) => xlsxDateTime(b.updated ?? b.created),
    },
    { title: t('common.status'), value: status },
  ];

  const columns: ResourceColumn<BlacklistItem>[] = [
    {
      key: 'code',
      title: t('catalogue.blacklist.code'),
      sortable: true,
      render: (_, b) => (
        <Space size={4}>
          <Link to={`/setup/blacklists/${b.id}/edit`}>{b.part_code}</Link>
          <Button
            type="text"
            size="small"
            icon={<InfoCircleOutlined />}
            aria-label={t('catalogue.blacklist.info_title')}
            title={t('catalogue.blacklist.info_title')}
            onClick={() => setInfo(b)}
          />
        </Space>
      ),
    },
    { key: 'name', title: t('catalogue.blacklist.name'), sortable: true, dataIndex: 'part_name' },
    {
      key: 'producers',
      title: t('catalogue.blacklist.producers'),
      render: (_, b) => (
        <Space wrap size={[4, 4]} style={{ maxWidth: 360 }}>
          {b.producers_tags.map((p) => (
            <Tag key={p}>{p}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'creator_name', title: t('catalogue.blacklist.creator'), sortable: true },
    {
      key: 'updated',
      title: t('catalogue.blacklist.created'),
      sortable: true,
      render: (_, b) => (
        <span style={{ whiteSpace: 'pre-line' }}>{fmtCreatedUpdated(b.created, b.updated)}</span>
      ),
    },
    {
      key: 'is_active',
      title: t('common.status'),
      sortable: true,
      width: 120,
      render: (_, b) => <StatusTag active={b.is_active} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      align: 'right',
      render: (_, b) => (
        <Space>
          <Link to={`/setup/blacklists/${b.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
            <Button size="small" icon={<EditOutlined />} />
          </Link>
          <Button
            size="small"
            icon={<HistoryOutlined />}
            aria-label={t('catalogue.blacklist.log_title')}
            title={t('catalogue.blacklist.log_title')}
            onClick={() => setLogOf(b.id)}
          />
          <ConfirmButton
            question={t('catalogue.blacklist.delete_confirm', { code: b.part_code })}
            onConfirm={() => remove(b)}
            aria-label={t('common.delete')}
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('catalogue.blacklist.title')}
        extra={
          <Link to="/setup/blacklists/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('catalogue.blacklist.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar state={state} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ExportButtons<BlacklistItem>
          title={t('catalogue.blacklist.title')}
          columns={exportColumns}
          rows={() => api<BlacklistItem[]>('GET', BLACKLISTS, { query: exportQuery() })}
          pdf={() =>
            download(
              `${BLACKLISTS}export_pdf/?${new URLSearchParams(
                Object.entries({ ...exportQuery(), lang: i18nLanguage() })
                  .filter(([k]) => k !== 'page_size')
                  .map(([k, v]) => [k, String(v)]),
              )}`,
              'blacklist.pdf',
            )
          }
        />
        {selected.length > 0 && (
          <Typography.Text type="secondary">
            {t('catalogue.selected', { count: selected.length })}{' '}
            <Button type="link" size="small" onClick={() => setSelected([])}>
              {t('catalogue.clear_selection')}
            </Button>
          </Typography.Text>
        )}
      </Flex>
      <ResourceTable<BlacklistItem>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
        selected={selected}
        onSelect={setSelected}
      />
      <BlacklistInfoModal entry={info} onClose={() => setInfo(null)} />
      <BlacklistLogModal id={logOf} onClose={() => setLogOf(null)} />
    </Flex>
  );
}
