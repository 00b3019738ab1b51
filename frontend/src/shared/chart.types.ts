// A chart's props, apart from the lazily loaded drawing (no import cycle).
export interface ChartSeries {
  id: string;
  name: string;
  /** One value per day of `days`; null where the series has none. */
  values: (number | null)[];
}

export interface ChartProps {
  kind: 'steps' | 'bars';
  /** Name of the chart; with the summary it names the picture. */
  label: string;
  summary: string;
  /** The x axis: local days "2027-06-01". */
  days: string[];
  series: ChartSeries[];
  /** Axis labels, hover values and table cells. */
  formatValue: (value: number) => string;
  testId?: string;
  height?: number;
  /** Counts: the value axis shows whole numbers only. */
  whole?: boolean;
  /** The value axis reaches at least this far (100 for a rate in percent). */
  top?: number;
}
