import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, findTeamById } from '@planwerk/platform';
import { Algorithm, hash as argon2Hash } from '@node-rs/argon2';
import {
  DomainError,
  evolveProject,
  findList,
  presetColumnsStreamId,
  projectStreamId,
  WrongExpectedVersion,
  type AddItemBody,
  type AddListBody,
  type AddPhaseBody,
  type ChangeProjectStatusBody,
  type ChangeProjectVisibilityBody,
  type CopyItemBody,
  type CopyListBody,
  type CopyPhaseBody,
  type CreateProjectBody,
  type EditItemBody,
  type EditListBody,
  type EditListsBody,
  type EditPhaseBody,
  type EditProjectBody,
  type ExistingProject,
  type ListField,
  type ListFieldInput,
  type MemberLevel,
  type ProjectState,
  type ProjectStatus,
  type SavePresetColumnBody,
  type TeamPlanState,
} from '@planwerk/events';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ACTIVE_PROJECT_SLOTS, type ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import { decideCopyProject } from './decide/create';
import type { ProjectActor } from './decide/guards';
import type { StatusTarget } from './decide/status';
import type { IdMap } from './decide/project-copy.decider';
import { decideProject, type ProjectCommand } from './decide/project.decider';
import { PROJECT_ATTEMPTS, ProjectRepository, type ProjectMutation } from './project.repository';
import { decidePresetColumns } from './decide/preset-column.decider';
import { PROJECTS_CONFIG, type ProjectsConfig } from './projects.config';

// Same Argon2id parameters as account passwords (ASVS 11.4.2).
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Who runs a management command: the signed-in user and their level in the project's team. */
export interface ProjectCaller {
  teamId: string;
  userId: string;
  level: MemberLevel;
}

export interface Changed {
  projectId: string;
  changed: boolean;
  checkpoint: string;
}

type Edit = Exclude<ProjectCommand, { type: 'CreateProject' }>;
type Without<C> = C extends unknown ? Omit<C, 'projectId' | 'actor'> : never;

