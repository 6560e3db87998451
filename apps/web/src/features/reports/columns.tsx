// Cells and columns several reports share: figures right-aligned in tabular digits, the tender as a link that
// opens it in a new tab, and the period as "start – finish" (in the table and in the spreadsheet).
import type { OrderReportRow } from '@portal/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../components/ResourceTable.tsx';
import { fmtDate } from '../../lib/format.ts';
import { tenderHref } from './api.ts';

/** The tender fields of a report row (orders, parts and suppliers reports). */
type TenderRef = Pick<OrderReportRow, 'tender_code' | 'tender_status'> & { tender: number | null };
interface WithPeriod {
  period: { start: string; finish: string };
}

/** A figure in a cell: tabular digits, on one line. */
export const num = (v: string) => <span className="report-num">{v}</span>;

export const periodText = (r: WithPeriod) => `${fmtDate(r.period.start)} – ${fmtDate(r.period.finish)}`;

/** A tender code that opens the tender in a new tab (edit while DRAFT, otherwise view); plain text without one. */
function TenderLink(props: { id: number | null; code: string; status: string }) {
  const { t } = useTranslation();
  if (!props.id) return <>{props.code}</>;
  return (
    <a
      href={tenderHref(props.id, props.status)}
      target="_blank"
      rel="noopener noreferrer"
      title={t('reports.new_tab')}
    >
      {props.code}
    </a>
  );
}

export const tenderColumn = <T extends TenderRef>(t: TFunction): ResourceColumn<T> => ({
  key: 'tender_code',
  title: t('reports.columns.tender'),
  sortable: true,
  render: (_, r) => <TenderLink id={r.tender} code={r.tender_code} status={r.tender_status} />,
});

export const periodColumn = <T extends WithPeriod>(t: TFunction): ResourceColumn<T> => ({
  key: 'period',
  title: t('reports.columns.period'),
  sortable: true,
  render: (_, r) => periodText(r),
});

/** A sortable figure, titled "reports.columns.<key>"; `show` formats the cell, else the value is shown as it is. */
export const figureColumn = <T,>(
  t: TFunction,
  key: keyof T & string,
  show?: (r: T) => string,
): ResourceColumn<T> => ({
  key,
  title: t(`reports.columns.${key}`),
  sortable: true,
  align: 'right',
  ...(show && { render: (_: unknown, r: T) => num(show(r)) }),
});
