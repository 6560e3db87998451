// The offers of one part as a buyer sees them: sealed placeholders while WAITING/ACTIVE, otherwise the
// offers (3, then a more/less toggle) with supplier, price, producer, codes, quantity/date and the ordered
// quantity with its reason; winning offers highlighted.
import { BUYER_OFFERS_SHOWN, type ViewLine, type ViewProposal } from '@portal/shared';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDate, fmtQty, formatPrice } from '../../../lib/format.ts';
import { useWholeLine } from '../viewApi.ts';

const MASK = '•••••';

export function OffersCell(props: { line: ViewLine }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { line } = props;
  // The view carries a line's first offers and their count; "more" reads the line whole (GET /details/{id}/).
  const total = line.proposals_count ?? line.proposals.length;
  const whole = useWholeLine(line.id, all && total > line.proposals.length);
  const offers = all && whole.data ? whole.data.proposals : line.proposals;
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
        {total > offers.length && (
          <Typography.Text type="secondary" data-testid="sealed-more">
            {t('tenderView.offers.sealed_more', { count: total - offers.length })}
          </Typography.Text>
        )}
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
        <colgroup>
          <col style={{ width: '25%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '19%' }} />
          <col style={{ width: '15%' }} />
          <col style={{ width: '14%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>{t('tenderView.offers.supplier')}</th>
            <th className="num">{t('tenderView.offers.price')}</th>
            <th title={t('tenderView.offer.producer')}>{t('tenderView.offer.producer_short')}</th>
            <th>{t('tenderView.offers.codes')}</th>
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
      {Math.max(total, sorted.length) > BUYER_OFFERS_SHOWN && (
        <Button
          size="small"
          type="link"
          loading={all && whole.isFetching}
          onClick={() => setAll(!all)}
          data-testid={`offers-more-${line.id}`}
        >
          {all
            ? t('tenderView.offers.less')
            : t('tenderView.offers.more', { count: Math.max(total, sorted.length) - BUYER_OFFERS_SHOWN })}
        </Button>
      )}
    </div>
  );
}

function OfferRow({ p, winner }: { p: ViewProposal; winner?: ViewLine['winners'][number] }) {
  const { t } = useTranslation();
  return (
    <tr className={winner ? 'offer-winner' : undefined} data-testid="offer-row">
      <td>
        <div className="offer-supplier">{p.supplier_name}</div>
        {p.supplier_registration_code && <div className="offer-sub">{p.supplier_registration_code}</div>}
      </td>
      <td className="num">
        {p.is_lowest ? (
          <Tooltip title={t('tenderView.offers.lowest')}>
            <span className="offer-lowest">{formatPrice(p.price)}</span>
          </Tooltip>
        ) : (
          formatPrice(p.price)
        )}
      </td>
      <td>{p.producer?.name ?? ''}</td>
      <td>
        <div>{p.product_code ?? ''}</div>
        <div className="offer-sub">{p.ean_code ?? ''}</div>
      </td>
      <td>
        <div>
          {fmtQty(p.available_qty) || '—'}
          {p.additional_qty && Number(p.additional_qty) > 0 ? ` (+${fmtQty(p.additional_qty)})` : ''}
        </div>
        <div className="offer-sub">{fmtDate(p.delivery_date)}</div>
      </td>
      <td>
        {winner && (
          <>
            <div>
              <strong>{fmtQty(winner.amount)}</strong>
            </div>
            <div className="offer-sub">{t(`tenders.reason.${winner.reason}`)}</div>
          </>
        )}
      </td>
    </tr>
  );
}