/** The project commands of ADR 0006 (project, phases, lists, items, copies, presets). */
@Injectable()
export class ProjectsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PROJECTS_CONFIG) private readonly config: ProjectsConfig,
    @Inject(ACTIVE_PROJECT_SLOTS) private readonly slots: ActiveProjectSlots,
    private readonly projects: ProjectRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(caller: ProjectCaller, input: CreateProjectBody, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const projectId = ids.next('projectId');
    const shareHash = newShareHash();
    const events = decideProject({
      type: 'CreateProject', projectId, actor: actorOf(caller), teamId: caller.teamId, link: input.link, name: input.name,
      colour: input.colour, visibility: input.visibility, settings: input.settings, startDate: input.startDate, shareHash,
      createdBy: caller.userId, createdAt: now.toISOString(),
    }, { exists: false, purged: false });
    const checkpoint = await this.projects.create(projectId, input.link, events, { ...metadata, teamId: caller.teamId }, ids);
    return { projectId, link: input.link, shareHash, checkpoint };
  }

  async edit(caller: ProjectCaller, projectId: string, input: EditProjectBody, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'EditProject', ...input }, metadata, ids));
  }

  async changeVisibility(caller: ProjectCaller, projectId: string, input: ChangeProjectVisibilityBody, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    const passwordHash = input.password === undefined ? undefined : await argon2Hash(input.password, ARGON2);
    return changed(await this.run(caller, projectId, { type: 'ChangeVisibility', visibility: input.visibility, passwordHash }, metadata, ids));
  }

  async changeLock(caller: ProjectCaller, projectId: string, locked: boolean, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'ChangeLock', locked }, metadata, ids);
    return { projectId, locked: result.state.exists ? result.state.locked : locked, checkpoint: result.checkpoint };
  }

  /**
   * Status changes hold the free plan's active-project slot on the team stream (ADR 0006):
   * entering 1 claims it *before* the project append (6201 when another project holds it), so
   * two parallel releases cannot both end active. If the append then fails (a rule error on
   * fresh state, a conflict that outlasts the retries, a database error) the claim is released
   * again — this compensation keeps "slot held ⇔ project active" (unless a parallel request
   * made the project active meanwhile: then the slot is rightly held). A project that is not
   * active afterwards releases its slot *after* the append; the release is idempotent and runs
   * on every such answer, so a release that failed once is made good by the client's retry
   * (the retry decides nothing new but releases), and never does an active project lose its slot.
   */
  async changeStatus(caller: ProjectCaller, projectId: string, input: ChangeProjectStatusBody, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const to: StatusTarget = 'restore' in input ? 'restore' : input.status;
    const teamMetadata = { ...metadata, teamId: caller.teamId };
    const command: Edit = { type: 'ChangeStatus', projectId, actor: actorOf(caller), to };
    const streamId = projectStreamId(projectId);
    let claimed = false;
    let decided: { after: ProjectState; events: number; checkpoint: string } | null = null;
    try {
      for (let attempt = 1; decided === null; attempt += 1) {
        const { state, version } = await this.projects.loadOfTeam(caller.teamId, projectId);
        const events = decideProject(command, state);
        const after = events.reduce(evolveProject, state as ProjectState);
        if (after.exists && after.status === 1 && state.status !== 1 && !claimed) {
          await this.slots.claim(caller.teamId, projectId, teamMetadata, ids, now);
          claimed = true;
        }
        try {
          const appended = await this.projects.append([{ streamId, expected: version, events }], teamMetadata, ids);
          decided = { after, events: events.length, checkpoint: appended?.checkpoint ?? (await this.projects.head()) };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          if (attempt >= PROJECT_ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
        }
      }
    } catch (error) {
      if (claimed) {
        const current = await this.projects.load(projectId);
        if (!(current.state.exists && current.state.status === 1)) await this.releaseSlot(caller.teamId, projectId, teamMetadata, ids, 'compensate');
      }
      throw error;
    }
    const active = decided.after.exists && decided.after.status === 1;
    // Leaving status 1 releases the slot (a no-op when none is held); the answer covers both streams.
    const checkpoint = active ? decided.checkpoint : this.projects.latest(decided.checkpoint, await this.releaseSlot(caller.teamId, projectId, teamMetadata, ids, 'left'));
    const status: ProjectStatus = decided.after.exists ? decided.after.status : 0;
    return { projectId, status, changed: decided.events > 0, checkpoint };
  }

  async purge(caller: ProjectCaller, projectId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'PurgeProject', devMode: this.config.devMode }, metadata, ids);
    // Development mode purges active projects too: their slot goes with them.
    const released = result.before.status === 1
      ? this.projects.latest(result.checkpoint, await this.releaseSlot(caller.teamId, projectId, { ...metadata, teamId: caller.teamId }, ids, 'left'))
      : result.checkpoint;
    // The visitors' sign-ups go with the project: their keys are erased (crypto-shredding).
    const erased = await this.projects.eraseVisitorsOf(result.before, { ...metadata, teamId: caller.teamId }, ids);
    return { projectId, checkpoint: erased === null ? released : this.projects.latest(released, erased) };
  }

  /** Copy (planning) or save as preset (template); dates shift when a new start date is given. */
  async copy(caller: ProjectCaller, projectId: string, input: { link: string; name: string; asPreset: boolean; startDate?: string | null }, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const { state: source } = await this.projects.loadOfTeam(caller.teamId, projectId);
    return this.createCopy(caller, source, { link: input.link, name: input.name, startDate: input.startDate ?? null }, input.asPreset ? 'preset' : 'copy', metadata, ids, now);
  }

  async createFromPreset(caller: ProjectCaller, presetId: string, input: { link: string; name: string; startDate: string }, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const { state: source } = await this.projects.loadOfTeam(caller.teamId, presetId);
    return this.createCopy(caller, source, input, 'fromPreset', metadata, ids, now);
  }

  async addPhase(caller: ProjectCaller, projectId: string, input: AddPhaseBody, metadata: CommandMetadata, ids: IdSource) {
    const phaseId = ids.next('phaseId');
    const result = await this.run(caller, projectId, { type: 'AddPhase', phaseId, ...input }, metadata, ids);
    return { projectId, phaseId, checkpoint: result.checkpoint };
  }

  async editPhase(caller: ProjectCaller, projectId: string, phaseId: string, input: EditPhaseBody, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'EditPhase', phaseId, ...input }, metadata, ids));
  }

  async removePhase(caller: ProjectCaller, projectId: string, phaseId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'RemovePhase', phaseId }, metadata, ids);
    return { projectId, checkpoint: result.checkpoint };
  }

  async copyPhase(caller: ProjectCaller, projectId: string, phaseId: string, input: CopyPhaseBody, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.runWithIds(caller, projectId, (idMap) => ({ type: 'CopyPhase', phaseId, name: input.name, ids: idMap }), metadata, ids);
    return { projectId, phaseId: firstAdded(result, 'PhaseAdded'), checkpoint: result.checkpoint };
  }

  async sortPhases(caller: ProjectCaller, projectId: string, folderId: string | null, order: string[], metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'SortPhases', folderId, order }, metadata, ids));
  }

  async addList(caller: ProjectCaller, projectId: string, phaseId: string, input: AddListBody, metadata: CommandMetadata, ids: IdSource) {
    const listId = ids.next('listId');
    const plan = await this.planOf(caller.teamId);
    const content = { ...input, fields: withFieldIds(input.fields, [], ids) };
    const result = await this.run(caller, projectId, { type: 'AddList', phaseId, listId, content, plan }, metadata, ids);
    return { projectId, listId, checkpoint: result.checkpoint };
  }

  async editList(caller: ProjectCaller, projectId: string, listId: string, input: EditListBody, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    const plan = await this.planOf(caller.teamId);
    const { fields, ...rest } = input;
    return changed(await this.runWith(caller, projectId, (state) => {
      const existing = findList(state, listId)?.fields ?? [];
      return { type: 'EditList', listId, changes: { ...rest, ...(fields !== undefined ? { fields: withFieldIds(fields, existing, ids) } : {}) }, plan };
    }, metadata, ids));
  }

  async editLists(caller: ProjectCaller, projectId: string, input: EditListsBody, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'EditLists', listIds: input.listIds, changes: input.changes }, metadata, ids);
    const changedLists = [...new Set(result.events.flatMap((e) => (e.type === 'ListEdited' ? [e.data.listId] : [])))];
    return { projectId, changedLists, checkpoint: result.checkpoint };
  }

  async removeList(caller: ProjectCaller, projectId: string, listId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'RemoveList', listId }, metadata, ids);
    return { projectId, checkpoint: result.checkpoint };
  }

  async copyList(caller: ProjectCaller, projectId: string, listId: string, input: CopyListBody, metadata: CommandMetadata, ids: IdSource) {
    const plan = await this.planOf(caller.teamId);
    const result = await this.runWithIds(caller, projectId, (idMap) => ({
      type: 'CopyList', listId, toPhaseId: input.phaseId, name: input.name, ids: idMap, plan,
    }), metadata, ids);
    return { projectId, listId: firstAdded(result, 'ListAdded'), checkpoint: result.checkpoint };
  }

  async moveList(caller: ProjectCaller, projectId: string, listId: string, toPhaseId: string, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'MoveList', listId, toPhaseId }, metadata, ids));
  }

  async sortLists(caller: ProjectCaller, projectId: string, phaseId: string, order: string[], metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'SortLists', phaseId, order }, metadata, ids));
  }

  async addItem(caller: ProjectCaller, projectId: string, listId: string, input: AddItemBody, metadata: CommandMetadata, ids: IdSource) {
    const itemId = ids.next('itemId');
    const plan = await this.planOf(caller.teamId);
    const result = await this.run(caller, projectId, { type: 'AddItem', listId, itemId, content: input, plan }, metadata, ids);
    return { projectId, listId, itemId, checkpoint: result.checkpoint };
  }

  async editItem(caller: ProjectCaller, projectId: string, listId: string, itemId: string, input: EditItemBody, metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'EditItem', listId, itemId, changes: input }, metadata, ids));
  }

  async removeItem(caller: ProjectCaller, projectId: string, listId: string, itemId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.run(caller, projectId, { type: 'RemoveItem', listId, itemId }, metadata, ids);
    return { projectId, checkpoint: result.checkpoint };
  }

  async copyItem(caller: ProjectCaller, projectId: string, listId: string, itemId: string, input: CopyItemBody, metadata: CommandMetadata, ids: IdSource) {
    const newItemId = ids.next('copy:itemId');
    const plan = await this.planOf(caller.teamId);
    const result = await this.run(caller, projectId, { type: 'CopyItem', listId, itemId, toListId: input.listId, name: input.name, newItemId, plan }, metadata, ids);
    const added = result.events.find((e) => e.type === 'ItemAdded');
    return { projectId, listId: added?.type === 'ItemAdded' ? added.data.listId : listId, itemId: newItemId, checkpoint: result.checkpoint };
  }

  async sortItems(caller: ProjectCaller, projectId: string, listId: string, order: string[], metadata: CommandMetadata, ids: IdSource): Promise<Changed> {
    return changed(await this.run(caller, projectId, { type: 'SortItems', listId, order }, metadata, ids));
  }

  async savePresetColumn(caller: ProjectCaller, input: SavePresetColumnBody, metadata: CommandMetadata, ids: IdSource) {
    const columnId = ids.next('columnId');
    const checkpoint = await this.presetColumns(caller.teamId, { type: 'SavePresetColumn', teamId: caller.teamId, columnId, field: input.field }, metadata, ids);
    return { teamId: caller.teamId, columnId, checkpoint };
  }

  async removePresetColumn(caller: ProjectCaller, columnId: string, metadata: CommandMetadata, ids: IdSource) {
    const checkpoint = await this.presetColumns(caller.teamId, { type: 'RemovePresetColumn', teamId: caller.teamId, columnId }, metadata, ids);
    return { teamId: caller.teamId, columnId, checkpoint };
  }

  // ---

  private run(caller: ProjectCaller, projectId: string, command: Without<Edit>, metadata: CommandMetadata, ids: IdSource): Promise<ProjectMutation> {
    return this.projects.mutate(caller.teamId, { ...command, projectId, actor: actorOf(caller) } as Edit, metadata, ids);
  }

  /** A command that needs the current state to be built (kept field ids); rebuilt on every retry. */
  private async runWith(caller: ProjectCaller, projectId: string, build: (state: ExistingProject) => Without<Edit>, metadata: CommandMetadata, ids: IdSource): Promise<ProjectMutation> {
    const { state } = await this.projects.loadOfTeam(caller.teamId, projectId);
    return this.run(caller, projectId, build(state), metadata, ids);
  }

  /** Copies inside a project: new ids derived from the command's id source. */
  private runWithIds(caller: ProjectCaller, projectId: string, build: (ids: IdMap) => Without<Edit>, metadata: CommandMetadata, ids: IdSource): Promise<ProjectMutation> {
    return this.run(caller, projectId, build(copyIds(ids)), metadata, ids);
  }

  private async createCopy(
    caller: ProjectCaller, source: ExistingProject, target: { link: string; name: string; startDate: string | null },
    mode: 'copy' | 'preset' | 'fromPreset', metadata: CommandMetadata, ids: IdSource, now: Date,
  ) {
    const projectId = ids.next('projectId');
    const events = decideCopyProject({
      type: 'CopyProject', source, mode, ids: copyIds(ids), actor: actorOf(caller), plan: await this.planOf(caller.teamId),
      target: {
        projectId, teamId: caller.teamId, link: target.link, name: target.name, shareHash: newShareHash(), createdBy: caller.userId,
        createdAt: now.toISOString(), startDate: target.startDate,
      },
    });
    const checkpoint = await this.projects.create(projectId, target.link, events, { ...metadata, teamId: caller.teamId }, ids);
    const created = events[0];
    const status: ProjectStatus = created?.type === 'ProjectCreated' ? created.data.status : 3;
    return { projectId, link: target.link, status, checkpoint };
  }

  private async presetColumns(teamId: string, command: Parameters<typeof decidePresetColumns>[0], metadata: CommandMetadata, ids: IdSource): Promise<string> {
    const streamId = presetColumnsStreamId(teamId);
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.projects.loadPresetColumns(teamId);
      const events = decidePresetColumns(command, state);
      try {
        const appended = await this.projects.append([{ streamId, expected: version === 0 ? 'no_stream' : version, events }], { ...metadata, teamId }, ids);
        return appended?.checkpoint ?? (await this.projects.head());
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (attempt >= PROJECT_ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
      }
    }
  }

  private async planOf(teamId: string): Promise<TeamPlanState> {
    const team = await findTeamById(this.pool, teamId);
    if (team === null) throw new DomainError('not_found');
    return { plan: team.plan, lapsed: team.planLapsed };
  }

  /** Releases under ids of their own, so a claim and its release never share an event id. */
  private async releaseSlot(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource, why: string): Promise<string> {
    const { checkpoint } = await this.slots.release(teamId, projectId, metadata, { deterministic: ids.deterministic, next: (label) => ids.next(`release:${why}:${label}`) });
    return checkpoint;
  }
}

