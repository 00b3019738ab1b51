import { defineMessages, useIntl } from 'react-intl';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../../app/hooks';
import { untyped } from '../../../shared/untyped-messages';
import { activityApi, type ActivityEntry, type ActivityFilter } from '../activity.api';
import { Chart } from '../../../shared/chart';

// Activity per day as bars (shared Chart on uPlot, ADR 0015), counted from the log entries loaded
// on the screen (no extra backend call): "Mehr laden" extends it to older days.

const messages = untyped(defineMessages({
  title: { id: 'activity.chart.title', defaultMessage: 'Aktivität pro Tag', description: 'Heading of the bar chart' },
  summary: { id: 'activity.chart.summary', defaultMessage: '{count, plural, one {# Eintrag} other {# Einträge}} an {days, plural, one {# Tag} other {# Tagen}}, am meisten am {top} ({max})', description: 'Accessible summary' },
  entries: { id: 'activity.chart.entries', defaultMessage: 'Einträge', description: 'Name of the counted series (entries of the log per day)' },
  loaded: { id: 'activity.chart.loaded', defaultMessage: 'Gezählt aus den geladenen Einträgen.', description: 'Where the numbers come from' },
}));

const DAY_MS = 86_400_000;
const MAX_DAYS = 92;

type ActivityRootState = Parameters<ReturnType<typeof activityApi.endpoints.listActivity.select>>[0];

function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Counts per local day from the first to the last day with entries (at most the newest 92 days). */
export function countPerDay(entries: readonly ActivityEntry[]): { day: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const day = localDay(entry.recordedAt);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const keys = [...counts.keys()].sort();
  const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const last = toUtc(keys[keys.length - 1] ?? '');
  const first = Math.max(toUtc(keys[0] ?? ''), last - (MAX_DAYS - 1) * DAY_MS);
  const out: { day: string; count: number }[] = [];
  for (let at = first; at <= last; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    out.push({ day, count: counts.get(day) ?? 0 });
  }
  return out;
}

export function ActivityPerDayChart({ teamId, filter, pages }: { teamId: string; filter: ActivityFilter; pages: readonly (string | undefined)[] }) {
  const intl = useIntl();
  const loaded = useAppSelector(
    (state) => pages.map((after) => activityApi.endpoints.listActivity.select({ teamId, filter, after })(state as ActivityRootState).data?.entries),
    shallowEqual,
  );
  const bars = countPerDay(loaded.flatMap((entries) => entries ?? []));
  if (bars.length === 0) return null;
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const topBar = bars.reduce((best, bar) => (bar.count > best.count ? bar : best), bars[0] ?? { day: '', count: 0 });
  const top = intl.formatDate(`${topBar.day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  const summary = intl.formatMessage(messages.summary, { count: total, days: bars.filter((bar) => bar.count > 0).length, top, max: topBar.count });
  return (
    <section className="card chart-card" aria-labelledby="activity-chart-title">
      <h2 id="activity-chart-title">{intl.formatMessage(messages.title)}</h2>
      <Chart
        kind="bars"
        label={intl.formatMessage(messages.title)}
        summary={summary}
        days={bars.map((bar) => bar.day)}
        series={[{ id: 'entries', name: intl.formatMessage(messages.entries), values: bars.map((bar) => bar.count) }]}
        formatValue={(value) => intl.formatNumber(value, { maximumFractionDigits: 0 })}
        height={180}
        whole
        testId="activity-chart"
      />
      <p className="hint">{summary}. {intl.formatMessage(messages.loaded)}</p>
    </section>
  );
}
