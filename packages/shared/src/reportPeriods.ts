// Report periods without a schema: the date presets and day arithmetic (Europe/Tallinn days as YYYY-MM-DD), apart
// from reports.ts's answer schemas so that the web app's shared code does not build those on every page.

export const REPORT_PRESETS = [
  'today',
  'yesterday',
  'current_week',
  'current_month',
  'last_week',
  'last_month',
  'last_3_months',
  'last_6_months',
  'last_year',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

const toDay = (d: Date) => d.toISOString().slice(0, 10);
const parse = (s: string) => new Date(`${s}T00:00:00Z`);
export const addDays = (s: string, n: number) => {
  const d = parse(s);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
};
/** Same day n months earlier or later, clamped to the month's last day (31.05 − 3 months = 28/29.02). */
export const addMonths = (s: string, n: number) => {
  const d = parse(s);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return toDay(target);
};
const monthStart = (s: string) => `${s.slice(0, 7)}-01`;
const monthEnd = (s: string) => addDays(addMonths(monthStart(s), 1), -1);
/** Monday of the day's week (weeks start on Monday). */
const weekStart = (s: string) => addDays(s, -((parse(s).getUTCDay() + 6) % 7));

/**
 * The first and last day (both inclusive) of a preset, seen from `today` (a Europe/Tallinn day).
 * Calendar presets (week, month, year) are whole calendar periods; "last 3/6 months" run from the same day
 * 3/6 months back to today.
 */
export function presetRange(preset: ReportPreset, today: string): [string, string] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'current_week':
      return [weekStart(today), addDays(weekStart(today), 6)];
    case 'current_month':
      return [monthStart(today), monthEnd(today)];
    case 'last_week':
      return [addDays(weekStart(today), -7), addDays(weekStart(today), -1)];
    case 'last_month': {
      const prev = addMonths(monthStart(today), -1);
      return [prev, monthEnd(prev)];
    }
    case 'last_3_months':
      return [addMonths(today, -3), today];
    case 'last_6_months':
      return [addMonths(today, -6), today];
    case 'last_year': {
      const y = Number(today.slice(0, 4)) - 1;
      return [`${y}-01-01`, `${y}-12-31`];
    }
  }
}

/** The preset whose range is exactly [start, finish], if any (to show the chosen radio). */
export function presetOf(start: string | undefined, finish: string | undefined, today: string) {
  if (!start || !finish) return undefined;
  return REPORT_PRESETS.find((p) => {
    const [a, b] = presetRange(p, today);
    return a === start && b === finish;
  });
}

/** Today's date in Europe/Tallinn (YYYY-MM-DD) at an instant. */
export function tallinnDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
