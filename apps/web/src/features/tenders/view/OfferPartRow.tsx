// One part of the supplier's offer-entry table: up to 3 offer lines. Memoised and subscribed only to its own
// entry of the OfferStore, so typing re-renders this row alone.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Language } from '@portal/shared';
import { EAN_MAX_DIGITS, PRODUCT_CODE_MAX } from '@portal/shared';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainDecimalInput } from '../../../components/DecimalInput.tsx';
import { errorText } from '../../../i18n/index.ts';
import { DATE, useLang } from '../../../lib/format.ts';
import { DeclineLine } from './DeclineLine.tsx';
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

type FieldKey = (typeof OFFER_FIELDS)[number]['key'];

/** The form's texts, looked up once per form (a translation hook per field cost more than the field). */
export interface OfferTexts {
  lang: Language;
  field: Record<FieldKey, string>;
  remove: string;
  add: string;
}

export function useOfferTexts(): OfferTexts {
  const { t } = useTranslation();
  const lang = useLang();
  return useMemo(
    () => ({
      lang,
      field: Object.fromEntries(OFFER_FIELDS.map((f) => [f.key, t(`tenderView.offer.${f.key}`)])) as Record<
        FieldKey,
        string
      >,
      remove: t('tenderView.offer.remove_line'),
      add: t('tenderView.offer.add_line'),
    }),
    [t, lang],
  );
}

function Field(props: { width: number; error?: string; children: React.ReactNode }) {
  return (
    <div style={{ width: props.width }} className="offer-field">
      {props.children}
      {props.error && <div className="offer-error">{errorText(props.error)}</div>}
    </div>
  );
}

const inputClass = (error: string | undefined) => (error ? 'plain-input plain-input-error' : 'plain-input');

/**
 * How a heavy antd field (the producer search, the date picker) becomes live: a plain input stands in for it until
 * the user focuses it (Tab) or presses on it; then the real field takes its place, focused, and, when pressed, open.
 * A form of 1,000 parts thus renders plain inputs only, and the fields in use are the full components.
 */
function useLive() {
  const [live, setLive] = useState<null | 'focus' | 'pointer'>(null);
  return {
    live,
    stub: {
      readOnly: true,
      onFocus: () => setLive((l) => l ?? 'focus'),
      onPointerDown: (e: React.PointerEvent) => {
        e.preventDefault();
        setLive('pointer');
      },
    },
  };
}

function ProducerField(props: {
  value: DraftOffer['producer'];
  error?: string;
  texts: OfferTexts;
  onChange(p: DraftOffer['producer']): void;
}) {
  const { live, stub } = useLive();
  if (live)
    return (
      <ProducerSelect
        value={props.value}
        onChange={props.onChange}
        status={props.error ? 'error' : undefined}
        autoFocus
        defaultOpen={live === 'pointer'}
      />
    );
  return (
    <span className="offer-producer plain-select plain-producer">
      <input
        {...stub}
        className={inputClass(props.error)}
        aria-invalid={!!props.error || undefined}
        value={props.value?.name ?? ''}
        placeholder={props.texts.field.producer}
        aria-label={props.texts.field.producer}
      />
    </span>
  );
}

