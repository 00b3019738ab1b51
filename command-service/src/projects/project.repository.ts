import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import { appendEvents, CLOCK, type Clock, withTransaction } from '@planwerk/platform';
import {
  DomainError,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  presetColumnsStreamId,
  projectLinkStreamId,
  projectSchemaVersions,
  projectStreamId,
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExistingProject,
  type ExpectedVersion,
  type PresetColumnEvent,
  type ProjectEvent,
  type ProjectLinkReservedEvent,
  type ProjectState,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { toNewEvents, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { eraseVisitorSignups, visitorSignupsOf } from '../shared/crypto/visitor-erasure';
import { decideProject, type ProjectCommand } from './decide/project.decider';
import { evolvePresetColumns, initialPresetColumnsState, type PresetColumnsState } from './decide/preset-column.decider';

type AnyProjectsEvent = ProjectEvent | ProjectLinkReservedEvent | PresetColumnEvent;

export interface StreamAppend {
  streamId: string;
  expected: ExpectedVersion;
  events: AnyProjectsEvent[];
}

export interface ProjectMutation {
  events: ProjectEvent[];
  before: ExistingProject;
  /** The project after the events. */
  state: ProjectState;
  checkpoint: string;
}

// Parallel structure edits of one project race on its version; each retry decides again on
// fresh state, so a handful of attempts covers every burst one project sees.
export const PROJECT_ATTEMPTS = 8;

/**
 * Loads the project stream and appends to `project-<id>`, `project-link-<link>` and
 * `preset-columns-<teamId>` with expected versions; several streams in one transaction.
 */
@Injectable()
export class ProjectRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async load(projectId: string): Promise<{ state: ProjectState; version: number; checkpoint?: string }> {
    const slice = await this.store.readStream(projectStreamId(projectId));
    let state = initialProjectState();
    for (const event of slice.events) {
      const candidate = { type: event.type, data: event.data };
      if (isProjectEvent(candidate)) state = evolveProject(state, candidate);
    }
    return { state, version: slice.version, checkpoint: slice.events.at(-1)?.checkpoint };
  }

  /** The project of a team, or 404: a project of another team tells nothing about itself. */
  async loadOfTeam(teamId: string, projectId: string): Promise<{ state: ExistingProject; version: number; checkpoint?: string }> {
    const { state, version, checkpoint } = await this.load(projectId);
    if (!state.exists || state.teamId !== teamId) throw new DomainError('not_found', { details: { projectId } });
    return { state, version, checkpoint };
  }

  async loadPresetColumns(teamId: string): Promise<{ state: PresetColumnsState; version: number }> {
    const slice = await this.store.readStream(presetColumnsStreamId(teamId));
    let state = initialPresetColumnsState();
    for (const event of slice.events) state = evolvePresetColumns(state, { type: event.type, data: event.data } as PresetColumnEvent);
    return { state, version: slice.version };
  }

  /** Appends to several streams atomically; a version conflict throws WrongExpectedVersion. */
  async append(appends: StreamAppend[], metadata: CommandMetadata, ids: IdSource): Promise<AppendResult | null> {
    const batches = appends.filter((a) => a.events.length > 0);
    if (batches.length === 0) return null;
    return withTransaction(this.pool, async (client) => {
      let last: AppendResult | null = null;
      for (const batch of batches) last = await appendEvents(client, batch.streamId, toNewEvents(batch.streamId, batch.events, metadata, ids, (type) => projectSchemaVersions[type]), batch.expected);
      return last;
    });
  }

  /**
   * Load → check the team → decide → append on the project stream; a concurrent change is
   * decided again on fresh state.
   */
  async mutate(teamId: string, command: Exclude<ProjectCommand, { type: 'CreateProject' }>, metadata: CommandMetadata, ids: IdSource): Promise<ProjectMutation> {
    const streamId = projectStreamId(command.projectId);
    for (let attempt = 1; ; attempt += 1) {
      const { state, version, checkpoint } = await this.loadOfTeam(teamId, command.projectId);
      const events = decideProject(command, state);
      try {
        const appended = await this.append([{ streamId, expected: version, events }], { ...metadata, teamId }, ids);
        return { events, before: state, state: events.reduce(evolveProject, state as ProjectState), checkpoint: appended?.checkpoint ?? (await this.head(checkpoint)) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (attempt >= PROJECT_ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
      }
    }
  }

  /**
   * A new project: the global link (`no_stream`, ADR 0006: one project per link, decided by
   * the store) and the project's first events commit together. A taken link answers
   * `project_link_taken` naming the field `link`.
   */
  async create(projectId: string, link: string, events: ProjectEvent[], metadata: CommandMetadata, ids: IdSource): Promise<string> {
    try {
      const appended = await this.append([
        { streamId: projectLinkStreamId(link), expected: 'no_stream', events: [{ type: 'ProjectLinkReserved', data: { projectId, link } }] },
        { streamId: projectStreamId(projectId), expected: 'no_stream', events },
      ], metadata, ids);
      return appended?.checkpoint ?? (await this.head());
    } catch (error) {
      if (error instanceof WrongExpectedVersion && error.streamId === projectLinkStreamId(link)) {
        throw new DomainError('project_link_taken', { field: 'link' });
      }
      if (error instanceof WrongExpectedVersion) throw new DomainError('conflict', { details: { streamId: error.streamId } });
      throw error;
    }
  }

  /**
   * The later of two checkpoints. A command that touched two streams answers with it: a no-op
   * append answers `head()`, which trails this command's own commit while another session's
   * writing transaction is open (global-log visibility), so neither one alone covers both.
   */
  latest(a: string, b: string): string {
    if (a === '') return b;
    if (b === '') return a;
    return this.store.compareCheckpoints(a, b) >= 0 ? a : b;
  }

  async head(...read: Array<string | null | undefined>): Promise<string> {
    return checkpointAfterRead(this.store, ...read);
  }

  /**
   * Crypto-shredding on a purge (rule 8): the keys of every visitor sign-up (`anon-<signupId>`)
   * of the project's lists are erased and recorded (`VisitorSignUpsErased`, reason `purged`).
   * Returns the checkpoint of the last record, or null when no list had a visitor.
   */
  async eraseVisitorsOf(project: ExistingProject, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()): Promise<string | null> {
    let checkpoint: string | null = null;
    for (const list of project.lists) {
      const signupIds = await visitorSignupsOf(this.store, list.listId);
      const erased = await eraseVisitorSignups(this.store, { projectId: project.projectId, listId: list.listId, teamId: project.teamId, signupIds, reason: 'purged' }, metadata, ids, now);
      if (erased !== null) checkpoint = erased;
    }
    return checkpoint;
  }
}
