import fc from 'fast-check';
import { limitsOf, planRank, PLANS, type Plan, type TeamEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideTeam, evolveTeam, initialTeamState, isBlocked, type TeamCommand, type TeamState } from './decide/team.decider';

const decider: PureDecider<TeamState, TeamCommand, TeamEvent> = { initialState: initialTeamState, evolve: evolveTeam, decide: decideTeam };
const TEAM = '11111111-1111-4111-8111-111111111111';
const OWNER = '22222222-2222-4222-8222-222222222222';
const AT = '2026-11-23T10:00:00.000Z';
const project = fc.constantFrom('p1', 'p2', 'p3', 'p4');
const plan = fc.constantFrom(...PLANS);

const create: fc.Arbitrary<TeamCommand> = fc.constant({
  type: 'CreateTeam', teamId: TEAM, link: 'tsv-nord', name: 'TSV Nord', type_: 'club', logoUrl: null, design: {}, settings: {}, ownerId: OWNER, createdAt: AT,
});
const command: fc.Arbitrary<TeamCommand> = fc.oneof(
  { weight: 1, arbitrary: create },
  { weight: 2, arbitrary: fc.record({ name: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }), contactUser: fc.option(fc.boolean(), { nil: undefined }) })
    .map(({ name, contactUser }): TeamCommand => ({ type: 'ChangeTeamSettings', teamId: TEAM, name, settings: contactUser === undefined ? undefined : { contactUser } })) },
  { weight: 3, arbitrary: fc.tuple(fc.option(plan, { nil: null }), fc.constantFrom('owner' as const, 'support' as const))
    .map(([to, by]): TeamCommand => ({ type: 'ChangeTeamPlan', teamId: TEAM, change: to === null ? { action: 'lapse' } : { action: 'change', plan: to }, by })) },
  { weight: 5, arbitrary: project.map((projectId): TeamCommand => ({ type: 'ClaimActiveProjectSlot', teamId: TEAM, projectId, claimedAt: AT })) },
  { weight: 2, arbitrary: project.map((projectId): TeamCommand => ({ type: 'ReleaseActiveProjectSlot', teamId: TEAM, projectId })) },
  { weight: 2, arbitrary: project.map((projectId): TeamCommand => ({ type: 'UnlockTeam', teamId: TEAM, projectId })) },
);
// Mostly a created team first; sometimes commands reach a team that does not exist yet.
const commands = fc.tuple(fc.option(create, { freq: 6 }), fc.array(command, { maxLength: 30, size: 'medium' }))
  .map(([first, rest]) => (first === null ? rest : [first, ...rest]));

describe('team decider (property)', () => {
  it('never claims a slot beyond the effective plan (free: 1), and an unlock keeps exactly one project', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      const model = new Set<string>();
      for (const { command: c, before, after, events, error } of run.steps) {
        if (before.status === 'none') {
          expect(error?.code).toBe(c.type === 'CreateTeam' ? undefined : 'not_found');
          continue;
        }
        if (c.type === 'CreateTeam') expect(error?.code).toBe('conflict');
        if (c.type === 'ClaimActiveProjectSlot') {
          const limit = limitsOf(before).activeProjects;
          const full = limit !== null && model.size >= limit;
          if (model.has(c.projectId)) expect(events).toEqual([]);
          else if (full) expect(error?.code).toBe(6201);
          else model.add(c.projectId);
        }
        if (c.type === 'ReleaseActiveProjectSlot') model.delete(c.projectId);
        if (c.type === 'UnlockTeam') {
          expect(error === null).toBe(isBlocked(before) && model.has(c.projectId));
          if (error === null) {
            model.clear();
            model.add(c.projectId);
            expect(after.status === 'exists' && after.activeProjects).toEqual([c.projectId]);
          }
        }
        events.forEach((e) => {
          if (e.type !== 'ActiveProjectSlotClaimed' || after.status !== 'exists') return;
          const limit = limitsOf(after).activeProjects;
          expect(limit === null || after.activeProjects.length <= limit).toBe(true);
          expect(isBlocked(after)).toBe(false);
        });
        if (after.status === 'exists') expect([...after.activeProjects].sort()).toEqual([...model].sort());
      }
    }), { numRuns: 150 });
  });

  it('lets the owner only downgrade (free, or lower than a running plan); support changes anything', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      for (const { command: c, before, events, error } of run.steps) {
        if (c.type !== 'ChangeTeamPlan' || before.status !== 'exists' || c.change.action !== 'change') continue;
        const to: Plan = c.change.plan;
        const unchanged = to === before.plan && !before.lapsed;
        const downgrade = to === 'free' || (!before.lapsed && planRank(to) < planRank(before.plan));
        if (unchanged) expect(events).toEqual([]);
        else if (c.by === 'owner' && !downgrade) expect(error?.code).toBe('no_permission');
        else expect(events).toEqual([{ type: 'TeamPlanChanged', data: { teamId: TEAM, from: before.plan, to, by: c.by } }]);
      }
      const lapses = run.log.filter((e) => e.type === 'TeamPlanLapsed');
      lapses.forEach((e) => expect(e.data.plan).not.toBe('free'));
    }), { numRuns: 150 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(commands, (cs) => everyPrefixRebuilds(decider, replay(decider, cs))), { numRuns: 100 });
  });
});
