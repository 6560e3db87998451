// /reports/parts: offered prices per tender line (lowest, highest), the winning prices with their reasons and the
// ordered sum. Prices up to 4 decimals, trailing zeros trimmed; sums 2. The start filter defaults to the first
// day of the current month.
import { tallinnDay } from '@portal/shared';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import type { PartReportRow } from './api.ts';
import { figureColumn, num, periodColumn, periodText, tenderColumn } from './columns.tsx';
import { fmtPrice, fmtSum } from './format.ts';
import { type ExportColumn, ReportLayout, Totals } from './ReportLayout.tsx';
import { useReportList } from './useReportList.ts';

export default function PartsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const defaultFilters = useMemo(() => ({ filter_start: `${tallinnDay(new Date()).slice(0, 7)}-01` }), []);
  const report = useReportList<PartReportRow>('parts', { defaultOrdering: 'code', defaultFilters });

  const columns: ResourceColumn<PartReportRow>[] = [
    { key: 'code', title: t('reports.columns.part_code'), sortable: true },
    { key: 'name', title: t('reports.columns.part_name'), sortable: true },
    tenderColumn(t),
    periodColumn(t),
    figureColumn(t, 'min_price', (r) => fmtPrice(r.min_price, lang)),
    figureColumn(t, 'max_price', (r) => fmtPrice(r.max_price, lang)),
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
    figureColumn(t, 'sum', (r) => fmtSum(r.sum, lang)),
  ];
  const exportColumns: ExportColumn<PartReportRow>[] = [
    { title: t('reports.columns.part_code'), value: (r) => r.code },
    { title: t('reports.columns.part_name'), value: (r) => r.name },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.period'), value: periodText },
    { title: t('reports.columns.min_price'), value: (r) => Number(r.min_price) },
    { title: t('reports.columns.max_price'), value: (r) => Number(r.max_price) },
    { title: t('reports.columns.prices'), value: (r) => r.prices.map((p) => fmtPrice(p, lang)).join('; ') },
    {
      title: t('reports.columns.reasons'),
      value: (r) => r.reasons.map((x) => t(`reports.reason.${x}`)).join(', '),
    },
    { title: t('reports.columns.sum'), value: (r) => Number(r.sum) },
  ];
  const totals = report.data?.totals;

  return (
    <ReportLayout<PartReportRow>
      report={report}
      title={t('reports.title.parts')}
      columns={columns}
      exportColumns={exportColumns}
      filterFields={[
        { key: 'filter_code', label: t('reports.filters.part_code') },
        { key: 'filter_name', label: t('reports.filters.part_name') },
        { key: 'filter_reason', label: t('reports.filters.reason') },
      ]}
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
