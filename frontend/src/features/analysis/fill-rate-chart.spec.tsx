import { describe, expect, it } from '@jest/globals';
import { fillRateTable } from './fill-rate-chart';

const point = (day: string, fillRate: number | null) => ({ day, fillRate, placed: 0, capacity: fillRate === null ? null : 4, waitlisted: 0 });

describe('fillRateTable', () => {
  it('puts every list on the days with a change and holds a rate until the next change, in percent', () => {
    const table = fillRateTable([
      { id: 'a', name: 'Kuchen', days: [point('2027-06-01', 0.25), point('2027-06-04', 0.5)] },
      { id: 'b', name: 'Salate', days: [point('2027-06-02', 1)] },
      { id: 'c', name: 'Unbegrenzt', days: [point('2027-06-02', null)] },
    ]);
    expect(table.days).toEqual(['2027-06-01', '2027-06-02', '2027-06-04']);
    expect(table.series).toEqual([
      { id: 'a', name: 'Kuchen', values: [25, 25, 50] },
      { id: 'b', name: 'Salate', values: [null, 100, 100] },
    ]);
  });
});
