import { Inject, Injectable } from '@nestjs/common';
import {
  backupSchemaVersions,
  backupsStreamId,
  DomainError,
  evolveProject,
  projectSchemaVersions,
  projectStreamId,
  signupPersonId,
  signupSchemaVersions,
  signupsStreamId,
  WrongExpectedVersion,
  type BackupMarkedData,
  type BackupPointQuery,
  type ListBackupPointsQuery,
  type MarkBackupBody,
  type MemberLevel,
  type NewEvent,
  type ProjectEvent,
  type ProjectState,
  type RecordedEvent,
  type RestoreBackupBody,
  type RestorePerformedData,
  type SignUpEvent,
  type StreamSlice,
} from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ACTIVE_PROJECT_SLOTS, type ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import {
  conflictingKeys,
  foldListSignUps,
  foldProjectEvents,
  keysAlongProjectStream,
  keysAlongSignUpStream,
  type EventKeys,
  type Snapshot,
} from './decide/backup-state.decider';
import { diffSnapshots, stateView, type SnapshotDiff } from './backup-views';
import { BackupsRepository, snapshotEvent, UNDO_WINDOW_HOURS, type ProjectStreams, type StreamBatch } from './backups.repository';
import { decideRestore, scopeKeys, type RestoreDecision, type RestoreTarget } from './decide/restore.decider';
import { appendOnce } from '../shared/idempotency/append-once';

export interface BackupCaller {
  teamId: string;
  userId: string;
  level: MemberLevel;
}

export interface UndoConflictEntry {
  commandId: string;
  at: string;
  actor: { kind: string; id: string };
  type: string;
  stream: string;
  objects: string[];
}

/** 409 for an undo whose objects were changed afterwards; the answer's body lists the changes. */
export class UndoConflict extends DomainError {
  constructor(readonly conflicts: UndoConflictEntry[]) {
    super('undo_conflict', { details: { conflicts: conflicts.length } });
  }
}

const ATTEMPTS = 3;
const UNDO_LIST_LIMIT = 20;

interface StreamEvent {
  event: RecordedEvent;
  keys: EventKeys;
}

function isAdmin(caller: BackupCaller): boolean {
  return caller.level === 'owner' || caller.level === 'admin';
}

/**
 * Backups, restore and undo (ADR 0008). Every state is folded from the project's streams up to
 * a point (a checkpoint and/or a time); restore and undo append compensating events decided
 * by `decideRestore` on the project stream and the lists' sign-up streams together with a
 * `RestorePerformed` record on `backups-<projectId>`, all in one transaction.
 */
@Injectable()
export class BackupsService {
  constructor(
    private readonly repo: BackupsRepository,
    @Inject(ACTIVE_PROJECT_SLOTS) private readonly slots: ActiveProjectSlots,
  ) {}

  async listPoints(caller: BackupCaller, projectId: string, query: ListBackupPointsQuery) {
    const streams = await this.loadOfTeam(caller.teamId, projectId);
    if (query.before !== undefined) this.repo.checkPosition(query.before, 'before');
    const relevant = (event: RecordedEvent, list: string | null): boolean =>
      query.listId === undefined || list === query.listId || (event.data as { listId?: string }).listId === query.listId;
    const events = [
      ...streams.project.events.filter((e) => relevant(e, null)),
      ...Object.entries(streams.lists).flatMap(([listId, slice]) => slice.events.filter((e) => relevant(e, listId))),
    ].sort((a, b) => this.compare(a.checkpoint, b.checkpoint));
    // One change = one command: its events (in one or several streams) are one restore point.
    const byCommand = new Map<string, RecordedEvent[]>();
    for (const event of events) byCommand.set(event.metadata.commandId, [...(byCommand.get(event.metadata.commandId) ?? []), event]);
    let points = [...byCommand.entries()].map(([commandId, own]) => {
      const last = own[own.length - 1] as RecordedEvent;
      const listIds = [...new Set(own.map((e) => (e.data as { listId?: string }).listId).filter((id): id is string => typeof id === 'string'))];
      return {
        position: last.checkpoint, at: last.recordedAt.toISOString(), commandId, actor: { kind: last.metadata.actor.kind, id: last.metadata.actor.id },
        types: own.map((e) => e.type), listIds,
      };
    }).sort((a, b) => this.compare(b.position, a.position));
    if (query.date !== undefined) points = points.filter((p) => p.at.slice(0, 10) === query.date);
    const before = query.before;
    if (before !== undefined) points = points.filter((p) => this.compare(p.position, before) < 0);
    const page = points.slice(0, query.limit);
    const days: Array<{ date: string; points: typeof page }> = [];
    for (const point of page) {
      const date = point.at.slice(0, 10);
      const day = days[days.length - 1];
      if (day && day.date === date) day.points.push(point);
      else days.push({ date, points: [point] });
    }
    const markers = (await this.repo.readBackups(projectId)).events
      .filter((e) => e.type === 'BackupMarked')
      .map((e) => {
        const d = e.data as BackupMarkedData;
        return { backupId: d.backupId, name: d.name, at: d.at, position: d.position, by: d.by };
      })
      .reverse();
    return { days, markers, next: points.length > query.limit ? (page[page.length - 1]?.position ?? null) : null };
  }

