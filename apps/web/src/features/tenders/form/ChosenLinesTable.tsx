// Chosen lines of the tender form: editable order quantity, remove, a total row; paged locally (50 per page)
// so a tender with hundreds of lines stays quick.
import { MinusCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tooltip } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/DecimalInput.tsx';
import { fmtQty } from '../../../lib/format.ts';
import { lineColumns } from './lineColumns.tsx';
import type { ChosenLine } from './useChosenLines.ts';

const PAGE = 50;

const QtyInput = memo(function QtyInput(props: {
  id: number;
  qty: string;
  label: string;
  onChange(id: number, qty: string): void;
}) {
  return (
    <DecimalInput
      className="qty-input"
      size="small"
      value={props.qty}
      aria-label={props.label}
      data-testid={`chosen-qty-${props.id}`}
      onChange={(v) => props.onChange(props.id, v)}
    />
  );
});

export const ChosenLinesTable = memo(function ChosenLinesTable(props: {
  chosen: ChosenLine[];
  totals: { replenishment: string; qty: string };
  onQty(id: number, qty: string): void;
  onRemove(id: number): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(props.chosen.length / PAGE));
  const current = Math.min(page, pages);
  const rows = useMemo(
    () => props.chosen.slice((current - 1) * PAGE, current * PAGE),
    [props.chosen, current],
  );

  const columns = useMemo(() => {
    const base = lineColumns<ChosenLine>(t, (r) => r.line);
    return [
      ...base,
      {
        key: 'qty',
        title: t('tenders.fields.qty'),
        align: 'right' as const,
        fixed: 'right' as const,
        render: (_: unknown, r: ChosenLine) => (
          <QtyInput id={r.id} qty={r.qty} label={t('tenders.fields.qty')} onChange={props.onQty} />
        ),
      },
      {
        key: 'remove',
        title: '',
        fixed: 'right' as const,
        render: (_: unknown, r: ChosenLine) => (
          <Tooltip title={t('tenders.form.remove_line')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<MinusCircleOutlined />}
              aria-label={t('tenders.form.remove_line')}
              data-testid={`remove-line-${r.id}`}
              onClick={() => props.onRemove(r.id)}
            />
          </Tooltip>
        ),
      },
    ];
  }, [t, props.onQty, props.onRemove]);

  return (
    <div className="tender-lines" data-testid="chosen-lines">
      {props.error && (
        <Alert
          type="error"
          showIcon
          title={props.error}
          style={{ marginBottom: 8 }}
          data-testid="chosen-lines-error"
        />
      )}
      <Table<ChosenLine>
        size="small"
        rowKey="id"
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('tenders.form.no_chosen_lines') }}
        pagination={
          props.chosen.length > PAGE
            ? {
                current,
                pageSize: PAGE,
                total: props.chosen.length,
                onChange: setPage,
                showSizeChanger: false,
                size: 'small',
              }
            : false
        }
        summary={() =>
          props.chosen.length ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={columns.length - 3}>
                  {t('tenders.form.total', { count: props.chosen.length })}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={columns.length - 3} align="right">
                  <span className="num" data-testid="total-replenishment">
                    {fmtQty(props.totals.replenishment)}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={columns.length - 2} align="right">
                  <span className="num" data-testid="total-qty">
                    {fmtQty(props.totals.qty)}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={columns.length - 1} />
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </div>
  );
});
