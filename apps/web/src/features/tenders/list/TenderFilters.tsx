// The list's collapsible filter: groups (only with more than one), start and finish dates, statuses, quick date
// ranges and the business-system sync filter (buyers only). Edits stay local until "search"; "reset" clears all.
import { TENDER_STATUSES } from '@portal/shared';
import { Button, Checkbox, DatePicker, Flex, Form, Select, Space, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../../components/ClearIcon.tsx';
import { FilterActions, FilterPanel } from '../../../components/FilterPanel.tsx';
import { DATE } from '../../../lib/format.ts';
import { type Draft, FILTER_KEYS, fromDraft, QUICK, type Quick, toDraft } from './filters.ts';

export function TenderFilters(props: {
  filters: Record<string, string>;
  groups: { id: number; name: string }[];
  showSync: boolean;
  onApply(values: Record<string, string | undefined>): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => toDraft(props.filters));
  const filtersKey = JSON.stringify(props.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the applied filters (by value) reset the draft
  useEffect(() => setDraft(toDraft(props.filters)), [filtersKey]);

  const active = useMemo(() => FILTER_KEYS.filter((k) => props.filters[k]).length, [props.filters]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (d: Draft) => props.onApply(fromDraft(d));

  const body = (
    <Form layout="vertical" onFinish={() => apply(draft)} className="tender-filters">
      <Flex wrap gap={16} align="flex-start">
        {props.groups.length > 1 && (
          <Form.Item label={t('tenders.fields.group')} style={{ marginBottom: 8 }}>
            <Checkbox.Group
              value={draft.groups}
              onChange={(v) => set({ groups: v as number[] })}
              options={props.groups.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('tenders.list.filter.start')} style={{ marginBottom: 8 }}>
          <DatePicker
            value={draft.start}
            format={DATE}
            onChange={(v) => set({ start: v })}
            aria-label={t('tenders.list.filter.start')}
            data-testid="filter-start"
          />
        </Form.Item>
        <Form.Item label={t('tenders.list.filter.finish')} style={{ marginBottom: 8 }}>
          <DatePicker
            value={draft.finish}
            format={DATE}
            onChange={(v) => set({ finish: v })}
            aria-label={t('tenders.list.filter.finish')}
            data-testid="filter-finish"
          />
        </Form.Item>
        <Form.Item label={t('tenders.fields.status')} style={{ marginBottom: 8, minWidth: 260 }}>
          <Select
            mode="multiple"
            allowClear={CLEARABLE}
            value={draft.statuses}
            onChange={(v) => set({ statuses: v })}
            placeholder={t('tenders.list.filter.all_statuses')}
            aria-label={t('tenders.fields.status')}
            options={TENDER_STATUSES.map((s) => ({ value: s, label: t(`tenders.status.${s}`) }))}
            maxTagCount="responsive"
          />
        </Form.Item>
        {props.showSync && (
          <Form.Item label={t('tenders.list.filter.failed_bc_details')} style={{ marginBottom: 8 }}>
            <Switch
              checked={draft.failedBc}
              onChange={(v) => set({ failedBc: v })}
              aria-label={t('tenders.list.filter.failed_bc_details')}
            />
          </Form.Item>
        )}
        {props.showSync && (
          <Form.Item label={t('chooseClock.overdue_filter')} style={{ marginBottom: 8 }}>
            <Switch
              checked={draft.overdue}
              onChange={(v) => set({ overdue: v })}
              aria-label={t('chooseClock.overdue_filter')}
              data-testid="filter-overdue"
            />
          </Form.Item>
        )}
      </Flex>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Space wrap size={4} aria-label={t('tenders.list.filter.quick')}>
          {(Object.keys(QUICK) as Quick[]).map((q) => (
            <Button
              key={q}
              size="small"
              type="dashed"
              onClick={() => {
                const [start, finish] = QUICK[q]();
                const next = { ...draft, start, finish };
                setDraft(next);
                apply(next);
              }}
            >
              {t(`tenders.list.quick.${q}`)}
            </Button>
          ))}
        </Space>
        <FilterActions
          labels={{ reset: t('tenders.list.filter.reset'), search: t('tenders.list.filter.search') }}
          onReset={props.onReset}
        />
      </Flex>
    </Form>
  );

  return (
    <FilterPanel id="tenders" title={t('tenders.list.filter.title')} active={active}>
      {body}
    </FilterPanel>
  );
}
