// The pre-order line columns shared by the chosen and available tables of the tender form.
import type { ColumnType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { fmtQty, unitName } from '../../../lib/format.ts';
import type { DetailLine } from '../api.ts';
import { PartInfoButton } from './PartInfoButton.tsx';

/** Column key = the server's ordering field (the available table sorts on the server). */
export type LineColumn<R> = ColumnType<R> & { key: string; sortable?: boolean };

/** `get` reads the line out of a row (the chosen table's rows wrap the line with its edited quantity). */
export function lineColumns<R>(t: TFunction, get: (row: R) => DetailLine): LineColumn<R>[] {
  const col = (
    key: string,
    title: string,
    cell: (l: DetailLine) => ReactNode,
    extra: Partial<LineColumn<R>> = {},
  ): LineColumn<R> => ({
    key,
    title,
    render: (_v: unknown, row: R) => cell(get(row)),
    ...extra,
  });
  return [
    col(
      'part_code',
      t('tenders.fields.part_code'),
      (l) => <span className="tender-code">{l.part_code}</span>,
      { sortable: true },
    ),
    col(
      'part_name',
      t('tenders.fields.part_name'),
      (l) => (
        <span className="line-name">
          <span className="line-name-text" title={l.part_name}>
            {l.part_name}
          </span>
          <PartInfoButton name={l.part_name} code={l.part_code} tags={l.part_codes_tags} />
        </span>
      ),
      { sortable: true },
    ),
    col('warehouse', t('tenders.fields.warehouse'), (l) => l.warehouse_name_code, { sortable: true }),
    col('customer_number', t('tenders.fields.customer_number'), (l) => l.customer_number, { sortable: true }),
    col('customer_name', t('tenders.fields.customer_name'), (l) => l.customer_name, { sortable: true }),
    col('creator_name', t('tenders.fields.creator'), (l) => l.creator_name),
    col('part_type', t('tenders.fields.part_type'), (l) => l.part_type_name, { sortable: true }),
    col('order_number', t('tenders.fields.order_number'), (l) => l.order_number, { sortable: true }),
    col('part_unit_code', t('tenders.fields.unit'), (l) => unitName(l.part_unit_code)),
    col(
      'replenishment_qty',
      t('tenders.fields.replenishment_qty'),
      (l) => <span className="num">{fmtQty(l.replenishment_qty)}</span>,
      { sortable: true, align: 'right', fixed: 'right' },
    ),
  ];
}
