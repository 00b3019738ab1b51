import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartProps } from './chart.types';
import { sharedMessages } from './shared.messages';

// The drawing of a Chart with uPlot, in the colours of the current theme: the tokens --chart-1…8,
// --muted and --border are read from the page and the chart is drawn again when the theme changes.

const SERIES_COLOURS = 8;
const DAY = 86_400;
// Ticks on whole days only (the labels are days).
const DAY_STEPS = [1, 2, 7, 14, 28, 91, 182, 364].map((days) => days * DAY);
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];

function useThemeName(): string | undefined {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function ChartPlot({ kind, label, summary, days, series, formatValue, height = 220, whole = false, top }: ChartProps) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeName();
  const format = useRef(formatValue);
  format.current = formatValue;
  // Rebuilt when the data or the theme change, not on every render of the screen.
  const data = JSON.stringify({ days, series: series.map((entry) => [entry.name, entry.values]) });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const colour = (index: number) => token(`--chart-${(index % SERIES_COLOURS) + 1}`, '#2f6fe0');
    const muted = token('--muted', '#57606a');
    const grid = { stroke: token('--border', '#d0d7de'), width: 1, dash: [3, 3] };
    const dayText = (seconds: number, options: Intl.DateTimeFormatOptions) => intl.formatDate(seconds * 1000, { ...options, timeZone: 'UTC' });
    const axisFont = `12px ${token('--font-sans', 'system-ui, sans-serif')}`;

    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: {
        // Half a day of room on both sides (bars are not cut at the edges; a single day has a width).
        // From the data: uPlot widens a single point in seconds to 86 400 000 s (2.7 years).
        x: { time: true, range: (plot) => {
          const xs = plot.data[0];
          return xs.length > 0 ? [xs[0] - DAY / 2, xs[xs.length - 1] + DAY / 2] : [null, null];
        } },
        y: { range: (_plot, _min, max) => [0, Math.max(max, top ?? 1) * 1.05] },
      },
      axes: [
        { stroke: muted, grid, ticks: grid, font: axisFont, incrs: DAY_STEPS, values: (_plot, splits) => splits.map((split) => dayText(split, { day: 'numeric', month: 'short' })) },
        { stroke: muted, grid, ticks: grid, font: axisFont, size: 56, ...(whole ? { incrs: WHOLE_STEPS } : {}), values: (_plot, splits) => splits.map((split) => format.current(split)) },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: intl.formatMessage(sharedMessages.chartDay), value: (_plot, seconds) => (seconds === null ? '–' : dayText(seconds, { dateStyle: 'medium' })) },
        ...series.map((entry, index) => ({
          label: entry.name,
          stroke: colour(index),
          fill: kind === 'bars' ? colour(index) : undefined,
          width: kind === 'bars' ? 1 : 2.5,
          spanGaps: kind === 'steps',
          paths: kind === 'steps' ? uPlot.paths.stepped?.({ align: 1 }) : uPlot.paths.bars?.({ size: [0.75, 28] }),
          points: { show: kind === 'steps', size: 6, fill: colour(index), stroke: colour(index) },
          value: (_plot: uPlot, value: number | null) => (value === null ? '–' : format.current(value)),
        })),
      ],
    };
    const values = [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((entry) => entry.values)];
    const plot = new uPlot(options, values as uPlot.AlignedData, element);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
    // `data` stands for days and series (new arrays on every render of the screen).
  }, [data, kind, height, whole, top, theme, intl]);

  return (
    <div className="chart__plot" role="img" aria-label={`${label}. ${summary}`}>
      <div ref={box} aria-hidden="true" />
    </div>
  );
}
