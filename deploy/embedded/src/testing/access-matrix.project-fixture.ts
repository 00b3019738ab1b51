import { randomUUID } from 'node:crypto';
import type { MatrixRole } from './access-matrix.fixture';
import type { MatrixContext, Values } from './access-matrix.rows';

// Projects for the access-matrix rows of the projects feature (issue 5, ADR 0006): the team's
// owner makes a fresh planning project with one phase, one list and one item through the HTTP
// API for every call, so a row that deletes, locks or copies never changes what the next role
// sees. The tree made for a role's path parameters is kept for that role's body.

export interface MatrixProjectTree {
  projectId: string;
  phaseId: string;
  listId: string;
  itemId: string;
}

const latest = new WeakMap<MatrixContext, Map<MatrixRole, MatrixProjectTree>>();

export const uniqueLink = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A new project tree of the matrix team, made by its owner; remembered for the role's body. */
export async function freshProjectTree(ctx: MatrixContext, role: MatrixRole): Promise<MatrixProjectTree> {
  const owner = (method: string, path: string, body?: unknown) => ctx.client.ok('owner', method, path, body);
  const { projectId } = await owner('POST', `/v5/team/${ctx.teamId}/project`, { link: uniqueLink('mx-prj'), name: 'Matrix-Projekt' });
  const base = `/v5/team/${ctx.teamId}/project/${projectId}`;
  const { phaseId } = await owner('POST', `${base}/phase`, { name: 'Phase' });
  const { listId } = await owner('POST', `${base}/phase/${phaseId}/list`, { name: 'Liste' });
  const { itemId } = await owner('POST', `${base}/list/${listId}/item`, { name: 'Eintrag', capacity: 2 });
  const tree = { projectId, phaseId, listId, itemId };
  let byRole = latest.get(ctx);
  if (!byRole) {
    byRole = new Map();
    latest.set(ctx, byRole);
  }
  byRole.set(role, tree);
  return tree;
}

/** The tree the role's path parameters were built with (for its body). */
export function treeOf(ctx: MatrixContext, role: MatrixRole): MatrixProjectTree {
  const tree = latest.get(ctx)?.get(role);
  if (!tree) throw new Error(`no project tree made for ${role}`);
  return tree;
}

/** Path parameters of a fresh tree: projectId, phaseId, listId, itemId. */
export async function treeParams(ctx: MatrixContext, role: MatrixRole): Promise<Values> {
  const tree = await freshProjectTree(ctx, role);
  return { ...tree };
}

/** A fresh project in the trash (status 0), ready for a permanent delete. */
export async function trashedProjectParams(ctx: MatrixContext, role: MatrixRole): Promise<Values> {
  const tree = await freshProjectTree(ctx, role);
  await ctx.client.ok('owner', 'PUT', `/v5/team/${ctx.teamId}/project/${tree.projectId}/status`, { status: 0 });
  return { projectId: tree.projectId };
}

/** A fresh preset (template, status 2) saved from a fresh project. */
export async function presetParams(ctx: MatrixContext, role: MatrixRole): Promise<Values> {
  const tree = await freshProjectTree(ctx, role);
  const preset = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/project/${tree.projectId}/copy`, {
    link: uniqueLink('mx-preset'), name: 'Matrix-Vorlage', asPreset: true,
  });
  return { presetId: preset.projectId as string };
}

/** A fresh preset column of the matrix team. */
export async function presetColumnParams(ctx: MatrixContext): Promise<Values> {
  const saved = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/preset-column`, { field: { kind: 'text', label: 'Spalte', required: false } });
  return { columnId: saved.columnId as string };
}
