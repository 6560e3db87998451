// /setup/categories (spec 3 "Category management", §4): the category tree of one division (group) with search,
// expand-all and collapse-all, drag and drop (the new parent and the position among siblings are saved), a column of
// new (unplaced) categories and one of inactive categories, and each row's menu: edit, move to the tree, revert,
// deactivate, activate, trash, offered by the rules of spec §4. The tree is at most 5 levels deep.
import { DownOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { CATEGORY_MAX_DEPTH } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Dropdown,
  Empty,
  Flex,
  List,
  type MenuProps,
  Row,
  Space,
  Spin,
  Tree,
  type TreeDataNode,
  type TreeProps,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import './catalogue.css';
import { CATEGORIES, type CategoryNode, patchCategory, useCategoryTree, useGroups } from './api.ts';

const DIVISION_KEY = 'categories:division';

type Action = 'edit' | 'to_tree' | 'revert' | 'deactivate' | 'activate' | 'trash';

/** Level (1 at the top) and subtree height of every placed node. */
function measure(list: CategoryNode[]) {
  const level = new Map<number, number>();
  const height = new Map<number, number>();
  const byId = new Map<number, CategoryNode>();
  const walk = (n: CategoryNode, l: number): number => {
    byId.set(n.id, n);
    level.set(n.id, l);
    const h = 1 + Math.max(0, ...n.children.map((c) => walk(c, l + 1)));
    height.set(n.id, h);
    return h;
  };
  for (const n of list) walk(n, 1);
  return { level, height, byId };
}

function filterTree(nodes: CategoryNode[], text: string): CategoryNode[] {
  if (!text) return nodes;
  const t = text.toLowerCase();
  const out: CategoryNode[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, text);
    if (children.length || n.name.toLowerCase().includes(t) || n.code.toLowerCase().includes(t))
      out.push({ ...n, children });
  }
  return out;
}

const keysWithChildren = (nodes: CategoryNode[]): number[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...keysWithChildren(n.children)] : []));

