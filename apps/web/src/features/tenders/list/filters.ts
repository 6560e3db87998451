// Pure pieces of the tender list filter: query values <-> the filter form's draft, the default start date and
// the quick date ranges.
import dayjs, { type Dayjs } from 'dayjs';

export interface TenderFilterValues {
  filter_groups?: string;
  filter_start?: string;
  filter_finish?: string;
  filter_status?: string;
  failed_bc_details?: string;
  filter_overdue?: string;
}
export const FILTER_KEYS = [
  'filter_groups',
  'filter_start',
  'filter_finish',
  'filter_status',
  'failed_bc_details',
  'filter_overdue',
] as const;

/** Default start filter: the first day of the previous month. */
export const defaultFilterStart = () => dayjs().subtract(1, 'month').startOf('month').format('YYYY-MM-DD');

export interface Draft {
  groups: number[];
  start: Dayjs | null;
  finish: Dayjs | null;
  statuses: string[];
  failedBc: boolean;
  /** Buyers: only tenders whose 48 hours to choose the winners have run out. */
  overdue: boolean;
}

export const toDraft = (f: Record<string, string>): Draft => ({
  groups: (f.filter_groups ?? '').split(',').filter(Boolean).map(Number),
  start: f.filter_start ? dayjs(f.filter_start) : null,
  finish: f.filter_finish ? dayjs(f.filter_finish) : null,
  statuses: (f.filter_status ?? '').split(',').filter(Boolean),
  failedBc: f.failed_bc_details === 'true',
  overdue: f.filter_overdue === 'true',
});

export const fromDraft = (d: Draft): Record<string, string | undefined> => ({
  filter_groups: d.groups.length ? d.groups.join(',') : undefined,
  filter_start: d.start?.format('YYYY-MM-DD'),
  filter_finish: d.finish?.format('YYYY-MM-DD'),
  filter_status: d.statuses.length ? d.statuses.join(',') : undefined,
  failed_bc_details: d.failedBc ? 'true' : undefined,
  filter_overdue: d.overdue ? 'true' : undefined,
});

export type Quick = 'today' | 'this_week' | 'this_month' | 'previous_month' | 'last_3_months' | 'this_year';
export const QUICK: Record<Quick, () => [Dayjs, Dayjs]> = {
  today: () => [dayjs().startOf('day'), dayjs().endOf('day')],
  this_week: () => [dayjs().startOf('week'), dayjs().endOf('week')],
  this_month: () => [dayjs().startOf('month'), dayjs().endOf('month')],
  previous_month: () => [
    dayjs().subtract(1, 'month').startOf('month'),
    dayjs().subtract(1, 'month').endOf('month'),
  ],
  last_3_months: () => [dayjs().subtract(3, 'month').startOf('day'), dayjs().endOf('day')],
  this_year: () => [dayjs().startOf('year'), dayjs().endOf('year')],
};