  async mark(caller: BackupCaller, projectId: string, body: MarkBackupBody, metadata: CommandMetadata, ids: IdSource) {
    const streams = await this.loadOfTeam(caller.teamId, projectId);
    if (body.position !== undefined) this.repo.checkPosition(body.position, 'position');
    const include = body.position !== undefined ? this.include({ position: body.position }) : () => true;
    const events = this.allEvents(streams).filter(include);
    const last = events[events.length - 1];
    if (!last) throw new DomainError('validation_failed', { field: 'position' });
    const versionAt = (slice: StreamSlice) => slice.events.filter(include).length;
    const data: BackupMarkedData = {
      projectId, backupId: ids.next('backup'), name: body.name, at: last.recordedAt.toISOString(), position: last.checkpoint,
      versions: {
        project: versionAt(streams.project),
        lists: Object.fromEntries(Object.entries(streams.lists).map(([listId, slice]) => [listId, versionAt(slice)])),
      },
      by: caller.userId,
    };
    const streamId = backupsStreamId(projectId);
    const appended = await appendOnce(this.repo.store, streamId, [{
      eventId: ids.next(`event:${streamId}:0`), type: 'BackupMarked', data,
      metadata: { ...this.metadataOf(metadata, caller), schemaVersion: backupSchemaVersions.BackupMarked },
    }], { expectedVersion: 'any' }, ids);
    return { backupId: data.backupId, position: data.position, at: data.at, checkpoint: appended.checkpoint };
  }

  async state(caller: BackupCaller, projectId: string, query: BackupPointQuery) {
    const streams = await this.loadOfTeam(caller.teamId, projectId);
    const include = this.include(query);
    const point = this.pointOf(streams, include);
    return { ...point, ...stateView(this.snapshot(streams, include), query.listId) };
  }

  async diff(caller: BackupCaller, projectId: string, query: BackupPointQuery): Promise<SnapshotDiff & { position: string | null; at: string | null }> {
    const streams = await this.loadOfTeam(caller.teamId, projectId);
    const include = this.include(query);
    return { ...this.pointOf(streams, include), ...diffSnapshots(this.snapshot(streams, include), this.snapshot(streams), query.listId) };
  }

