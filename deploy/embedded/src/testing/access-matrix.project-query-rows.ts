import { randomUUID } from 'node:crypto';
import type { MatrixRole } from './access-matrix.fixture';
import { freshProjectTree } from './access-matrix.project-fixture';
import { allow, MEMBERS, PUBLIC, USERS, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for the project reads (issue 5, H4). The management reads of one
// project need manage_prj with the project as item; manage_prj is a full area, so the space and
// item levels that list it pass (item level with an empty list too). Every call reads a fresh
// project tree of the matrix team once the projector has it (minCheckpoint of a last edit).
// The export answers a file, so its row asks for a list the project does not have: the roles
// that pass access get the wrapped 404, the others their denial. The public view and embeds
// are open to everybody (an unknown link or hash: the same 404 for everyone).

const PRJ: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
// manage_preset is not a full area: listed → 1 (the item level with an empty list included).
const PRESET: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const base = '/v5/team/{teamId}/project/{projectId}';

const checkpoints = new WeakMap<MatrixContext, Map<MatrixRole, string>>();

/** A fresh tree, renamed once more so its checkpoint covers the whole tree. */
async function projectedTreeParams(ctx: MatrixContext, role: MatrixRole): Promise<Values> {
  const tree = await freshProjectTree(ctx, role);
  const edited = await ctx.client.ok('owner', 'PUT', `/v5/team/${ctx.teamId}/project/${tree.projectId}`, { name: 'Matrix-Lesen' });
  let byRole = checkpoints.get(ctx);
  if (!byRole) {
    byRole = new Map();
    checkpoints.set(ctx, byRole);
  }
  byRole.set(role, edited.checkpoint as string);
  return { projectId: tree.projectId };
}

function minCheckpoint(ctx: MatrixContext, role: MatrixRole): Values {
  const checkpoint = checkpoints.get(ctx)?.get(role);
  if (!checkpoint) throw new Error(`no checkpoint for ${role}`);
  return { minCheckpoint: checkpoint };
}

export const PROJECT_QUERY_ROWS: readonly MatrixRow[] = [
  { endpoint: 'GET /v5/team/{teamId}/project', expect: allow(200, MEMBERS) },
  { endpoint: `GET ${base}`, expect: allow(200, PRJ), params: projectedTreeParams, query: minCheckpoint },
  { endpoint: `GET ${base}/analysis`, expect: allow(200, PRJ), params: projectedTreeParams, query: minCheckpoint },
  { endpoint: `GET ${base}/invitations`, expect: allow(200, PRJ), params: projectedTreeParams, query: minCheckpoint },
  {
    endpoint: `GET ${base}/export`, expect: allow(404, PRJ), params: projectedTreeParams,
    query: (ctx, role) => ({ ...minCheckpoint(ctx, role), format: 'csv', listId: randomUUID() }),
  },
  { endpoint: 'GET /v5/team/{teamId}/preset', expect: allow(200, PRESET) },
  { endpoint: 'GET /v5/project/view/{prjLink}', expect: PUBLIC, params: () => ({ prjLink: 'mx-unbekannt' }) },
  { endpoint: 'GET /v5/embed/project/{hash}', expect: PUBLIC, params: () => ({ hash: 'AAAAAAAAAAAAAAAAAAAAAA' }) },
  { endpoint: 'GET /v5/user/signups', expect: allow(200, USERS) },
];
