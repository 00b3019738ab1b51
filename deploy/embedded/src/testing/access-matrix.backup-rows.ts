import { randomUUID } from 'node:crypto';
import { MATRIX_ITEM, type MatrixRole } from './access-matrix.fixture';
import { freshProjectTree, treeOf, treeParams } from './access-matrix.project-fixture';
import { ADMINS, allow, type MatrixContext, type MatrixRow } from './access-matrix.rows';

// Rows of the access matrix for backups, restore and undo (issue 6, ADR 0008). Backup routes
// need manage_backup for the project, which is not a full area: space and item levels pass
// only for a project id they list. On a fresh project (not listed) only owner and admin pass;
// on the listed MATRIX_ITEM id the listing roles pass the access check and get 404 (no such
// project in the team), the others 403. Undo needs manage_prj (a full area) and one's own action.

const LISTING: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith'];
const PRJ: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const base = '/v5/team/{teamId}/project/{projectId}';
const now = () => new Date(Date.now() + 60_000).toISOString();
const listed = () => ({ projectId: MATRIX_ITEM });

/** A command of the role itself (an edit of a fresh project), for its undo; a random id for roles that cannot make one. */
async function ownCommand(ctx: MatrixContext, role: MatrixRole): Promise<{ commandId: string }> {
  if (!PRJ.includes(role)) return { commandId: randomUUID() };
  const tree = await freshProjectTree(ctx, role);
  await ctx.client.ok(role, 'PUT', `/v5/team/${ctx.teamId}/project/${tree.projectId}`, { name: `Matrix ${role}` });
  const mine = await ctx.client.ok(role, 'GET', `/v5/team/${ctx.teamId}/undo`);
  return { commandId: mine.actions[0].commandId as string };
}

export const BACKUP_ROWS: readonly MatrixRow[] = [
  { endpoint: `GET ${base}/backup`, expect: allow(200, ADMINS), params: treeParams },
  { endpoint: `GET ${base}/backup`, label: 'listed project id', expect: allow(404, LISTING), params: listed },
  { endpoint: `POST ${base}/backup`, expect: allow(201, ADMINS), params: treeParams, body: () => ({ name: 'Matrix-Sicherung' }) },
  { endpoint: `GET ${base}/backup/state`, expect: allow(200, ADMINS), params: treeParams, query: () => ({ at: now() }) },
  { endpoint: `GET ${base}/backup/state`, label: 'listed project id', expect: allow(404, LISTING), params: listed, query: () => ({ at: now() }) },
  { endpoint: `GET ${base}/backup/diff`, expect: allow(200, ADMINS), params: treeParams, query: () => ({ at: now() }) },
  {
    endpoint: `POST ${base}/backup/restore`, expect: allow(200, ADMINS), params: treeParams,
    body: (ctx, role) => ({ scope: 'list', listId: treeOf(ctx, role).listId, at: now() }),
  },
  { endpoint: `GET ${base}/history`, expect: allow(200, ADMINS), params: treeParams },
  { endpoint: 'GET /v5/team/{teamId}/undo', expect: allow(200, PRJ) },
  { endpoint: 'POST /v5/team/{teamId}/undo', expect: allow(200, PRJ), body: ownCommand },
];
