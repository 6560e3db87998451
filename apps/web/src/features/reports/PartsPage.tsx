// /reports/parts: offered prices per tender line (lowest, highest), the winning prices with their reasons and the
// ordered sum. Prices up to 4 decimals, trailing zeros trimmed; sums 2. The start filter defaults to the first
// day of the current month.
import { tallinnDay } from '@portal/shared';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import { fmtDate } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { type PartReportRow, useReport } from './api.ts';
import { fmtPrice, fmtSum } from './format.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { type ExportColumn, ReportLayout, TenderLink, Totals } from './ReportLayout.tsx';

export default function PartsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const defaultFilters = useMemo(() => ({ filter_start: `${tallinnDay(new Date()).slice(0, 7)}-01` }), []);
  const state = useListState({ defaultOrdering: 'code', defaultFilters });
  const list = useReport<PartReportRow>('parts', state.query);
  const period = (r: PartReportRow) => `${fmtDate(r.period.start)} – ${fmtDate(r.period.finish)}`;
  const num = (v: string) => <span className="report-num">{v}</span>;

  const columns: ResourceColumn<PartReportRow>[] = [
    { key: 'code', title: t('reports.columns.part_code'), sortable: true },
    { key: 'name', title: t('reports.columns.part_name'), sortable: true },
    {
      key: 'tender_code',
      title: t('reports.columns.tender'),
      sortable: true,
      render: (_, r) => <TenderLink id={r.tender} code={r.tender_code} status={r.tender_status} />,
    },
    { key: 'period', title: t('reports.columns.period'), sortable: true, render: (_, r) => period(r) },
    {
      key: 'min_price',
      title: t('reports.columns.min_price'),
      sortable: true,
      align: 'right',
      render: (_, r) => num(fmtPrice(r.min_price, lang)),
    },
    {
      key: 'max_price',
      title: t('reports.columns.max_price'),
      sortable: true,
      align: 'right',
      render: (_, r) => num(fmtPrice(r.max_price, lang)),
    },
    {
      key: 'prices',
      title: t('reports.columns.prices'),
      align: 'right',
      render: (_, r) => num(r.prices.map((p) => fmtPrice(p, lang)).join('; ')),
    },
    {
      key: 'reasons',
      title: t('reports.columns.reasons'),
      render: (_, r) => r.reasons.map((x) => <Tag key={x}>{t(`reports.reason.${x}`)}</Tag>),
    },
    {
      key: 'sum',
      title: t('reports.columns.sum'),
      sortable: true,
      align: 'right',
      render: (_, r) => num(fmtSum(r.sum, lang)),
    },
  ];
  const exportColumns: ExportColumn<PartReportRow>[] = [
    { title: t('reports.columns.part_code'), value: (r) => r.code },
    { title: t('reports.columns.part_name'), value: (r) => r.name },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.period'), value: period },
    { title: t('reports.columns.min_price'), value: (r) => Number(r.min_price) },
    { title: t('reports.columns.max_price'), value: (r) => Number(r.max_price) },
    { title: t('reports.columns.prices'), value: (r) => r.prices.map((p) => fmtPrice(p, lang)).join('; ') },
    {
      title: t('reports.columns.reasons'),
      value: (r) => r.reasons.map((x) => t(`reports.reason.${x}`)).join(', '),
    },
    { title: t('reports.columns.sum'), value: (r) => Number(r.sum) },
  ];
  const totals = list.data?.totals;

  return (
    <ReportLayout<PartReportRow>
      report="parts"
      title={t('reports.title.parts')}
      state={state}
      query={state.query}
      data={list.data}
      loading={list.isFetching}
      columns={columns}
      exportColumns={exportColumns}
      filters={
        <ReportFilters
          id="parts"
          fields={[
            { key: 'filter_code', label: t('reports.filters.part_code') },
            { key: 'filter_name', label: t('reports.filters.part_name') },
            { key: 'filter_reason', label: t('reports.filters.reason') },
          ]}
          filters={state.filters}
          onApply={state.setFilters}
          onReset={state.reset}
        />
      }
      totals={
        totals && (
          <Totals
            items={[
              {
                label: t('reports.columns.sum'),
                value: fmtSum(String(totals.sum), lang),
                testId: 'total-sum',
              },
            ]}
          />
        )
      }
    />
  );
}
