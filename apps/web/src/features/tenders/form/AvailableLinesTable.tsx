// Free (PREPARED) lines of the chosen warehouse: search, server sorting and paging (50 per page); a line can be
// added only when its quantity is above 0. Lines taken out of this tender in the form (still WAITING on the
// server until saved) are listed first so they can be put back.
import { PlusCircleOutlined } from '@ant-design/icons';
import { canChooseLine } from '@portal/shared';
import { Button, Flex, Table, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from '../../../components/Paginator.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty } from '../../../lib/format.ts';
import type { DetailLine } from '../api.ts';
import { lineColumns } from './lineColumns.tsx';

export const AvailableLinesTable = memo(function AvailableLinesTable(props: {
  lines: DetailLine[];
  count: number;
  pages: number;
  loading: boolean;
  page: number;
  search: string;
  ordering: string;
  released: DetailLine[];
  onPage(page: number): void;
  onSearch(search: string): void;
  onOrdering(ordering: string): void;
  onAdd(lines: DetailLine[]): void;
}) {
  const { t } = useTranslation();
  const desc = props.ordering.startsWith('-');
  const orderField = desc ? props.ordering.slice(1) : props.ordering;
  const rows = useMemo(
    () => (props.page === 1 ? [...props.released, ...props.lines] : props.lines),
    [props.page, props.released, props.lines],
  );
  const addable = useMemo(() => rows.filter((l) => canChooseLine(l.qty)), [rows]);

  const columns = useMemo(
    () => [
      ...lineColumns<DetailLine>(t, (r) => r).map((c) => ({
        ...c,
        sorter: c.sortable ? true : undefined,
        sortOrder:
          c.sortable && c.key === orderField ? (desc ? ('descend' as const) : ('ascend' as const)) : null,
      })),
      {
        key: 'qty',
        title: t('tenders.fields.qty'),
        align: 'right' as const,
        fixed: 'right' as const,
        render: (_: unknown, r: DetailLine) => <span className="num">{fmtQty(r.qty)}</span>,
      },
      {
        key: 'add',
        title: '',
        fixed: 'right' as const,
        render: (_: unknown, r: DetailLine) => {
          const ok = canChooseLine(r.qty);
          return (
            <Tooltip title={ok ? t('tenders.form.add_line') : t('tenders.form.zero_qty')}>
              <Button
                size="small"
                type="text"
                icon={<PlusCircleOutlined style={{ color: ok ? '#0b5cab' : undefined }} />}
                disabled={!ok}
                aria-label={t('tenders.form.add_line')}
                data-testid={`add-line-${r.id}`}
                onClick={() => props.onAdd([r])}
              />
            </Tooltip>
          );
        },
      },
    ],
    [t, orderField, desc, props.onAdd],
  );

  return (
    <div className="tender-lines" data-testid="available-lines">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <SearchBox
          value={props.search}
          onSearch={props.onSearch}
          placeholder={t('tenders.form.search_lines')}
        />
        <Button
          icon={<PlusCircleOutlined />}
          disabled={!addable.length}
          onClick={() => props.onAdd(addable)}
          data-testid="add-page-lines"
        >
          {t('tenders.form.add_page', { count: addable.length })}
        </Button>
      </Flex>
      <Table<DetailLine>
        size="small"
        rowKey="id"
        loading={props.loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        showSorterTooltip={false}
        rowClassName={(r) => (canChooseLine(r.qty) ? '' : 'line-zero-qty')}
        locale={{ emptyText: t('tenders.form.no_available_lines') }}
        onChange={(_p, _f, sorter) => {
          const s = sorter as SorterResult<DetailLine>;
          if (!s.columnKey) return;
          const field = String(s.columnKey);
          props.onOrdering(field === orderField && !desc ? `-${field}` : field);
        }}
      />
      {props.pages > 1 || props.count > 0 ? (
        <Paginator
          page={props.page}
          pages={props.pages}
          count={props.count}
          pageSize={50}
          onPage={props.onPage}
        />
      ) : (
        <Typography.Text type="secondary" />
      )}
    </div>
  );
});
