// /suppliers (spec 2 "Supplier list"): collapsible group filter (one checkbox per group, shown when there is more
// than one), search, export of the chosen or all rows, row checkboxes, pagination; a new supplier is bold until
// its page is opened. Administrators and Contractors only; adding, editing and removing is for Administrators.
import './people.css';
import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Collapse, Flex, Space, Tag } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { exportXlsx } from '../../lib/exportXlsx.ts';
import { fmtDateTime } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { fetchSuppliersForExport, SUPPLIERS, type SupplierItem, useGroups, useRemove } from './api.ts';

/**
 * A company that registered itself and has not been activated yet: inactive and still new (the list shows new
 * companies in bold until their page is opened). A company an administrator blocked is not new.
 */
const awaitingActivation = (s: SupplierItem) => s.awaiting_activation;

export default function SupplierListPage() {
  const { t } = useTranslation();
  const { hasGroup } = useAuth();
  const admin = hasGroup('ADMINISTRATOR');
  const state = useListState({ defaultOrdering: '-id' });
  const list = useResourceList<SupplierItem>(SUPPLIERS, state);
  const groups = useGroups();
  const remove = useRemove('supplier');
  const [selected, setSelected] = useState<Key[]>([]);
  const [exporting, setExporting] = useState(false);
  const chosenGroups = (state.filters.filter_groups ?? '').split(',').filter(Boolean).map(Number);

  const columns: ResourceColumn<SupplierItem>[] = [
    {
      key: 'name',
      title: t('people.suppliers.name'),
      sortable: true,
      render: (_, s) => (
        <Link to={`/supplier/${s.id}/details`} className={s.is_new ? 'supplier-new' : undefined}>
          {s.name}
          {s.is_new && <span className="sr-only"> ({t('people.suppliers.new')})</span>}
        </Link>
      ),
    },
    { key: 'registration_code', title: t('people.suppliers.registration_code'), sortable: true },
    { key: 'email', title: t('people.suppliers.email'), sortable: true },
    {
      key: 'warehouse_groups',
      title: t('people.suppliers.groups'),
      render: (_, s) => s.warehouse_groups.map((g) => <Tag key={g}>{g}</Tag>),
    },
    {
      key: 'active_users',
      title: t('people.suppliers.users'),
      render: (_, s) =>
        t('people.suppliers.user_counts', { active: s.active_users, inactive: s.non_active_users }),
    },
    {
      key: 'last_proposal_date_updated',
      title: t('people.suppliers.last_offer'),
      render: (_, s) => (s.last_proposal_date_updated ? fmtDateTime(s.last_proposal_date_updated) : '—'),
    },
    {
      key: 'is_active',
      title: t('common.state'),
      sortable: true,
      render: (_, s) => <StatusTag active={s.is_active} waiting={awaitingActivation(s)} />,
    },
  ];
  if (admin)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      align: 'right',
      render: (_, s) => (
        <Space>
          <Link to={`/suppliers/${s.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
            <Button size="small" icon={<EditOutlined />} />
          </Link>
          <ConfirmButton
            question={t('people.suppliers.remove_question', { name: s.name })}
            aria-label={t('common.delete')}
            onConfirm={() =>
              remove.mutateAsync(s.id).then(
                () => toast.success(t('people.suppliers.removed')),
                (err) =>
                  toast.error(
                    errorText(err instanceof ApiError ? (err.detail ?? 'invalid') : 'server_error'),
                  ),
              )
            }
          />
        </Space>
      ),
    });

  async function doExport(ids?: number[]) {
    setExporting(true);
    try {
      const rows = await fetchSuppliersForExport(state.query, ids);
      await exportXlsx(
        [
          { title: t('people.suppliers.name'), value: (r: SupplierItem) => r.name },
          { title: t('people.suppliers.registration_code'), value: (r: SupplierItem) => r.registration_code },
          { title: t('people.suppliers.email'), value: (r: SupplierItem) => r.email },
          { title: t('people.suppliers.country'), value: (r: SupplierItem) => r.country_code },
          { title: t('people.suppliers.groups'), value: (r: SupplierItem) => r.warehouse_groups.join(', ') },
          {
            title: t('common.state'),
            value: (r: SupplierItem) =>
              t(
                r.is_active
                  ? 'common.active'
                  : awaitingActivation(r)
                    ? 'common.waiting_activation'
                    : 'common.disabled',
              ),
          },
        ] as { title: string; value: (row: never) => unknown }[],
        rows,
      );
    } finally {
      setExporting(false);
    }
  }

  const groupFilter =
    (groups.data?.length ?? 0) > 1 ? (
      <Collapse
        size="small"
        className="group-filter"
        items={[
          {
            key: 'groups',
            label: t('people.suppliers.group_filter', { count: chosenGroups.length }),
            children: (
              <Checkbox.Group
                aria-label={t('people.suppliers.groups')}
                value={chosenGroups}
                onChange={(v) => state.setFilters({ filter_groups: (v as number[]).join(',') || undefined })}
                options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            ),
          },
        ]}
      />
    ) : null;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('people.suppliers.title')}
        extra={
          admin && (
            <Link to="/suppliers/add">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('people.suppliers.add')}
              </Button>
            </Link>
          )
        }
      />
      {groupFilter}
      <ListToolbar
        state={state}
        placeholder={t('people.suppliers.search')}
        filters={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              disabled={!selected.length}
              loading={exporting}
              onClick={() => doExport(selected.map(Number))}
            >
              {t('people.suppliers.export_selected', { count: selected.length })}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => doExport()}>
              {t('people.suppliers.export_all')}
            </Button>
          </Space>
        }
      />
      <ResourceTable<SupplierItem>
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
