// antd Table driven by a ListState: server-side sorting (column key = ordering field), our paginator,
// optional row selection. Fifteen list screens are fifteen column lists, not fifteen copies of paging code.
import { Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import type { CSSProperties, Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../lib/api.ts';
import type { ListState } from '../lib/listState.ts';
import { usePhone } from '../lib/media.ts';
import { Paginator } from './Paginator.tsx';

/** Height of the shell's sticky app bar (antd Layout.Header, `headerHeight` in providers.tsx). */
export const APP_BAR_HEIGHT = 56;

export type ResourceColumn<T> = ColumnType<T> & { key: string; sortable?: boolean };

/** What names a row for its checkbox: the first column's value ("BR-1001"), else nothing. */
function rowName(row: object, index: unknown): string {
  const v = typeof index === 'string' ? (row as Record<string, unknown>)[index] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

export function ResourceTable<T extends object>(props: {
  state: ListState;
  data: Paged<T> | undefined;
  loading?: boolean;
  columns: ResourceColumn<T>[];
  rowKey?: keyof T & string;
  selected?: Key[];
  onSelect?(keys: Key[]): void;
  rowClassName?: TableProps<T>['rowClassName'];
  pageSizes?: readonly number[];
  size?: 'small' | 'middle';
  /**
   * The column headers stay in view below the app bar while the page scrolls. Wide screens: antd's sticky header
   * with a sticky horizontal scrollbar. Phones: the screen's few phone columns at the screen's width, a plain table
   * whose header row sticks by CSS (antd's sticky header and horizontal scroll measure every column after the
   * rows are in and render the table again: half of the list's main-thread blocking on a phone).
   */
  stickyHeader?: boolean;
}) {
  const { state, data } = props;
  const { t } = useTranslation();
  const phone = usePhone();
  // Until the first page is in, the table is loading: it says so instead of "no data".
  const loading = !!props.loading || data === undefined;
  const fit = props.stickyHeader && phone;
  const desc = state.ordering.startsWith('-');
  const orderField = desc ? state.ordering.slice(1) : state.ordering;
  const columns = props.columns.map((c) => ({
    ...c,
    dataIndex: c.dataIndex ?? c.key,
    sorter: c.sortable ? true : undefined,
    sortOrder:
      c.sortable && c.key === orderField ? (desc ? ('descend' as const) : ('ascend' as const)) : null,
    sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[],
  }));
  return (
    <div
      className={fit ? 'resource-table resource-table-fit' : 'resource-table'}
      style={fit ? ({ '--app-bar-height': `${APP_BAR_HEIGHT}px` } as CSSProperties) : undefined}
    >
      <Table<T>
        size={props.size ?? 'small'}
        rowKey={props.rowKey ?? ('id' as keyof T & string)}
        loading={loading}
        locale={loading ? { emptyText: t('common.loading') } : undefined}
        dataSource={data?.results ?? []}
        columns={columns}
        pagination={false}
        rowClassName={props.rowClassName}
        scroll={fit ? undefined : { x: 'max-content' }}
        sticky={props.stickyHeader && !fit ? { offsetHeader: APP_BAR_HEIGHT } : undefined}
        showSorterTooltip={false}
        rowSelection={
          props.onSelect
            ? {
                selectedRowKeys: props.selected ?? [],
                onChange: (keys) => props.onSelect?.(keys),
                preserveSelectedRowKeys: true,
                // antd names these checkboxes in English ("Select all", "Select row 3").
                getTitleCheckboxProps: () => ({ 'aria-label': t('list.select_all') }),
                getCheckboxProps: (row) => ({
                  'aria-label': t('list.select_row', {
                    row: rowName(row, columns[0]?.dataIndex) || rowName(row, props.rowKey ?? 'id'),
                  }),
                }),
              }
            : undefined
        }
        onChange={(_p, _f, sorter) => {
          const s = sorter as SorterResult<T>;
          if (!s.columnKey) return;
          const field = String(s.columnKey);
          // Header clicks toggle ascending/descending on the server ordering.
          state.setOrdering(field === orderField && !desc ? `-${field}` : field);
        }}
      />
      {data && (
        <Paginator
          page={state.page}
          pages={data.pages}
          count={data.count}
          countMore={data.count_more}
          pageSize={state.pageSize}
          sizes={props.pageSizes}
          onPage={state.setPage}
          onPageSize={state.setPageSize}
        />
      )}
    </div>
  );
}