function DateField(props: {
  value: string | null;
  error?: string;
  label: string;
  minDate: Dayjs;
  texts: OfferTexts;
  onChange(v: string | null): void;
}) {
  const { live, stub } = useLive();
  if (live)
    return (
      <DatePicker
        value={props.value ? dayjs(props.value) : null}
        format={DATE}
        minDate={props.minDate}
        aria-label={props.label}
        placeholder={props.texts.field.delivery_date}
        status={props.error ? 'error' : undefined}
        onChange={(d) => props.onChange(d ? d.format('YYYY-MM-DD') : null)}
        autoFocus
        defaultOpen={live === 'pointer'}
        style={{ width: '100%' }}
      />
    );
  const [y, m, d] = (props.value ?? '').split('-');
  return (
    <span className="plain-select plain-date">
      <input
        {...stub}
        className={inputClass(props.error)}
        aria-invalid={!!props.error || undefined}
        value={props.value ? `${d}.${m}.${y}` : ''}
        placeholder={props.texts.field.delivery_date}
        aria-label={props.label}
      />
    </span>
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
  texts: OfferTexts;
}) {
  const { detail, n, offer: o, errors: e, store, texts } = props;
  const set = (patch: Partial<DraftOffer>) => store.update(detail, n, patch);
  const [w0, w1, w2, w3, w4, w5, w6] = OFFER_FIELDS.map((f) => f.width);
  const label = (k: FieldKey) => `${texts.field[k]} ${n + 1}`;
  const remove = texts.remove;
  return (
    <div className="offer-line" data-testid={`offer-${detail}-${n}`}>
      <Field width={w0} error={e?.producer}>
        <ProducerField
          value={o.producer}
          error={e?.producer}
          texts={texts}
          onChange={(producer) => set({ producer })}
        />
      </Field>
      <Field width={w1} error={e?.price}>
        <PlainDecimalInput
          value={o.price}
          aria-label={label('price')}
          invalid={!!e?.price}
          onChange={(price) => set({ price })}
          suffix="€"
          lang={texts.lang}
          data-testid={`price-${detail}-${n}`}
        />
      </Field>
      <Field width={w2} error={e?.delivery_date}>
        <DateField
          value={o.delivery_date}
          error={e?.delivery_date}
          label={label('delivery_date')}
          minDate={props.minDate}
          texts={texts}
          onChange={(delivery_date) => set({ delivery_date })}
        />
      </Field>
      <Field width={w3} error={e?.product_code}>
        <input
          className={inputClass(e?.product_code)}
          aria-invalid={!!e?.product_code || undefined}
          value={o.product_code}
          maxLength={PRODUCT_CODE_MAX}
          aria-label={label('product_code')}
          placeholder={texts.field.product_code}
          onChange={(ev) => set({ product_code: ev.target.value })}
        />
      </Field>
      <Field width={w4} error={e?.ean_code}>
        <input
          className={inputClass(e?.ean_code)}
          aria-invalid={!!e?.ean_code || undefined}
          value={o.ean_code}
          maxLength={EAN_MAX_DIGITS}
          inputMode="numeric"
          aria-label={label('ean_code')}
          placeholder={texts.field.ean_code}
          onChange={(ev) => set({ ean_code: ev.target.value })}
        />
      </Field>
      <Field width={w5} error={e?.available_qty}>
        <PlainDecimalInput
          value={o.available_qty}
          aria-label={label('available_qty')}
          invalid={!!e?.available_qty}
          lang={texts.lang}
          onChange={(available_qty) => set({ available_qty })}
        />
      </Field>
      <Field width={w6} error={e?.additional_qty}>
        <PlainDecimalInput
          value={o.additional_qty}
          aria-label={label('additional_qty')}
          invalid={!!e?.additional_qty}
          lang={texts.lang}
          onChange={(additional_qty) => set({ additional_qty })}
        />
      </Field>
      <button
        type="button"
        className="offer-remove"
        title={remove}
        aria-label={remove}
        disabled={!props.removable}
        onClick={() => store.remove(detail, n)}
      >
        <DeleteOutlined aria-hidden />
      </button>
    </div>
  );
});

/** The offer lines of one part, with the add-line button. */
export const OfferPartEditor = memo(function OfferPartEditor(props: {
  detail: number;
  store: OfferStore;
  minDate: Dayjs;
  texts: OfferTexts;
}) {
  const { detail, store, texts } = props;
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
          texts={texts}
        />
      ))}
      {errors.part.map((k) => (
        <div key={k} className="offer-error">
          {errorText(k)}
        </div>
      ))}
      {canAddOffer(offers) && (
        <button
          type="button"
          className="offer-add"
          onClick={(ev) => {
            // The new line's first field takes focus (the button itself goes once the part has its 3 lines).
            const part = ev.currentTarget.closest('.offer-part');
            store.add(detail);
            requestAnimationFrame(() =>
              [...(part?.querySelectorAll<HTMLElement>('.offer-line') ?? [])]
                .at(-1)
                ?.querySelector<HTMLInputElement>('input')
                ?.focus(),
            );
          }}
        >
          <PlusOutlined aria-hidden /> {texts.add}
        </button>
      )}
      <DeclineLine detail={detail} hasOffer={removable} />
    </div>
  );
});

/** Width of the offers column: the fields, their gaps and the remove button. */
export const OFFERS_WIDTH = OFFER_FIELDS.reduce((s, f) => s + f.width, 0) + OFFER_FIELDS.length * 6 + 32 + 16;

/** Column title with the offer field labels, aligned with the inputs. */
export function OfferFieldLabels() {
  const { t } = useTranslation();
  return (
    <div className="offer-labels">
      {OFFER_FIELDS.map((f) => (
        <div key={f.key} style={{ width: f.width }}>
          {t(`tenderView.offer.${f.key}`)}
        </div>
      ))}
    </div>
  );
}
