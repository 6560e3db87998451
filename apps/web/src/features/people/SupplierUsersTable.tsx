// The users of one supplier (spec 2 "Supplier page" users tab and "Supplier employees"): sortable by the
// spec's fields, 30 rows per page, role and (for buyers) terms-accepted columns, edit and delete per row when
// allowed. Used by the supplier page, the employee list and the profile's employees tab.
import { EditOutlined } from '@ant-design/icons';
import { SUPPLIER_USERS_PAGE_SIZE } from '@portal/shared';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { fmtDateTime } from '../../lib/format.ts';
import type { ListState } from '../../lib/listState.ts';
import { useResourceList } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { SUPPLIER_USERS, type SupplierUserItem, useRemove } from './api.ts';

export function SupplierUsersTable(props: {
  supplierId: number;
  state: ListState;
  /** Only employees (not the main user), as the employee list shows. */
  employeesOnly?: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Buyers see the terms-accepted column; suppliers do not. */
  showTerms: boolean;
  /** Groups column (the employee list). */
  showGroups?: boolean;
}) {
  const { t } = useTranslation();
  const list = useResourceList<SupplierUserItem>(SUPPLIER_USERS, props.state, {
    supplier: props.supplierId,
    ...(props.employeesOnly ? { is_admin: 'false' } : {}),
  });
  const remove = useRemove('account');

  const columns: ResourceColumn<SupplierUserItem>[] = [
    { key: 'first_name', title: t('people.person.first_name'), sortable: true },
    { key: 'last_name', title: t('people.person.last_name'), sortable: true },
    { key: 'email', title: t('people.person.email'), sortable: true },
    { key: 'personal_code', title: t('people.person.personal_code'), sortable: true },
    { key: 'phone', title: t('people.person.phone'), sortable: true },
    { key: 'position', title: t('people.person.position'), sortable: true },
    {
      key: 'role',
      title: t('people.person.role'),
      render: (_, u) => (
        <Space size={4}>
          {t(`roles.${u.role}`)}
          {u.is_admin && <Tag color="blue">{t('people.employees.main_user')}</Tag>}
        </Space>
      ),
    },
  ];
  if (props.showGroups)
    columns.push({
      key: 'warehouse_groups',
      title: t('people.person.groups'),
      render: (_, u) => u.warehouse_groups.map((g) => <Tag key={g}>{g}</Tag>),
    });
  columns.push(
    {
      key: 'is_active',
      title: t('common.status'),
      sortable: true,
      render: (_, u) => <StatusTag active={u.is_active} />,
    },
    {
      key: 'last_login',
      title: t('people.person.last_login'),
      sortable: true,
      render: (_, u) => fmtDateTime(u.last_login) || '—',
    },
  );
  if (props.showTerms)
    columns.push({
      key: 'terms_accepted',
      title: t('people.employees.terms_accepted'),
      render: (_, u) => (u.terms_accepted ? t('common.yes') : t('common.no')),
    });
  if (props.canEdit || props.canDelete)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      align: 'right',
      render: (_, u) => (
        <Space>
          {props.canEdit && (
            <Link
              to={`/supplier/${props.supplierId}/users/edit?id=${u.id}`}
              aria-label={t('people.employees.edit_named', { name: `${u.first_name} ${u.last_name}` })}
              title={t('common.edit')}
            >
              <Button size="small" icon={<EditOutlined />} />
            </Link>
          )}
          {props.canDelete && !u.is_admin && (
            <ConfirmButton
              question={t('people.employees.remove_question', { name: `${u.first_name} ${u.last_name}` })}
              aria-label={t('people.employees.remove_named', { name: `${u.first_name} ${u.last_name}` })}
              onConfirm={() =>
                remove.mutateAsync(u.id).then(
                  () => toast.success(t('people.employees.removed')),
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
    });

  return (
    <ResourceTable<SupplierUserItem>
      state={props.state}
      data={list.data}
      loading={list.isFetching}
      columns={columns}
      pageSizes={[SUPPLIER_USERS_PAGE_SIZE]}
    />
  );
}
