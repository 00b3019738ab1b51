import type { MatrixRole } from './access-matrix.fixture';
import { everyone, self, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';
import { uniqueLink } from './access-matrix.project-fixture';

// Rows of the access matrix for the socket calls (issue 6, ADR 0009). wss/subscribe follows the
// public view's rules (canViewProject): a planning project is seen by the team's managers
// (owner, admin, space) only; everybody else, the other team and anonymous callers included,
// is told it does not exist (404). Login checks the caller (6011 without a session, 403 for
// another uid) but logs no socket in: a socket logs in with its own token (issue 12; the socket
// rows are in access-matrix.socket-rows.ts); logout and unsubscribe only ever take rights away
// and answer everyone.

const projects = new WeakMap<MatrixContext, Promise<{ projectId: string; checkpoint: string }>>();

/** One planning project of the matrix team, with the checkpoint its read model must reach. */
function planningProject(ctx: MatrixContext): Promise<{ projectId: string; checkpoint: string }> {
  let project = projects.get(ctx);
  if (!project) {
    project = (async () => {
      const { projectId } = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/project`, { link: uniqueLink('mx-live'), name: 'Live' });
      const { checkpoint } = await ctx.client.ok('owner', 'PUT', `/v5/team/${ctx.teamId}/project/${projectId}`, { colour: 3 });
      return { projectId: projectId as string, checkpoint: checkpoint as string };
    })();
    projects.set(ctx, project);
  }
  return project;
}

const params = async (ctx: MatrixContext): Promise<Values> => ({ id: (await planningProject(ctx)).projectId });
const query = async (ctx: MatrixContext): Promise<Values> => ({ minCheckpoint: (await planningProject(ctx)).checkpoint });
const ownUid = (_: MatrixContext, __: MatrixRole, me: { userId: string }): Values => ({ uid: me.userId });

const MANAGERS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'spaceWithout'];
const managersOnly = (): Record<MatrixRole, number> => {
  const expected = everyone(404) as Record<MatrixRole, number>;
  for (const role of MANAGERS) expected[role] = 200;
  return expected;
};

export const REALTIME_ROWS: readonly MatrixRow[] = [
  { endpoint: 'POST /v5/wss/subscribe/{id}', expect: managersOnly(), params, query },
  { endpoint: 'DELETE /v5/wss/subscribe/{id}', expect: everyone(200), params },
  { endpoint: 'PUT /v5/wss/login', expect: self(200), body: ownUid },
  { endpoint: 'PUT /v5/wss/logout', expect: everyone(200), body: ownUid },
  { endpoint: 'PUT /v5/socket/login', expect: self(200), body: ownUid },
  { endpoint: 'PUT /v5/socket/logout', expect: everyone(200), body: ownUid },
];
