// /profile (spec 2 "Profile"), for every signed-in user, in tabs: personal data (the personal code is locked once
// the user has been authorised with an eID), account (change password: the current one is verified first; delete
// account, then logout after 2 s), and for suppliers the supplier data and (ADVANCED) employees tabs.
import './people.css';
import { FIELD_MAX, SUPPLIER_USERS_PAGE_SIZE } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Popconfirm } from '../../components/Popconfirm.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorToast } from '../../lib/errorToast.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { useListState } from '../../lib/listState.ts';
import { toast } from '../../lib/toast.ts';
import { ACCOUNT_DELETE_LOGOUT_MS } from './constants.ts';
import { codeOrNull, PersonFields } from './PersonFields.tsx';
import { SupplierUsersTable } from './SupplierUsersTable.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user || !profile) return null;
  const isSupplier = user.group === 'SUPPLIER';
  const advanced = isSupplier && (user.role === 'ADVANCED' || user.is_admin);
  const tab = params.get('tab') ?? 'personal';
  const items = [
    { key: 'personal', label: t('people.profile.tab_personal'), children: <PersonalTab /> },
    { key: 'account', label: t('people.profile.tab_account'), children: <AccountTab /> },
    ...(isSupplier
      ? [{ key: 'supplier', label: t('people.profile.tab_supplier'), children: <SupplierTab /> }]
      : []),
    ...(advanced && user.supplier
      ? [
          {
            key: 'employees',
            label: t('people.profile.tab_employees'),
            children: <EmployeesTab supplierId={user.supplier} />,
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('people.profile.title')} />
      <Card>
        <Tabs
          className="profile-tabs"
          activeKey={items.some((i) => i.key === tab) ? tab : 'personal'}
          onChange={(k) => setParams(k === 'personal' ? {} : { tab: k }, { replace: true })}
          items={items}
        />
      </Card>
    </Flex>
  );
}

interface PersonalValues {
  first_name: string;
  last_name: string;
  personal_code: string;
  email: string;
  phone: string;
  position: string;
}

function PersonalTab() {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  const qc = useQueryClient();
  const [form] = Form.useForm<PersonalValues>();
  const [saving, setSaving] = useState(false);
  const locked = !!(profile as { is_authorized?: boolean } | null)?.is_authorized;
  useEffect(() => {
    if (user)
      form.setFieldsValue({
        first_name: user.first_name,
        last_name: user.last_name,
        personal_code: user.personal_code ?? '',
        email: user.email,
        phone: user.phone,
        position: user.position,
      });
  }, [user, form]);
  if (!user) return null;

  async function save(v: PersonalValues) {
    setSaving(true);
    try {
      await api('PATCH', `/users/${user?.id}/`, {
        body: {
          first_name: v.first_name,
          last_name: v.last_name,
          ...(locked ? {} : { personal_code: codeOrNull(v.personal_code) }),
          email: v.email,
          phone: v.phone?.trim() ?? '',
          position: v.position ?? '',
        },
      });
      toast.success(t('people.profile.updated'));
      await qc.invalidateQueries({ queryKey: ['profile'] });
    } catch (err) {
      for (const m of applyServerErrors(form, err)) toast.error(m);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<PersonalValues> form={form} layout="vertical" onFinish={save} className="form-card">
      <Row gutter={16}>
        <PersonFields phoneRequired={false} personalCodeLocked={locked} language={false} />
      </Row>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}

interface PasswordValues {
  current_password: string;
  password1: string;
  password2: string;
}

function AccountTab() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const empty = { required: true, message: t('errors.password_empty') };

  async function change(v: PasswordValues) {
    if (v.password1 !== v.password2) {
      const msg = t('errors.passwords_not_same');
      form.setFields([
        { name: 'password1', errors: [msg] },
        { name: 'password2', errors: [msg] },
      ]);
      toast.error(msg);
      return;
    }
    setSaving(true);
    try {
      // The server verifies the current password (and the new one's rules) first, then saves.
      await api('POST', '/check_password/', {
        body: { current_password: v.current_password, new_password: v.password1 },
      }).catch((err) => {
        if (err instanceof ApiError && err.status === 400 && err.fieldErrors.new_password)
          throw new ApiError(400, { password1: err.fieldErrors.new_password });
        throw err;
      });
      await api('POST', '/change_profile_password/', { body: v });
      toast.success(t('people.profile.password_saved'));
      form.resetFields();
    } catch (err) {
      const rest = applyServerErrors(form, err, ['current_password', 'password1', 'password2']);
      for (const m of rest) toast.error(m);
      if (!(err instanceof ApiError) || err.status !== 400) toast.error(t('people.profile.something_wrong'));
    } finally {
      setSaving(false);
    }
  }

  async function deleteAccount() {
    try {
      await api('GET', '/delete_account/');
    } catch (err) {
      // A refusal with a reason (a company's only main user) says it; anything else is "something went wrong".
      if (err instanceof ApiError && err.status === 400) errorToast(err);
      else toast.error(t('people.profile.something_wrong'));
      return;
    }
    setDeleted(true);
    toast.success(t('people.profile.account_deleted'));
    setTimeout(() => void logout(), ACCOUNT_DELETE_LOGOUT_MS);
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <Typography.Title level={2} className="section-title">
          {t('people.profile.change_password')}
        </Typography.Title>
        <Form<PasswordValues> form={form} layout="vertical" onFinish={change}>
          <Form.Item name="current_password" label={t('people.profile.current_password')} rules={[empty]}>
            <Input.Password autoComplete="current-password" maxLength={FIELD_MAX.passwordInput} />
          </Form.Item>
          <Form.Item
            name="password1"
            label={t('people.profile.new_password')}
            rules={[empty]}
            extra={t('people.profile.password_rule')}
          >
            <Input.Password autoComplete="new-password" maxLength={FIELD_MAX.passwordInput} />
          </Form.Item>
          <Form.Item name="password2" label={t('people.profile.repeat_password')} rules={[empty]}>
            <Input.Password autoComplete="new-password" maxLength={FIELD_MAX.passwordInput} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('people.profile.save_password')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Title level={2} className="section-title">
          {t('people.profile.delete_account')}
        </Typography.Title>
        <Typography.Paragraph>{t('people.profile.delete_text')}</Typography.Paragraph>
        {deleted ? (
          <Alert type="success" showIcon title={t('people.profile.account_deleted')} />
        ) : (
          <Popconfirm
            title={t('people.profile.delete_question')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            okButtonProps={{ danger: true }}
            onConfirm={deleteAccount}
          >
            <Button danger>{t('people.profile.delete_account')}</Button>
          </Popconfirm>
        )}
      </Col>
    </Row>
  );
}

function SupplierTab() {
  const { t } = useTranslation();
  const { user, profile } = useAuth();
  const s = profile?.supplier;
  if (!s || !user) return null;
  const advanced = user.role === 'ADVANCED' || user.is_admin;
  return (
    <Flex vertical gap={12}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('people.suppliers.name'), children: s.name },
          { key: 'code', label: t('people.suppliers.registration_code'), children: s.registration_code },
          {
            key: 'groups',
            label: t('people.suppliers.groups'),
            children: profile.warehouse_groups_options.map((g) => g.name).join(', ') || '—',
          },
          {
            key: 'view',
            label: t('people.suppliers.employees_can_view'),
            children: s.is_employees_can_view_proposal ? t('common.yes') : t('common.no'),
          },
        ]}
      />
      {advanced ? (
        <Link to={`/supplier/${s.id}/details`}>{t('people.profile.open_supplier_page')}</Link>
      ) : (
        <Typography.Text type="secondary">{t('people.profile.plain_note')}</Typography.Text>
      )}
    </Flex>
  );
}

function EmployeesTab({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const state = useListState({
    defaultOrdering: 'id',
    defaultPageSize: SUPPLIER_USERS_PAGE_SIZE,
    storageKey: '/profile#employees',
  });
  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <Link to={`/supplier/${supplierId}/users`}>{t('people.profile.manage_employees')}</Link>
      </Flex>
      <SupplierUsersTable
        supplierId={supplierId}
        state={state}
        employeesOnly
        canEdit
        canDelete={false}
        showTerms={false}
      />
    </Flex>
  );
}
