import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import {
  projectId, teamId, instant, day, projectLinkSchema, projectNameSchema, colourSchema, projectStatusSchema, projectVisibilitySchema, projectSettingsSchema, shareHashSchema, copiedFromSchema, project, defined,
} from './project-event-schemas';
import { ItemAdded, ItemEdited, ItemRemoved, ItemsSorted } from './item.events';
import { ListAdded, ListEdited, ListMoved, ListRemoved, ListsSorted } from './list.events';
import { PhaseAdded, PhaseEdited, PhaseRemoved, PhasesSorted } from './phase.events';
import { PresetColumnRemoved, PresetColumnSaved } from './preset-column.events';

// Events of the project stream `project-<projectId>` (the whole tree: phases, lists, items),
// the link reservation `project-link-<link>` and the team's saved columns
// `preset-columns-<teamId>` (ADR 0006). Names and settings are shown in the activity log;
// a project password is only ever stored as an argon2 hash and never described.
//
// This file holds the project's own events (link, created, edited, visibility, status, lock,
// purge) and assembles the catalogue; phases, lists, items and preset columns have their own
// files, the shared schema pieces live in `project-event-schemas.ts`.

export {
  projectLinkSchema, PROJECT_NAME_MAX, PHASE_NAME_MAX, LIST_NAME_MAX, ITEM_NAME_MAX, DESCRIPTION_MAX, PROJECT_PLACE_MAX, FIELD_LABEL_MAX, FIELDS_PER_LIST_MAX, OPTIONS_MAX, projectNameSchema, descriptionSchema, colourSchema, projectStatusSchema, PROJECT_VISIBILITIES, projectVisibilitySchema, projectSettingsSchema, DEFAULT_PROJECT_SETTINGS, shareHashSchema, copiedFromSchema, copiedPartSchema, fieldDefinitionSchema, listFieldSchema, listWindowSchema, OPEN_WINDOW, LIST_TYPES, listTypeSchema, ATTENDANCE_MODES, SHOW_NAMES, listSettingsSchema, DEFAULT_LIST_SETTINGS, voteSchema, itemTimeSchema, capacitySchema,
} from './project-event-schemas';
export type { ProjectVisibility, ProjectSettings, CopiedFrom, CopiedPart, FieldDefinition, ListField, ListWindow, ListType, AttendanceMode, ListSettings, ItemVote, ItemTime } from './project-event-schemas';
export * from './phase.events';
export * from './list.events';
export * from './item.events';
export * from './preset-column.events';

// A project password is stored only as its argon2 hash.
const argon2Hash = z.string().startsWith('$argon2').max(512);

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
