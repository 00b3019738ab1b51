import fc from 'fast-check';
import { OPEN_WINDOW, type ProjectEvent, type ProjectState, type TeamEvent } from '@planwerk/events';
import { uuidV5 } from '../shared/idempotency/deterministic-ids';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideTeam, evolveTeam, initialTeamState, type TeamState } from '../teams/decide/team.decider';
import type { ProjectActor } from './decide/guards';
import { decideProject, evolve, initialState, type ProjectCommand } from './decide/project.decider';
import { admin, AT, FREE, id, owner, PRIME, PRO, PROJECT, SHARE, space, TEAM, OWNER_ID, textField } from './testing/project-fixtures';

const decider: PureDecider<ProjectState, ProjectCommand, ProjectEvent> = { initialState, evolve, decide: decideProject };

const phase = fc.constantFrom(id('phase', 1), id('phase', 2), id('phase', 3));
const list = fc.constantFrom(id('list', 1), id('list', 2), id('list', 3));
const item = fc.constantFrom(id('item', 1), id('item', 2), id('item', 3), id('item', 4));
const actor = fc.constantFrom<ProjectActor>(owner, admin, owner, space);
const plan = fc.constantFrom(FREE, PRIME, PRO);
const target = fc.constantFrom<0 | 1 | 3 | 4 | 5 | 10 | 'restore'>(0, 1, 3, 4, 5, 10, 'restore');
const copyIds = (n: number) => (oldId: string): string => uuidV5(`${n}:${oldId}`);

const create = (by: ProjectActor): ProjectCommand => ({
  type: 'CreateProject', projectId: PROJECT, actor: by, teamId: TEAM, link: 'fest', name: 'Fest', colour: 7, visibility: 'public',
  settings: {}, startDate: null, shareHash: SHARE, createdBy: by.userId, createdAt: AT,
});

type Body = ProjectCommand extends infer C ? (C extends unknown ? Omit<C, 'projectId' | 'actor'> : never) : never;
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: target.map((to): Body => ({ type: 'ChangeStatus', to })) },
  { weight: 2, arbitrary: fc.boolean().map((locked): Body => ({ type: 'ChangeLock', locked })) },
  { weight: 1, arbitrary: fc.boolean().map((devMode): Body => ({ type: 'PurgeProject', devMode })) },
  { weight: 1, arbitrary: fc.constantFrom('A', 'B').map((name): Body => ({ type: 'EditProject', name })) },
  { weight: 4, arbitrary: fc.tuple(phase, fc.option(phase, { nil: null })).map(([phaseId, folderId]): Body => ({ type: 'AddPhase', phaseId, name: 'P', description: '', folderId })) },
  { weight: 1, arbitrary: phase.map((phaseId): Body => ({ type: 'RemovePhase', phaseId })) },
  { weight: 1, arbitrary: fc.tuple(phase, fc.integer({ min: 1, max: 9 })).map(([phaseId, n]): Body => ({ type: 'CopyPhase', phaseId, ids: copyIds(n) })) },
  { weight: 1, arbitrary: fc.tuple(fc.option(phase, { nil: null }), fc.uniqueArray(phase, { maxLength: 3 })).map(([folderId, order]): Body => ({ type: 'SortPhases', folderId, order })) },
  { weight: 4, arbitrary: fc.tuple(phase, list, fc.integer({ min: 0, max: 3 }), plan).map(([phaseId, listId, columns, p]): Body => ({
    type: 'AddList', phaseId, listId, plan: p,
    content: { type: 1, name: 'L', description: '', window: OPEN_WINDOW, attendance: 'automatic', fields: [1, 2, 3].slice(0, columns).map(textField), settings: {} },
  })) },
  { weight: 1, arbitrary: fc.tuple(list, fc.integer({ min: 0, max: 3 }), plan).map(([listId, columns, p]): Body => ({ type: 'EditList', listId, changes: { fields: [1, 2, 3].slice(0, columns).map(textField) }, plan: p })) },
  { weight: 1, arbitrary: fc.tuple(list, phase).map(([listId, toPhaseId]): Body => ({ type: 'MoveList', listId, toPhaseId })) },
  { weight: 1, arbitrary: list.map((listId): Body => ({ type: 'RemoveList', listId })) },
  { weight: 1, arbitrary: fc.tuple(list, fc.integer({ min: 1, max: 9 }), plan).map(([listId, n, p]): Body => ({ type: 'CopyList', listId, ids: copyIds(n), plan: p })) },
  { weight: 4, arbitrary: fc.tuple(list, item, plan).map(([listId, itemId, p]): Body => ({
    type: 'AddItem', listId, itemId, plan: p, content: { name: 'I', description: '', capacity: 2, vote: null, date: null, time: null },
  })) },
  { weight: 1, arbitrary: fc.tuple(list, item).map(([listId, itemId]): Body => ({ type: 'RemoveItem', listId, itemId })) },
  { weight: 1, arbitrary: fc.tuple(list, fc.uniqueArray(item, { maxLength: 4 })).map(([listId, order]): Body => ({ type: 'SortItems', listId, order })) },
);
const command: fc.Arbitrary<ProjectCommand> = fc.tuple(body, actor).map(([b, a]) => ({ ...b, projectId: PROJECT, actor: a }) as ProjectCommand);
const commands = fc.tuple(fc.option(actor.map(create), { freq: 8 }), fc.array(command, { maxLength: 40, size: 'medium' }))
  .map(([first, rest]) => (first === null ? rest : [first, ...rest]));

