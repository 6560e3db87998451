// /supplier/:supId/details (spec 2 "Supplier page"): for ADVANCED users of the company, Administrators and
// Contractors. Opening it marks a new supplier as seen. The header has edit, then confirm and cancel (ADVANCED users
// and Administrators); the fields become a form in edit mode (groups: Administrators only). The employees-may-view
// switch saves at once (Administrators, Contractors, the company's ADVANCED users); Administrators activate and
// deactivate. Tabs: users (30 a page, sortable) and categories (group checkboxes, a tree per group, editable by
// Administrators in edit mode; cancel restores the remembered categories).
import './people.css';
import { CheckOutlined, CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_MAX, SUPPLIER_USERS_PAGE_SIZE } from '@portal/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Tree,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadErrorResult } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Popconfirm } from '../../components/Popconfirm.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { useListState } from '../../lib/listState.ts';
import { toast } from '../../lib/toast.ts';
import {
  type SupplierCategoryNode,
  type SupplierItem,
  useCategoryLinks,
  useCategoryTree,
  useGroups,
  useSupplier,
  useSupplierPatch,
} from './api.ts';
import { BreachesTab } from './BreachesTab.tsx';
import { countryOptions } from './countries.ts';
import { SupplierUsersTable } from './SupplierUsersTable.tsx';

interface Values {
  name: string;
  registration_code: string;
  address: string;
  country_code: string;
  email: string;
  notes: string;
  warehouse_groups: number[];
}

const toValues = (s: SupplierItem): Values => ({
  name: s.name,
  registration_code: s.registration_code,
  address: s.address,
  country_code: s.country_code,
  email: s.email,
  notes: s.notes,
  warehouse_groups: s.warehouse_groups_tags.map((g) => g.id),
});

const toTree = (nodes: SupplierCategoryNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.text, children: toTree(n.nested) }));