function actorOf(caller: ProjectCaller): ProjectActor {
  return { userId: caller.userId, level: caller.level };
}

function changed(result: ProjectMutation): Changed {
  return { projectId: result.before.projectId, changed: result.events.length > 0, checkpoint: result.checkpoint };
}

function firstAdded(result: ProjectMutation, type: 'PhaseAdded' | 'ListAdded'): string {
  for (const event of result.events) {
    if (event.type === 'PhaseAdded' && type === 'PhaseAdded') return event.data.phaseId;
    if (event.type === 'ListAdded' && type === 'ListAdded') return event.data.listId;
  }
  throw new Error(`copy produced no ${type}`);
}

/** New ids for a copy, derived from the command's id source (a retry under one key gets the same). */
function copyIds(ids: IdSource): IdMap {
  const made = new Map<string, string>();
  return (oldId) => {
    const known = made.get(oldId);
    if (known !== undefined) return known;
    const next = ids.next(`copy:${oldId}`);
    made.set(oldId, next);
    return next;
  };
}

/** Fields without an id are new; an id must be one the list already has (else 400 `fields`). */
function withFieldIds(fields: ListFieldInput[], existing: readonly ListField[], ids: IdSource): ListField[] {
  const known = new Set(existing.map((f) => f.fieldId));
  return fields.map((field, index) => {
    if (field.fieldId !== undefined && !known.has(field.fieldId)) throw new DomainError('validation_failed', { field: 'fields' });
    const { fieldId, ...definition } = field;
    return { fieldId: fieldId ?? ids.next(`fieldId:${index}`), ...definition };
  });
}

/** 128 random bits, base64url (ADR 0006: share hashes carry 128+ random bits). */
function newShareHash(): string {
  return randomBytes(16).toString('base64url');
}
