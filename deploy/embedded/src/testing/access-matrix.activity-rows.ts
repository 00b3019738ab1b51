import { MATRIX_ITEM, type MatrixRole } from './access-matrix.fixture';
import { ADMINS, allow, type MatrixRow } from './access-matrix.rows';

// Rows of the access matrix for the activity log (issue 6, ADR 0007).

// manage_active is not a full area: listed → 1 (item level with an empty list included; the log
// is then narrowed to the listed projects). Not listed (spaceWithout) and plain members → 403.
const ACTIVE: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
// manage_prj is a full area: listed at all → 2, whatever the item list holds.
const PROJECTS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const project = () => ({ projectId: MATRIX_ITEM });

export const ACTIVITY_ROWS: readonly MatrixRow[] = [
  { endpoint: 'GET /v5/team/{teamId}/activity', expect: allow(200, ACTIVE) },
  // A 200 here is a CSV download (text/csv), not the JSON wrapper.
  { endpoint: 'GET /v5/team/{teamId}/activity/export', expect: allow(200, ACTIVE) },
  { endpoint: 'GET /v5/team/{teamId}/activity/actors', expect: allow(200, ACTIVE) },
  { endpoint: 'PUT /v5/team/{teamId}/activity/retention', expect: allow(200, ADMINS), body: () => ({ days: 365 }) },
  { endpoint: 'PUT /v5/team/{teamId}/project/{projectId}/seen', expect: allow(200, PROJECTS), params: project, body: () => ({}) },
  { endpoint: 'GET /v5/team/{teamId}/project/{projectId}/changes', expect: allow(200, PROJECTS), params: project },
  // The home page's counts: the area for the team, then each project as above.
  { endpoint: 'GET /v5/team/{teamId}/changes', expect: allow(200, PROJECTS), query: () => ({ projects: MATRIX_ITEM }) },
];