export default function SupplierPage() {
  const { t, i18n } = useTranslation();
  const supplierId = Number(useParams().supId);
  const { hasGroup } = useAuth();
  const supplier = useSupplier(supplierId);
  const patch = useSupplierPatch(supplierId);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Values>();
  /** Category choices per group while editing; cancel drops them (the links on the server are the memory). */
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const [tab, setTab] = useState('users');
  const usersState = useListState({ defaultOrdering: 'id', defaultPageSize: SUPPLIER_USERS_PAGE_SIZE });
  const s = supplier.data;
  const ab = s?.abilities;

  // Opening the page marks a new supplier as seen (spec: bold until opened).
  const seen = useRef(false);
  // A company still new when the page opened and not active is waiting for its activation (while the page is open).
  const arrivedNew = seen.current || !!s?.is_new;
  useEffect(() => {
    if (s?.is_new && !seen.current && hasGroup('ADMINISTRATOR', 'CONTRACTOR')) {
      seen.current = true;
      patch.mutate({ is_new: false });
    }
  }, [s?.is_new, hasGroup, patch]);

  if (supplier.isError) return <LoadErrorResult error={supplier.error} />;
  if (!s || !ab) return <Spin size="large" className="page-loading" />;

  function startEdit() {
    if (!s) return;
    form.setFieldsValue(toValues(s));
    setChosen({});
    setEditing(true);
  }
  function cancel() {
    setChosen({}); // the remembered categories come back from the server's links
    setEditing(false);
  }
  async function confirm(values: Values) {
    if (!s || !ab) return;
    const body: Record<string, unknown> = {
      address: values.address ?? '',
      country_code: values.country_code,
      email: values.email,
      notes: values.notes ?? '',
      name: values.name,
    };
    if (ab.edit_groups) {
      body.warehouse_groups = values.warehouse_groups;
      body.registration_code = values.registration_code;
    }
    const groups = Object.keys(chosen).map(Number);
    if (ab.edit_categories && groups.length) {
      body.categories = groups
        .filter((g) => !ab.edit_groups || values.warehouse_groups.includes(g))
        .map((g) => ({ group: g, categories: chosen[g] }));
      body.category_update_ts = s.category_update_ts;
    }
    try {
      await patch.mutateAsync(body);
    } catch (err) {
      const rest = applyServerErrors(form, err);
      for (const m of rest) toast.error(m);
      return;
    }
    toast.success(t('people.suppliers.updated'));
    setChosen({});
    setEditing(false);
  }

  const saveNow = (body: Record<string, unknown>, message: string) =>
    patch.mutateAsync(body).then(
      () => toast.success(message),
      (err) => toast.error(errorText(err instanceof ApiError ? (err.detail ?? 'invalid') : 'server_error')),
    );

  const header = (
    <Space wrap>
      {ab.edit_active && (
        <Popconfirm
          title={
            s.is_active ? t('people.suppliers.deactivate_question') : t('people.suppliers.activate_question')
          }
          okText={t('common.yes')}
          cancelText={t('common.no')}
          onConfirm={() =>
            saveNow(
              { is_active: !s.is_active },
              s.is_active ? t('people.suppliers.deactivated') : t('people.suppliers.activated'),
            )
          }
        >
          <Button danger={s.is_active} type={s.is_active ? 'default' : 'primary'}>
            {s.is_active ? t('people.suppliers.deactivate') : t('people.suppliers.activate')}
          </Button>
        </Popconfirm>
      )}
      {ab.edit && !editing && (
        <Button icon={<EditOutlined />} onClick={startEdit}>
          {t('common.edit')}
        </Button>
      )}
      {editing && (
        <>
          <Button icon={<CloseOutlined />} onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={patch.isPending}
            onClick={() => form.submit()}
          >
            {t('people.suppliers.confirm')}
          </Button>
        </>
      )}
    </Space>
  );

  const showGroups = hasGroup('ADMINISTRATOR', 'CONTRACTOR');
  return (
    <Flex vertical gap={16}>
      <PageHeader
        tabTitle={s.name}
        title={
          <>
            {s.name} <StatusTag active={s.is_active} waiting={!s.is_active && arrivedNew} />
          </>
        }
        extra={header}
      />
      <Card>
        {editing ? (
          <SupplierFields form={form} supplier={s} onFinish={confirm} language={i18n.language} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            items={[
              { key: 'code', label: t('people.suppliers.registration_code'), children: s.registration_code },
              { key: 'email', label: t('people.suppliers.email'), children: s.email || '—' },
              { key: 'address', label: t('people.suppliers.address'), children: s.address || '—' },
              {
                key: 'country',
                label: t('people.suppliers.country'),
                children: new Intl.DisplayNames([i18n.language], { type: 'region' }).of(s.country_code),
              },
              ...(showGroups
                ? [
                    {
                      key: 'groups',
                      label: t('people.suppliers.groups'),
                      children: s.warehouse_groups.map((g) => <Tag key={g}>{g}</Tag>),
                    },
                  ]
                : []),
              { key: 'notes', label: t('people.suppliers.notes'), children: s.notes || '—' },
            ]}
          />
        )}
        <Flex align="center" gap={8} className="switch-row">
          <Switch
            id="employees-can-view"
            checked={s.is_employees_can_view_proposal}
            disabled={!ab.switch_view_proposals}
            loading={patch.isPending}
            onChange={(v) => saveNow({ is_employees_can_view_proposal: v }, t('people.suppliers.updated'))}
          />
          <label htmlFor="employees-can-view">{t('people.suppliers.employees_can_view')}</label>
        </Flex>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'users',
              label: t('people.suppliers.tab_users'),
              children: (
                <Flex vertical gap={12}>
                  {ab.manage_users && (
                    <Flex justify="end">
                      <Link to={`/supplier/${s.id}/users/add`}>
                        <Button icon={<PlusOutlined />}>{t('people.employees.add')}</Button>
                      </Link>
                    </Flex>
                  )}
                  <SupplierUsersTable
                    supplierId={s.id}
                    state={usersState}
                    canEdit={editing && ab.manage_users}
                    canDelete={editing && hasGroup('ADMINISTRATOR')}
                    showTerms={showGroups}
                  />
                </Flex>
              ),
            },
            {
              key: 'categories',
              label: t('people.suppliers.tab_categories'),
              children: (
                <CategoriesTab
                  supplier={s}
                  editable={editing && ab.edit_categories}
                  chosen={chosen}
                  onChange={(group, keys) => setChosen((c) => ({ ...c, [group]: keys }))}
                />
              ),
            },
            {
              key: 'breaches',
              label: t('breaches.tab'),
              children: (
                <BreachesTab
                  supplierId={s.id}
                  active={s.is_active}
                  canEdit={showGroups}
                  canExclude={hasGroup('ADMINISTRATOR')}
                />
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}

function SupplierFields(props: {
  form: ReturnType<typeof Form.useForm<Values>>[0];
  supplier: SupplierItem;
  onFinish(v: Values): void;
  language: string;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  const ab = props.supplier.abilities;
  const countries = useMemo(() => countryOptions(props.language), [props.language]);
  const required = { required: true, whitespace: true, message: t('errors.required') };
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  for (const g of props.supplier.warehouse_groups_tags)
    if (!groupOptions.some((o) => o.value === g.id)) groupOptions.push({ value: g.id, label: g.name });
  return (
    <Form<Values> form={props.form} layout="vertical" onFinish={props.onFinish}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('people.suppliers.name')} rules={[required]}>
            <Input maxLength={FIELD_MAX.name} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="registration_code"
            label={t('people.suppliers.registration_code')}
            rules={[required]}
          >
            <Input maxLength={FIELD_MAX.registrationCode} disabled={!ab.edit_groups} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('people.suppliers.email')}
            rules={[required, { type: 'email', message: t('errors.invalid_email') }]}
          >
            <Input type="email" maxLength={FIELD_MAX.email} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="country_code" label={t('people.suppliers.country')}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('people.suppliers.address')}>
            <Input maxLength={FIELD_MAX.address} />
          </Form.Item>
        </Col>
        {ab.edit_groups && (
          <Col span={24}>
            <Form.Item
              name="warehouse_groups"
              label={t('people.suppliers.groups')}
              rules={[{ required: true, type: 'array', min: 1, message: t('errors.choose_group') }]}
            >
              <Select
                mode="multiple"
                options={groupOptions}
                optionFilterProp="label"
                loading={groups.isLoading}
              />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="notes" label={t('people.suppliers.notes')}>
            <Input.TextArea rows={3} maxLength={FIELD_MAX.notes} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

function CategoriesTab(props: {
  supplier: SupplierItem;
  editable: boolean;
  chosen: Record<number, number[]>;
  onChange(group: number, keys: number[]): void;
}) {
  const { t } = useTranslation();
  const groups = props.supplier.warehouse_groups_tags;
  const [shown, setShown] = useState<number[]>(groups.length ? [groups[0].id] : []);
  if (!groups.length) return <Empty description={t('people.suppliers.no_groups')} />;
  return (
    <Flex vertical gap={12}>
      {props.editable && <Alert type="info" showIcon title={t('people.suppliers.categories_hint')} />}
      <Alert
        type="info"
        showIcon
        title={t('people.suppliers.categories_mail_note')}
        data-testid="categories-mail-note"
      />
      <Checkbox.Group
        aria-label={t('people.suppliers.groups')}
        value={shown}
        onChange={(v) => setShown(v as number[])}
        options={groups.map((g) => ({ value: g.id, label: g.name }))}
      />
      <Row gutter={[16, 16]}>
        {groups
          .filter((g) => shown.includes(g.id))
          .map((g) => (
            <Col xs={24} lg={12} key={g.id}>
              <GroupTree
                supplierId={props.supplier.id}
                group={g}
                editable={props.editable}
                chosen={props.chosen[g.id]}
                onChange={(keys) => props.onChange(g.id, keys)}
              />
            </Col>
          ))}
      </Row>
    </Flex>
  );
}

function GroupTree(props: {
  supplierId: number;
  group: { id: number; name: string };
  editable: boolean;
  chosen: number[] | undefined;
  onChange(keys: number[]): void;
}) {
  const { t } = useTranslation();
  const tree = useCategoryTree(props.supplierId, props.group.id);
  const links = useCategoryLinks(props.supplierId, props.group.id);
  const data = useMemo(() => toTree(tree.data ?? []), [tree.data]);
  const remembered = useMemo(() => (links.data ?? []).map((l) => l.category), [links.data]);
  const checked = props.chosen ?? remembered;
  return (
    <Card size="small" title={props.group.name} loading={tree.isLoading || links.isLoading}>
      {data.length ? (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          disabled={!props.editable}
          treeData={data}
          checkedKeys={checked}
          aria-label={t('people.suppliers.categories_of', { group: props.group.name })}
          onCheck={(keys) => {
            const list = Array.isArray(keys) ? keys : keys.checked;
            props.onChange(list.map(Number));
          }}
        />
      ) : (
        <Empty description={t('people.suppliers.no_categories')} />
      )}
    </Card>
  );
}
