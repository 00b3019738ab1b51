import { defineMessages, useIntl } from 'react-intl';
import { ShellLoader } from '../../app/app-shell-loader';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { untyped } from '../../shared/untyped-messages';
import { useGetProjectAnalysisQuery, type FillPoint } from './analysis.api';
import '../../shared/charts.css';

// Fill rate of lists over time as a hand-written SVG line chart (no chart library: bundle size).

const messages = untyped(defineMessages({
  title: { id: 'projects.charts.fill.title', defaultMessage: 'Auslastung der Listen', description: 'Heading of the fill-rate chart' },
  summary: { id: 'projects.charts.fill.summary', defaultMessage: 'Auslastung über die Zeit: {lists}', description: 'Accessible summary of the chart' },
  listNow: { id: 'projects.charts.fill.listNow', defaultMessage: '{name} {rate} %', description: 'One list in the summary' },
  point: { id: 'projects.charts.fill.point', defaultMessage: '{name}, {day}: {rate} % ({placed} von {capacity})', description: 'Tooltip of a data point' },
  total: { id: 'projects.charts.fill.total', defaultMessage: 'Insgesamt {placed} von {capacity} Plätzen belegt ({rate} %), {waitlisted} auf der Warteliste.', description: 'Totals line' },
  totalUnlimited: { id: 'projects.charts.fill.totalUnlimited', defaultMessage: 'Insgesamt {placed} eingetragen, {waitlisted} auf der Warteliste.', description: 'Totals line without capacities' },
  unlimited: { id: 'projects.charts.fill.unlimited', defaultMessage: '{name}: unbegrenzt, {placed} eingetragen', description: 'A list without capacity in the legend' },
  empty: { id: 'projects.charts.fill.empty', defaultMessage: 'Noch keine Listen mit begrenzten Plätzen.', description: 'Nothing to chart' },
}));

export interface FillSeries {
  id: string;
  name: string;
  days: FillPoint[];
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const percent = (rate: number) => Math.round(rate * 100);

/** Lines of fill rate (0–100 %, more when a capacity was lowered) per series over the days. */
export function FillRateChart({ series, label }: { series: FillSeries[]; label: string }) {
  const intl = useIntl();
  const charted = series
    .map((entry) => ({ ...entry, points: entry.days.filter((point): point is FillPoint & { fillRate: number } => point.fillRate !== null) }))
    .filter((entry) => entry.points.length > 0);
  if (charted.length === 0) return <p className="hint">{intl.formatMessage(messages.empty)}</p>;
  const days = charted.flatMap((entry) => entry.points.map((point) => dayNumber(point.day)));
  const first = Math.min(...days);
  const lastDay = Math.max(...days);
  const span = Math.max(lastDay - first, 1);
  const top = Math.max(1, ...charted.flatMap((entry) => entry.points.map((point) => point.fillRate)));
  const x = (day: string) => PAD.left + ((dayNumber(day) - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (rate: number) => PAD.top + (1 - rate / top) * (HEIGHT - PAD.top - PAD.bottom);
  const grid = [0, 0.5, 1, ...(top > 1 ? [top] : [])];
  const dayLabel = (n: number) => intl.formatDate(new Date(n * DAY_MS), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const summary = intl.formatMessage(messages.summary, {
    lists: charted.map((entry) => intl.formatMessage(messages.listNow, { name: entry.name, rate: percent(entry.points[entry.points.length - 1]?.fillRate ?? 0) })).join(', '),
  });

  return (
    <figure className="chart" data-testid="fill-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label}. ${summary}`} className="chart__svg">
        {grid.map((rate) => (
          <g key={rate} className="chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(rate)} y2={y(rate)} />
            <text x={PAD.left - 6} y={y(rate) + 4} textAnchor="end">{percent(rate)} %</text>
          </g>
        ))}
        <text className="chart__axis" x={PAD.left} y={HEIGHT - 8} textAnchor="start">{dayLabel(first)}</text>
        {lastDay !== first && <text className="chart__axis" x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">{dayLabel(lastDay)}</text>}
        {charted.map((entry, index) => {
          // A step line: the fill rate holds until the next day with a change.
          const path = entry.points.map((point, at) => {
            const px = x(point.day);
            const py = y(point.fillRate);
            return at === 0 ? `M${px},${py}` : `H${px}V${py}`;
          }).join('');
          const tail = entry.points[entry.points.length - 1];
          const end = tail && x(tail.day) < WIDTH - PAD.right ? `H${WIDTH - PAD.right}` : '';
          return (
            <g key={entry.id} className={`chart__series chart__series--${index % 8}`}>
              <path d={path + end} fill="none" />
              {entry.points.map((point) => (
                <circle key={point.day} cx={x(point.day)} cy={y(point.fillRate)} r={3}>
                  <title>{intl.formatMessage(messages.point, {
                    name: entry.name, day: intl.formatDate(`${point.day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                    rate: percent(point.fillRate), placed: point.placed, capacity: point.capacity ?? '∞',
                  })}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="chart__legend">
          {charted.map((entry, index) => (
            <li key={entry.id}>
              <span className={`chart__swatch chart__series--${index % 8}`} aria-hidden="true" />
              {intl.formatMessage(messages.listNow, { name: entry.name, rate: percent(entry.points[entry.points.length - 1]?.fillRate ?? 0) })}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The project's fill rate per list over time, with the totals (analyze view and editor). */
export function ProjectFillChart({ teamId, projectId }: { teamId: string; projectId: string }) {
  const intl = useIntl();
  const { data, error, isLoading } = useGetProjectAnalysisQuery({ teamId, projectId });
  if (isLoading) return <ShellLoader />;
  if (!data) return <ProjectErrorAlert error={error} />;
  const { totals } = data;
  const unlimited = data.lists.filter((list) => list.capacity === null);
  return (
    <section className="card chart-card" aria-labelledby={`fill-chart-${projectId}`}>
      <h2 id={`fill-chart-${projectId}`}>{intl.formatMessage(messages.title)}</h2>
      <p className="hint">
        {totals.capacity !== null && totals.fillRate !== null
          ? intl.formatMessage(messages.total, { placed: totals.placed, capacity: totals.capacity, rate: percent(totals.fillRate), waitlisted: totals.waitlisted })
          : intl.formatMessage(messages.totalUnlimited, { placed: totals.placed, waitlisted: totals.waitlisted })}
      </p>
      <FillRateChart label={intl.formatMessage(messages.title)} series={data.lists.map((list) => ({ id: list.listId, name: list.name, days: list.days }))} />
      {unlimited.length > 0 && (
        <ul className="hint chart__unlimited">
          {unlimited.map((list) => <li key={list.listId}>{intl.formatMessage(messages.unlimited, { name: list.name, placed: list.placed })}</li>)}
        </ul>
      )}
    </section>
  );
}
