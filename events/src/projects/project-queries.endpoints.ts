import { z } from 'zod';
import { FIELD_KINDS, VOTE_KINDS } from '../constants/entities.constants';
import { isProjectStatus, type ProjectStatus } from '../constants/project-status.constants';
import { defineEndpoint } from '../http/endpoint';
import { minCheckpointQuery } from '../platform/platform.endpoints';
import { SIGNUP_BY, SIGNUP_STATUSES } from '../signups/signup.events';
import { ATTENDANCE_MODES, PROJECT_VISIBILITIES, projectStatusSchema, SHOW_NAMES } from './project.events';

// The reads of projects and sign-ups (ADR 0006): the team's overview, the whole tree for
// admins, the public view by link or share hash, the person's sign-ups across teams, the
// analysis, the export and the presets. Every query takes minCheckpoint (read-your-writes).

const statusSchema = projectStatusSchema;
const day = z.iso.date();
const instant = z.string();

export const PROJECT_OVERVIEW_FILTERS = ['project', 'form', 'calendar'] as const;

export const listProjectsQuery = minCheckpointQuery.extend({
  /** manage-project's query filter (spec section 2); forms and calendars have no read model yet. */
  filter: z.enum(PROJECT_OVERVIEW_FILTERS).default('project'),
  /** One status code or several, comma separated (`1,4`). */
  status: z.string().max(40).regex(/^\d{1,2}(,\d{1,2})*$/, 'comma separated status codes')
    .refine((v) => v.split(',').every((s) => isProjectStatus(Number(s))), 'not a project status')
    .transform((v) => v.split(',').map(Number) as ProjectStatus[])
    .optional(),
});
export type ListProjectsQuery = z.output<typeof listProjectsQuery>;

export const projectCountsSchema = z.object({
  phases: z.number().int(),
  lists: z.number().int(),
  items: z.number().int(),
  /** Sign-ups holding a place (placed, not voting no or dislike). */
  placed: z.number().int(),
  waitlisted: z.number().int(),
  signups: z.number().int(),
  /** Sum of the limited items' capacities; `unlimitedItems` have none. */
  capacity: z.number().int(),
  unlimitedItems: z.number().int(),
});

export const projectOverviewEntrySchema = z.object({
  projectId: z.string(),
  teamId: z.string(),
  link: z.string(),
  name: z.string(),
  colour: z.number().int(),
  status: statusSchema,
  previousStatus: statusSchema.nullable(),
  locked: z.boolean(),
  visibility: z.enum(PROJECT_VISIBILITIES),
  startDate: day.nullable(),
  shareHash: z.string(),
  counts: projectCountsSchema,
  createdBy: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type ProjectOverviewEntry = z.infer<typeof projectOverviewEntrySchema>;

export const projectOverviewSchema = z.object({ projects: z.array(projectOverviewEntrySchema) });

const fieldSchema = z.object({
  fieldId: z.string(),
  kind: z.enum(FIELD_KINDS),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  scale: z.object({ min: z.number(), max: z.number() }).optional(),
});

/** Where a list's sign-up window stands now: 2002 before it opens and after the limit date, 2001 once ended. */
export const LIST_WINDOW_STATES = ['before', 'open', 'closed', 'ended'] as const;

export const projectSignupViewSchema = z.object({
  signupId: z.string(),
  /** Null when the list does not show names to this viewer (and for erased persons). */
  name: z.string().nullable(),
  /** Only for admins and for the viewer's own sign-ups. */
  userId: z.string().nullable(),
  values: z.record(z.string(), z.unknown()).nullable(),
  vote: z.string().nullable(),
  status: z.enum(SIGNUP_STATUSES),
  /** 1-based place on the item's waitlist; null for placed sign-ups. */
  position: z.number().int().nullable(),
  /** Manual lists: as confirmed; automatic lists: true for placed sign-ups once the list ended. */
  attended: z.boolean().nullable(),
  mine: z.boolean(),
  /** Admins only. */
  by: z.enum(SIGNUP_BY).optional(),
  at: instant.optional(),
});
export type ProjectSignupView = z.infer<typeof projectSignupViewSchema>;

export const projectItemViewSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  description: z.string(),
  capacity: z.number().int().nullable(),
  vote: z.object({ kind: z.enum(VOTE_KINDS), options: z.array(z.string()).optional() }).nullable(),
  date: day.nullable(),
  time: z.object({ from: z.string(), to: z.string() }).nullable(),
  placed: z.number().int(),
  waitlisted: z.number().int(),
  /** Free places; null for an unlimited item. */
  free: z.number().int().nullable(),
  /** The entries when this viewer may see names, else null (counts only). */
  signups: z.array(projectSignupViewSchema).nullable(),
  /** The viewer's own entries on this item (always shown to them). */
  mine: z.array(projectSignupViewSchema),
});

