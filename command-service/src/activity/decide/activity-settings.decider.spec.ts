import { retentionDecider, seenDecider, type MarkProjectSeen } from './activity-settings.decider';

const TEAM = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2026-12-01T10:00:00Z');
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const cp = (n: number): string => `${String(n).padStart(20, '0')}-${String(n).padStart(20, '0')}`;

describe('activity retention decider', () => {
  const given = (...days: (number | null)[]) => days.reduce(
    (state, d) => retentionDecider.evolve(state, { type: 'ActivityRetentionChanged', data: { teamId: TEAM, days: d, changedAt: NOW.toISOString() } }),
    retentionDecider.initialState());

  it('given nothing, when 90 days are set, then ActivityRetentionChanged', () => {
    expect(retentionDecider.decide({ teamId: TEAM, days: 90, now: NOW }, given())).toEqual([
      { type: 'ActivityRetentionChanged', data: { teamId: TEAM, days: 90, changedAt: '2026-12-01T10:00:00.000Z' } },
    ]);
  });

  it('given nothing, when "keep everything" is set, then nothing (it is the default)', () => {
    expect(retentionDecider.decide({ teamId: TEAM, days: null, now: NOW }, given())).toEqual([]);
  });

  it('given 90 days, when 90 days are set again, then nothing; when null, then the change back', () => {
    expect(retentionDecider.decide({ teamId: TEAM, days: 90, now: NOW }, given(90))).toEqual([]);
    expect(retentionDecider.decide({ teamId: TEAM, days: null, now: NOW }, given(90))).toEqual([
      { type: 'ActivityRetentionChanged', data: { teamId: TEAM, days: null, changedAt: NOW.toISOString() } },
    ]);
  });
});

describe('project seen decider', () => {
  const mark = (position: string): MarkProjectSeen => ({ userId: USER, teamId: TEAM, projectId: 'p1', position, now: NOW, compare });
  const given = (...positions: string[]) => positions.reduce(
    (state, position) => seenDecider.evolve(state, { type: 'ProjectChangesSeen', data: { userId: USER, teamId: TEAM, projectId: 'p1', position, seenAt: NOW.toISOString() } }),
    seenDecider.initialState());

  it('given nothing, when a position is marked, then ProjectChangesSeen', () => {
    expect(seenDecider.decide(mark(cp(5)), given())).toEqual([
      { type: 'ProjectChangesSeen', data: { userId: USER, teamId: TEAM, projectId: 'p1', position: cp(5), seenAt: NOW.toISOString() } },
    ]);
  });

  it('given position 5, when 5 or an earlier one is marked, then nothing; when 6, then the move', () => {
    expect(seenDecider.decide(mark(cp(5)), given(cp(5)))).toEqual([]);
    expect(seenDecider.decide(mark(cp(4)), given(cp(5)))).toEqual([]);
    expect(seenDecider.decide(mark(cp(6)), given(cp(5)))).toHaveLength(1);
  });
});
