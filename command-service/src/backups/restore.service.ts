import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  projectStreamId,
  WrongExpectedVersion,
  type ProjectState,
  type RestoreBackupBody,
  type RestorePerformedData,
  type ResponseOf,
  type restoreBackupEndpoint,
} from '@planwerk/events';
import { CLOCK, type Clock } from '@planwerk/platform';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { isAdmin, type BackupCaller } from './backup-caller';
import { BackupStreams } from './backup-streams';
import { decideRestore, scopeKeys, type RestoreTarget } from './decide/restore.decider';
import { countEvents, RESTORE_ATTEMPTS, RestoreCommit } from './restore-commit';

/**
 * Restore (ADR 0008): the project, a list, an item or some sign-ups back to a point, by
 * compensating events decided by `decideRestore` from the state now and the state then.
 */
@Injectable()
export class RestoreService {
  constructor(
    private readonly streams: BackupStreams,
    private readonly commits: RestoreCommit,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async restore(caller: BackupCaller, projectId: string, body: RestoreBackupBody, metadata: CommandMetadata, ids: IdSource): Promise<ResponseOf<typeof restoreBackupEndpoint>> {
    const now = this.clock.now();
    // The whole project (status and lock included) is an owner's or admin's restore.
    if (body.scope === 'project' && !isAdmin(caller)) throw new DomainError('no_permission', { details: { reason: 'only owner and admin restore a whole project' } });
    const point = { at: body.at, position: body.position };
    if (point.position !== undefined) this.streams.repo.checkPosition(point.position, 'position');
    const target = restoreTarget(body);
    return this.streams.repo.lock.run(projectStreamId(projectId), async () => {
      for (let attempt = 1; ; attempt += 1) {
        const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
        const state = { now: this.streams.snapshot(streams), target: this.streams.snapshot(streams, this.streams.include(point)) };
        if (target.scope !== 'project') checkEditable(caller, state.now.project);
        const decision = decideRestore({ type: 'Restore', projectId, keys: scopeKeys(target, state) }, state);
        const record: RestorePerformedData = {
          restoreId: ids.next('restore'), projectId, kind: 'restore', scope: body.scope, listId: body.listId ?? null, itemId: body.itemId ?? null,
          signupIds: body.signupIds ?? null, toPosition: body.position ?? null, toAt: body.at ?? null, undoneCommandId: null, by: caller.userId,
          performedAt: now.toISOString(), events: countEvents(decision), overCapacity: decision.overCapacity,
        };
        // Already as it was: nothing is appended (no empty restore in the activity log).
        if (record.events === 0) return { restoreId: record.restoreId, commandId: metadata.commandId, events: 0, overCapacity: [], skipped: decision.skipped, checkpoint: await this.streams.repo.head() };
        try {
          const checkpoint = await this.commits.commit(caller, projectId, streams, state.now, decision, record, metadata, ids, now);
          return { restoreId: record.restoreId, commandId: metadata.commandId, events: record.events, overCapacity: decision.overCapacity, skipped: decision.skipped, checkpoint };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          if (attempt >= RESTORE_ATTEMPTS) throw new DomainError('conflict', { details: { streamId: error.streamId } });
        }
      }
    });
  }
}

function checkEditable(caller: BackupCaller, project: ProjectState): void {
  if (!project.exists) throw new DomainError('not_found', { details: { reason: 'the project is gone: restore the project' } });
  if (project.status === 0) throw new DomainError('project_in_trash', { details: { projectId: project.projectId } });
  if (project.locked && !isAdmin(caller)) throw new DomainError('project_locked', { details: { projectId: project.projectId } });
}

function restoreTarget(body: RestoreBackupBody): RestoreTarget {
  switch (body.scope) {
    case 'project':
      return { scope: 'project' };
    case 'list':
      return { scope: 'list', listId: body.listId as string };
    case 'item':
      return { scope: 'item', listId: body.listId as string, itemId: body.itemId as string };
    case 'signups':
      return { scope: 'signups', listId: body.listId as string, signupIds: body.signupIds ?? [] };
    default:
      throw new DomainError('validation_failed', { field: 'scope' });
  }
}
