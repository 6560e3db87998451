// /setup/warehouses: name, description, address, group, state; sortable, searchable, paginated, edit link
// (spec 3, Warehouses). A group filter narrows the list.
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useListState } from '../../lib/listState.ts';
import { useResourceList } from '../../lib/resource.ts';
import { useGroupOptions, WAREHOUSES, type WarehouseItem } from './api.ts';

export default function WarehouseListPage() {
  const { t } = useTranslation();
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<WarehouseItem>(WAREHOUSES, state);
  const groups = useGroupOptions(false);

  const columns: ResourceColumn<WarehouseItem>[] = [
    {
      key: 'name',
      title: t('setup.warehouses.name'),
      sortable: true,
      render: (_, w) => <Link to={`/setup/warehouses/${w.id}/edit`}>{w.name}</Link>,
    },
    { key: 'description', title: t('setup.warehouses.description'), sortable: true, ellipsis: true },
    { key: 'address', title: t('setup.warehouses.address'), sortable: true },
    { key: 'group_name', title: t('setup.warehouses.group'), sortable: true },
    {
      key: 'is_active',
      title: t('common.state'),
      sortable: true,
      width: 130,
      render: (_, w) => <StatusTag active={w.is_active} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      align: 'right',
      render: (_, w) => (
        <Link to={`/setup/warehouses/${w.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
          <Button size="small" icon={<EditOutlined />} />
        </Link>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('setup.warehouses.title')}
        extra={
          <Link to="/setup/warehouses/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('setup.warehouses.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar
        state={state}
        filters={
          <Select
            allowClear={CLEARABLE}
            placeholder={t('setup.warehouses.all_groups')}
            aria-label={t('setup.warehouses.group')}
            style={{ minWidth: 200 }}
            value={state.filters.group ? Number(state.filters.group) : undefined}
            onChange={(v?: number) => state.setFilters({ group: v ? String(v) : undefined })}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        }
      />
      <ResourceTable<WarehouseItem>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
      />
    </Flex>
  );
}
