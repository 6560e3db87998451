// /reports/categories (Administrator, Contractor): which supplier serves which categories in which department.
// Filter: supplier name, department checkboxes (each loads that department's category tree) and a collapsible
// tree with checkboxes; the table shows 3 categories per row with a more/less toggle; 30 rows a page.
import type { CategoryTreeNode } from '@portal/shared';
import { Button, Checkbox, Collapse, Flex, Form, Input, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { FilterActions, FilterPanel } from '../../components/FilterPanel.tsx';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import { type CategoryReportRow, useCategoryTree, useGroups } from './api.ts';
import { type ExportColumn, ReportLayout } from './ReportLayout.tsx';
import { useReportList } from './useReportList.ts';

const split = (s: string | undefined) => (s ?? '').split('|').filter(Boolean);

function toTreeData(nodes: CategoryTreeNode[]): DataNode[] {
  return nodes.map((n) => ({ key: n.text, title: n.text, children: toTreeData(n.nested) }));
}

/** Up to 3 categories per row, the rest behind "n more". */
function CategoryCell(props: { names: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = open ? props.names : props.names.slice(0, 3);
  return (
    <div>
      <div className="report-categories">
        {shown.map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      {props.names.length > 3 && (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {open ? t('reports.less') : t('reports.more', { count: props.names.length - 3 })}
        </Button>
      )}
    </div>
  );
}

function CategoryFilters(props: {
  filters: Record<string, string>;
  onApply(v: Record<string, string | undefined>): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  const [name, setName] = useState(props.filters.filter_name ?? '');
  const [chosenGroups, setGroups] = useState<string[]>(split(props.filters.filter_group));
  const [chosenCats, setCats] = useState<string[]>(split(props.filters.filter_category));
  const key = JSON.stringify(props.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the applied filters (by value) reset the draft
  useEffect(() => {
    setName(props.filters.filter_name ?? '');
    setGroups(split(props.filters.filter_group));
    setCats(split(props.filters.filter_category));
  }, [key]);
  const tree = useCategoryTree(chosenGroups);
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const active = ['filter_name', 'filter_group', 'filter_category'].filter((k) => props.filters[k]).length;

  const body = (
    <Form
      layout="vertical"
      onFinish={() =>
        props.onApply({
          filter_name: name.trim() || undefined,
          filter_group: chosenGroups.join('|') || undefined,
          filter_category: chosenGroups.length ? chosenCats.join('|') || undefined : undefined,
        })
      }
    >
      <Flex wrap gap={16} align="flex-start">
        <Form.Item label={t('reports.filters.name')} htmlFor="categories-name" style={{ marginBottom: 8 }}>
          <Input
            id="categories-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            allowClear={CLEARABLE}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label={t('reports.filters.groups')} style={{ marginBottom: 8 }}>
          <Checkbox.Group
            value={chosenGroups}
            onChange={(v) => setGroups(v as string[])}
            options={(groups.data ?? []).map((g) => ({ value: g.name, label: g.name }))}
            data-testid="category-groups"
          />
        </Form.Item>
      </Flex>
      <Collapse
        size="small"
        style={{ marginBottom: 8 }}
        items={[
          {
            key: 'tree',
            label: `${t('reports.filters.tree')}${chosenCats.length ? ` (${chosenCats.length})` : ''}`,
            children: chosenGroups.length ? (
              <Tree
                checkable
                selectable={false}
                treeData={treeData}
                checkedKeys={chosenCats}
                onCheck={(k) => setCats((Array.isArray(k) ? k : k.checked).map(String))}
                defaultExpandAll
                data-testid="category-tree"
              />
            ) : (
              <Typography.Text type="secondary">{t('reports.filters.choose_group')}</Typography.Text>
            ),
          },
        ]}
      />
      <Flex justify="flex-end">
        <FilterActions
          labels={{ reset: t('reports.filters.reset'), search: t('reports.filters.search') }}
          onReset={props.onReset}
        />
      </Flex>
    </Form>
  );
  return (
    <FilterPanel id="categories" title={t('reports.filters.title')} active={active}>
      {body}
    </FilterPanel>
  );
}

export default function CategoriesPage() {
  const { t } = useTranslation();
  const report = useReportList<CategoryReportRow>('categories', { defaultOrdering: 'pk', pageSize: 30 });
  const { state } = report;
  const cats = (r: CategoryReportRow) => [
    ...new Set(r.groups.flatMap((g) => g.categories.map((c) => c.name))),
  ];

  const columns: ResourceColumn<CategoryReportRow>[] = [
    { key: 'name', title: t('reports.columns.supplier'), sortable: true },
    {
      key: 'department',
      title: t('reports.columns.department'),
      render: (_, r) => r.groups.map((g) => g.name).join(', '),
    },
    {
      key: 'categories',
      title: t('reports.columns.categories'),
      render: (_, r) => <CategoryCell names={cats(r)} />,
    },
  ];
  const exportColumns: ExportColumn<CategoryReportRow>[] = [
    { title: t('reports.columns.supplier'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.department'), value: (r) => r.groups.map((g) => g.name).join(', ') },
    { title: t('reports.columns.categories'), value: (r) => cats(r).join(', ') },
  ];

  return (
    <ReportLayout<CategoryReportRow>
      report={report}
      title={t('reports.title.categories')}
      columns={columns}
      exportColumns={exportColumns}
      filters={<CategoryFilters filters={state.filters} onApply={state.setFilters} onReset={state.reset} />}
    />
  );
}
