// /workers (spec 2 "Workers"): first name, last name, e-mail, personal code, business-system code, phone, role,
// position, groups, status, last login; sortable, searchable, 50 a page, edit and delete. Administrators only.
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tag } from 'antd';
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
import { fmtDateTime } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { useRemove, WORKERS, type WorkerItem } from './api.ts';

export default function WorkerListPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const state = useListState({ defaultOrdering: 'first_name' });
  const list = useResourceList<WorkerItem>(WORKERS, state);
  const remove = useRemove('account');
  const name = (w: WorkerItem) => `${w.first_name} ${w.last_name}`;

  const columns: ResourceColumn<WorkerItem>[] = [
    {
      key: 'first_name',
      title: t('people.person.first_name'),
      sortable: true,
      render: (_, w) => <Link to={`/workers/${w.id}/edit`}>{w.first_name}</Link>,
    },
    { key: 'last_name', title: t('people.person.last_name'), sortable: true },
    { key: 'email', title: t('people.person.email'), sortable: true },
    { key: 'personal_code', title: t('people.person.personal_code'), sortable: true },
    { key: 'bc_code', title: t('people.workers.bc_code'), sortable: true },
    { key: 'phone', title: t('people.person.phone'), sortable: true },
    { key: 'group', title: t('people.person.role'), sortable: true, render: (_, w) => t(`roles.${w.group}`) },
    { key: 'position', title: t('people.person.position'), sortable: true },
    {
      key: 'warehouse_groups',
      title: t('people.person.groups'),
      render: (_, w) => w.warehouse_groups.map((g) => <Tag key={g}>{g}</Tag>),
    },
    {
      key: 'is_active',
      title: t('common.status'),
      sortable: true,
      render: (_, w) => <StatusTag active={w.is_active} />,
    },
    {
      key: 'last_login',
      title: t('people.person.last_login'),
      sortable: true,
      render: (_, w) => fmtDateTime(w.last_login) || '—',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'right',
      render: (_, w) => (
        <Space>
          <Link to={`/workers/${w.id}/edit`} aria-label={t('people.workers.edit_named', { name: name(w) })}>
            <Button size="small" icon={<EditOutlined />} />
          </Link>
          {w.id !== user?.id && (
            <ConfirmButton
              question={t('people.workers.remove_question', { name: name(w) })}
              aria-label={t('people.workers.remove_named', { name: name(w) })}
              onConfirm={() =>
                remove.mutateAsync(w.id).then(
                  () => toast.success(t('people.workers.removed')),
                  (err) =>
                    toast.error(
                      errorText(err instanceof ApiError ? (err.detail ?? 'invalid') : 'server_error'),
                    ),
                )
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('people.workers.title')}
        extra={
          <Link to="/workers/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('people.workers.add')}
            </Button>
          </Link>
        }
      />
      <ListToolbar state={state} />
      <ResourceTable<WorkerItem> state={state} data={list.data} loading={list.isFetching} columns={columns} />
    </Flex>
  );
}
