// /reports/suppliers: each company's participation per tender: offers sent, lines won and their sum (from the
// orders of ORDERED tenders). Extra filter: winner (yes/no).
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import { fmtDate } from '../../lib/format.ts';
import { useListState } from '../../lib/listState.ts';
import { type SupplierReportRow, useReport } from './api.ts';
import { fmtSum } from './format.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { type ExportColumn, ReportLayout, TenderLink, Totals } from './ReportLayout.tsx';

export default function SuppliersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const state = useListState({ defaultOrdering: 'code' });
  const list = useReport<SupplierReportRow>('suppliers', state.query);
  const period = (r: SupplierReportRow) => `${fmtDate(r.period.start)} – ${fmtDate(r.period.finish)}`;

  const columns: ResourceColumn<SupplierReportRow>[] = [
    { key: 'name', title: t('reports.columns.company'), sortable: true },
    {
      key: 'tender_code',
      title: t('reports.columns.tender'),
      sortable: true,
      render: (_, r) => <TenderLink id={r.tender} code={r.tender_code} status={r.tender_status} />,
    },
    { key: 'period', title: t('reports.columns.period'), sortable: true, render: (_, r) => period(r) },
    {
      key: 'number_of_proposals',
      title: t('reports.columns.number_of_proposals'),
      sortable: true,
      align: 'right',
    },
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
  const exportColumns: ExportColumn<SupplierReportRow>[] = [
    { title: t('reports.columns.company'), value: (r) => r.name },
    { title: t('reports.columns.registration_code'), value: (r) => r.registration_code },
    { title: t('reports.columns.tender'), value: (r) => r.tender_code },
    { title: t('reports.columns.period'), value: period },
    { title: t('reports.columns.number_of_proposals'), value: (r) => r.number_of_proposals },
    { title: t('reports.columns.number_of_details'), value: (r) => r.number_of_details },
    { title: t('reports.columns.sum_of_details'), value: (r) => Number(r.sum_of_details) },
  ];
  const totals = list.data?.totals;

  return (
    <ReportLayout<SupplierReportRow>
      report="suppliers"
      title={t('reports.title.suppliers')}
      state={state}
      query={state.query}
      data={list.data}
      loading={list.isFetching}
      columns={columns}
      exportColumns={exportColumns}
      filters={
        <ReportFilters
          id="suppliers"
          fields={[
            { key: 'filter_name', label: t('reports.filters.company') },
            { key: 'filter_registration_code', label: t('reports.filters.registration_code') },
            { key: 'filter_winner', label: t('reports.filters.winner') },
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
