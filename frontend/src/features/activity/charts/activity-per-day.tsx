import { defineMessages, useIntl } from 'react-intl';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../../app/hooks';
import { untyped } from '../../../shared/untyped-messages';
import { activityApi, type ActivityEntry, type ActivityFilter } from '../activity.api';
import '../../../shared/charts.css';

// Activity per day as a hand-written SVG bar chart, counted from the log entries loaded on the
// screen (no extra backend call): "Mehr laden" extends it to older days.

const messages = untyped(defineMessages({
  title: { id: 'activity.chart.title', defaultMessage: 'Aktivität pro Tag', description: 'Heading of the bar chart' },
  summary: { id: 'activity.chart.summary', defaultMessage: '{count, plural, one {# Eintrag} other {# Einträge}} an {days, plural, one {# Tag} other {# Tagen}}, am meisten am {top} ({max})', description: 'Accessible summary' },
  bar: { id: 'activity.chart.bar', defaultMessage: '{day}: {count, plural, one {# Eintrag} other {# Einträge}}', description: 'Tooltip of one bar' },
  loaded: { id: 'activity.chart.loaded', defaultMessage: 'Gezählt aus den geladenen Einträgen.', description: 'Where the numbers come from' },
}));

const WIDTH = 640;
const HEIGHT = 160;
const PAD = { left: 32, right: 8, top: 10, bottom: 24 };
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
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const topBar = bars.reduce((best, bar) => (bar.count > best.count ? bar : best), bars[0] ?? { day: '', count: 0 });
  const slot = (WIDTH - PAD.left - PAD.right) / bars.length;
  const barWidth = Math.max(1, Math.min(28, slot * 0.75));
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const dayText = (day: string, style: 'short' | 'medium') => intl.formatDate(`${day}T00:00:00Z`, style === 'short' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' });
  const summary = intl.formatMessage(messages.summary, { count: total, days: bars.filter((bar) => bar.count > 0).length, top: dayText(topBar.day, 'medium'), max: topBar.count });
  const firstBar = bars[0];
  const lastBar = bars[bars.length - 1];

  return (
    <section className="card chart-card" aria-labelledby="activity-chart-title">
      <h2 id="activity-chart-title">{intl.formatMessage(messages.title)}</h2>
      <figure className="chart" data-testid="activity-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${intl.formatMessage(messages.title)}. ${summary}`} className="chart__svg">
          {[0, max].map((value) => {
            const y = PAD.top + plotHeight - (value / max) * plotHeight;
            return (
              <g key={value} className="chart__grid">
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
                <text x={PAD.left - 6} y={y + 4} textAnchor="end">{value}</text>
              </g>
            );
          })}
          {bars.map((bar, index) => {
            const height = (bar.count / max) * plotHeight;
            return (
              <rect
                key={bar.day}
                className="chart__bar"
                x={PAD.left + index * slot + (slot - barWidth) / 2}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={height}
              >
                <title>{intl.formatMessage(messages.bar, { day: dayText(bar.day, 'medium'), count: bar.count })}</title>
              </rect>
            );
          })}
          {firstBar && <text className="chart__axis" x={PAD.left} y={HEIGHT - 6} textAnchor="start">{dayText(firstBar.day, 'short')}</text>}
          {lastBar && lastBar !== firstBar && <text className="chart__axis" x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">{dayText(lastBar.day, 'short')}</text>}
        </svg>
        <figcaption className="hint">{summary}. {intl.formatMessage(messages.loaded)}</figcaption>
      </figure>
    </section>
  );
}
