// The report filter (spec 2 "Reports"): text filters of the report, a date range with preset radios (today …
// last year; week starts Monday), search and reset. Edits stay local until "search"; a preset applies at once.
import {
  presetOf,
  presetRange,
  REPORT_PRESETS,
  type ReportPreset,
  tallinnDay,
  WINNER_REASONS,
} from '@portal/shared';
import { DatePicker, Flex, Form, Input, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../components/ClearIcon.tsx';
import { FilterActions, FilterPanel } from '../../components/FilterPanel.tsx';
import { DATE } from '../../lib/format.ts';

export type TextFilter = 'filter_name' | 'filter_registration_code' | 'filter_code';
export interface FilterField {
  key: TextFilter | 'filter_reason' | 'filter_winner';
  label: string;
}

type Draft = Record<string, string | undefined>;
const DATE_KEYS = ['filter_start', 'filter_finish'];

export function ReportFilters(props: {
  id: string;
  fields: FilterField[];
  filters: Record<string, string>;
  onApply(values: Record<string, string | undefined>): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const keys = useMemo(() => [...props.fields.map((f) => f.key), ...DATE_KEYS], [props.fields]);
  const pick = (f: Record<string, string>) => Object.fromEntries(keys.map((k) => [k, f[k]]));
  const [draft, setDraft] = useState<Draft>(() => pick(props.filters));
  const filtersKey = JSON.stringify(props.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the applied filters (by value) reset the draft
  useEffect(() => setDraft(pick(props.filters)), [filtersKey]);
  const today = tallinnDay(new Date());
  const preset = presetOf(draft.filter_start, draft.filter_finish, today);
  const active = keys.filter((k) => props.filters[k]).length;
  const set = (k: string, v: string | undefined) => setDraft((d) => ({ ...d, [k]: v || undefined }));
  const apply = (d: Draft) =>
    props.onApply(Object.fromEntries(keys.map((k) => [k, d[k]?.trim() || undefined])));

  const body = (
    <Form layout="vertical" onFinish={() => apply(draft)} className="report-filters">
      <Flex wrap gap={12} align="flex-end">
        {props.fields.map((f) => {
          const id = `${props.id}-${f.key}`;
          if (f.key === 'filter_reason')
            return (
              <Form.Item key={f.key} label={f.label} htmlFor={id} style={{ marginBottom: 8, minWidth: 170 }}>
                <Select
                  id={id}
                  allowClear={CLEARABLE}
                  value={draft.filter_reason}
                  onChange={(v) => set('filter_reason', v)}
                  placeholder={t('reports.filters.any')}
                  options={WINNER_REASONS.map((r) => ({ value: r, label: t(`reports.reason.${r}`) }))}
                />
              </Form.Item>
            );
          if (f.key === 'filter_winner')
            return (
              <Form.Item key={f.key} label={f.label} htmlFor={id} style={{ marginBottom: 8, minWidth: 130 }}>
                <Select
                  id={id}
                  allowClear={CLEARABLE}
                  value={draft.filter_winner}
                  onChange={(v) => set('filter_winner', v)}
                  placeholder={t('reports.filters.any')}
                  options={[
                    { value: 'true', label: t('reports.filters.yes') },
                    { value: 'false', label: t('reports.filters.no') },
                  ]}
                />
              </Form.Item>
            );
          return (
            <Form.Item key={f.key} label={f.label} htmlFor={id} style={{ marginBottom: 8 }}>
              <Input
                id={id}
                value={draft[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                allowClear={CLEARABLE}
                style={{ width: 190 }}
              />
            </Form.Item>
          );
        })}
        <Form.Item
          label={t('reports.filters.start')}
          htmlFor={`${props.id}-start`}
          style={{ marginBottom: 8 }}
        >
          <DatePicker
            id={`${props.id}-start`}
            value={draft.filter_start ? dayjs(draft.filter_start) : null}
            format={DATE}
            onChange={(v) => set('filter_start', v?.format('YYYY-MM-DD'))}
            data-testid="filter-start"
          />
        </Form.Item>
        <Form.Item
          label={t('reports.filters.finish')}
          htmlFor={`${props.id}-finish`}
          style={{ marginBottom: 8 }}
        >
          <DatePicker
            id={`${props.id}-finish`}
            value={draft.filter_finish ? dayjs(draft.filter_finish) : null}
            format={DATE}
            onChange={(v) => set('filter_finish', v?.format('YYYY-MM-DD'))}
            data-testid="filter-finish"
          />
        </Form.Item>
      </Flex>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Radio.Group
          aria-label={t('reports.presets.label')}
          value={preset ?? null}
          onChange={(e) => {
            const [start, finish] = presetRange(e.target.value as ReportPreset, today);
            const next = { ...draft, filter_start: start, filter_finish: finish };
            setDraft(next);
            apply(next);
          }}
          className="report-presets"
          optionType="button"
          buttonStyle="solid"
          size="small"
          options={REPORT_PRESETS.map((p) => ({ value: p, label: t(`reports.presets.${p}`) }))}
        />
        <FilterActions
          labels={{ reset: t('reports.filters.reset'), search: t('reports.filters.search') }}
          onReset={props.onReset}
        />
      </Flex>
    </Form>
  );

  return (
    <FilterPanel id={props.id} title={t('reports.filters.title')} active={active}>
      {body}
    </FilterPanel>
  );
}
