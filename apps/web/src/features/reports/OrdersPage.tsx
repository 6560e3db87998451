// /reports/orders: one row per purchase order of an ORDERED tender, with its number of lines and sum; 50 rows a
// page (spec: fixed page size). The consolidated report's sums link here with the supplier and period preset.
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import { fmtDate } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { type OrderReportRow, useReport } from './api.ts';
import { fmtSum } from './format.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { type ExportColumn, ReportLayout, TenderLink, Totals } from './ReportLayout.tsx';

const PAGE = [50] as const;

export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const state = useListState({ defaultOrdering: 'code', defaultPageSize: 50 });
  const query = { ...state.query, page_size: 50 };
  const list = useReport<OrderReportRow>('orders', query);
  const period = (r: OrderReportRow) => `${fmtDate(r.period.start)} – ${fmtDate(r.period.finish)}`;

  const columns: ResourceColumn<OrderReportRow>[] = [
    { key: 'name', title: t('reports.columns.company'), sortable: true },
    {
      key: 'tender_code',
      title: t('reports.columns.tender'),
      sortable: true,
      render: (_, r) => <TenderLink id={r.tender} code={r.tender_code} status={r.tender_status} />,
    },
    { key: 'order_code', title: t('reports.columns.order_code'), sortable: true },
    { key: 'period', title: t('reports.columns.period'), sortable: true, render: (_, r) => period(r) },
    {
      key: 'number_of_details',
      title: t('reports.columns.number_of_details'),
      sortable: true,
      align: 'right',
    },
    {
      key: 'sum_of_details',
      title: t('reports.columns.sum_of_details'),
      sortable: true,
      align: 'right',
      render: (_, r) => <span className="report-num">{fmtSum(r.sum_of_details, lang)}</span>,
    },
  ];
  const exportColumns: ExportColumn<OrderReportRow>[] = [
    { title: t('reports.columns.company'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.order_code'), value: (r) => r.order_code },
    { title: t('reports.columns.period'), value: period },
    { title: t('reports.columns.number_of_details'), value: (r) => r.number_of_details },
    { title: t('reports.columns.sum_of_details'), value: (r) => Number(r.sum_of_details) },
  ];
  const totals = list.data?.totals;

  return (
    <ReportLayout<OrderReportRow>
      report="orders"
      title={t('reports.title.orders')}
      state={state}
      query={query}
      data={list.data}
      loading={list.isFetching}
      columns={columns}
      exportColumns={exportColumns}
      pageSizes={PAGE}
      filters={
        <ReportFilters
          id="orders"
          fields={[
            { key: 'filter_name', label: t('reports.filters.company') },
            { key: 'filter_registration_code', label: t('reports.filters.registration_code') },
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
              { label: t('reports.columns.number_of_details'), value: String(totals.number_of_details) },
              {
                label: t('reports.columns.sum_of_details'),
                value: fmtSum(String(totals.sum_of_details), lang),
                testId: 'total-sum',
              },
            ]}
          />
        )
      }
    />
  );
}