  async restore(caller: BackupCaller, projectId: string, body: RestoreBackupBody, metadata: CommandMetadata, ids: IdSource, now: Date = new Date()) {
    // The whole project (status and lock included) is an owner's or admin's restore.
    if (body.scope === 'project' && !isAdmin(caller)) throw new DomainError('no_permission', { details: { reason: 'only owner and admin restore a whole project' } });
    const point = { at: body.at, position: body.position };
    if (point.position !== undefined) this.repo.checkPosition(point.position, 'position');
    const target = restoreTarget(body);
    return this.repo.lock.run(projectStreamId(projectId), async () => {
      for (let attempt = 1; ; attempt += 1) {
        const streams = await this.loadOfTeam(caller.teamId, projectId);
        const state = { now: this.snapshot(streams), target: this.snapshot(streams, this.include(point)) };
        if (target.scope !== 'project') this.checkEditable(caller, state.now.project);
        const decision = decideRestore({ type: 'Restore', projectId, keys: scopeKeys(target, state) }, state);
        const record: RestorePerformedData = {
          restoreId: ids.next('restore'), projectId, kind: 'restore', scope: body.scope, listId: body.listId ?? null, itemId: body.itemId ?? null,
          signupIds: body.signupIds ?? null, toPosition: body.position ?? null, toAt: body.at ?? null, undoneCommandId: null, by: caller.userId,
          performedAt: now.toISOString(), events: countEvents(decision), overCapacity: decision.overCapacity,
        };
        // Already as it was: nothing is appended (no empty restore in the activity log).
        if (record.events === 0) return { restoreId: record.restoreId, commandId: metadata.commandId, events: 0, overCapacity: [], skipped: decision.skipped, checkpoint: await this.repo.head() };
        try {
          const checkpoint = await this.commit(caller, projectId, streams, state.now, decision, record, metadata, ids, now);
          return { restoreId: record.restoreId, commandId: metadata.commandId, events: record.events, overCapacity: decision.overCapacity, skipped: decision.skipped, checkpoint };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          if (attempt >= ATTEMPTS) throw new DomainError('conflict', { details: { streamId: error.streamId } });
        }
      }
    });
  }

