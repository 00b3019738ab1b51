import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  OPEN_WINDOW,
  type ListSettings,
  type NewEvent,
  type SignupStatus,
} from '@planwerk/events';
import type { ProjectsFeedEvent } from '../projects-feed';

// Builders of the project feed for the projection tests: typed events for the pure evolves and
// store events (with metadata and stream ids) for the PostgreSQL tests.

export const TEAM = '7e000000-0000-4000-8000-000000000001';
export const OWNER = '7e000000-0000-4000-8000-0000000000aa';

export interface ProjectIds {
  projectId: string;
  phaseId: string;
  listId: string;
  itemA: string;
  itemB: string;
}

export function projectIds(): ProjectIds {
  return { projectId: randomUUID(), phaseId: randomUUID(), listId: randomUUID(), itemA: randomUUID(), itemB: randomUUID() };
}

export function projectCreated(ids: ProjectIds, overrides: Partial<{ link: string; name: string; status: 2 | 3; teamId: string }> = {}): ProjectsFeedEvent {
  return {
    type: 'ProjectCreated',
    data: {
      projectId: ids.projectId, teamId: overrides.teamId ?? TEAM, link: overrides.link ?? `p-${ids.projectId.slice(0, 8)}`,
      name: overrides.name ?? 'Sommerfest', colour: 3, status: overrides.status ?? 3, visibility: 'public',
      settings: DEFAULT_PROJECT_SETTINGS, shareHash: `share${ids.projectId.replace(/-/g, '')}`, startDate: '2026-07-01',
      createdBy: OWNER, createdAt: '2026-05-01T08:00:00.000Z', copiedFrom: null,
    },
  };
}

/** A phase with one list and two items: A (capacity 2) and B (unlimited). */
export function projectStructure(ids: ProjectIds, settings: Partial<ListSettings> = {}): ProjectsFeedEvent[] {
  const { projectId, phaseId, listId } = ids;
  return [
    { type: 'PhaseAdded', data: { projectId, phaseId, name: 'Aufbau', description: '', folderId: null, copiedFrom: null } },
    {
      type: 'ListAdded',
      data: {
        projectId, listId, phaseId, type: 1, name: 'Helfer', description: '', window: OPEN_WINDOW, attendance: 'manual', fields: [],
        settings: { ...DEFAULT_LIST_SETTINGS, ...settings }, copiedFrom: null,
      },
    },
    { type: 'ItemAdded', data: { projectId, listId, itemId: ids.itemA, name: 'Kuchen', description: '', capacity: 2, vote: null, date: null, time: null, copiedFrom: null } },
    { type: 'ItemAdded', data: { projectId, listId, itemId: ids.itemB, name: 'Getränke', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null } },
  ];
}

export function signupAdded(
  ids: ProjectIds,
  options: { signupId?: string; itemId?: string; userId?: string | null; name?: string | null; status?: SignupStatus; vote?: string | null; at?: string } = {},
): Extract<ProjectsFeedEvent, { type: 'SignUpAdded' }> {
  return {
    type: 'SignUpAdded',
    data: {
      projectId: ids.projectId, listId: ids.listId, itemId: options.itemId ?? ids.itemA, signupId: options.signupId ?? randomUUID(),
      userId: options.userId ?? null, name: options.name === undefined ? 'Erika' : options.name, values: {}, vote: options.vote ?? null,
      status: options.status ?? 'placed', by: options.userId ? 'self' : 'anonymous', tokenHash: null, at: options.at ?? '2026-05-02T10:00:00.000Z',
    },
  };
}

/** The stream an event of the feed is appended to. */
export function streamOf(event: ProjectsFeedEvent): string {
  switch (event.type) {
    case 'PresetColumnSaved':
    case 'PresetColumnRemoved':
      return `preset-columns-${event.data.teamId}`;
    case 'AccountErased':
      return `account-${event.data.userId}`;
    case 'SignUpAdded':
    case 'SignUpChanged':
    case 'SignUpCancelled':
    case 'SignUpPromoted':
    case 'AttendanceConfirmed':
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      return `signups-${event.data.listId}`;
    default:
      return `project-${event.data.projectId}`;
  }
}

export function toNewEvent(event: ProjectsFeedEvent, teamId: string | null = TEAM): NewEvent {
  return {
    eventId: randomUUID(), type: event.type, data: event.data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: OWNER }, teamId, schemaVersion: 1 },
  };
}