export const projectListViewSchema = z.object({
  listId: z.string(),
  phaseId: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  description: z.string(),
  window: z.object({ opensAt: instant.nullable(), closesAt: instant.nullable(), endsAt: instant.nullable() }),
  windowState: z.enum(LIST_WINDOW_STATES),
  attendance: z.enum(ATTENDANCE_MODES),
  fields: z.array(fieldSchema),
  settings: z.object({
    waitlist: z.boolean(),
    maxPerPerson: z.number().int().nullable(),
    allowAnonymous: z.boolean(),
    showNames: z.enum(SHOW_NAMES),
  }),
  namesVisible: z.boolean(),
  items: z.array(projectItemViewSchema),
});

export const projectViewSchema = z.object({
  project: z.object({
    projectId: z.string(),
    teamId: z.string(),
    link: z.string(),
    name: z.string(),
    colour: z.number().int(),
    status: statusSchema,
    locked: z.boolean(),
    visibility: z.enum(PROJECT_VISIBILITIES),
    startDate: day.nullable(),
    description: z.string(),
    /** Where it takes place; empty or absent when the project names no place. */
    place: z.string().optional(),
    comments: z.boolean(),
    /** ADR 0005/0006: active without a slot after the team's plan lapsed (no sign-ups or comments by non-admins); public view only. */
    blocked: z.boolean().optional(),
  }),
  /** The project's team as visitors see it (name and logo for the page's branding); public view only. */
  team: z.object({ name: z.string(), logoUrl: z.string().nullable() }).optional(),
  viewer: z.object({
    /** Owner or admin of the team: manages the project. */
    admin: z.boolean(),
    member: z.boolean(),
  }),
  phases: z.array(z.object({ phaseId: z.string(), name: z.string(), description: z.string(), folderId: z.string().nullable() })),
  lists: z.array(projectListViewSchema),
  /** Events folded into the project's read model so far: grows with every change. */
  version: z.number().int(),
});
export type ProjectView = z.infer<typeof projectViewSchema>;

/** The whole tree for the team's admins: the public view with every name and value plus management fields. */
export const projectTreeSchema = projectViewSchema.extend({
  management: z.object({
    previousStatus: statusSchema.nullable(),
    shareHash: z.string(),
    hasPassword: z.boolean(),
    hideArchived: z.boolean(),
    createdBy: z.string(),
    createdAt: instant,
    copiedFrom: z.object({ projectId: z.string(), kind: z.enum(['copy', 'preset']) }).nullable(),
  }),
});
export type ProjectTree = z.infer<typeof projectTreeSchema>;

// Who ended a sign-up: the person themselves, or the organiser (an admin for them, or a cleared item or list).
export const MY_SIGNUP_CANCELLED_BY = ['self', 'organiser'] as const;
export type MySignupCancelledBy = (typeof MY_SIGNUP_CANCELLED_BY)[number];

export const mySignupsSchema = z.object({
  signups: z.array(z.object({
    signupId: z.string(),
    teamId: z.string(),
    projectId: z.string(),
    projectLink: z.string(),
    projectName: z.string(),
    colour: z.number().int(),
    listId: z.string(),
    listName: z.string(),
    itemId: z.string(),
    itemName: z.string(),
    date: day.nullable(),
    time: z.object({ from: z.string(), to: z.string() }).nullable(),
    status: z.enum(SIGNUP_STATUSES),
    /** When the person signed up. */
    at: instant,
    /** Receipts from the log: moved from the waitlist, last changed, cancelled (and by whom); null when it did not happen. */
    promotedAt: instant.nullable(),
    changedAt: instant.nullable(),
    cancelledAt: instant.nullable(),
    cancelledBy: z.enum(MY_SIGNUP_CANCELLED_BY).nullable(),
  })),
});
export type MySignups = z.infer<typeof mySignupsSchema>;

const fillPointSchema = z.object({
  day,
  placed: z.number().int(),
  waitlisted: z.number().int(),
  capacity: z.number().int().nullable(),
  /** placed / capacity of the limited items (0..1, may pass 1 after a lowered capacity); null when unlimited. */
  fillRate: z.number().nullable(),
});
const fillNowSchema = z.object({
  capacity: z.number().int().nullable(),
  placed: z.number().int(),
  waitlisted: z.number().int(),
  fillRate: z.number().nullable(),
});

