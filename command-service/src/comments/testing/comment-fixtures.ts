import {
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  OPEN_WINDOW,
  type CommentViewer,
  type ExistingProject,
  type MemberLevel,
} from '@planwerk/events';

// A project tree with one list and one item, and viewers of every kind, for the decider specs.

export const TEAM = '0a0a0a0a-0000-4000-8000-000000000001';
export const PROJECT = '0a0a0a0a-0000-4000-8000-000000000002';
export const PHASE = '0a0a0a0a-0000-4000-8000-000000000003';
export const LIST = '0a0a0a0a-0000-4000-8000-000000000004';
export const ITEM = '0a0a0a0a-0000-4000-8000-000000000005';
export const OWNER = '0b0b0b0b-0000-4000-8000-000000000001';
export const MEMBER = '0b0b0b0b-0000-4000-8000-000000000002';
export const STRANGER = '0b0b0b0b-0000-4000-8000-000000000003';
export const AT = '2025-04-01T10:00:00.000Z';

export const PROJECT_PATH = `prj.${PROJECT}`;
export const LIST_PATH = `list.${PROJECT}.${LIST}`;
export const ITEM_PATH = `list_item.${PROJECT}.${LIST}.${ITEM}`;

export function project(overrides: Partial<ExistingProject> = {}): ExistingProject {
  return {
    exists: true, projectId: PROJECT, teamId: TEAM, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1,
    previousStatus: null, locked: false, visibility: 'team', passwordHash: null, settings: DEFAULT_PROJECT_SETTINGS,
    shareHash: 'aaaaaaaaaaaaaaaaaaaaaa', startDate: null, createdBy: OWNER, createdAt: AT, copiedFrom: null,
    phases: [{ phaseId: PHASE, name: 'Aufbau', description: '', folderId: null, copiedFrom: null }],
    lists: [{
      listId: LIST, phaseId: PHASE, type: 1, name: 'Kuchen', description: '', window: OPEN_WINDOW, attendance: 'automatic',
      fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null,
    }],
    items: [{ itemId: ITEM, listId: LIST, name: 'Apfelkuchen', description: '', capacity: 1, vote: null, date: null, time: null, copiedFrom: null }],
    ...overrides,
  };
}

export function viewer(userId: string | null, level: MemberLevel | null = null): CommentViewer {
  return { userId, verified: true, membership: level === null ? null : { level, access: {} }, passwordOk: false };
}

export const owner = viewer(OWNER, 'owner');
export const member = viewer(MEMBER, 'member');
export const stranger = viewer(STRANGER);
