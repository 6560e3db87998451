// A part's price history (issue 33), for buyers: the prices paid in earlier orders (date, supplier, price, quantity,
// tender) and the median of the last 12 months; given offers, those more than 30 % above or below the median are
// flagged with their percentage. Used by the winner dialog and the part-info modal, and ready for the comparison
// matrix (`OfferDeviation` marks one price).
import { WarningOutlined } from '@ant-design/icons';
import { type PriceHistory as History, priceDeviation } from '@portal/shared';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fmtDate, fmtQty, formatPrice } from '../../../lib/format.ts';
import { usePriceHistory } from '../suggestApi.ts';

export interface PricedOffer {
  key: string | number;
  /** How the offer is named (supplier, producer). */
  label: string;
  price: string;
}

/** An offer's distance from the median when it is flagged (more than 30 % either way), else nothing. */
export function OfferDeviation(props: { price: string; median: string | null | undefined }) {
  const { t } = useTranslation();
  const d = priceDeviation(props.price, props.median);
  if (!d?.flagged) return null;
  return (
    <Tag color={d.pct > 0 ? 'red' : 'orange'} icon={<WarningOutlined />} data-testid="price-deviation">
      {t(d.pct > 0 ? 'priceHistory.above' : 'priceHistory.below', { pct: Math.abs(d.pct) })}
    </Tag>
  );
}

export function PriceHistory(props: {
  partId: number;
  offers?: PricedOffer[];
  /** Rows shown before paging. */
  pageSize?: number;
  /** The history as loaded already (e.g. by a screen that flags offers elsewhere). */
  data?: History;
}) {
  const { t } = useTranslation();
  const q = usePriceHistory(props.partId, !props.data);
  const h = props.data ?? q.data;
  const flagged = (props.offers ?? []).filter((o) => priceDeviation(o.price, h?.median_12m)?.flagged);
  return (
    <section aria-label={t('priceHistory.title')} data-testid="price-history">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('priceHistory.title')}
      </Typography.Title>
      {q.isError && !h && <Alert type="error" showIcon title={t('priceHistory.load_error')} />}
      {h && (
        <Flex vertical gap={8}>
          {/* never ordered: one sentence says so (below), not also that the last 12 months had none */}
          {h.orders.length > 0 && (
            <Typography.Text data-testid="price-median">
              {h.median_12m
                ? t('priceHistory.median', { price: formatPrice(h.median_12m), count: h.median_count })
                : t('priceHistory.no_median')}
            </Typography.Text>
          )}
          {flagged.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('priceHistory.flagged_title')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {flagged.map((o) => (
                    <li key={o.key}>
                      {o.label} — {formatPrice(o.price)}{' '}
                      <OfferDeviation price={o.price} median={h.median_12m} />
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {h.orders.length ? (
            <Table
              size="small"
              rowKey={(r) => `${r.tender_id}-${r.date}-${r.supplier}-${r.price}`}
              dataSource={h.orders}
              pagination={{ pageSize: props.pageSize ?? 5, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 520 }}
              columns={[
                { key: 'date', title: t('priceHistory.date'), render: (_, r) => fmtDate(r.date), width: 100 },
                { key: 'supplier', title: t('priceHistory.supplier'), dataIndex: 'supplier' },
                {
                  key: 'price',
                  title: t('priceHistory.price'),
                  align: 'right',
                  render: (_, r) => formatPrice(r.price),
                },
                {
                  key: 'qty',
                  title: t('priceHistory.quantity'),
                  align: 'right',
                  render: (_, r) => fmtQty(r.quantity),
                },
                {
                  key: 'tender',
                  title: t('priceHistory.tender'),
                  render: (_, r) => <Link to={`/tenders/${r.tender_id}/view`}>{r.tender_code}</Link>,
                },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">{t('priceHistory.empty')}</Typography.Text>
          )}
        </Flex>
      )}
    </section>
  );
}
