// The offers of one part as a buyer sees them: sealed placeholders while WAITING/ACTIVE, otherwise the
// offers (3, then a more/less toggle) with supplier, price, producer, codes, quantity/date and the ordered
// quantity with its reason; winning offers highlighted.
import { BUYER_OFFERS_SHOWN, type DetailLine, type Proposal } from '@portal/shared';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDate, fmtQty, formatPrice } from '../../../lib/format.ts';

const MASK = '•••••';

export function OffersCell(props: { line: DetailLine }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { line } = props;
  const offers = line.proposals;
  if (!offers.length)
    return <Typography.Text type="secondary">{t('tenderView.offers.none')}</Typography.Text>;
  if (offers.every((p) => p.sealed))
    return (
      <div className="sealed-offers" data-testid="sealed-offers">
        {offers.map((_p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sealed offers carry no id
          <div key={i} className="sealed-offer" data-testid="sealed-offer">
            <Tooltip title={t('tenderView.offers.sealed_hint')}>
              <Tag>{t('tenderView.offers.sealed_supplier')}</Tag>
            </Tooltip>
            <Typography.Text type="secondary">{MASK} €</Typography.Text>
          </div>
        ))}
      </div>
    );
  const winners = new Map(line.winners.map((w) => [w.name, w]));
  const sorted = [...offers].sort(
    (a, b) => Number(b.id != null && winners.has(b.id)) - Number(a.id != null && winners.has(a.id)),
  );
  const shown = all ? sorted : sorted.slice(0, BUYER_OFFERS_SHOWN);
  return (
    <div>
      <table className="offers-mini">
        <thead>
          <tr>
            <th>{t('tenderView.offers.supplier')}</th>
            <th>{t('tenderView.offers.price')}</th>
            <th>{t('tenderView.offer.producer')}</th>
            <th>{t('tenderView.offer.product_code')}</th>
            <th>{t('tenderView.offer.ean_code')}</th>
            <th>{t('tenderView.offers.qty_date')}</th>
            <th>{t('tenderView.offers.ordered')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <OfferRow
              key={p.id ?? `${p.supplier_id}-${p.price}`}
              p={p}
              winner={p.id != null ? winners.get(p.id) : undefined}
            />
          ))}
        </tbody>
      </table>
      {sorted.length > BUYER_OFFERS_SHOWN && (
        <Button size="small" type="link" onClick={() => setAll(!all)}>
          {all
            ? t('tenderView.offers.less')
            : t('tenderView.offers.more', { count: sorted.length - BUYER_OFFERS_SHOWN })}
        </Button>
      )}
    </div>
  );
}

function OfferRow({ p, winner }: { p: Proposal; winner?: DetailLine['winners'][number] }) {
  const { t } = useTranslation();
  return (
    <tr className={winner ? 'offer-winner' : undefined} data-testid="offer-row">
      <td>
        {p.supplier_name}
        {p.supplier_registration_code && (
          <Typography.Text type="secondary"> ({p.supplier_registration_code})</Typography.Text>
        )}
      </td>
      <td className="num">
        {formatPrice(p.price)}
        {p.is_lowest && (
          <Tag color="green" style={{ marginLeft: 4 }}>
            {t('tenderView.offers.lowest')}
          </Tag>
        )}
      </td>
      <td>{p.producer?.name ?? ''}</td>
      <td>{p.product_code ?? ''}</td>
      <td>{p.ean_code ?? ''}</td>
      <td>
        {fmtQty(p.available_qty) || '—'}
        {p.additional_qty && Number(p.additional_qty) > 0 ? ` (+${fmtQty(p.additional_qty)})` : ''} /{' '}
        {fmtDate(p.delivery_date)}
      </td>
      <td>{winner ? `${fmtQty(winner.amount)} (${t(`tenders.reason.${winner.reason}`)})` : ''}</td>
    </tr>
  );
}
