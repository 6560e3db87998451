// /supplier/:supId/users (spec 2 "Supplier employees"): the supplier's name and registration code, its employees
// (not the main user) with groups, status and last login, edit and delete per row, an add button, 30 per page.
// Administrators and the company's ADVANCED users manage them; Contractors read.
import './people.css';
import { PlusOutlined } from '@ant-design/icons';
import { SUPPLIER_USERS_PAGE_SIZE } from '@portal/shared';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { LoadErrorResult } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useListState } from '../../lib/listState.ts';
import { useSupplier } from './api.ts';
import { SupplierUsersTable } from './SupplierUsersTable.tsx';

export default function SupplierUsersPage() {
  const { t } = useTranslation();
  const supplierId = Number(useParams().supId);
  const { hasGroup } = useAuth();
  const supplier = useSupplier(supplierId);
  const state = useListState({ defaultOrdering: 'id', defaultPageSize: SUPPLIER_USERS_PAGE_SIZE });
  if (supplier.isError) return <LoadErrorResult error={supplier.error} />;
  const s = supplier.data;
  const manage = !!s?.abilities.manage_users;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('people.employees.title')}
        extra={
          manage && (
            <Link to={`/supplier/${supplierId}/users/add`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t('people.employees.add')}
              </Button>
            </Link>
          )
        }
      />
      {s && (
        <Typography.Text>
          <Link to={`/supplier/${s.id}/details`} className="text-link">
            {s.name}
          </Link>
          {` · ${t('people.suppliers.registration_code')}: ${s.registration_code}`}
        </Typography.Text>
      )}
      <ListToolbar state={state} />
      <SupplierUsersTable
        supplierId={supplierId}
        state={state}
        employeesOnly
        showGroups
        canEdit={manage}
        canDelete={manage}
        showTerms={hasGroup('ADMINISTRATOR', 'CONTRACTOR')}
      />
    </Flex>
  );
}
