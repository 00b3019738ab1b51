import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { FIELD_KINDS, VOTE_KINDS } from '../constants/entities.constants';
import { TEAM_LINK_PATTERN } from '../teams/team.events';

// Events of the project stream `project-<projectId>` (the whole tree: phases, lists, items),
// the link reservation `project-link-<link>` and the team's saved columns
// `preset-columns-<teamId>` (ADR 0006). Names and settings are shown in the activity log;
// a project password is only ever stored as an argon2 hash and never described.

const projectId = z.uuid();
const teamId = z.uuid();
const phaseId = z.uuid();
const listId = z.uuid();
const itemId = z.uuid();
const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();

// Project links share the slug rule of team links: [a-z0-9-], 2–60 characters.
export const projectLinkSchema = z.string().regex(TEAM_LINK_PATTERN).min(2).max(60);
export const PROJECT_NAME_MAX = 120;
export const PHASE_NAME_MAX = 120;
export const LIST_NAME_MAX = 120;
export const ITEM_NAME_MAX = 200;
export const DESCRIPTION_MAX = 10_000;
/** Where the project takes place (an address, a hall, "Sportplatz am Wald"): shown to visitors and in calendar files. */
export const PROJECT_PLACE_MAX = 200;
export const FIELD_LABEL_MAX = 120;
export const FIELDS_PER_LIST_MAX = 50;
export const OPTIONS_MAX = 50;

export const projectNameSchema = z.string().trim().min(1).max(PROJECT_NAME_MAX);
export const descriptionSchema = z.string().max(DESCRIPTION_MAX);
export const colourSchema = z.number().int().min(1).max(9);
export const projectStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(10)]);

// Visibility of spec section 6 / ADR 0006 ("group members" waits for contact groups).
export const PROJECT_VISIBILITIES = ['public', 'login', 'verified', 'team', 'admins', 'owner', 'password'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];
export const projectVisibilitySchema = z.enum(PROJECT_VISIBILITIES);

export const projectSettingsSchema = z.object({
  /** Archived (10) projects are hidden from users who are not team members. */
  hideArchived: z.boolean(),
  /** Comments on the project, its lists and items are open. */
  comments: z.boolean(),
  description: descriptionSchema,
  /** Events written before the place existed read as without a place. */
  place: z.string().max(PROJECT_PLACE_MAX).default(''),
}).strict();
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { hideArchived: false, comments: true, description: '', place: '' };

// 128+ random bits, base64url (ADR 0006: share hashes for embeds).
export const shareHashSchema = z.string().regex(/^[A-Za-z0-9_-]{22,86}$/);
const argon2Hash = z.string().startsWith('$argon2').max(512);

export const copiedFromSchema = z.object({ projectId, kind: z.enum(['copy', 'preset']) }).strict();
export type CopiedFrom = z.infer<typeof copiedFromSchema>;
/** Where a phase, list or item was copied from (same project or another one). */
export const copiedPartSchema = z.object({ projectId, id: z.uuid() }).strict();
export type CopiedPart = z.infer<typeof copiedPartSchema>;

// A list's sign-up form field (spec section 3, field kinds).
const optionLabel = z.string().trim().min(1).max(200);
const scaleSchema = z.object({ min: z.number().int().min(-100).max(100), max: z.number().int().min(-100).max(100) }).strict()
  .refine((s) => s.min < s.max, { message: 'min must be below max', path: ['max'] });
const fieldBase = {
  kind: z.enum(FIELD_KINDS),
  label: z.string().trim().min(1).max(FIELD_LABEL_MAX),
  required: z.boolean(),
  /** selection: the choices. */
  options: z.array(optionLabel).min(1).max(OPTIONS_MAX).optional(),
  /** scale: the range. */
  scale: scaleSchema.optional(),
};
const fieldRules = (f: { kind: string; options?: unknown; scale?: unknown }, ctx: z.RefinementCtx): void => {
  if (f.kind === 'selection' && f.options === undefined) ctx.addIssue({ code: 'custom', message: 'a selection needs options', path: ['options'] });
  if (f.kind === 'scale' && f.scale === undefined) ctx.addIssue({ code: 'custom', message: 'a scale needs a range', path: ['scale'] });
};
export const fieldDefinitionSchema = z.object(fieldBase).strict().superRefine(fieldRules);
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;
export const listFieldSchema = z.object({ fieldId: z.uuid(), ...fieldBase }).strict().superRefine(fieldRules);
export type ListField = z.infer<typeof listFieldSchema>;

export const listWindowSchema = z.object({
  opensAt: instant.nullable(),
  closesAt: instant.nullable(),
  endsAt: instant.nullable(),
}).strict();
export type ListWindow = z.infer<typeof listWindowSchema>;
export const OPEN_WINDOW: ListWindow = { opensAt: null, closesAt: null, endsAt: null };

