import { DomainError, projectStreamId, WrongExpectedVersion, type ExistingProject, type ProjectEvent, type ProjectState } from '@planwerk/events';
import type { Pool } from 'pg';
import { systemClock } from '@planwerk/platform';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { randomIds } from '../shared/idempotency/deterministic-ids';
import type { ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import type { ProjectRepository, StreamAppend } from './project.repository';
import { ProjectsService, type ProjectCaller } from './projects.service';
import { created, given, PROJECT, statusChanged, TEAM, OWNER_ID } from './testing/project-fixtures';

// The slot orchestration of status changes with a scripted repository: claim before the
// project append, compensation when the append fails, release after leaving 1.

const metadata: CommandMetadata = { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'user', id: OWNER_ID }, teamId: null };
const caller: ProjectCaller = { teamId: TEAM, userId: OWNER_ID, level: 'owner' };

class ScriptedRepository {
  readonly appended: ProjectEvent[][] = [];
  constructor(private states: ProjectState[], private readonly failures: Array<Error | null>) {}

  async loadOfTeam(): Promise<{ state: ExistingProject; version: number }> {
    const state = this.states[0];
    if (!state?.exists) throw new DomainError('not_found');
    if (this.states.length > 1) this.states = this.states.slice(1);
    return { state, version: 1 };
  }

  async load(): Promise<{ state: ProjectState; version: number }> {
    return { state: this.states[0] ?? given(), version: 1 };
  }

  async append(appends: StreamAppend[]): Promise<{ streamId: string; nextExpectedVersion: number; checkpoint: string }> {
    const failure = this.failures.shift() ?? null;
    if (failure) throw failure;
    this.appended.push(appends.flatMap((a) => a.events as ProjectEvent[]));
    return { streamId: projectStreamId(PROJECT), nextExpectedVersion: 2, checkpoint: 'project' };
  }

  latest(a: string, b: string): string {
    return a > b ? a : b;
  }

  async head(): Promise<string> {
    return 'head';
  }
}

function setup(states: ProjectState[], failures: Array<Error | null>) {
  const calls: string[] = [];
  const slots: ActiveProjectSlots = {
    claim: async () => { calls.push('claim'); return { checkpoint: 'claim', activeProjects: [] }; },
    release: async () => { calls.push('release'); return { checkpoint: 'release', activeProjects: [] }; },
    activeProjects: async () => [],
  };
  const repository = new ScriptedRepository(states, failures);
  const service = new ProjectsService({} as Pool, { devMode: false }, slots, repository as unknown as ProjectRepository, systemClock);
  return { service, calls, repository };
}

describe('ProjectsService status changes and slots', () => {
  it('claims before appending the release and keeps the slot', async () => {
    const { service, calls, repository } = setup([given(created())], []);
    const answer = await service.changeStatus(caller, PROJECT, { status: 1 }, metadata, randomIds());
    expect(calls).toEqual(['claim']);
    expect(repository.appended).toEqual([[statusChanged(3, 1)]]);
    expect(answer).toMatchObject({ status: 1, changed: true, checkpoint: 'project' });
  });

  it('gives the claim back when the project append fails', async () => {
    const { service, calls, repository } = setup([given(created())], [new Error('database down')]);
    await expect(service.changeStatus(caller, PROJECT, { status: 1 }, metadata, randomIds())).rejects.toThrow('database down');
    expect(calls).toEqual(['claim', 'release']);
    expect(repository.appended).toEqual([]);
  });

  it('keeps the slot when a parallel request made the project active meanwhile (retry decides nothing)', async () => {
    const active = given(created(), statusChanged(3, 1));
    const { service, calls } = setup([given(created()), active], [new WrongExpectedVersion(projectStreamId(PROJECT), 1, 2), null]);
    const answer = await service.changeStatus(caller, PROJECT, { status: 1 }, metadata, randomIds());
    expect(calls).toEqual(['claim']);
    expect(answer).toMatchObject({ status: 1, changed: false });
  });

  it('gives the claim back when the retry on fresh state refuses (the project went to the trash)', async () => {
    const trash = given(created(), statusChanged(3, 0));
    const { service, calls } = setup([given(created()), trash], [new WrongExpectedVersion(projectStreamId(PROJECT), 1, 2)]);
    await expect(service.changeStatus(caller, PROJECT, { status: 1 }, metadata, randomIds())).rejects.toMatchObject({ code: 'project_status_transition' });
    expect(calls).toEqual(['claim', 'release']);
  });

  it('does not claim when 6201 refuses, and appends nothing', async () => {
    const calls: string[] = [];
    const slots: ActiveProjectSlots = {
      claim: async () => { calls.push('claim'); throw new DomainError(6201); },
      release: async () => { calls.push('release'); return { checkpoint: 'release', activeProjects: [] }; },
      activeProjects: async () => [],
    };
    const repository = new ScriptedRepository([given(created())], []);
    const service = new ProjectsService({} as Pool, { devMode: false }, slots, repository as unknown as ProjectRepository, systemClock);
    await expect(service.changeStatus(caller, PROJECT, { status: 1 }, metadata, randomIds())).rejects.toMatchObject({ code: 6201 });
    expect(calls).toEqual(['claim']);
    expect(repository.appended).toEqual([]);
  });

  it('releases after leaving 1, and again on a retry that decides nothing (a failed release is made good)', async () => {
    const { service, calls } = setup([given(created(), statusChanged(3, 1))], []);
    const answer = await service.changeStatus(caller, PROJECT, { status: 4 }, metadata, randomIds());
    expect(calls).toEqual(['release']);
    expect(answer).toMatchObject({ status: 4, checkpoint: 'release' });
    const again = setup([given(created(), statusChanged(3, 1), statusChanged(1, 4))], []);
    await again.service.changeStatus(caller, PROJECT, { status: 4 }, metadata, randomIds());
    expect(again.calls).toEqual(['release']);
  });
});