export default function CategoriesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const groups = useGroups();
  const [division, setDivision] = useState<number | undefined>(
    () => Number(localStorage.getItem(DIVISION_KEY)) || undefined,
  );
  useEffect(() => {
    const list = groups.data ?? [];
    if (list.length && !list.some((g) => g.id === division)) setDivision(list[0].id);
  }, [groups.data, division]);
  useEffect(() => {
    if (division) localStorage.setItem(DIVISION_KEY, String(division));
  }, [division]);
  const tree = useCategoryTree(division);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  const list = tree.data?.list ?? [];
  const { level, height, byId } = useMemo(() => measure(list), [list]);
  const shown = useMemo(() => filterTree(list, search.trim()), [list, search]);
  const allKeys = useMemo(() => keysWithChildren(list), [list]);
  const expandedKeys = search.trim() ? keysWithChildren(shown) : (expanded ?? allKeys);

  const refresh = () => qc.invalidateQueries({ queryKey: ['resource', CATEGORIES] });
  const change = async (id: number, body: Record<string, unknown>, success: string) => {
    setBusy(true);
    try {
      await patchCategory(id, body);
      toast.success(success);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const key = e ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.detail) : undefined;
      toast.error(key ? errorText(key) : t('catalogue.categories.failed'));
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const act = (n: CategoryNode, a: Action) => {
    switch (a) {
      case 'edit':
        navigate(`/admin/product/categories/${n.id}/edit`);
        return;
      case 'to_tree':
        return change(n.id, { parent: 0 }, t('catalogue.categories.moved'));
      case 'revert':
        return change(n.id, { parent: null }, t('catalogue.categories.reverted'));
      case 'deactivate':
        return change(n.id, { is_active: false, is_deleted: false }, t('catalogue.categories.deactivated'));
      case 'activate':
        return change(n.id, { is_active: true, is_deleted: false }, t('catalogue.categories.activated'));
      case 'trash':
        // Irreversible: asked first.
        modal.confirm({
          title: t('catalogue.categories.trash_question', { name: n.name }),
          okText: t('catalogue.categories.trash_ok'),
          okButtonProps: { danger: true },
          cancelText: t('catalogue.categories.trash_cancel'),
          onOk: () => change(n.id, { is_active: false, is_deleted: true }, t('catalogue.categories.deleted')),
        });
        return;
    }
  };

  /** The row menu by state (spec 3 §4): revert and deactivate only without children; trash likewise. */
  const actionsOf = (n: CategoryNode, where: 'tree' | 'new' | 'inactive'): Action[] => {
    const leaf = n.children.length === 0;
    if (where === 'inactive') return ['edit', 'activate', 'trash'];
    if (where === 'new') return ['edit', 'to_tree', 'deactivate', 'trash'];
    return ['edit', ...(leaf ? (['revert', 'deactivate', 'trash'] as Action[]) : [])];
  };

  const rowMenu = (n: CategoryNode, where: 'tree' | 'new' | 'inactive'): ReactNode => {
    const items: MenuProps['items'] = actionsOf(n, where).map((a) => ({
      key: a,
      label: t(`catalogue.categories.action_${a}`),
      danger: a === 'trash',
    }));
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            void act(n, key as Action);
          },
        }}
      >
        <Button
          size="small"
          type="text"
          icon={<MoreOutlined />}
          aria-label={t('catalogue.categories.menu_of', { name: n.name })}
          title={t('catalogue.categories.menu_of', { name: n.name })}
          onClick={(e) => e.stopPropagation()}
          disabled={busy}
        />
      </Dropdown>
    );
  };

  const label = (n: CategoryNode) => (
    <span className="category-name">
      {n.name}
      {n.code && (
        <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
          {n.code}
        </Typography.Text>
      )}
    </span>
  );

  const toData = (nodes: CategoryNode[]): TreeDataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <Flex justify="space-between" align="center" gap={8} data-category={n.id}>
          {label(n)}
          {rowMenu(n, 'tree')}
        </Flex>
      ),
      children: toData(n.children),
    }));

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const pos = info.node.pos.split('-');
    const rel = info.dropPosition - Number(pos[pos.length - 1]);
    const target = byId.get(dropId);
    if (!target) return;
    let parent: number;
    let order: number;
    if (!info.dropToGap || (target.children.length > 0 && info.node.expanded && rel === 1)) {
      parent = dropId;
      order = 0;
    } else {
      parent = target.parent;
      const siblings = (parent ? (byId.get(parent)?.children ?? []) : list).filter((s) => s.id !== dragId);
      const i = siblings.findIndex((s) => s.id === dropId);
      order = rel === -1 ? i : i + 1;
    }
    const depth = (parent ? (level.get(parent) ?? 0) : 0) + (height.get(dragId) ?? 1);
    if (depth > CATEGORY_MAX_DEPTH) {
      toast.error(errorText('category_too_deep'));
      return;
    }
    void change(dragId, { parent, order }, t('catalogue.categories.moved'));
  };

  const column = (title: string, nodes: CategoryNode[], where: 'new' | 'inactive', testId: string) => (
    <Card size="small" title={<h2 className="catalogue-card-heading">{title}</h2>} data-testid={testId}>
      {nodes.length ? (
        <List
          size="small"
          dataSource={nodes}
          renderItem={(n) => (
            <List.Item key={n.id} data-category={n.id}>
              <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8}>
                {label(n)}
                {rowMenu(n, where)}
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.categories.none')} />
      )}
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('catalogue.categories.title')}
        extra={
          <Link to="/admin/product/categories/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('catalogue.categories.add')}
            </Button>
          </Link>
        }
      />
      <Flex gap={12} wrap align="center">
        <SearchBox value={search} onSearch={setSearch} placeholder={t('catalogue.categories.search')} />
        <fieldset className="catalogue-division">
          <legend className="catalogue-sr-only">{t('catalogue.categories.division')}</legend>
          <Space wrap>
            {(groups.data ?? []).map((g) => (
              <Checkbox key={g.id} checked={g.id === division} onChange={() => setDivision(g.id)}>
                {g.name}
              </Checkbox>
            ))}
          </Space>
        </fieldset>
        <Space>
          <Button onClick={() => setExpanded(allKeys)}>{t('catalogue.categories.expand_all')}</Button>
          <Button onClick={() => setExpanded([])}>{t('catalogue.categories.collapse_all')}</Button>
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={<h2 className="catalogue-card-heading">{t('catalogue.categories.tree')}</h2>}
            data-testid="category-tree"
          >
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
              {search.trim()
                ? t('catalogue.categories.drag_off')
                : t('catalogue.categories.drag_hint', { n: CATEGORY_MAX_DEPTH })}
            </Typography.Paragraph>
            <Spin spinning={tree.isFetching || busy}>
              {shown.length ? (
                <Tree
                  className="category-tree"
                  treeData={toData(shown)}
                  draggable={search.trim() ? false : { icon: false }}
                  blockNode
                  showLine
                  switcherIcon={<DownOutlined />}
                  expandedKeys={expandedKeys}
                  onExpand={(keys) => setExpanded(keys.map(Number))}
                  onDrop={onDrop}
                  selectable={false}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.categories.none')} />
              )}
            </Spin>
          </Card>
        </Col>
        <Col xs={24} md={12} lg={6}>
          {column(t('catalogue.categories.new'), tree.data?.categories ?? [], 'new', 'category-new')}
        </Col>
        <Col xs={24} md={12} lg={6}>
          {column(
            t('catalogue.categories.inactive'),
            tree.data?.inactives ?? [],
            'inactive',
            'category-inactive',
          )}
        </Col>
      </Row>
    </Flex>
  );
}