export const projectAnalysisSchema = z.object({
  projectId: z.string(),
  totals: fillNowSchema,
  lists: z.array(fillNowSchema.extend({
    listId: z.string(),
    phaseId: z.string(),
    name: z.string(),
    days: z.array(fillPointSchema),
    items: z.array(fillNowSchema.extend({ itemId: z.string(), name: z.string(), days: z.array(fillPointSchema) })),
  })),
});
export type ProjectAnalysis = z.infer<typeof projectAnalysisSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportProjectQuery = minCheckpointQuery.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  phaseId: z.uuid().optional(),
  listId: z.uuid().optional(),
}).refine((q) => q.phaseId === undefined || q.listId === undefined, { message: 'name a phase or a list, not both', path: ['listId'] });
export type ExportProjectQuery = z.output<typeof exportProjectQuery>;

export const presetListSchema = z.object({
  presets: z.array(projectOverviewEntrySchema),
  columns: z.array(z.object({
    columnId: z.string(),
    field: z.object({ kind: z.enum(FIELD_KINDS), label: z.string(), required: z.boolean(), options: z.array(z.string()).optional(), scale: z.object({ min: z.number(), max: z.number() }).optional() }),
    savedAt: instant,
  })),
});
export type PresetList = z.infer<typeof presetListSchema>;

export const listProjectsEndpoint = defineEndpoint({
  operationId: 'listProjects', method: 'GET', path: '/v5/team/{teamId}/project', service: 'query', tag: 'projects',
  summary: 'The team\u2019s projects with counts (filter, status); planning projects and templates only for owner, admin and space',
  query: listProjectsQuery,
  response: projectOverviewSchema,
});

export const getProjectTreeEndpoint = defineEndpoint({
  operationId: 'getProjectTree', method: 'GET', path: '/v5/team/{teamId}/project/{projectId}', service: 'query', tag: 'projects',
  summary: 'The whole project tree with every sign-up, for its managers (manage_prj)',
  query: minCheckpointQuery,
  response: projectTreeSchema,
});

export const getProjectViewEndpoint = defineEndpoint({
  operationId: 'getProjectView', method: 'GET', path: '/v5/project/view/{prjLink}', service: 'query', tag: 'projects',
  summary: 'The public project view by link, filtered by visibility (header x-project-password for password projects)',
  query: minCheckpointQuery,
  response: projectViewSchema,
});

export const getProjectEmbedEndpoint = defineEndpoint({
  operationId: 'getProjectEmbed', method: 'GET', path: '/v5/embed/project/{hash}', service: 'query', tag: 'projects',
  summary: 'The public project view by share hash, for embeds',
  query: minCheckpointQuery,
  response: projectViewSchema,
});

export const listMySignupsEndpoint = defineEndpoint({
  operationId: 'listMySignups', method: 'GET', path: '/v5/user/signups', service: 'query', tag: 'signups',
  summary: 'The signed-in person\u2019s sign-ups across all teams, cancelled ones included, with when each was made, moved from the waitlist, changed or cancelled',
  query: minCheckpointQuery,
  response: mySignupsSchema,
});

export const getProjectAnalysisEndpoint = defineEndpoint({
  operationId: 'getProjectAnalysis', method: 'GET', path: '/v5/team/{teamId}/project/{projectId}/analysis', service: 'query', tag: 'projects',
  summary: 'Fill rate per list and item, now and per day',
  query: minCheckpointQuery,
  response: projectAnalysisSchema,
});

export const exportProjectEndpoint = defineEndpoint({
  operationId: 'exportProject', method: 'GET', path: '/v5/team/{teamId}/project/{projectId}/export', service: 'query', tag: 'projects',
  summary: 'The sign-ups of the project, a phase or a list as a file (CSV for German Excel, or XLSX); errors come wrapped',
  query: exportProjectQuery,
  response: z.string().describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  download: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
});

export const listPresetsEndpoint = defineEndpoint({
  operationId: 'listPresets', method: 'GET', path: '/v5/team/{teamId}/preset', service: 'query', tag: 'projects',
  summary: 'The team\u2019s presets (status 2 projects) and saved preset columns',
  query: minCheckpointQuery,
  response: presetListSchema,
});

export const projectQueryEndpoints = [
  listProjectsEndpoint, getProjectTreeEndpoint, getProjectViewEndpoint, getProjectEmbedEndpoint, listMySignupsEndpoint,
  getProjectAnalysisEndpoint, exportProjectEndpoint, listPresetsEndpoint,
] as const;