export const LIST_TYPES = { normal: 1, full: 2 } as const;
export const listTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type ListType = z.infer<typeof listTypeSchema>;
export const ATTENDANCE_MODES = ['automatic', 'manual'] as const;
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number];
export const SHOW_NAMES = ['all', 'team', 'admins'] as const;

export const listSettingsSchema = z.object({
  waitlist: z.boolean(),
  maxPerPerson: z.number().int().min(1).max(1000).nullable(),
  allowAnonymous: z.boolean(),
  showNames: z.enum(SHOW_NAMES),
}).strict();
export type ListSettings = z.infer<typeof listSettingsSchema>;
export const DEFAULT_LIST_SETTINGS: ListSettings = { waitlist: false, maxPerPerson: null, allowAnonymous: false, showNames: 'all' };

export const voteSchema = z.object({
  kind: z.enum(VOTE_KINDS),
  /** poll: the answers. */
  options: z.array(optionLabel).min(2).max(OPTIONS_MAX).optional(),
}).strict().refine((v) => v.kind !== 'poll' || v.options !== undefined, { message: 'a poll needs options', path: ['options'] });
export type ItemVote = z.infer<typeof voteSchema>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const itemTimeSchema = z.object({ from: clock, to: clock }).strict();
export type ItemTime = z.infer<typeof itemTimeSchema>;
export const capacitySchema = z.number().int().min(1).max(100_000).nullable();

const project = (id: string) => ({ kind: 'project', id });
const phase = (id: string) => ({ kind: 'phase', id });
const list = (id: string) => ({ kind: 'list', id });
const item = (id: string) => ({ kind: 'list-item', id });

