import { randomUUID } from 'node:crypto';
import { DEFAULT_PROJECT_SETTINGS, projectStreamId, type NewEvent } from '@planwerk/events';
import { appendEvents } from '@planwerk/platform';
import type { MatrixRole } from './access-matrix.fixture';
import { allow, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for reminders and organiser notifications (issue 14, ADR 0013):
// management routes, manage_prj with the project as its item, like the list notice. The matrix
// team gets one active project with one list, given as events on its stream.

const projects = new WeakMap<MatrixContext, Promise<Values>>();

function projectOf(ctx: MatrixContext): Promise<Values> {
  let project = projects.get(ctx);
  if (!project) {
    project = giveProject(ctx);
    projects.set(ctx, project);
  }
  return project;
}

async function giveProject(ctx: MatrixContext): Promise<Values> {
  const [projectId, phaseId, listId] = [randomUUID(), randomUUID(), randomUUID()];
  const ownerId = ctx.client.users.get('owner')?.userId ?? '';
  const event = (type: string, data: unknown): NewEvent => ({
    eventId: randomUUID(), type, data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'access-matrix' }, teamId: ctx.teamId, schemaVersion: 1 },
  });
  await appendEvents(ctx.pool, projectStreamId(projectId), [
    event('ProjectCreated', {
      projectId, teamId: ctx.teamId, link: `mx-notify-${projectId.slice(0, 8)}`, name: 'Benachrichtigungen', colour: 1, status: 3,
      visibility: 'team', settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'matrixnotifymatrixnotif', startDate: null,
      createdBy: ownerId, createdAt: new Date().toISOString(), copiedFrom: null,
    }),
    event('PhaseAdded', { projectId, phaseId, name: 'Phase', description: '', folderId: null, copiedFrom: null }),
    event('ListAdded', {
      projectId, listId, phaseId, type: 1, name: 'Helfer', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
      attendance: 'automatic', fields: [], settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
    }),
  ], 'no_stream');
  return { projectId, listId };
}

const MANAGERS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const projectParams = async (ctx: MatrixContext): Promise<Values> => ({ projectId: (await projectOf(ctx)).projectId as string });

export const NOTIFICATION_ROWS: readonly MatrixRow[] = [
  { endpoint: 'PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/reminder', expect: allow(200, MANAGERS), params: projectOf, body: () => ({ reminder: '1d' }) },
  { endpoint: 'PUT /v5/team/{teamId}/project/{projectId}/notifications', expect: allow(200, MANAGERS), params: projectParams, body: () => ({ mode: 'digest' }) },
  { endpoint: 'GET /v5/team/{teamId}/project/{projectId}/notifications', expect: allow(200, MANAGERS), params: projectParams },
];
