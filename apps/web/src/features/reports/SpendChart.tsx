// The consolidated report's chart: spend per month (stacked by department) and per department, from the same
// filter as the table. Loaded lazily with recharts. A text alternative (a summary and a visually hidden table)
// carries the same figures for screen readers.
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  type PieLabelRenderProps,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type ListQuery, useSpendChart } from './api.ts';
import { fmtSum } from './format.ts';

const COLORS = ['#0b5cab', '#2f9e44', '#e8590c', '#7048e8', '#c2255c', '#1098ad', '#5c940d', '#862e9c'];

/** Adds decimal strings exactly (in cents). */
const addCents = (a: bigint, v: string) => {
  const [i, f = ''] = v.split('.');
  return a + BigInt(i + f.padEnd(2, '0').slice(0, 2));
};
const centsStr = (c: bigint) => {
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

export default function SpendChart(props: { query: ListQuery }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chart = useSpendChart(props.query);
  const points = chart.data ?? [];
  const groups = [...new Set(points.map((p) => p.group))].sort();
  const months = [...new Set(points.map((p) => p.month))].sort();
  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { month: 'short', year: 'numeric' }).format(
      new Date(`${m}-15T12:00:00Z`),
    );
  const byMonth = months.map((m) => {
    const row: Record<string, string | number> = { month: monthLabel(m) };
    for (const p of points.filter((x) => x.month === m)) row[p.group] = Number(p.sum);
    return row;
  });
  const perGroup = groups.map((g) => {
    const cents = points.filter((p) => p.group === g).reduce((a, p) => addCents(a, p.sum), 0n);
    return { name: g, value: Number(centsStr(cents)), label: centsStr(cents) };
  });
  const total = centsStr(points.reduce((a, p) => addCents(a, p.sum), 0n));
  const money = (v: number | string) => `${fmtSum(v, lang)} €`;

  return (
    <figure className="report-chart" aria-labelledby="spend-chart-title" data-testid="spend-chart">
      <h2 id="spend-chart-title">{t('reports.chart.title')}</h2>
      {chart.isLoading ? (
        <Spin />
      ) : !points.length ? (
        <Empty description={t('reports.chart.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <p className="sr-only">{t('reports.chart.alt', { total: fmtSum(total, lang) })}</p>
          <div className="report-chart-row" inert>
            <div style={{ width: '100%', height: 240 }}>
              <ResponsiveContainer>
                <BarChart
                  accessibilityLayer={false}
                  data={byMonth}
                  margin={{ top: 4, right: 8, left: 8, bottom: 4 }}
                >
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis
                    fontSize={12}
                    width={70}
                    tickFormatter={(v: number) => fmtSum(String(Math.round(v)), lang).replace(/[.,]00$/, '')}
                  />
                  <Tooltip formatter={(v) => money(Number(v))} />
                  <Legend formatter={(v) => <span className="report-legend">{String(v)}</span>} />
                  {groups.map((g, i) => (
                    <Bar
                      key={g}
                      dataKey={g}
                      stackId="spend"
                      maxBarSize={64}
                      fill={COLORS[i % COLORS.length]}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            <div style={{ width: '100%', height: 240 }}>
              <ResponsiveContainer>
                <PieChart accessibilityLayer={false}>
                  <Pie
                    data={perGroup}
                    dataKey="value"
                    nameKey="name"
                    outerRadius={80}
                    isAnimationActive={false}
                    label={(p: PieLabelRenderProps) => (
                      <text
                        x={Number(p.x)}
                        y={Number(p.y)}
                        fill="#262626"
                        fontSize={12}
                        textAnchor={Number(p.x) > Number(p.cx) ? 'start' : 'end'}
                        dominantBaseline="central"
                      >
                        {String(p.name ?? '')}
                      </text>
                    )}
                    labelLine
                  >
                    {perGroup.map((g, i) => (
                      <Cell key={g.name} fill={COLORS[i % COLORS.length]} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(v) => money(Number(v))} />
                </PieChart>
              </ResponsiveContainer>
            </div>
          </div>
          <table className="sr-only">
            <caption>{t('reports.chart.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.chart.month')}</th>
                <th scope="col">{t('reports.chart.group')}</th>
                <th scope="col">{t('reports.chart.sum')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={`${p.month}-${p.group}`}>
                  <td>{monthLabel(p.month)}</td>
                  <td>{p.group}</td>
                  <td>{fmtSum(p.sum, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
