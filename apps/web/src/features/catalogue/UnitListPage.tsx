// /setup/units (spec 3 "Units"): code, name and state; sortable, searchable, paginated. Visible to Administrator
// and Supplier; an Administrator removes a unit after confirmation (is_deleted true, is_active false).
import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
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
import { softDelete, UNITS, type UnitItem } from './api.ts';

export default function UnitListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { hasGroup } = useAuth();
  const canRemove = hasGroup('ADMINISTRATOR');
  const state = useListState({ defaultOrdering: 'name' });
  const list = useResourceList<UnitItem>(UNITS, state);

  const remove = async (u: UnitItem) => {
    try {
      await softDelete(UNITS, u.id);
    } catch (err) {
      errorToast(err);
      return;
    }
    toast.success(t('catalogue.units.removed', { code: u.code }));
    await qc.invalidateQueries({ queryKey: resourceKey(UNITS) });
  };

  const columns: ResourceColumn<UnitItem>[] = [
    { key: 'code', title: t('catalogue.units.code'), sortable: true, width: 160 },
    { key: 'name', title: t('catalogue.units.name'), sortable: true },
    {
      key: 'is_active',
      title: t('common.state'),
      sortable: true,
      width: 140,
      render: (_, u) => <StatusTag active={u.is_active} />,
    },
  ];
  if (canRemove)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      align: 'right',
      render: (_, u) => (
        <ConfirmButton
          question={t('catalogue.units.remove_confirm', { code: u.code })}
          onConfirm={() => remove(u)}
          aria-label={t('catalogue.units.remove')}
        />
      ),
    });

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('catalogue.units.title')} />
      <ListToolbar state={state} />
      <ResourceTable<UnitItem> state={state} data={list.data} loading={list.isFetching} columns={columns} />
    </Flex>
  );
}
