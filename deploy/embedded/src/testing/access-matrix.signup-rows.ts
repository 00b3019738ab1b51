import { randomUUID } from 'node:crypto';
import { DEFAULT_PROJECT_SETTINGS, projectStreamId, type NewEvent } from '@planwerk/events';
import { appendEvents } from '@planwerk/platform';
import type { MatrixRole } from './access-matrix.fixture';
import { ADMINS, allow, MEMBERS, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for sign-ups (issue 5, ADR 0006). The matrix team gets one active
// project with visibility `team` and a list with manual attendance and one unlimited item,
// given as events on its stream. Public sign-up routes: team members sign up (owner and admin
// on behalf, by name), the other team's member is signed in but cannot see the project (403),
// anonymous callers are asked to sign in (401 signup_login_required). Changing or cancelling
// someone else's sign-up: owner and admin only. Management routes need manage_prj, a full
// area, so the item level with an empty list counts too.

interface MatrixProject { projectId: string; listId: string; itemId: string }

const projects = new WeakMap<MatrixContext, Promise<MatrixProject>>();

function projectOf(ctx: MatrixContext): Promise<MatrixProject> {
  let project = projects.get(ctx);
  if (!project) {
    project = giveProject(ctx);
    projects.set(ctx, project);
  }
  return project;
}

async function giveProject(ctx: MatrixContext): Promise<MatrixProject> {
  const [projectId, phaseId, listId, itemId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const ownerId = ctx.client.users.get('owner')?.userId ?? '';
  const event = (type: string, data: unknown): NewEvent => ({
    eventId: randomUUID(), type, data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'access-matrix' }, teamId: ctx.teamId, schemaVersion: 1 },
  });
  await appendEvents(ctx.pool, projectStreamId(projectId), [
    event('ProjectCreated', {
      projectId, teamId: ctx.teamId, link: `mx-signups-${projectId.slice(0, 8)}`, name: 'Eintragungen', colour: 1, status: 3,
      visibility: 'team', settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'matrixsignupsmatrixsign', startDate: null,
      createdBy: ownerId, createdAt: new Date().toISOString(), copiedFrom: null,
    }),
    event('ProjectStatusChanged', { projectId, from: 3, to: 1 }),
    event('PhaseAdded', { projectId, phaseId, name: 'Phase', description: '', folderId: null, copiedFrom: null }),
    event('ListAdded', {
      projectId, listId, phaseId, type: 1, name: 'Helfer', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
      attendance: 'manual', fields: [], settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
    }),
    event('ItemAdded', { projectId, listId, itemId, name: 'Kuchen', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null }),
  ], 'no_stream');
  return { projectId, listId, itemId };
}

const listOf = async (ctx: MatrixContext): Promise<Values> => {
  const { projectId, listId } = await projectOf(ctx);
  return { projectId, listId };
};
// A sign-up the owner made on behalf of a name: nobody's own, no token.
const ownersSignup = async (ctx: MatrixContext): Promise<Values> => {
  const { projectId, listId, itemId } = await projectOf(ctx);
  const made = await ctx.client.ok('owner', 'POST', `/v5/project/${projectId}/list/${listId}/signup`, { itemId, name: 'Vom Inhaber' });
  return { projectId, listId, signupId: made.signupId };
};

const MANAGERS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
// Public routes: the visibility decides; anonymous callers are asked to sign in.
const publicRoute = (ok: number, roles: readonly MatrixRole[]) => allow(ok, roles, 403, { otherTeam: 403, anonymous: 401 });

export const SIGNUP_ROWS: readonly MatrixRow[] = [
  {
    endpoint: 'POST /v5/project/{projectId}/list/{listId}/signup', expect: publicRoute(201, MEMBERS), params: listOf,
    body: async (ctx) => ({ itemId: (await projectOf(ctx)).itemId, name: 'Matrix' }),
  },
  { endpoint: 'PUT /v5/project/{projectId}/list/{listId}/signup/{signupId}', expect: publicRoute(200, ADMINS), params: ownersSignup, body: () => ({ name: 'Geändert' }) },
  { endpoint: 'DELETE /v5/project/{projectId}/list/{listId}/signup/{signupId}', expect: publicRoute(200, ADMINS), params: ownersSignup },
  // Read only with the sign-up's private token (the confirmation mail's link): a sign-up made
  // on behalf of a name has none, so nobody reads it here, not even its team's owner.
  { endpoint: 'GET /v5/project/{projectId}/list/{listId}/signup/{signupId}', expect: publicRoute(200, []), params: ownersSignup },
  {
    endpoint: 'PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/attendance', expect: allow(200, MANAGERS), params: listOf,
    body: async (ctx) => ({ signupIds: [(await ownersSignup(ctx)).signupId] }),
  },
  {
    endpoint: 'DELETE /v5/team/{teamId}/project/{projectId}/list/{listId}/item/{itemId}/signups', expect: allow(200, MANAGERS),
    params: async (ctx) => {
      const { projectId, listId, itemId } = await projectOf(ctx);
      return { projectId, listId, itemId };
    },
  },
  { endpoint: 'POST /v5/team/{teamId}/project/{projectId}/list/{listId}/clean', expect: allow(200, MANAGERS), params: listOf },
  { endpoint: 'POST /v5/team/{teamId}/project/{projectId}/clean', expect: allow(200, MANAGERS), params: async (ctx) => ({ projectId: (await projectOf(ctx)).projectId }) },
  {
    endpoint: 'POST /v5/team/{teamId}/project/{projectId}/list/{listId}/notify', expect: allow(202, MANAGERS), params: listOf,
    body: () => ({ subject: 'Hinweis', text: 'Bitte pünktlich sein.' }),
  },
];
