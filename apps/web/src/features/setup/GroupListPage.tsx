// /setup/groups: name and status, add, edit, soft delete after confirmation (spec 3, Groups).
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { errorToast } from '../../lib/errorToast.ts';
import { useListState } from '../../lib/listState.ts';
import { resourceKey, useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { GROUPS, type GroupItem, softDelete } from './api.ts';

export default function GroupListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<GroupItem>(GROUPS, state);

  const remove = async (g: GroupItem) => {
    try {
      await softDelete(GROUPS, g.id);
    } catch (err) {
      errorToast(err);
      return;
    }
    toast.success(t('setup.groups.deleted', { name: g.name }));
    await qc.invalidateQueries({ queryKey: resourceKey(GROUPS) });
  };

  const columns: ResourceColumn<GroupItem>[] = [
    {
      key: 'name',
      title: t('setup.groups.name'),
      sortable: true,
      render: (_, g) => <Link to={`/setup/groups/${g.id}/edit`}>{g.name}</Link>,
    },
    {
      key: 'is_active',
      title: t('common.status'),
      sortable: true,
      width: 140,
      render: (_, g) => <StatusTag active={g.is_active} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      align: 'right',
      render: (_, g) => (
        <Space>
          <Link to={`/setup/groups/${g.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
            <Button size="small" icon={<EditOutlined />} />
          </Link>
          <ConfirmButton
            question={t('setup.groups.delete_confirm', { name: g.name })}
            onConfirm={() => remove(g)}
            aria-label={t('common.delete')}
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('setup.groups.title')}
        extra={
          <Link to="/setup/groups/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('setup.groups.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar state={state} />
      <ResourceTable<GroupItem> state={state} data={list.data} loading={list.isFetching} columns={columns} />
    </Flex>
  );
}