/** Only the keys that are set, for partial edits. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export const ProjectLinkReserved = defineEvent({
  type: 'ProjectLinkReserved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, link: projectLinkSchema }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.linkReserved', fields: { link: d.link } }),
});

export const ProjectCreated = defineEvent({
  type: 'ProjectCreated',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId,
    teamId,
    link: projectLinkSchema,
    name: projectNameSchema,
    colour: colourSchema,
    status: z.union([z.literal(3), z.literal(2)]),
    visibility: projectVisibilitySchema,
    settings: projectSettingsSchema,
    shareHash: shareHashSchema,
    startDate: day.nullable(),
    createdBy: z.uuid(),
    createdAt: instant,
    copiedFrom: copiedFromSchema.nullable(),
  }),
  describe: (d) => ({
    object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.created',
    fields: {
      teamId: d.teamId, link: d.link, name: d.name, colour: d.colour, status: d.status, visibility: d.visibility,
      hideArchived: d.settings.hideArchived, comments: d.settings.comments, ...(d.settings.place ? { place: d.settings.place } : {}), startDate: d.startDate, copiedFrom: d.copiedFrom,
    },
  }),
});

export const ProjectEdited = defineEvent({
  type: 'ProjectEdited',
  feature: 'projects',
  schemaVersion: 1,
  // Only the fields that changed.
  schema: z.object({
    projectId,
    name: projectNameSchema.optional(),
    colour: colourSchema.optional(),
    startDate: day.nullable().optional(),
    settings: projectSettingsSchema.optional(),
  }),
  describe: (d) => ({
    object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.edited',
    fields: defined({
      name: d.name, colour: d.colour, startDate: d.startDate,
      hideArchived: d.settings?.hideArchived, comments: d.settings?.comments, place: d.settings?.place || undefined,
      descriptionChanged: d.settings !== undefined ? true : undefined,
    }),
  }),
});

export const ProjectVisibilityChanged = defineEvent({
  type: 'ProjectVisibilityChanged',
  feature: 'projects',
  schemaVersion: 1,
  // passwordHash: argon2 of the project password (visibility `password`), else null.
  schema: z.object({ projectId, visibility: projectVisibilitySchema, passwordHash: argon2Hash.nullable() })
    .refine((d) => (d.visibility === 'password') === (d.passwordHash !== null), { message: 'a password project needs a hash', path: ['passwordHash'] }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.visibilityChanged', fields: { visibility: d.visibility } }),
});

export const ProjectStatusChanged = defineEvent({
  type: 'ProjectStatusChanged',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, from: projectStatusSchema, to: projectStatusSchema }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.statusChanged', fields: { status: d.to } }),
});

export const ProjectLockChanged = defineEvent({
  type: 'ProjectLockChanged',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, locked: z.boolean() }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.lockChanged', fields: { locked: d.locked } }),
});

export const ProjectPurged = defineEvent({
  type: 'ProjectPurged',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.purged', fields: {}, removesObject: true }),
});

export const PhaseAdded = defineEvent({
  type: 'PhaseAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, phaseId,
    name: z.string().trim().min(1).max(PHASE_NAME_MAX),
    description: descriptionSchema,
    /** The phase this one is a sub-group of (one level only), or null for a top-level phase. */
    folderId: phaseId.nullable(),
    copiedFrom: copiedPartSchema.nullable(),
  }),
  describe: (d) => ({
    object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseAdded',
    fields: { name: d.name, folderId: d.folderId, copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const PhaseEdited = defineEvent({
  type: 'PhaseEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId, name: z.string().trim().min(1).max(PHASE_NAME_MAX).optional(), description: descriptionSchema.optional() }),
  describe: (d) => ({
    object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseEdited',
    fields: defined({ name: d.name, descriptionChanged: d.description !== undefined ? true : undefined }),
  }),
});

export const PhasesSorted = defineEvent({
  type: 'PhasesSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, folderId: phaseId.nullable(), order: z.array(phaseId) }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.phasesSorted', fields: { phaseOrder: d.order } }),
});

export const PhaseRemoved = defineEvent({
  type: 'PhaseRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId }),
  describe: (d) => ({ object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseRemoved', fields: {}, removesObject: true }),
});

const listContent = {
  type: listTypeSchema,
  name: z.string().trim().min(1).max(LIST_NAME_MAX),
  description: descriptionSchema,
  window: listWindowSchema,
  attendance: z.enum(ATTENDANCE_MODES),
  fields: z.array(listFieldSchema).max(FIELDS_PER_LIST_MAX),
  settings: listSettingsSchema,
};

function listFields(d: Partial<{ [K in keyof typeof listContent]: z.infer<(typeof listContent)[K]> }>): Record<string, unknown> {
  return defined({
    type: d.type, name: d.name, window: d.window, attendance: d.attendance, settings: d.settings,
    fields: d.fields?.map((f) => ({ fieldId: f.fieldId, kind: f.kind, label: f.label, required: f.required })),
    descriptionChanged: d.description !== undefined ? true : undefined,
  });
}

export const ListAdded = defineEvent({
  type: 'ListAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, phaseId, ...listContent, copiedFrom: copiedPartSchema.nullable() }),
  describe: (d) => ({
    object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listAdded',
    fields: { phaseId: d.phaseId, ...listFields(d), copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const ListEdited = defineEvent({
  type: 'ListEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId,
    type: listContent.type.optional(),
    name: listContent.name.optional(),
    description: listContent.description.optional(),
    window: listContent.window.optional(),
    attendance: listContent.attendance.optional(),
    fields: listContent.fields.optional(),
    settings: listContent.settings.optional(),
  }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listEdited', fields: listFields(d) }),
});

export const ListMoved = defineEvent({
  type: 'ListMoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, fromPhaseId: phaseId, toPhaseId: phaseId }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listMoved', fields: { phaseId: d.toPhaseId } }),
});

export const ListsSorted = defineEvent({
  type: 'ListsSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId, order: z.array(listId) }),
  describe: (d) => ({ object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.listsSorted', fields: { listOrder: d.order } }),
});

export const ListRemoved = defineEvent({
  type: 'ListRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listRemoved', fields: {}, removesObject: true }),
});

const itemContent = {
  name: z.string().trim().min(1).max(ITEM_NAME_MAX),
  description: descriptionSchema,
  capacity: capacitySchema,
  vote: voteSchema.nullable(),
  date: day.nullable(),
  time: itemTimeSchema.nullable(),
};

function itemFields(d: Partial<{ [K in keyof typeof itemContent]: z.infer<(typeof itemContent)[K]> }>): Record<string, unknown> {
  return defined({
    name: d.name, capacity: d.capacity, vote: d.vote, date: d.date, time: d.time,
    descriptionChanged: d.description !== undefined ? true : undefined,
  });
}

export const ItemAdded = defineEvent({
  type: 'ItemAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId, ...itemContent, copiedFrom: copiedPartSchema.nullable() }),
  describe: (d) => ({
    object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemAdded',
    fields: { ...itemFields(d), copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const ItemEdited = defineEvent({
  type: 'ItemEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId, itemId,
    name: itemContent.name.optional(),
    description: itemContent.description.optional(),
    capacity: itemContent.capacity.optional(),
    vote: itemContent.vote.optional(),
    date: itemContent.date.optional(),
    time: itemContent.time.optional(),
  }),
  describe: (d) => ({ object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemEdited', fields: itemFields(d) }),
});

export const ItemsSorted = defineEvent({
  type: 'ItemsSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, order: z.array(itemId) }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.itemsSorted', fields: { itemOrder: d.order } }),
});

export const ItemRemoved = defineEvent({
  type: 'ItemRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId }),
  describe: (d) => ({ object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemRemoved', fields: {}, removesObject: true }),
});

const presetColumn = (id: string) => ({ kind: 'preset-column', id });

export const PresetColumnSaved = defineEvent({
  type: 'PresetColumnSaved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ teamId, columnId: z.uuid(), field: fieldDefinitionSchema }),
  describe: (d) => ({
    object: presetColumn(d.columnId), projectId: null, listId: null, action: 'projects.presetColumnSaved',
    fields: { teamId: d.teamId, kind: d.field.kind, label: d.field.label, required: d.field.required },
  }),
});

export const PresetColumnRemoved = defineEvent({
  type: 'PresetColumnRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ teamId, columnId: z.uuid() }),
  describe: (d) => ({ object: presetColumn(d.columnId), projectId: null, listId: null, action: 'projects.presetColumnRemoved', fields: {}, removesObject: true }),
});

export const projectEvents = [
  ProjectLinkReserved, ProjectCreated, ProjectEdited, ProjectVisibilityChanged, ProjectStatusChanged, ProjectLockChanged,
  ProjectPurged, PhaseAdded, PhaseEdited, PhasesSorted, PhaseRemoved, ListAdded, ListEdited, ListMoved, ListsSorted,
  ListRemoved, ItemAdded, ItemEdited, ItemsSorted, ItemRemoved, PresetColumnSaved, PresetColumnRemoved,
] as const;

type EventOf<D extends (typeof projectEvents)[number]> = { type: D['type']; data: EventDataOf<D> };

/** Events of the project stream `project-<projectId>`. */
export type ProjectEvent =
  | EventOf<typeof ProjectCreated>
  | EventOf<typeof ProjectEdited>
  | EventOf<typeof ProjectVisibilityChanged>
  | EventOf<typeof ProjectStatusChanged>
  | EventOf<typeof ProjectLockChanged>
  | EventOf<typeof ProjectPurged>
  | EventOf<typeof PhaseAdded>
  | EventOf<typeof PhaseEdited>
  | EventOf<typeof PhasesSorted>
  | EventOf<typeof PhaseRemoved>
  | EventOf<typeof ListAdded>
  | EventOf<typeof ListEdited>
  | EventOf<typeof ListMoved>
  | EventOf<typeof ListsSorted>
  | EventOf<typeof ListRemoved>
  | EventOf<typeof ItemAdded>
  | EventOf<typeof ItemEdited>
  | EventOf<typeof ItemsSorted>
  | EventOf<typeof ItemRemoved>;

export type ProjectEventType = ProjectEvent['type'];
export type ProjectLinkReservedEvent = EventOf<typeof ProjectLinkReserved>;
/** Events of the stream `preset-columns-<teamId>`. */
export type PresetColumnEvent = EventOf<typeof PresetColumnSaved> | EventOf<typeof PresetColumnRemoved>;

export type ProjectCreatedData = EventDataOf<typeof ProjectCreated>;
export type PhaseAddedData = EventDataOf<typeof PhaseAdded>;
export type ListAddedData = EventDataOf<typeof ListAdded>;
export type ItemAddedData = EventDataOf<typeof ItemAdded>;

export const projectSchemaVersions: Record<(typeof projectEvents)[number]['type'], number> = Object.fromEntries(
  projectEvents.map((e) => [e.type, e.schemaVersion]),
) as Record<(typeof projectEvents)[number]['type'], number>;

const PROJECT_STREAM_TYPES: ReadonlySet<string> = new Set<ProjectEventType>([
  'ProjectCreated', 'ProjectEdited', 'ProjectVisibilityChanged', 'ProjectStatusChanged', 'ProjectLockChanged', 'ProjectPurged',
  'PhaseAdded', 'PhaseEdited', 'PhasesSorted', 'PhaseRemoved', 'ListAdded', 'ListEdited', 'ListMoved', 'ListsSorted',
  'ListRemoved', 'ItemAdded', 'ItemEdited', 'ItemsSorted', 'ItemRemoved',
]);

/** True for the event types of the project stream (what `evolveProject` folds). */
export function isProjectEvent(event: { type: string }): event is ProjectEvent {
  return PROJECT_STREAM_TYPES.has(event.type);
}

export const projectStreamId = (id: string): string => `project-${id}`;
export const projectLinkStreamId = (link: string): string => `project-link-${link.toLowerCase()}`;
export const presetColumnsStreamId = (teamId: string): string => `preset-columns-${teamId}`;
