// /setup/parttypes: name, category, status; edit link (spec 3 "Part types").
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useListState } from '../../lib/listState.ts';
import { useResourceList } from '../../lib/resource.ts';
import { PART_TYPES, type PartTypeItem } from './api.ts';

export default function PartTypeListPage() {
  const { t } = useTranslation();
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<PartTypeItem>(PART_TYPES, state);
  const columns: ResourceColumn<PartTypeItem>[] = [
    {
      key: 'name',
      title: t('parttypes.name'),
      sortable: true,
      render: (_, p) => <Link to={`/setup/parttypes/${p.id}/edit`}>{p.name}</Link>,
    },
    {
      key: 'category_name',
      title: t('parttypes.category'),
      sortable: true,
      render: (_, p) => <span title={p.category_path ?? undefined}>{p.category_name ?? '—'}</span>,
    },
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
        <Link to={`/setup/parttypes/${p.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
          <Button size="small" icon={<EditOutlined />} />
        </Link>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('parttypes.title')}
        extra={
          <Link to="/setup/parttypes/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('parttypes.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar state={state} />
      <ResourceTable<PartTypeItem>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
      />
    </Flex>
  );
}
