// Producer search for an offer line: from 2 characters, 450 ms debounce, 5 results, and an inline
// "add new producer" option confirmed in a warning dialog (POST /producers/).
import { PRODUCER_SEARCH_MIN_CHARS } from '@portal/shared';
import { App, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../../components/ClearIcon.tsx';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { createProducer, type Producer, searchProducers } from '../viewApi.ts';

const DEBOUNCE_MS = 450;
const ADD = -1;

export function ProducerSelect(props: {
  value: Producer | null;
  onChange(p: Producer | null): void;
  status?: 'error';
  id?: string;
  autoFocus?: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Producer[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const abort = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const onSearch = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    abort.current?.abort();
    const q = value.trim();
    if (q.length < PRODUCER_SEARCH_MIN_CHARS) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(() => {
      const ctrl = new AbortController();
      abort.current = ctrl;
      searchProducers(q, ctrl.signal)
        .then((r) => setOptions(r))
        .catch(() => setOptions([]))
        .finally(() => {
          if (!ctrl.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
  };

  const name = text.trim();
  const exact = options.some((o) => o.name.toLowerCase() === name.toLowerCase());
  const canAdd = name.length >= PRODUCER_SEARCH_MIN_CHARS && !loading && !exact;

  const addNew = () => {
    modal.confirm({
      type: 'warning',
      title: t('tenderView.producer.add_title'),
      content: t('tenderView.producer.add_question', { name }),
      okText: t('tenderView.producer.add_ok'),
      cancelText: t('tenders.confirm.cancel'),
      onOk: async () => {
        try {
          const p = await createProducer(name);
          toast.success(t('tenderView.producer.added'));
          props.onChange({ id: p.id, name: p.name });
          setText('');
        } catch (err) {
          const key = err instanceof ApiError && err.status === 400 ? err.fieldErrors.name?.[0] : undefined;
          toast.error(key ? errorText(key) : t('tenderView.producer.add_failed'));
        }
      },
    });
  };

  const opts = options.map((o) => ({ value: o.id, label: o.name }));
  if (props.value && !options.some((o) => o.id === props.value?.id))
    opts.unshift({ value: props.value.id, label: props.value.name });
  if (canAdd) opts.push({ value: ADD, label: `+ ${t('tenderView.producer.add_option', { name })}` });

  return (
    <Select<number>
      id={props.id}
      autoFocus={props.autoFocus}
      defaultOpen={props.defaultOpen}
      className="offer-producer"
      allowClear={CLEARABLE}
      value={props.value?.id}
      status={props.status}
      placeholder={t('tenderView.offer.producer')}
      aria-label={t('tenderView.offer.producer')}
      showSearch={{ filterOption: false, onSearch, searchValue: text }}
      notFoundContent={
        loading ? (
          <Spin size="small" />
        ) : name.length < PRODUCER_SEARCH_MIN_CHARS ? (
          t('tenderView.producer.type_more')
        ) : null
      }
      options={opts}
      onChange={(v) => {
        if (v === ADD) return addNew();
        if (v == null) return props.onChange(null);
        const p = options.find((o) => o.id === v) ?? (props.value?.id === v ? props.value : null);
        props.onChange(p ? { id: p.id, name: p.name } : null);
        setText('');
      }}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
