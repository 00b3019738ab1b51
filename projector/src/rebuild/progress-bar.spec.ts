import { formatProgress } from './progress-bar';

describe('rebuild progress bar', () => {
  it('shows the share done, the counts and the rate', () => {
    const line = formatProgress({ projection: 'activity-log', version: 3, applied: 1500, estimatedTotal: 3000, elapsedMs: 500, eventsPerSecond: 3000 });
    expect(line).toBe(`activity-log v3 [${'#'.repeat(15)}${'.'.repeat(15)}]  50%  1,500 / 3,000 events  3,000 ev/s  0.5 s`);
  });

  it('never passes 100% when the log grew beyond the estimate', () => {
    expect(formatProgress({ projection: 'p', version: 2, applied: 10, estimatedTotal: 4, elapsedMs: 0, eventsPerSecond: 0 })).toContain('100%  10 / 10 events');
  });
});
