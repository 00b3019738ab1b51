import { Injectable } from '@nestjs/common';
import {
  backupSchemaVersions,
  backupsStreamId,
  type BackupMarkedData,
  type ListBackupPointsQuery,
  type MarkBackupBody,
  type RecordedEvent,
  type StreamSlice,
  type listBackupPointsEndpoint,
  type markBackupEndpoint,
  type ResponseOf,
} from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { appendOnce } from '../shared/idempotency/append-once';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import type { BackupCaller } from './backup-caller';
import { BackupStreams } from './backup-streams';
import { eventMetadata } from './restore-commit';
import { decideMarkBackup } from './decide/mark-backup.decider';

/** The restore points of a project (one per command, by day) and the named backups marked among them. */
@Injectable()
export class BackupPointsService {
  constructor(private readonly streams: BackupStreams) {}

  async listPoints(caller: BackupCaller, projectId: string, query: ListBackupPointsQuery): Promise<ResponseOf<typeof listBackupPointsEndpoint>> {
    const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
    if (query.before !== undefined) this.streams.repo.checkPosition(query.before, 'before');
    const compare = (a: string, b: string) => this.streams.compare(a, b);
    const relevant = (event: RecordedEvent, list: string | null): boolean =>
      query.listId === undefined || list === query.listId || (event.data as { listId?: string }).listId === query.listId;
    const events = [
      ...streams.project.events.filter((e) => relevant(e, null)),
      ...Object.entries(streams.lists).flatMap(([listId, slice]) => slice.events.filter((e) => relevant(e, listId))),
    ].sort((a, b) => compare(a.checkpoint, b.checkpoint));
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
    }).sort((a, b) => compare(b.position, a.position));
    if (query.date !== undefined) points = points.filter((p) => p.at.slice(0, 10) === query.date);
    const before = query.before;
    if (before !== undefined) points = points.filter((p) => compare(p.position, before) < 0);
    const page = points.slice(0, query.limit);
    const days: Array<{ date: string; points: typeof page }> = [];
    for (const point of page) {
      const date = point.at.slice(0, 10);
      const day = days[days.length - 1];
      if (day && day.date === date) day.points.push(point);
      else days.push({ date, points: [point] });
    }
    const markers = (await this.streams.repo.readBackups(projectId)).events
      .filter((e) => e.type === 'BackupMarked')
      .map((e) => {
        const d = e.data as BackupMarkedData;
        return { backupId: d.backupId, name: d.name, at: d.at, position: d.position, by: d.by };
      })
      .reverse();
    return { days, markers, next: points.length > query.limit ? (page[page.length - 1]?.position ?? null) : null };
  }

  async mark(caller: BackupCaller, projectId: string, body: MarkBackupBody, metadata: CommandMetadata, ids: IdSource): Promise<ResponseOf<typeof markBackupEndpoint>> {
    const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
    if (body.position !== undefined) this.streams.repo.checkPosition(body.position, 'position');
    const include = body.position !== undefined ? this.streams.include({ position: body.position }) : () => true;
    const events = this.streams.allEvents(streams).filter(include);
    const last = events[events.length - 1];
    const versionAt = (slice: StreamSlice) => slice.events.filter(include).length;
    const state = {
      last: last ? { position: last.checkpoint, at: last.recordedAt.toISOString() } : null,
      versions: {
        project: versionAt(streams.project),
        lists: Object.fromEntries(Object.entries(streams.lists).map(([listId, slice]) => [listId, versionAt(slice)])),
      },
    };
    const marked = decideMarkBackup({ type: 'MarkBackup', projectId, backupId: ids.next('backup'), name: body.name, by: caller.userId }, state);
    const streamId = backupsStreamId(projectId);
    const appended = await appendOnce(this.streams.repo.store, streamId, marked.map((event, index) => ({
      eventId: ids.next(`event:${streamId}:${index}`), type: event.type, data: event.data,
      metadata: { ...eventMetadata(metadata, caller), schemaVersion: backupSchemaVersions.BackupMarked },
    })), { expectedVersion: 'any' }, ids);
    const [{ data }] = marked;
    return { backupId: data.backupId, position: data.position, at: data.at, checkpoint: appended.checkpoint };
  }
}
