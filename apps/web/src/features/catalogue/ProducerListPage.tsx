// /setup/producers (spec 3 "Producers"): producer and status, sortable and searchable; Administrator and Contractor
// add, edit and delete (soft, after confirmation). Suppliers see the list only.
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
import { useAuth } from '../../lib/auth.tsx';
import { errorToast } from '../../lib/errorToast.ts';
import { useListState } from '../../lib/listState.ts';
import { resourceKey, useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { PRODUCERS, type ProducerItem, softDelete } from './api.ts';

export default function ProducerListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { hasGroup } = useAuth();
  const canEdit = hasGroup('ADMINISTRATOR', 'CONTRACTOR');
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<ProducerItem>(PRODUCERS, state);

  const remove = async (p: ProducerItem) => {
    try {
      await softDelete(PRODUCERS, p.id);
    } catch (err) {
      errorToast(err);
      return;
    }
    toast.success(t('catalogue.producers.deleted', { name: p.name }));
    await qc.invalidateQueries({ queryKey: resourceKey(PRODUCERS) });
  };

  const columns: ResourceColumn<ProducerItem>[] = [
    {
      key: 'name',
      title: t('catalogue.producers.name'),
      sortable: true,
      render: (_, p) => (canEdit ? <Link to={`/setup/producers/${p.id}/edit`}>{p.name}</Link> : p.name),
    },
    {
      key: 'is_active',
      title: t('common.status'),
      sortable: true,
      width: 140,
      render: (_, p) => <StatusTag active={p.is_active} />,
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      align: 'right',
      render: (_, p) => (
        <Space>
          <Link to={`/setup/producers/${p.id}/edit`} aria-label={t('common.edit')} title={t('common.edit')}>
            <Button size="small" icon={<EditOutlined />} />
          </Link>
          <ConfirmButton
            question={t('catalogue.producers.delete_confirm', { name: p.name })}
            onConfirm={() => remove(p)}
            aria-label={t('common.delete')}
          />
        </Space>
      ),
    });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('catalogue.producers.title')}
        extra={
          canEdit && (
            <Link to="/setup/producers/add">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('catalogue.producers.add')}
              </Button>
            </Link>
          )
        }
      />
      <ListToolbar state={state} />
      <ResourceTable<ProducerItem>
        state={state}
        data={list.data}
        loading={list.isFetching}
        columns={columns}
      />
    </Flex>
  );
}