const MACHINE: ReadonlyArray<readonly [number, number]> = [[3, 1], [1, 4], [4, 1], [1, 5], [5, 1], [1, 10], [4, 10], [5, 10], [10, 1]];

describe('project decider (property)', () => {
  it('keeps the status machine: only allowed moves, release by the owner, a template is never released, restore returns the kept status', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      for (const { command: c, before, events } of run.steps) {
        for (const e of events) {
          if (e.type !== 'ProjectStatusChanged' || !before.exists) continue;
          const { from, to } = e.data;
          if (to === 0) expect(from).not.toBe(0);
          else if (from === 0) expect(to).toBe(before.previousStatus ?? 3);
          else {
            expect(MACHINE).toContainEqual([from, to]);
            expect(c.actor.level === 'owner' || c.actor.level === 'admin').toBe(true);
            if (from === 3) expect(c.actor.level).toBe('owner');
          }
          expect(from === 2 && to !== 0).toBe(false);
        }
        if (c.type === 'PurgeProject' && before.exists && before.status !== 0 && !c.devMode) expect(events).toEqual([]);
      }
    }), { numRuns: 200 });
  });

  it('keeps the tree consistent: sub-groups one level deep, every list in a phase, every item in a list, ids unique, limits held', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      for (const { command: c, before, after, events } of run.steps) {
        if (!after.exists) continue;
        const phases = new Map(after.phases.map((p) => [p.phaseId, p]));
        expect(phases.size).toBe(after.phases.length);
        for (const p of after.phases) if (p.folderId !== null) expect(phases.get(p.folderId)?.folderId).toBeNull();
        expect(new Set(after.lists.map((l) => l.listId)).size).toBe(after.lists.length);
        for (const l of after.lists) expect(phases.has(l.phaseId)).toBe(true);
        const lists = new Set(after.lists.map((l) => l.listId));
        expect(new Set(after.items.map((i) => i.itemId)).size).toBe(after.items.length);
        for (const i of after.items) expect(lists.has(i.listId)).toBe(true);
        // A locked project is not edited by a space user; nothing at all is edited in the trash.
        const edits = events.filter((e) => !['ProjectStatusChanged', 'ProjectLockChanged', 'ProjectPurged'].includes(e.type));
        if (before.exists && before.locked && c.actor.level === 'space') expect(edits).toEqual([]);
        if (before.exists && before.status === 0) expect(edits).toEqual([]);
        // Below Pro a list never gets more than 2 columns (a list above it may only shrink).
        if ('plan' in c && c.plan.plan !== 'pro') {
          for (const e of events) {
            if (e.type === 'ListAdded') expect(e.data.fields.length).toBeLessThanOrEqual(2);
            if (e.type === 'ListEdited' && e.data.fields !== undefined && before.exists) {
              const was = before.lists.find((l) => l.listId === e.data.listId)?.fields.length ?? 0;
              expect(e.data.fields.length <= 2 || e.data.fields.length <= was).toBe(true);
            }
          }
        }
      }
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(commands, (cs) => everyPrefixRebuilds(decider, replay(decider, cs))), { numRuns: 100 });
  });

  // The service's orchestration (claim before entering 1, release after leaving it) on two
  // projects of one free team: the team's slots always equal the active projects, at most one.
  it('with the team slots: slot held ⇔ project active, and a free team has at most one active project', () => {
    const P = [id('copy', 101), id('copy', 102)] as const;
    const step = fc.tuple(fc.constantFrom(0, 1), target, fc.constantFrom<ProjectActor>(owner, admin));
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), fc.constantFrom(FREE, PRO), (steps, teamPlan) => {
      let team: TeamState = [{
        type: 'TeamCreated', data: { teamId: TEAM, link: 't', name: 'T', type: 'club', logoUrl: null, design: {}, settings: { contactUser: false, contactGroup: false, featureTag: [] }, ownerId: OWNER_ID, createdAt: AT },
      } as TeamEvent, ...(teamPlan.plan === 'pro' ? [{ type: 'TeamPlanChanged', data: { teamId: TEAM, from: 'free', to: 'pro', by: 'support' } } as TeamEvent] : [])]
        .reduce(evolveTeam, initialTeamState());
      const projects: ProjectState[] = P.map((projectId) => decideProject({ ...create(owner), projectId }, initialState()).reduce(evolve, initialState()));
      for (const [index, to, by] of steps) {
        const projectId = P[index] as string;
        const state = projects[index] as ProjectState;
        let events: ProjectEvent[];
        try {
          events = decideProject({ type: 'ChangeStatus', projectId, actor: by, to }, state);
        } catch {
          continue;
        }
        const next = events.reduce(evolve, state);
        const wasActive = state.exists && state.status === 1;
        const isActive = next.exists && next.status === 1;
        if (isActive && !wasActive) {
          try {
            team = decideTeam({ type: 'ClaimActiveProjectSlot', teamId: TEAM, projectId, claimedAt: AT }, team).reduce(evolveTeam, team);
          } catch (error) {
            expect((error as { code: unknown }).code).toBe(6201);
            continue;
          }
        }
        projects[index] = next;
        // Not active afterwards: the service releases (idempotent) on every such answer.
        if (!isActive) team = decideTeam({ type: 'ReleaseActiveProjectSlot', teamId: TEAM, projectId }, team).reduce(evolveTeam, team);
        const active = P.filter((_, i) => { const p = projects[i]; return p?.exists === true && p.status === 1; });
        expect(team.status === 'exists' && [...team.activeProjects].sort()).toEqual([...active].sort());
        if (teamPlan.plan === 'free') expect(active.length).toBeLessThanOrEqual(1);
      }
    }), { numRuns: 200 });
  });
});
