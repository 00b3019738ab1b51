import { randomUUID } from 'node:crypto';
import type { MatrixRole } from './access-matrix.fixture';
import { presetColumnParams, presetParams, trashedProjectParams, treeOf, treeParams, uniqueLink } from './access-matrix.project-fixture';
import { ADMINS, allow, everyone, type MatrixRow } from './access-matrix.rows';

// Rows of the access matrix for the project commands (issue 5, ADR 0006). Management routes
// need area manage_prj, a full area: owner, admin and the space/item levels that list it (the
// item level with an empty list included) pass; space without it and plain members get 403,
// another team's member 404 (the team is not theirs), anonymous callers 6011. Preset columns
// need manage_preset (listed → 1). Lock and permanent delete are owner/admin only (the
// decider answers 403 to the other managers). Every call works on a fresh project tree.

const PRJ: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const base = '/v5/team/{teamId}/project/{projectId}';

export const PROJECT_ROWS: readonly MatrixRow[] = [
  { endpoint: 'POST /v5/team/{teamId}/project', expect: allow(201, PRJ), body: () => ({ link: uniqueLink('mx-new'), name: 'Neu' }) },
  { endpoint: `PUT ${base}`, expect: allow(200, PRJ), params: treeParams, body: () => ({ name: 'Umbenannt' }) },
  { endpoint: `PUT ${base}/visibility`, expect: allow(200, PRJ), params: treeParams, body: () => ({ visibility: 'team' }) },
  { endpoint: `PUT ${base}/status`, expect: allow(200, PRJ), params: treeParams, body: () => ({ status: 0 }) },
  { endpoint: `PUT ${base}/lock`, expect: allow(200, ADMINS), params: treeParams, body: () => ({ locked: true }) },
  { endpoint: `DELETE ${base}`, expect: allow(200, ADMINS), params: trashedProjectParams },
  { endpoint: `POST ${base}/copy`, expect: allow(201, PRJ), params: treeParams, body: () => ({ link: uniqueLink('mx-copy'), name: 'Kopie' }) },
  { endpoint: `POST ${base}/invite`, expect: allow(202, PRJ), params: treeParams, body: () => ({ emails: ['mx-invite@example.org'], message: 'Willkommen' }) },
  // The visitor's page reports an invitation's opening: public, the same 202 for everyone
  // (an unknown invitation records nothing and says so to nobody).
  {
    endpoint: 'POST /v5/project/{projectId}/invitation/{invitationId}/report', expect: everyone(202),
    params: () => ({ projectId: randomUUID(), invitationId: randomUUID() }), body: () => ({ step: 'opened' }),
  },
  {
    endpoint: 'POST /v5/team/{teamId}/preset/{presetId}/project', expect: allow(201, PRJ), params: presetParams,
    body: () => ({ link: uniqueLink('mx-from'), name: 'Aus Vorlage', startDate: '2027-01-01' }),
  },
  {
    endpoint: 'POST /v5/team/{teamId}/template/{templateId}/project', expect: allow(201, PRJ), params: () => ({ templateId: 'potluck' }),
    body: () => ({ link: uniqueLink('mx-tpl'), name: 'Aus der Galerie', startDate: '2027-01-01' }),
  },
  { endpoint: `POST ${base}/phase`, expect: allow(201, PRJ), params: treeParams, body: () => ({ name: 'Phase 2' }) },
  { endpoint: `PUT ${base}/phase/{phaseId}`, expect: allow(200, PRJ), params: treeParams, body: () => ({ name: 'Phase neu' }) },
  { endpoint: `DELETE ${base}/phase/{phaseId}`, expect: allow(200, PRJ), params: treeParams },
  { endpoint: `POST ${base}/phase/{phaseId}/copy`, expect: allow(201, PRJ), params: treeParams, body: () => ({}) },
  { endpoint: `PUT ${base}/phase-order`, expect: allow(200, PRJ), params: treeParams, body: (ctx, role) => ({ order: [treeOf(ctx, role).phaseId] }) },
  { endpoint: `POST ${base}/phase/{phaseId}/list`, expect: allow(201, PRJ), params: treeParams, body: () => ({ name: 'Liste 2' }) },
  { endpoint: `PUT ${base}/list/{listId}`, expect: allow(200, PRJ), params: treeParams, body: () => ({ attendance: 'manual' }) },
  { endpoint: `DELETE ${base}/list/{listId}`, expect: allow(200, PRJ), params: treeParams },
  { endpoint: `POST ${base}/list/{listId}/copy`, expect: allow(201, PRJ), params: treeParams, body: () => ({}) },
  { endpoint: `PUT ${base}/list/{listId}/move`, expect: allow(200, PRJ), params: treeParams, body: (ctx, role) => ({ phaseId: treeOf(ctx, role).phaseId }) },
  { endpoint: `PUT ${base}/phase/{phaseId}/list-order`, expect: allow(200, PRJ), params: treeParams, body: (ctx, role) => ({ order: [treeOf(ctx, role).listId] }) },
  {
    endpoint: `PUT ${base}/lists`, expect: allow(200, PRJ), params: treeParams,
    body: (ctx, role) => ({ listIds: [treeOf(ctx, role).listId], changes: { attendance: 'manual' } }),
  },
  { endpoint: `POST ${base}/list/{listId}/item`, expect: allow(201, PRJ), params: treeParams, body: () => ({ name: 'Eintrag 2' }) },
  { endpoint: `PUT ${base}/list/{listId}/item/{itemId}`, expect: allow(200, PRJ), params: treeParams, body: () => ({ capacity: 5 }) },
  { endpoint: `DELETE ${base}/list/{listId}/item/{itemId}`, expect: allow(200, PRJ), params: treeParams },
  { endpoint: `POST ${base}/list/{listId}/item/{itemId}/copy`, expect: allow(201, PRJ), params: treeParams, body: () => ({}) },
  { endpoint: `PUT ${base}/list/{listId}/item-order`, expect: allow(200, PRJ), params: treeParams, body: (ctx, role) => ({ order: [treeOf(ctx, role).itemId] }) },
  { endpoint: 'POST /v5/team/{teamId}/preset-column', expect: allow(201, PRJ), body: () => ({ field: { kind: 'text', label: 'Spalte', required: false } }) },
  { endpoint: 'DELETE /v5/team/{teamId}/preset-column/{columnId}', expect: allow(200, PRJ), params: presetColumnParams },
];
