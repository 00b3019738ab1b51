import { defineMessages, useIntl } from 'react-intl';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { untyped } from '../../shared/untyped-messages';
import { useGetProjectAnalysisQuery, type FillPoint } from './analysis.api';
import { Chart, type ChartSeries } from '../../shared/chart';
import { Skeleton } from '../../shared/skeleton';

// Fill rate of lists over time (shared Chart on uPlot, loaded with the chart; ADR 0015).

const messages = untyped(defineMessages({
  title: { id: 'projects.charts.fill.title', defaultMessage: 'Auslastung der Listen', description: 'Heading of the fill-rate chart' },
  summary: { id: 'projects.charts.fill.summary', defaultMessage: 'Auslastung über die Zeit: {lists}', description: 'Accessible summary of the chart' },
  listNow: { id: 'projects.charts.fill.listNow', defaultMessage: '{name} {rate} %', description: 'One list in the summary' },
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

const percent = (rate: number) => Math.round(rate * 100);

/**
 * Fill rate (0–100 %, more when a capacity was lowered) per series over the days with a change,
 * as step lines: a rate holds until the next day with a change.
 */
export function fillRateTable(series: FillSeries[]): { days: string[]; series: ChartSeries[] } {
  const charted = series
    .map((entry) => ({ ...entry, points: entry.days.filter((point): point is FillPoint & { fillRate: number } => point.fillRate !== null) }))
    .filter((entry) => entry.points.length > 0);
  const days = [...new Set(charted.flatMap((entry) => entry.points.map((point) => point.day)))].sort();
  return {
    days,
    series: charted.map((entry) => {
      const byDay = new Map(entry.points.map((point) => [point.day, percent(point.fillRate)]));
      let held: number | null = null;
      return { id: entry.id, name: entry.name, values: days.map((day) => (held = byDay.get(day) ?? held)) };
    }),
  };
}

export function FillRateChart({ series, label }: { series: FillSeries[]; label: string }) {
  const intl = useIntl();
  const table = fillRateTable(series);
  if (table.series.length === 0) return <p className="hint">{intl.formatMessage(messages.empty)}</p>;
  const now = (values: (number | null)[]) => values[values.length - 1] ?? 0;
  const summary = intl.formatMessage(messages.summary, {
    lists: table.series.map((entry) => intl.formatMessage(messages.listNow, { name: entry.name, rate: now(entry.values) })).join(', '),
  });
  return (
    <Chart
      kind="steps"
      label={label}
      summary={summary}
      days={table.days}
      series={table.series}
      formatValue={(value) => intl.formatNumber(value / 100, { style: 'percent' })}
      testId="fill-chart"
      top={100}
    />
  );
}

/** The project's fill rate per list over time, with the totals (analyze view and editor). */
export function ProjectFillChart({ teamId, projectId }: { teamId: string; projectId: string }) {
  const intl = useIntl();
  const { data, error, isLoading } = useGetProjectAnalysisQuery({ teamId, projectId });
  if (isLoading) return <Skeleton shape="cards" rows={1} />;
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
