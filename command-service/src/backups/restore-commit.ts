import { Inject, Injectable } from '@nestjs/common';
import {
  backupSchemaVersions,
  backupsStreamId,
  evolveProject,
  projectSchemaVersions,
  projectStreamId,
  signupPersonId,
  signupSchemaVersions,
  signupsStreamId,
  type NewEvent,
  type ProjectEvent,
  type RestorePerformedData,
  type SignupEvent,
} from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ACTIVE_PROJECT_SLOTS, type ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import type { BackupCaller } from './backup-caller';
import type { Snapshot } from './decide/backup-state.decider';
import type { RestoreDecision } from './decide/restore.decider';
import { BackupsRepository, type ProjectStreams, type StreamBatch } from './backups.repository';

/** How often a restore or undo decides again when a stream moved on under it. */
export const RESTORE_ATTEMPTS = 3;

/** The metadata of every event a backup command appends. */
export function eventMetadata(metadata: CommandMetadata, caller: BackupCaller) {
  return {
    commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId, actor: metadata.actor,
    teamId: caller.teamId,
  };
}

export function countEvents(decision: RestoreDecision): number {
  return decision.project.length + decision.signups.reduce((n, s) => n + s.events.length, 0);
}

/**
 * Appends a restore's or undo's decision on the project stream and the lists' sign-up streams
 * together with its `RestorePerformed` record on `backups-<projectId>`, in one transaction.
 */
@Injectable()
export class RestoreCommit {
  constructor(
    private readonly repo: BackupsRepository,
    @Inject(ACTIVE_PROJECT_SLOTS) private readonly slots: ActiveProjectSlots,
  ) {}

  /**
   * A project that becomes active claims the free plan's slot first (6201 when another holds
   * it) and gives it back if the append fails; one that stops being active releases it
   * afterwards (ADR 0006).
   */
  async commit(
    caller: BackupCaller, projectId: string, streams: ProjectStreams, now: Snapshot, decision: RestoreDecision, record: RestorePerformedData,
    metadata: CommandMetadata, ids: IdSource, time: Date,
  ): Promise<string> {
    const base = eventMetadata(metadata, caller);
    const newEvents = <E extends { type: string; data: unknown }>(streamId: string, events: readonly E[], extra: (e: E) => Record<string, unknown>, versions: Record<string, number>): NewEvent[] =>
      events.map((event, index) => ({
        eventId: ids.next(`event:${streamId}:${index}`), type: event.type, data: event.data,
        metadata: { ...base, schemaVersion: versions[event.type] ?? 1, ...extra(event) },
      }));
    const projectStream = projectStreamId(projectId);
    const backups = await this.repo.readBackups(projectId);
    const batches: StreamBatch[] = [
      { streamId: projectStream, expected: streams.project.version, events: newEvents<ProjectEvent>(projectStream, decision.project, () => ({}), projectSchemaVersions) },
      ...decision.signups.map(({ listId, events }) => {
        const streamId = signupsStreamId(listId);
        const person = (event: SignupEvent): Record<string, unknown> => {
          if (event.type === 'SignUpAdded') return { personId: signupPersonId(event.data.userId, event.data.signupId) };
          if (event.type === 'SignUpChanged') return { personId: signupPersonId(now.lists[listId]?.entries[event.data.signupId]?.userId ?? null, event.data.signupId) };
          return {};
        };
        return { streamId, expected: streams.lists[listId]?.version ?? 0, events: newEvents<SignupEvent>(streamId, events, person, signupSchemaVersions) };
      }),
      { streamId: backupsStreamId(projectId), expected: backups.version, events: newEvents(backupsStreamId(projectId), [{ type: 'RestorePerformed', data: record }], () => ({}), backupSchemaVersions) },
    ];
    const before = now.project;
    const after = decision.project.reduce(evolveProject, before);
    const wasActive = before.exists && before.status === 1;
    const active = after.exists && after.status === 1;
    const teamMetadata = { ...metadata, teamId: caller.teamId };
    const slotIds = (why: string): IdSource => ({ deterministic: ids.deterministic, next: (label) => ids.next(`${why}:${label}`) });
    let claimed = false;
    if (active && !wasActive) {
      await this.slots.claim(caller.teamId, projectId, teamMetadata, slotIds('claim'), time);
      claimed = true;
    }
    let checkpoint: string;
    try {
      const results = await this.repo.appendAll(batches);
      checkpoint = results[results.length - 1]?.checkpoint ?? (await this.repo.head());
    } catch (error) {
      if (claimed) await this.slots.release(caller.teamId, projectId, teamMetadata, slotIds('compensate'));
      throw error;
    }
    if (wasActive && !active) checkpoint = (await this.slots.release(caller.teamId, projectId, teamMetadata, slotIds('release'))).checkpoint;
    return checkpoint;
  }
}
