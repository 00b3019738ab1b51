import { Injectable } from '@nestjs/common';
import { DomainError, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import {
  foldListSignups,
  foldProjectEvents,
  keysAlongProjectStream,
  keysAlongSignupStream,
  type EventKeys,
  type Snapshot,
} from './decide/backup-state.decider';
import { BackupsRepository, snapshotEvent, type ProjectStreams } from './backups.repository';

export interface StreamEvent {
  event: RecordedEvent;
  keys: EventKeys;
}

export type PointFilter = (event: RecordedEvent) => boolean;

/**
 * Reading a project's streams up to a point (a checkpoint and/or a time), shared by every
 * backup use case: the team check, the point filter and the states folded from it.
 */
@Injectable()
export class BackupStreams {
  constructor(readonly repo: BackupsRepository) {}

  /** The project's streams when the project is (or was, before a permanent delete) of this team; else 404. */
  async loadOfTeam(teamId: string, projectId: string): Promise<ProjectStreams> {
    const streams = await this.repo.readProject(projectId);
    const created = [...streams.project.events].reverse().find((e) => e.type === 'ProjectCreated');
    if (!created || (created.data as { teamId: string }).teamId !== teamId) throw new DomainError('not_found', { details: { projectId } });
    return streams;
  }

  compare(a: string, b: string): number {
    return this.repo.store.compareCheckpoints(a, b);
  }

  include(point: { at?: string; position?: string }): PointFilter {
    const at = point.at !== undefined ? Date.parse(point.at) : null;
    const position = point.position;
    if (position !== undefined) this.repo.checkPosition(position, 'position');
    return (event) => (position === undefined || this.compare(event.checkpoint, position) <= 0) && (at === null || event.recordedAt.getTime() <= at);
  }

  allEvents(streams: ProjectStreams): RecordedEvent[] {
    return [streams.project, ...Object.values(streams.lists)].flatMap((s) => s.events).sort((a, b) => this.compare(a.checkpoint, b.checkpoint));
  }

  pointOf(streams: ProjectStreams, include: PointFilter): { position: string | null; at: string | null } {
    const included = this.allEvents(streams).filter(include);
    const last = included[included.length - 1];
    return { position: last?.checkpoint ?? null, at: last?.recordedAt.toISOString() ?? null };
  }

  snapshot(streams: ProjectStreams, include: PointFilter = () => true): Snapshot {
    const pick = (slice: StreamSlice) => slice.events.filter(include).map(snapshotEvent);
    return {
      project: foldProjectEvents(pick(streams.project)),
      lists: Object.fromEntries(Object.entries(streams.lists).map(([listId, slice]) => [listId, foldListSignups(pick(slice))])),
    };
  }

  keyedEvents(streams: ProjectStreams): StreamEvent[] {
    const project = keysAlongProjectStream(streams.project.events.map(snapshotEvent));
    const result: StreamEvent[] = streams.project.events.map((event, i) => ({ event, keys: project[i] as EventKeys }));
    for (const slice of Object.values(streams.lists)) {
      const keys = keysAlongSignupStream(slice.events.map(snapshotEvent));
      slice.events.forEach((event, i) => result.push({ event, keys: keys[i] as EventKeys }));
    }
    return result;
  }
}
