import { randomUUID } from 'node:crypto';
import { DEFAULT_PROJECT_SETTINGS, projectStreamId, type NewEvent } from '@planwerk/events';
import { appendEvents } from '@planwerk/platform';
import { allow, MEMBERS, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for comments (issue 5, ADR 0006). The matrix team gets one active
// project with visibility `team`, given as events on its stream: team members see it, the
// other team's member is signed in but not allowed (403), anonymous callers must sign in.
// Comment admins are the project's managers: owner, admin and whoever has manage_prj listed
// (a full area, so the item level with an empty list counts too).

const projects = new WeakMap<MatrixContext, Promise<string>>();

function projectOf(ctx: MatrixContext): Promise<string> {
  let project = projects.get(ctx);
  if (!project) {
    project = giveProject(ctx);
    projects.set(ctx, project);
  }
  return project;
}

async function giveProject(ctx: MatrixContext): Promise<string> {
  const projectId = randomUUID();
  const ownerId = ctx.client.users.get('owner')?.userId ?? '';
  const event = (type: string, data: unknown): NewEvent => ({
    eventId: randomUUID(), type, data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'access-matrix' }, teamId: ctx.teamId, schemaVersion: 1 },
  });
  await appendEvents(ctx.pool, projectStreamId(projectId), [
    event('ProjectCreated', {
      projectId, teamId: ctx.teamId, link: `mx-comments-${projectId.slice(0, 8)}`, name: 'Kommentare', colour: 1, status: 3,
      visibility: 'team', settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'matrixmatrixmatrixmatrix', startDate: null,
      createdBy: ownerId, createdAt: new Date().toISOString(), copiedFrom: null,
    }),
    event('ProjectStatusChanged', { projectId, from: 3, to: 1 }),
  ], 'no_stream');
  return projectId;
}

const pathOf = async (ctx: MatrixContext): Promise<Values> => ({ path: `prj.${await projectOf(ctx)}` });
const ownersComment = async (ctx: MatrixContext): Promise<Values> => {
  const { path } = await pathOf(ctx);
  return { commentId: (await ctx.client.ok('owner', 'POST', '/v5/comment', { path, text: 'Vom Inhaber' })).commentId };
};

const COMMENT_ADMINS = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'] as const;

export const COMMENT_ROWS: readonly MatrixRow[] = [
  { endpoint: 'POST /v5/comment', expect: allow(201, MEMBERS, 403, { otherTeam: 403 }), body: async (ctx) => ({ ...(await pathOf(ctx)), text: 'Hallo' }) },
  // Removing someone else's comment: the project's comment admins only.
  { endpoint: 'DELETE /v5/comment/{commentId}', expect: allow(200, COMMENT_ADMINS, 403, { otherTeam: 403 }), params: ownersComment, query: pathOf },
  { endpoint: 'GET /v5/comment', expect: allow(200, MEMBERS, 403, { otherTeam: 403 }), query: pathOf },
  { endpoint: 'GET /v5/comment/details', expect: allow(200, MEMBERS, 403, { otherTeam: 403 }), query: pathOf },
];
