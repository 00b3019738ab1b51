import { describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderConsole } from './testing/render';
import { Chart } from './chart';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

// jsdom has no canvas: uPlot is replaced by a recorder of what the chart asks it to draw.
type Range = (plot: { data: number[][] }, min: number | null, max: number | null) => [number | null, number | null];
const drawn: { options: { series: { label?: string; stroke?: unknown }[]; scales: { x: { range: Range }; y: { range: Range } } }; data: unknown[][] }[] = [];
const destroyed = jest.fn();
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { stepped: () => () => null, bars: () => () => null };
    static tzDate = (date: Date) => date;
    constructor(options: never, data: never) {
      drawn.push({ options, data });
    }
    setSize() {}
    destroy() {
      destroyed();
    }
  }
  return { __esModule: true, default: FakePlot };
});
jest.mock('uplot/dist/uPlot.min.css', () => ({}));
// The browser's matchMedia, which jsdom lacks (the chart draws only where it exists).
window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;

const props = {
  kind: 'steps' as const,
  label: 'Auslastung der Listen',
  summary: 'Auslastung über die Zeit: Kuchen 75 %',
  days: ['2027-06-01', '2027-06-03'],
  series: [{ id: 'a', name: 'Kuchen', values: [50, 75] }, { id: 'b', name: 'Salate', values: [null, 100] }],
  formatValue: (value: number) => `${value} %`,
  testId: 'fill-chart',
};

describe('Chart', () => {
  it('names the picture by its summary and keeps the numbers as a table', async () => {
    renderConsole(<Chart {...props} />);
    const figure = screen.getByTestId('fill-chart');
    expect(await within(figure).findByRole('img', { name: 'Auslastung der Listen. Auslastung über die Zeit: Kuchen 75 %' }, { timeout: 10000 })).toBeVisible();
    const table = within(figure).getByRole('table', { name: 'Auslastung der Listen', hidden: true });
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent)).toEqual(['Tag', 'Kuchen', 'Salate']);
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['01.06.202750 %–', '03.06.202775 %100 %']);
    expect(within(figure).getByText('Werte als Tabelle')).toBeVisible();
  });

  it('draws one series per list on days as UTC seconds and draws again when the theme changes', async () => {
    drawn.length = 0;
    const { unmount } = renderConsole(<Chart {...props} />);
    await screen.findByRole('img', { name: /Auslastung der Listen/ }, { timeout: 10000 });
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]?.options.series.slice(1).map((series) => series.label)).toEqual(['Kuchen', 'Salate']);
    expect(drawn[0]?.data).toEqual([[Date.UTC(2027, 5, 1) / 1000, Date.UTC(2027, 5, 3) / 1000], [50, 75], [null, 100]]);
    await act(async () => {
      document.documentElement.dataset.theme = 'dark-contrast';
      await Promise.resolve();
    });
    await waitFor(() => expect(drawn).toHaveLength(2));
    expect(destroyed).toHaveBeenCalled();
    delete document.documentElement.dataset.theme;
    unmount();
  });

  it('gives the time axis half a day on both sides (one day is one day wide) and a rate axis up to 100 %', async () => {
    drawn.length = 0;
    renderConsole(<Chart {...props} days={['2027-06-01']} series={[{ id: 'a', name: 'Kuchen', values: [20] }]} top={100} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    const day = Date.UTC(2027, 5, 1) / 1000;
    const { x, y } = drawn[0]!.options.scales;
    expect(x.range({ data: [[day]] }, day, day + 86_400_000)).toEqual([day - 43_200, day + 43_200]);
    expect(y.range({ data: [[day]] }, 0, 20)).toEqual([0, 105]);
  });
});
