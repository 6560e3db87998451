// A producer multi-select (spec 3 "Blacklist add/edit", "Producers"): active producers found by name, at most
// 300 options and 50 tags shown; typing at least 2 characters offers to add a new producer, confirmed in a warning
// dialog, which is then selected.
import {
  BLACKLIST_PRODUCER_OPTIONS,
  BLACKLIST_PRODUCER_TAGS,
  PRODUCER_SEARCH_MIN_CHARS,
  producerNameProblem,
} from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/index.ts';
import { ApiError, api } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';
import { toast } from '../../lib/toast.ts';
import { PRODUCERS, type ProducerItem } from './api.ts';

const ADD = '__add__';

export function ProducerSelect(props: {
  id?: string;
  value?: number[];
  onChange?(v: number[]): void;
  /** Options the value already has (names of the entry's producers, also inactive ones). */
  known?: { id: number; name: string }[];
  'aria-label'?: string;
  status?: 'error';
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<{ id: number; name: string }[]>([]);
  const q = useQuery({
    queryKey: [...resourceKey(PRODUCERS), 'select', search],
    queryFn: ({ signal }) =>
      api<{ results: ProducerItem[] }>('GET', PRODUCERS, {
        query: {
          is_active: true,
          page_size: BLACKLIST_PRODUCER_OPTIONS,
          ...(search ? { name__icontains: search } : {}),
        },
        signal,
      }).then((r) => r.results),
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });
  const typed = search.trim();
  const exact = (q.data ?? []).some((p) => p.name.toLowerCase() === typed.toLowerCase());
  const options = useMemo(() => {
    const map = new Map<number, string>();
    for (const p of [...(props.known ?? []), ...added, ...(q.data ?? [])]) map.set(p.id, p.name);
    const list: { value: number | string; label: string }[] = [...map].map(([value, label]) => ({
      value,
      label,
    }));
    return list.slice(0, BLACKLIST_PRODUCER_OPTIONS);
  }, [props.known, added, q.data]);
  const offerAdd = typed.length >= PRODUCER_SEARCH_MIN_CHARS && !exact && !q.isFetching;

  const addProducer = (name: string) =>
    modal.confirm({
      title: t('catalogue.producers.inline_title'),
      content: t('catalogue.producers.inline_warning', { name }),
      okText: t('catalogue.producers.inline_ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const problem = producerNameProblem(name);
        if (problem) {
          toast.error(errorText(problem));
          return;
        }
        try {
          const p = await api<ProducerItem>('POST', PRODUCERS, { body: { name, is_active: true } });
          setAdded((a) => [...a, { id: p.id, name: p.name }]);
          props.onChange?.([...(props.value ?? []), p.id]);
          setSearch('');
          toast.success(t('catalogue.producers.added'));
          await qc.invalidateQueries({ queryKey: resourceKey(PRODUCERS) });
        } catch (err) {
          const key = err instanceof ApiError ? (err.fieldErrors.name?.[0] ?? err.detail) : undefined;
          toast.error(key ? errorText(key) : t('catalogue.producers.add_failed'));
        }
      },
    });

  return (
    <Select<(number | string)[]>
      id={props.id}
      mode="multiple"
      aria-label={props['aria-label']}
      status={props.status}
      value={props.value}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      maxTagCount={BLACKLIST_PRODUCER_TAGS}
      loading={q.isFetching}
      notFoundContent={q.isFetching ? undefined : t('catalogue.no_options')}
      options={
        offerAdd
          ? [...options, { value: ADD, label: t('catalogue.producers.inline_add', { name: typed }) }]
          : options
      }
      onChange={(v) => {
        if (v.includes(ADD)) {
          addProducer(typed);
          return;
        }
        props.onChange?.(v as number[]);
      }}
      style={{ width: '100%' }}
    />
  );
}
