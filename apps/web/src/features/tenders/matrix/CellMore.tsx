// The "more" of a matrix cell: the cell's offer line in full, the company's other offer lines on the line (read with
// the line, GET /details/{id}/), and the part's price history with this price flagged when it is far from the median.
import type { ViewLine } from '@portal/shared';
import { Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fmtDate, fmtQty, formatPrice } from '../../../lib/format.ts';
import { PriceHistory } from '../view/PriceHistory.tsx';
import { useWholeLine } from '../viewApi.ts';
import type { MatrixCell, MatrixRow } from './matrixApi.ts';

export function CellMore(props: { row: MatrixRow; cell: MatrixCell; supplierName: string }) {
  const { t } = useTranslation();
  const { row, cell } = props;
  const line = useWholeLine(row.id, cell.offers > 1);
  const others = (line.data as ViewLine | undefined)?.proposals.filter(
    (p) => p.supplier_id === cell.supplier && p.id !== cell.proposal,
  );
  return (
    <Flex vertical gap={8} className="matrix-more" data-testid={`matrix-more-${row.id}-${cell.supplier}`}>
      <Typography.Text strong>
        {props.supplierName} — {row.part_code}
      </Typography.Text>
      <dl className="matrix-more-facts">
        <dt>{t('tenderMatrix.cell.price')}</dt>
        <dd>{formatPrice(cell.price)}</dd>
        <dt>{t('tenderMatrix.cell.delivery')}</dt>
        <dd>{fmtDate(cell.delivery_date)}</dd>
        <dt>{t('tenderMatrix.cell.producer')}</dt>
        <dd>
          {cell.producer_name}{' '}
          {cell.blacklisted && <Tag color="default">{t('tenderMatrix.cell.blacklisted')}</Tag>}
        </dd>
        <dt>{t('tenderMatrix.cell.available')}</dt>
        <dd>{cell.available_qty == null ? '—' : fmtQty(cell.available_qty)}</dd>
        {row.reference_price && (
          <>
            <dt>{t('tenderMatrix.reference')}</dt>
            <dd>{formatPrice(row.reference_price)}</dd>
          </>
        )}
      </dl>
      {cell.offers > 1 && (
        <div>
          <Typography.Text type="secondary">
            {t('tenderMatrix.cell.other_offers', { count: cell.offers - 1 })}
          </Typography.Text>
          {line.isFetching && !others ? (
            <Spin size="small" />
          ) : (
            <ul className="matrix-more-others">
              {others?.map((p) => (
                <li key={p.id ?? p.product_code}>
                  {formatPrice(p.price)} · {p.producer?.name ?? ''} · {fmtDate(p.delivery_date)} ·{' '}
                  {p.available_qty == null ? '—' : fmtQty(p.available_qty)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <PriceHistory
        partId={row.part}
        pageSize={5}
        offers={[{ key: cell.proposal, label: props.supplierName, price: cell.price }]}
      />
    </Flex>
  );
}
