import fc from 'fast-check';
import type { ActivityRetentionChangedEvent, ProjectChangesSeenEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { retentionDecider, seenDecider, type MarkProjectSeen, type RetentionState, type SeenState, type SetActivityRetention } from './decide/activity-settings.decider';

const TEAM = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2026-12-01T10:00:00Z');
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const retention: PureDecider<RetentionState, SetActivityRetention, ActivityRetentionChangedEvent> = retentionDecider;
const seen: PureDecider<SeenState, MarkProjectSeen, ProjectChangesSeenEvent> = seenDecider;
const days = fc.oneof(fc.constant(null), fc.constantFrom(30, 90, 365, 3650));
const setRetention = days.map((d): SetActivityRetention => ({ teamId: TEAM, days: d, now: NOW }));
const markSeen = fc.integer({ min: 1, max: 50 }).map((n): MarkProjectSeen => ({
  userId: USER, teamId: TEAM, projectId: 'p1', position: `${String(n).padStart(20, '0')}-00000000000000000001`, now: NOW, compare,
}));

describe('activity settings deciders (property)', () => {
  it('retention: the state is the last set value, and only a change appends', () => {
    fc.assert(fc.property(fc.array(setRetention, { maxLength: 15 }), (commands) => {
      const run = replay(retention, commands);
      let model: number | null = null;
      for (const step of run.steps) {
        expect(step.error).toBeNull();
        expect(step.events).toHaveLength(step.command.days === model ? 0 : 1);
        model = step.command.days;
      }
      expect(run.state.days).toBe(model);
      return everyPrefixRebuilds(retention, run);
    }), { numRuns: 200 });
  });

  it('seen: the read position is the greatest position marked and never moves back', () => {
    fc.assert(fc.property(fc.array(markSeen, { maxLength: 15 }), (commands) => {
      const run = replay(seen, commands);
      let model: string | null = null;
      for (const step of run.steps) {
        const forward = model === null || compare(step.command.position, model) > 0;
        expect(step.events).toHaveLength(forward ? 1 : 0);
        if (forward) model = step.command.position;
      }
      expect(run.state.position).toBe(model);
      return everyPrefixRebuilds(seen, run);
    }), { numRuns: 200 });
  });
});
