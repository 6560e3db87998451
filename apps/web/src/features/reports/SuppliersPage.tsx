// /reports/suppliers: each company's participation per tender: offers sent, lines won and their sum (from the
// orders of ORDERED tenders). Extra filter: winner (yes/no).
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import type { SupplierReportRow } from './api.ts';
import { figureColumn, periodColumn, periodText, tenderColumn } from './columns.tsx';
import { fmtSum } from './format.ts';
import { type ExportColumn, ReportLayout, Totals } from './ReportLayout.tsx';
import { useReportList } from './useReportList.ts';

export default function SuppliersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const report = useReportList<SupplierReportRow>('suppliers', { defaultOrdering: 'code' });

  const columns: ResourceColumn<SupplierReportRow>[] = [
    { key: 'name', title: t('reports.columns.company'), sortable: true },
    tenderColumn(t),
    periodColumn(t),
    figureColumn(t, 'number_of_proposals'),
    figureColumn(t, 'number_of_details'),
    figureColumn(t, 'sum_of_details', (r) => fmtSum(r.sum_of_details, lang)),
  ];
  const exportColumns: ExportColumn<SupplierReportRow>[] = [
    { title: t('reports.columns.company'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.period'), value: periodText },
    { title: t('reports.columns.number_of_proposals'), value: (r) => r.number_of_proposals },
    { title: t('reports.columns.number_of_details'), value: (r) => r.number_of_details },
    { title: t('reports.columns.sum_of_details'), value: (r) => Number(r.sum_of_details) },
  ];
  const totals = report.data?.totals;

  return (
    <ReportLayout<SupplierReportRow>
      report={report}
      title={t('reports.title.suppliers')}
      columns={columns}
      exportColumns={exportColumns}
      filterFields={[
        { key: 'filter_name', label: t('reports.filters.company') },
        { key: 'filter_registration_code', label: t('reports.filters.registration_code') },
        { key: 'filter_winner', label: t('reports.filters.winner') },
      ]}
      totals={
        totals && (
          <Totals
            items={[
              { label: t('reports.columns.number_of_proposals'), value: String(totals.number_of_proposals) },
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
