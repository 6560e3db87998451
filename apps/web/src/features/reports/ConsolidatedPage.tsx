// /reports/consolidated (Administrator): orders per supplier over a period (last month by default), the spend
// chart above the table, and each sum linking to the orders report of that supplier and period.
import { addDays, presetRange, tallinnDay } from '@portal/shared';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import type { ConsolidatedRow } from './api.ts';
import { figureColumn } from './columns.tsx';
import { fmtQuantity, fmtSum } from './format.ts';
import { type ExportColumn, ReportLayout, Totals } from './ReportLayout.tsx';
import { useReportList } from './useReportList.ts';

// The chart library loads only with this screen's chart, not with the first page.
const SpendChart = lazy(() => import('./SpendChart.tsx'));

export function ordersLink(r: ConsolidatedRow) {
  const q = new URLSearchParams();
  if (r.start) q.set('filter_start', r.start);
  // the row's finish is the day after the period: the orders report's filter takes the last day
  if (r.finish) q.set('filter_finish', addDays(r.finish, -1));
  q.set('filter_name', r.name);
  q.set('filter_registration_code', r.registration_code);
  return `/reports/orders?${q.toString()}`;
}

export default function ConsolidatedPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const defaultFilters = useMemo(() => {
    const [filter_start, filter_finish] = presetRange('last_month', tallinnDay(new Date()));
    return { filter_start, filter_finish };
  }, []);
  const report = useReportList<ConsolidatedRow>('consolidated', { defaultOrdering: 'code', defaultFilters });

  const columns: ResourceColumn<ConsolidatedRow>[] = [
    { key: 'name', title: t('reports.columns.supplier'), sortable: true },
    { key: 'registration_code', title: t('reports.columns.registration_code'), sortable: true },
    figureColumn(t, 'ordered_number_of_details'),
    figureColumn(t, 'ordered_qty', (r) => fmtQuantity(r.ordered_qty, lang)),
    figureColumn(t, 'orders_qty'),
    {
      key: 'orders_sum',
      title: t('reports.columns.orders_sum'),
      sortable: true,
      align: 'right',
      render: (_, r) => (
        <Link
          to={ordersLink(r)}
          title={t('reports.sum_link', { name: r.name })}
          className="report-num"
          data-testid="orders-sum-link"
        >
          {fmtSum(r.orders_sum, lang)}
        </Link>
      ),
    },
  ];
  const exportColumns: ExportColumn<ConsolidatedRow>[] = [
    { title: t('reports.columns.supplier'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.ordered_number_of_details'), value: (r) => r.ordered_number_of_details },
    { title: t('reports.columns.ordered_qty'), value: (r) => Number(r.ordered_qty) },
    { title: t('reports.columns.orders_qty'), value: (r) => r.orders_qty },
    { title: t('reports.columns.orders_sum'), value: (r) => Number(r.orders_sum) },
  ];
  const totals = report.data?.totals;

  return (
    <ReportLayout<ConsolidatedRow>
      report={report}
      title={t('reports.title.consolidated')}
      columns={columns}
      exportColumns={exportColumns}
      filterFields={[
        { key: 'filter_name', label: t('reports.filters.name') },
        { key: 'filter_registration_code', label: t('reports.filters.registration_code') },
      ]}
      above={
        <Suspense fallback={<div className="report-chart">{t('reports.chart.loading')}</div>}>
          <SpendChart query={report.query} />
        </Suspense>
      }
      totals={
        totals && (
          <Totals
            items={[
              {
                label: t('reports.columns.ordered_number_of_details'),
                value: String(totals.ordered_number_of_details),
              },
              {
                label: t('reports.columns.ordered_qty'),
                value: fmtQuantity(String(totals.ordered_qty), lang),
              },
              { label: t('reports.columns.orders_qty'), value: String(totals.orders_qty) },
              {
                label: t('reports.columns.orders_sum'),
                value: fmtSum(String(totals.orders_sum), lang),
                testId: 'total-sum',
              },
            ]}
          />
        )
      }
    />
  );
}
