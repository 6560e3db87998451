// One part of the supplier's offer-entry table: up to 3 offer lines. Memoised and subscribed only to its own
// entry of the OfferStore, so typing re-renders this row alone.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/DecimalInput.tsx';
import { errorText } from '../../../i18n/index.ts';
import { DATE } from '../../../lib/format.ts';
import { canAddOffer, type DraftOffer, type OfferStore } from './offerDraft.ts';
import { ProducerSelect } from './ProducerSelect.tsx';

/** Widths of the offer fields; the column title uses the same ones so labels line up. */
export const OFFER_FIELDS = [
  { key: 'producer', width: 170 },
  { key: 'price', width: 100 },
  { key: 'delivery_date', width: 130 },
  { key: 'product_code', width: 120 },
  { key: 'ean_code', width: 125 },
  { key: 'available_qty', width: 80 },
  { key: 'additional_qty', width: 80 },
] as const;

function Field(props: { width: number; error?: string; children: React.ReactNode }) {
  return (
    <div style={{ width: props.width, flex: 'none' }} className="offer-field">
      {props.children}
      {props.error && (
        <Typography.Text
          type="danger"
          className="offer-error"
          style={{ fontSize: 12, display: 'block', lineHeight: 1.3 }}
        >
          {errorText(props.error)}
        </Typography.Text>
      )}
    </div>
  );
}

const OfferLine = memo(function OfferLine(props: {
  detail: number;
  n: number;
  offer: DraftOffer;
  errors: Record<string, string> | undefined;
  store: OfferStore;
  minDate: Dayjs;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const { detail, n, offer: o, errors: e, store } = props;
  const set = (patch: Partial<DraftOffer>) => store.update(detail, n, patch);
  const st = (f: string) => (e?.[f] ? ('error' as const) : undefined);
  const [w0, w1, w2, w3, w4, w5, w6] = OFFER_FIELDS.map((f) => f.width);
  const label = (k: string) => `${t(`tenderView.offer.${k}`)} ${n + 1}`;
  return (
    <Flex gap={6} align="start" className="offer-line" data-testid={`offer-${detail}-${n}`}>
      <Field width={w0} error={e?.producer}>
        <ProducerSelect
          value={o.producer}
          onChange={(producer) => set({ producer })}
          status={st('producer')}
        />
      </Field>
      <Field width={w1} error={e?.price}>
        <DecimalInput
          value={o.price}
          aria-label={label('price')}
          status={st('price')}
          onChange={(price) => set({ price })}
          suffix="€"
          data-testid={`price-${detail}-${n}`}
        />
      </Field>
      <Field width={w2} error={e?.delivery_date}>
        <DatePicker
          value={o.delivery_date ? dayjs(o.delivery_date) : null}
          format={DATE}
          minDate={props.minDate}
          aria-label={label('delivery_date')}
          placeholder={t('tenderView.offer.delivery_date')}
          status={st('delivery_date')}
          onChange={(d) => set({ delivery_date: d ? d.format('YYYY-MM-DD') : null })}
          style={{ width: '100%' }}
        />
      </Field>
      <Field width={w3} error={e?.product_code}>
        <Input
          value={o.product_code}
          maxLength={35}
          aria-label={label('product_code')}
          placeholder={t('tenderView.offer.product_code')}
          status={st('product_code')}
          onChange={(ev) => set({ product_code: ev.target.value })}
        />
      </Field>
      <Field width={w4} error={e?.ean_code}>
        <Input
          value={o.ean_code}
          maxLength={13}
          inputMode="numeric"
          aria-label={label('ean_code')}
          placeholder={t('tenderView.offer.ean_code')}
          status={st('ean_code')}
          onChange={(ev) => set({ ean_code: ev.target.value })}
        />
      </Field>
      <Field width={w5} error={e?.available_qty}>
        <DecimalInput
          value={o.available_qty}
          aria-label={label('available_qty')}
          status={st('available_qty')}
          onChange={(available_qty) => set({ available_qty })}
        />
      </Field>
      <Field width={w6} error={e?.additional_qty}>
        <DecimalInput
          value={o.additional_qty}
          aria-label={label('additional_qty')}
          status={st('additional_qty')}
          onChange={(additional_qty) => set({ additional_qty })}
        />
      </Field>
      <Tooltip title={t('tenderView.offer.remove_line')}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('tenderView.offer.remove_line')}
          disabled={!props.removable}
          onClick={() => store.remove(detail, n)}
        />
      </Tooltip>
    </Flex>
  );
});

/** The offer lines of one part, with the add-line button. */
export const OfferPartEditor = memo(function OfferPartEditor(props: {
  detail: number;
  store: OfferStore;
  minDate: Dayjs;
}) {
  const { t } = useTranslation();
  const { detail, store } = props;
  const subscribe = useCallback((fn: () => void) => store.subscribe(detail, fn), [store, detail]);
  const offers = useSyncExternalStore(subscribe, () => store.get(detail));
  const errors = useSyncExternalStore(subscribe, () => store.errorsOf(detail));
  const removable =
    offers.length > 1 ||
    offers.some((o) => o.producer || o.price || o.delivery_date || o.product_code || o.ean_code);
  return (
    <div className="offer-part">
      {offers.map((o, n) => (
        <OfferLine
          // biome-ignore lint/suspicious/noArrayIndexKey: offer lines are positions (1–3) of the part
          key={n}
          detail={detail}
          n={n}
          offer={o}
          errors={errors.offers[n]}
          store={store}
          minDate={props.minDate}
          removable={removable}
        />
      ))}
      {errors.part.map((k) => (
        <Typography.Text key={k} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {errorText(k)}
        </Typography.Text>
      ))}
      {canAddOffer(offers) && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => store.add(detail)}
          style={{ marginTop: 4 }}
        >
          {t('tenderView.offer.add_line')}
        </Button>
      )}
    </div>
  );
});

/** Width of the offers column: the fields, their gaps and the remove button. */
export const OFFERS_WIDTH = OFFER_FIELDS.reduce((s, f) => s + f.width, 0) + OFFER_FIELDS.length * 6 + 32 + 16;

/** Column title with the offer field labels, aligned with the inputs. */
export function OfferFieldLabels() {
  const { t } = useTranslation();
  return (
    <Flex gap={6}>
      {OFFER_FIELDS.map((f) => (
        <div key={f.key} style={{ width: f.width, flex: 'none' }}>
          {t(`tenderView.offer.${f.key}`)}
        </div>
      ))}
    </Flex>
  );
}
