import { formatProjectionMetrics, type ProjectionStatus } from './projection-status';

const status: ProjectionStatus = {
  name: 'activity-log', version: 2, rebuildingVersion: null, checkpoint: 'c', state: 'failed', error: 'boom',
  errorEventId: 'e', errorEventType: 'X', owner: null, lagEvents: 12, eventsApplied: 40,
  lastAppliedAt: new Date('2025-01-01T00:00:00Z'),
};

describe('formatProjectionMetrics', () => {
  const text = formatProjectionMetrics([status, { ...status, name: 'other"one', lagEvents: null, state: 'running', lastAppliedAt: null }]);

  it('exposes lag, state, version and progress per projection', () => {
    expect(text).toContain('planwerk_projection_lag_events{projection="activity-log"} 12');
    expect(text).toContain('planwerk_projection_state{projection="activity-log",state="failed"} 1');
    expect(text).toContain('planwerk_projection_state{projection="activity-log",state="running"} 0');
    expect(text).toContain('planwerk_projection_version{projection="activity-log"} 2');
    expect(text).toContain('planwerk_projection_events_applied_total{projection="activity-log"} 40');
    expect(text).toContain('planwerk_projection_last_applied_timestamp_seconds{projection="activity-log"} 1735689600');
  });

  it('escapes label values and leaves out unknown figures', () => {
    expect(text).toContain('planwerk_projection_state{projection="other\\"one",state="running"} 1');
    expect(text).not.toContain('planwerk_projection_lag_events{projection="other');
  });
});
