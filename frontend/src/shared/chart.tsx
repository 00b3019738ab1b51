import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { ChartProps } from './chart.types';
import { sharedMessages } from './shared.messages';
import './charts.css';

// Charts of the console (fill rate, activity per day) on uPlot (ADR 0015). The drawing is its own
// chunk, loaded when a chart shows; the numbers are always in the page as a table (what screen
// readers and keyboard users read), the canvas is a picture named by the chart's summary.

export type { ChartProps, ChartSeries } from './chart.types';

const Plot = lazy(() => import('./chart-plot').then((module) => ({ default: module.ChartPlot })));

// uPlot draws on a canvas and reads matchMedia for the pixel ratio; without them (jsdom, very old
// browsers) the chart is its summary and its table.
const canDraw = () => typeof window.matchMedia === 'function' && typeof HTMLCanvasElement !== 'undefined';

export function Chart(props: ChartProps) {
  const height = props.height ?? 220;
  return (
    <figure className="chart" data-testid={props.testId}>
      {canDraw() ? (
        <Suspense fallback={<div className="chart__plot skeleton" style={{ height }} />}>
          <Plot {...props} height={height} />
        </Suspense>
      ) : (
        <div className="chart__plot" role="img" aria-label={`${props.label}. ${props.summary}`} />
      )}
      <ChartTable {...props} />
    </figure>
  );
}

function ChartTable({ label, days, series, formatValue }: ChartProps) {
  const intl = useIntl();
  const dayText = (day: string) => intl.formatDate(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <details className="chart__table">
      <summary>{intl.formatMessage(sharedMessages.chartTable)}</summary>
      <div className="chart__table-scroll">
        <table className="table">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(sharedMessages.chartDay)}</th>
              {series.map((entry) => <th key={entry.id} scope="col">{entry.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{dayText(day)}</th>
                {series.map((entry) => {
                  const value = entry.values[index];
                  return <td key={entry.id}>{value === null || value === undefined ? '–' : formatValue(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
