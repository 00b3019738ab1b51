import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  projectStreamId,
  WrongExpectedVersion,
  type RecordedEvent,
  type RestorePerformedData,
  type ResponseOf,
  type undoConflictSchema,
  type undoEndpoint,
  type listUndoableEndpoint,
} from '@planwerk/events';
import { CLOCK, type Clock } from '@planwerk/platform';
import type { z } from 'zod';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { isAdmin, type BackupCaller } from './backup-caller';
import { BackupStreams } from './backup-streams';
import { UNDO_WINDOW_HOURS } from './backups.repository';
import { conflictingKeys } from './decide/backup-state.decider';
import { decideRestore } from './decide/restore.decider';
import { countEvents, RESTORE_ATTEMPTS, RestoreCommit } from './restore-commit';

/** One later change in the way of an undo, as the 409 `undo_conflict` body lists it. */
export type UndoConflictEntry = z.infer<typeof undoConflictSchema>;

/** 409 for an undo whose objects were changed afterwards; the answer's body lists the changes. */
export class UndoConflict extends DomainError {
  constructor(readonly conflicts: UndoConflictEntry[]) {
    super('undo_conflict', { details: { conflicts: conflicts.length } });
  }
}

const UNDO_LIST_LIMIT = 20;

/** Undo of the caller's own recent management action (ADR 0008), and the list of those actions. */
@Injectable()
export class UndoService {
  constructor(
    private readonly streams: BackupStreams,
    private readonly commits: RestoreCommit,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async undo(caller: BackupCaller, commandId: string, metadata: CommandMetadata, ids: IdSource): Promise<ResponseOf<typeof undoEndpoint>> {
    const now = this.clock.now();
    const repo = this.streams.repo;
    const rows = await repo.commandEvents(commandId);
    const mine = rows.length > 0 && rows.every((r) => r.actorKind === 'user' && r.actorId === caller.userId) && rows.some((r) => r.teamId === caller.teamId);
    const recent = rows.some((r) => now.getTime() - r.recordedAt.getTime() <= UNDO_WINDOW_HOURS * 3_600_000);
    // Someone else's action, another team's or an old one: as if there were none.
    if (!mine || !recent) throw new DomainError('not_found', { field: 'commandId' });
    const touched = rows.filter((r) => (r.streamId.startsWith('project-') && !r.streamId.startsWith('project-link-')) || r.streamId.startsWith('signups-'));
    const projectIds = new Set(touched.map((r) => r.projectId ?? r.streamId.slice('project-'.length)));
    if (touched.length === 0 || projectIds.size !== 1) throw new DomainError('validation_failed', { field: 'commandId', details: { reason: 'nothing of one project to undo' } });
    const projectId = [...projectIds][0] as string;
    if ((await repo.undoneCommands([commandId])).has(commandId)) throw new DomainError('undo_already_done', { field: 'commandId' });

    return repo.lock.run(projectStreamId(projectId), async () => {
      for (let attempt = 1; ; attempt += 1) {
        const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
        const keyed = this.streams.keyedEvents(streams);
        const own = keyed.filter((k) => k.event.metadata.commandId === commandId);
        if (own.length === 0) throw new DomainError('not_found', { field: 'commandId' });
        const last = own.reduce((a, b) => (this.streams.compare(a.event.checkpoint, b.event.checkpoint) >= 0 ? a : b)).event.checkpoint;
        const conflicts = keyed
          .filter((k) => k.event.metadata.commandId !== commandId && this.streams.compare(k.event.checkpoint, last) > 0)
          .map((later) => ({ later, objects: [...new Set(own.flatMap((o) => conflictingKeys(o.keys, later.keys)))] }))
          .filter((c) => c.objects.length > 0)
          .map(({ later, objects }): UndoConflictEntry => ({
            commandId: later.event.metadata.commandId, at: later.event.recordedAt.toISOString(),
            actor: { kind: later.event.metadata.actor.kind, id: later.event.metadata.actor.id }, type: later.event.type,
            stream: later.event.streamId, objects,
          }));
        if (conflicts.length > 0) throw new UndoConflict(conflicts);

        // Before the command: each stream it touched up to its first event there; the others as they are.
        const first = new Map<string, number>();
        for (const o of own) if (!first.has(o.event.streamId)) first.set(o.event.streamId, o.event.streamVersion);
        const before = (e: RecordedEvent) => !first.has(e.streamId) || e.streamVersion < (first.get(e.streamId) as number);
        const state = { now: this.streams.snapshot(streams), target: this.streams.snapshot(streams, before) };
        const keys = [...new Set(own.flatMap((o) => [...o.keys.strong, ...o.keys.weak]).filter((k) => !k.startsWith('in:')))];
        const decision = decideRestore({ type: 'Restore', projectId, keys }, state);
        const administrative = decision.project.some((e) => e.type === 'ProjectStatusChanged' || e.type === 'ProjectLockChanged' || e.type === 'ProjectPurged');
        if (administrative && !isAdmin(caller)) throw new DomainError('no_permission', { details: { reason: 'undoing a status or lock change needs owner or admin' } });
        const record: RestorePerformedData = {
          restoreId: ids.next('restore'), projectId, kind: 'undo', scope: null, listId: null, itemId: null, signupIds: null, toPosition: null,
          toAt: null, undoneCommandId: commandId, by: caller.userId, performedAt: now.toISOString(), events: countEvents(decision),
          overCapacity: decision.overCapacity,
        };
        try {
          const checkpoint = await this.commits.commit(caller, projectId, streams, state.now, decision, record, metadata, ids, now);
          return { restoreId: record.restoreId, undoneCommandId: commandId, events: record.events, checkpoint };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          if (attempt >= RESTORE_ATTEMPTS) throw new DomainError('conflict', { details: { streamId: error.streamId } });
        }
      }
    });
  }

  async undoable(caller: BackupCaller): Promise<ResponseOf<typeof listUndoableEndpoint>> {
    const now = this.clock.now();
    const repo = this.streams.repo;
    const recent = await repo.recentCommands(caller.teamId, caller.userId, now, UNDO_LIST_LIMIT);
    const undone = await repo.undoneCommands(recent.map((r) => r.commandId));
    return {
      actions: recent.map((r) => ({
        commandId: r.commandId, at: r.at.toISOString(), projectId: r.projectId, types: r.types, events: r.events, undone: undone.has(r.commandId),
      })),
    };
  }
}
