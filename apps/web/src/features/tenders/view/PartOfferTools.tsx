// Beside each part of the supplier's offer form: whether its offer is sent or only drafted (issue 34 point 2), and
// the action that fills it from the company's last offer for the part (point 3). Subscribed to its own part only.
import { HistoryOutlined } from '@ant-design/icons';
import type { LastOffer } from '@portal/shared';
import { Tag, Tooltip } from 'antd';
import { memo, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDate, fmtDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { emptyOffer, type OfferStore } from './offerDraft.ts';
import type { DraftSyncState } from './useOfferDraftSync.ts';

export const PartOfferTools = memo(function PartOfferTools(props: {
  detail: number;
  store: OfferStore;
  last?: LastOffer;
}) {
  const { t } = useTranslation();
  const { detail, store, last } = props;
  const subscribe = useCallback((fn: () => void) => store.subscribe(detail, fn), [store, detail]);
  const state = useSyncExternalStore(subscribe, () => store.stateOf(detail));

  const fill = () => {
    if (!last) return;
    const current = store.get(detail);
    store.fill([
      [
        detail,
        last.offers.map((o) => ({
          ...emptyOffer(),
          producer: o.producer,
          price: o.price,
          product_code: o.product_code,
          ean_code: o.ean_code,
          // the line already sent for this producer keeps its identity
          id: current.find((c) => c.id != null && c.producer?.id === o.producer?.id)?.id ?? null,
        })),
      ],
    ]);
    toast.success(t('offerTools.last.filled', { code: last.tender_code }));
  };

  return (
    <div className="part-offer-tools">
      {state === 'sent' && (
        <Tag color="success" data-testid={`part-state-${detail}`}>
          {t('offerTools.draft.sent')}
        </Tag>
      )}
      {state === 'drafted' && (
        <Tag color="warning" data-testid={`part-state-${detail}`}>
          {t('offerTools.draft.drafted')}
        </Tag>
      )}
      {last && (
        <Tooltip title={t('offerTools.last.from', { code: last.tender_code, date: fmtDate(last.offered) })}>
          <button
            type="button"
            className="link-button part-link"
            onClick={fill}
            data-testid={`last-offer-${detail}`}
          >
            <HistoryOutlined aria-hidden /> {t('offerTools.last.fill')}
          </button>
        </Tooltip>
      )}
    </div>
  );
});

/** One line above the offer table: where the unsent changes are kept. */
export function DraftStatusLine(props: { state: DraftSyncState }) {
  const { t } = useTranslation();
  const s = props.state;
  let text = t('offerTools.draft.legend');
  if (s.kind === 'saving') text = t('offerTools.draft.saving');
  else if (s.kind === 'saved')
    text = s.by
      ? t('offerTools.draft.saved_by', { time: fmtDateTime(s.at), name: s.by })
      : t('offerTools.draft.saved', { time: fmtDateTime(s.at) });
  else if (s.kind === 'local') text = t('offerTools.draft.local');
  return (
    <div className="draft-status" role="status" aria-live="polite" data-testid="draft-status">
      {text}
    </div>
  );
}
