// The frame every report shares: the heading (h1), the filter, search and exports (selected or all rows, to
// export.xlsx sheet "data"), the table with header sorting, row selection and paging, and the totals line.
import { Flex, Space, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/PageTitle.tsx';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { SpreadsheetExport } from '../../components/SpreadsheetExport.tsx';
import { toast } from '../../lib/toast.ts';
import { fetchReportRows } from './api.ts';
import { type FilterField, ReportFilters } from './ReportFilters.tsx';
import type { ReportList } from './useReportList.ts';
import './reports.css';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

export function ReportLayout<T extends { id: number }>(props: {
  report: ReportList<T>;
  title: string;
  columns: ResourceColumn<T>[];
  exportColumns: ExportColumn<T>[];
  /** The text filters of the common report filter (which also has the date range)… */
  filterFields?: FilterField[];
  /** …or a report's own filter. */
  filters?: ReactNode;
  /** Shown between the filter and the table (the consolidated chart). */
  above?: ReactNode;
  totals?: ReactNode;
}) {
  const { t } = useTranslation();
  const { name, state, query } = props.report;
  const [selected, setSelected] = useState<Key[]>([]);
  useDocumentTitle(props.title);

  return (
    <Flex vertical gap={12} className="report-page" data-testid={`report-${name}`}>
      <Typography.Title level={1} className="report-title">
        {props.title}
      </Typography.Title>
      {props.filterFields ? (
        <ReportFilters
          id={name}
          fields={props.filterFields}
          filters={state.filters}
          onApply={state.setFilters}
          onReset={state.reset}
        />
      ) : (
        props.filters
      )}
      {props.above}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <SearchBox
          value={state.search}
          onSearch={(s) => {
            setSelected([]);
            state.setSearch(s);
          }}
          placeholder={t('reports.filters.search_placeholder')}
        />
        <SpreadsheetExport
          selected={selected}
          labels={{
            selected: t('reports.export_selected', { count: selected.length }),
            all: t('reports.export_all'),
          }}
          columns={props.exportColumns}
          rows={(ids) => fetchReportRows<T>(name, query, ids)}
          onError={() => toast.error(t('errors.server_error'))}
        />
      </Flex>
      <ResourceTable<T>
        state={state}
        data={props.report.data}
        loading={props.report.loading}
        columns={props.columns}
        selected={selected}
        onSelect={setSelected}
        pageSizes={props.report.pageSizes}
      />
      {props.totals && (
        <Flex justify="flex-end" className="report-totals" data-testid="report-totals">
          {props.totals}
        </Flex>
      )}
    </Flex>
  );
}

/** "Total: a · b" with labelled figures. */
export function Totals(props: { items: { label: string; value: string; testId?: string }[] }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={16}>
      <Typography.Text strong>{t('reports.total')}:</Typography.Text>
      {props.items.map((i) => (
        <span key={i.label}>
          <span className="report-muted">{i.label} </span>
          <Typography.Text strong data-testid={i.testId}>
            {i.value}
          </Typography.Text>
        </span>
      ))}
    </Space>
  );
}
