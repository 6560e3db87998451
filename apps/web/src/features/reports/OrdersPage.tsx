// /reports/orders: one row per purchase order of an ORDERED tender, with its number of lines and sum; 50 rows a
// page (spec: fixed page size). The consolidated report's sums link here with the supplier and period preset.
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import type { OrderReportRow } from './api.ts';
import { figureColumn, periodColumn, periodText, tenderColumn } from './columns.tsx';
import { fmtSum } from './format.ts';
import { type ExportColumn, ReportLayout, Totals } from './ReportLayout.tsx';
import { useReportList } from './useReportList.ts';

export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const report = useReportList<OrderReportRow>('orders', { defaultOrdering: 'code', pageSize: 50 });

  const columns: ResourceColumn<OrderReportRow>[] = [
    { key: 'name', title: t('reports.columns.company'), sortable: true },
    tenderColumn(t),
    { key: 'order_code', title: t('reports.columns.order_code'), sortable: true },
    periodColumn(t),
    figureColumn(t, 'number_of_details'),
    figureColumn(t, 'sum_of_details', (r) => fmtSum(r.sum_of_details, lang)),
  ];
  const exportColumns: ExportColumn<OrderReportRow>[] = [
    { title: t('reports.columns.company'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.order_code'), value: (r) => r.order_code },
    { title: t('reports.columns.period'), value: periodText },
    { title: t('reports.columns.number_of_details'), value: (r) => r.number_of_details },
    { title: t('reports.columns.sum_of_details'), value: (r) => Number(r.sum_of_details) },
  ];
  const totals = report.data?.totals;

  return (
    <ReportLayout<OrderReportRow>
      report={report}
      title={t('reports.title.orders')}
      columns={columns}
      exportColumns={exportColumns}
      filterFields={[
        { key: 'filter_name', label: t('reports.filters.company') },
        { key: 'filter_registration_code', label: t('reports.filters.registration_code') },
      ]}
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