  async undo(caller: BackupCaller, commandId: string, metadata: CommandMetadata, ids: IdSource, now: Date = new Date()) {
    const rows = await this.repo.commandEvents(commandId);
    const mine = rows.length > 0 && rows.every((r) => r.actorKind === 'user' && r.actorId === caller.userId) && rows.some((r) => r.teamId === caller.teamId);
    const recent = rows.some((r) => now.getTime() - r.recordedAt.getTime() <= UNDO_WINDOW_HOURS * 3_600_000);
    // Someone else's action, another team's or an old one: as if there were none.
    if (!mine || !recent) throw new DomainError('not_found', { field: 'commandId' });
    const touched = rows.filter((r) => (r.streamId.startsWith('project-') && !r.streamId.startsWith('project-link-')) || r.streamId.startsWith('signups-'));
    const projectIds = new Set(touched.map((r) => r.projectId ?? r.streamId.slice('project-'.length)));
    if (touched.length === 0 || projectIds.size !== 1) throw new DomainError('validation_failed', { field: 'commandId', details: { reason: 'nothing of one project to undo' } });
    const projectId = [...projectIds][0] as string;
    if ((await this.repo.undoneCommands([commandId])).has(commandId)) throw new DomainError('undo_already_done', { field: 'commandId' });

    return this.repo.lock.run(projectStreamId(projectId), async () => {
      for (let attempt = 1; ; attempt += 1) {
        const streams = await this.loadOfTeam(caller.teamId, projectId);
        const keyed = this.keyedEvents(streams);
        const own = keyed.filter((k) => k.event.metadata.commandId === commandId);
        if (own.length === 0) throw new DomainError('not_found', { field: 'commandId' });
        const last = own.reduce((a, b) => (this.compare(a.event.checkpoint, b.event.checkpoint) >= 0 ? a : b)).event.checkpoint;
        const conflicts = keyed
          .filter((k) => k.event.metadata.commandId !== commandId && this.compare(k.event.checkpoint, last) > 0)
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
        const state = { now: this.snapshot(streams), target: this.snapshot(streams, before) };
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
          const checkpoint = await this.commit(caller, projectId, streams, state.now, decision, record, metadata, ids, now);
          return { restoreId: record.restoreId, undoneCommandId: commandId, events: record.events, checkpoint };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          if (attempt >= ATTEMPTS) throw new DomainError('conflict', { details: { streamId: error.streamId } });
        }
      }
    });
  }

  async undoable(caller: BackupCaller, now: Date = new Date()) {
    const recent = await this.repo.recentCommands(caller.teamId, caller.userId, now, UNDO_LIST_LIMIT);
    const undone = await this.repo.undoneCommands(recent.map((r) => r.commandId));
    return {
      actions: recent.map((r) => ({
        commandId: r.commandId, at: r.at.toISOString(), projectId: r.projectId, types: r.types, events: r.events, undone: undone.has(r.commandId),
      })),
    };
  }

  /**
   * The project's history as JSON text chunks: every event of its streams (project, link,
   * sign-ups and notices of every list it ever had, comments, backups) merged in log order,
   * read page by page. The team check runs before the first chunk.
   */
  async history(caller: BackupCaller, projectId: string, now: Date = new Date()): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
    const streams = await this.loadOfTeam(caller.teamId, projectId);
    const created = [...streams.project.events].reverse().find((e) => e.type === 'ProjectCreated');
    const link = (created?.data as { link?: string } | undefined)?.link ?? null;
    const streamIds = this.repo.historyStreams(projectId, link, Object.keys(streams.lists));
    const store = this.repo.store;
    const compare = (a: string, b: string) => this.compare(a, b);
    async function* chunks(): AsyncGenerator<string> {
      yield `{"format":"planwerk.project-history","version":1,"projectId":${JSON.stringify(projectId)},"teamId":${JSON.stringify(caller.teamId)},`
        + `"exportedAt":${JSON.stringify(now.toISOString())},"streams":${JSON.stringify(streamIds)},"events":[`;
      const cursors = streamIds.map((streamId) => ({ streamId, next: 1, buffer: [] as RecordedEvent[], done: false }));
      const fill = async (cursor: (typeof cursors)[number]) => {
        if (cursor.buffer.length > 0 || cursor.done) return;
        const page = await store.readStream(cursor.streamId, { fromVersion: cursor.next, maxCount: 500 });
        cursor.buffer = page.events;
        cursor.next += page.events.length;
        if (page.events.length === 0) cursor.done = true;
      };
      let firstOut = true;
      for (;;) {
        for (const cursor of cursors) await fill(cursor);
        let best: (typeof cursors)[number] | null = null;
        for (const cursor of cursors) {
          const head = cursor.buffer[0];
          if (head && (best === null || compare(head.checkpoint, (best.buffer[0] as RecordedEvent).checkpoint) < 0)) best = cursor;
        }
        if (best === null) break;
        const event = best.buffer.shift() as RecordedEvent;
        yield `${firstOut ? '' : ','}\n${JSON.stringify(historyEntry(event))}`;
        firstOut = false;
      }
      yield '\n]}\n';
    }
    const day = now.toISOString().slice(0, 10);
    return { filename: `project-${link ?? projectId}-history-${day}.json`, chunks: chunks() };
  }

  // Internals

  /** The project's streams when the project is (or was, before a permanent delete) of this team; else 404. */
  private async loadOfTeam(teamId: string, projectId: string): Promise<ProjectStreams> {
    const streams = await this.repo.readProject(projectId);
    const created = [...streams.project.events].reverse().find((e) => e.type === 'ProjectCreated');
    if (!created || (created.data as { teamId: string }).teamId !== teamId) throw new DomainError('not_found', { details: { projectId } });
    return streams;
  }

  private compare(a: string, b: string): number {
    return this.repo.store.compareCheckpoints(a, b);
  }

  private include(point: { at?: string; position?: string }): (event: RecordedEvent) => boolean {
    const at = point.at !== undefined ? Date.parse(point.at) : null;
    const position = point.position;
    if (position !== undefined) this.repo.checkPosition(position, 'position');
    return (event) => (position === undefined || this.compare(event.checkpoint, position) <= 0) && (at === null || event.recordedAt.getTime() <= at);
  }

  private allEvents(streams: ProjectStreams): RecordedEvent[] {
    return [streams.project, ...Object.values(streams.lists)].flatMap((s) => s.events).sort((a, b) => this.compare(a.checkpoint, b.checkpoint));
  }

  private pointOf(streams: ProjectStreams, include: (event: RecordedEvent) => boolean): { position: string | null; at: string | null } {
    const included = this.allEvents(streams).filter(include);
    const last = included[included.length - 1];
    return { position: last?.checkpoint ?? null, at: last?.recordedAt.toISOString() ?? null };
  }

  private snapshot(streams: ProjectStreams, include: (event: RecordedEvent) => boolean = () => true): Snapshot {
    const pick = (slice: StreamSlice) => slice.events.filter(include).map(snapshotEvent);
    return {
      project: foldProjectEvents(pick(streams.project)),
      lists: Object.fromEntries(Object.entries(streams.lists).map(([listId, slice]) => [listId, foldListSignUps(pick(slice))])),
    };
  }

  private keyedEvents(streams: ProjectStreams): StreamEvent[] {
    const project = keysAlongProjectStream(streams.project.events.map(snapshotEvent));
    const result: StreamEvent[] = streams.project.events.map((event, i) => ({ event, keys: project[i] as EventKeys }));
    for (const slice of Object.values(streams.lists)) {
      const keys = keysAlongSignUpStream(slice.events.map(snapshotEvent));
      slice.events.forEach((event, i) => result.push({ event, keys: keys[i] as EventKeys }));
    }
    return result;
  }

  private checkEditable(caller: BackupCaller, project: ProjectState): void {
    if (!project.exists) throw new DomainError('not_found', { details: { reason: 'the project is gone: restore the project' } });
    if (project.status === 0) throw new DomainError('project_in_trash', { details: { projectId: project.projectId } });
    if (project.locked && !isAdmin(caller)) throw new DomainError('project_locked', { details: { projectId: project.projectId } });
  }

  private metadataOf(metadata: CommandMetadata, caller: BackupCaller) {
    return {
      commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId, actor: metadata.actor,
      teamId: caller.teamId,
    };
  }

  /**
   * Appends the decision and its record in one transaction. A project that becomes active
   * claims the free plan's slot first (6201 when another holds it) and gives it back if the
   * append fails; one that stops being active releases it afterwards (ADR 0006).
   */
  private async commit(
    caller: BackupCaller, projectId: string, streams: ProjectStreams, now: Snapshot, decision: RestoreDecision, record: RestorePerformedData,
    metadata: CommandMetadata, ids: IdSource, time: Date,
  ): Promise<string> {
    const base = this.metadataOf(metadata, caller);
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
        const person = (event: SignUpEvent): Record<string, unknown> => {
          if (event.type === 'SignUpAdded') return { personId: signupPersonId(event.data.userId, event.data.signupId) };
          if (event.type === 'SignUpChanged') return { personId: signupPersonId(now.lists[listId]?.entries[event.data.signupId]?.userId ?? null, event.data.signupId) };
          return {};
        };
        return { streamId, expected: streams.lists[listId]?.version ?? 0, events: newEvents<SignUpEvent>(streamId, events, person, signupSchemaVersions) };
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

function countEvents(decision: RestoreDecision): number {
  return decision.project.length + decision.signups.reduce((n, s) => n + s.events.length, 0);
}

const REDACTED: Record<string, readonly string[]> = { ProjectVisibilityChanged: ['passwordHash'], SignUpAdded: ['tokenHash'] };

/** One exported event: envelope and metadata, secrets (password and token hashes) left out. */
function historyEntry(event: RecordedEvent): Record<string, unknown> {
  const hidden = REDACTED[event.type] ?? [];
  const data = hidden.length > 0 && typeof event.data === 'object' && event.data !== null
    ? { ...(event.data as Record<string, unknown>), ...Object.fromEntries(hidden.map((f) => [f, null])) }
    : event.data;
  const m = event.metadata;
  return {
    stream: event.streamId, version: event.streamVersion, checkpoint: event.checkpoint, recordedAt: event.recordedAt.toISOString(),
    eventId: event.eventId, type: event.type, data,
    metadata: {
      commandId: m.commandId, correlationId: m.correlationId, causationId: m.causationId, actor: m.actor, teamId: m.teamId,
      schemaVersion: m.schemaVersion, ...(m.erased ? { erased: true, erasedFields: m.erasedFields ?? [] } : {}),
      ...(hidden.length > 0 ? { redacted: hidden } : {}),
    },
  };
}

