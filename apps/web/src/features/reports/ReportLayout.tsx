// The frame every report shares: the heading (h1), the filter, search and exports (selected or all rows, to
// export.xlsx sheet "data"), the table with header sorting, row selection and paging, and the totals line.
import { FileExcelOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResourceColumn, ResourceTable } from '../../components/ResourceTable.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { exportXlsx } from '../../lib/exportXlsx.ts';
import type { ListState } from '../../lib/listState.ts';
import { toast } from '../../lib/toast.ts';
import { fetchReportRows, type ListQuery, type ReportName, type ReportPage } from './api.ts';
import './reports.css';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

export function ReportLayout<T extends { id: number }>(props: {
  report: ReportName;
  title: string;
  state: ListState;
  query: ListQuery;
  data: ReportPage<T> | undefined;
  loading: boolean;
  columns: ResourceColumn<T>[];
  exportColumns: ExportColumn<T>[];
  filters: ReactNode;
  /** Shown between the filter and the table (the consolidated chart). */
  above?: ReactNode;
  totals?: ReactNode;
  pageSizes?: readonly number[];
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Key[]>([]);
  const [exporting, setExporting] = useState<'selected' | 'all' | null>(null);

  const exportRows = async (which: 'selected' | 'all') => {
    setExporting(which);
    try {
      const rows = await fetchReportRows<T>(
        props.report,
        props.query,
        which === 'selected' ? (selected as number[]) : undefined,
      );
      await exportXlsx(props.exportColumns as { title: string; value: (r: never) => unknown }[], rows);
    } catch {
      toast.error(t('errors.server_error'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Flex vertical gap={12} className="report-page" data-testid={`report-${props.report}`}>
      <Typography.Title level={1} className="report-title">
        {props.title}
      </Typography.Title>
      {props.filters}
      {props.above}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <SearchBox
          value={props.state.search}
          onSearch={(s) => {
            setSelected([]);
            props.state.setSearch(s);
          }}
          placeholder={t('reports.filters.search_placeholder')}
        />
        <Space wrap>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!selected.length}
            loading={exporting === 'selected'}
            onClick={() => exportRows('selected')}
            data-testid="export-selected"
          >
            {t('reports.export_selected', { count: selected.length })}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'all'}
            onClick={() => exportRows('all')}
            data-testid="export-all"
          >
            {t('reports.export_all')}
          </Button>
        </Space>
      </Flex>
      <ResourceTable<T>
        state={props.state}
        data={props.data}
        loading={props.loading}
        columns={props.columns}
        selected={selected}
        onSelect={setSelected}
        pageSizes={props.pageSizes}
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

/** A tender code that opens the tender in a new tab (edit while DRAFT, otherwise view); plain text without one. */
export function TenderLink(props: { id: number | null; code: string; status: string }) {
  const { t } = useTranslation();
  if (!props.id) return <>{props.code}</>;
  return (
    <a
      href={props.status === 'DRAFT' ? `/tenders/${props.id}/edit` : `/tenders/${props.id}/view`}
      target="_blank"
      rel="noopener noreferrer"
      title={t('reports.new_tab')}
    >
      {props.code}
    </a>
  );
}
