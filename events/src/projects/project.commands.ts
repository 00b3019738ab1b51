import { z } from 'zod';
import { isReservedProjectLink } from '../constants/routes.constants';
import {
  ATTENDANCE_MODES,
  capacitySchema,
  colourSchema,
  DESCRIPTION_MAX,
  fieldDefinitionSchema,
  FIELDS_PER_LIST_MAX,
  ITEM_NAME_MAX,
  itemTimeSchema,
  LIST_NAME_MAX,
  listSettingsSchema,
  listTypeSchema,
  listWindowSchema,
  PHASE_NAME_MAX,
  projectLinkSchema,
  projectNameSchema,
  projectSettingsSchema,
  projectVisibilitySchema,
  PROJECT_VISIBILITIES,
  voteSchema,
} from './project.events';

// Command bodies of the project management routes (ADR 0006). Only the fields a caller may
// set: ids, status, share hash and creator come from the service, never from the body.

// Route words of the console (spec section 2) that a project link would shadow
// (RESERVED_PROJECT_LINKS): they live with the browser-safe constants, so the console's router
// answers the same words with its 404.

// Links are compared lower-cased (route matching is case-insensitive, spec section 2).
export const newProjectLinkSchema = z
  .string()
  .trim()
  .transform((link) => link.toLowerCase())
  .pipe(projectLinkSchema)
  .refine((link) => !isReservedProjectLink(link), 'this link is reserved');

const day = z.iso.date();
const uuid = z.uuid();
const nonEmpty = (body: Record<string, unknown>): boolean => Object.values(body).some((value) => value !== undefined);
const phaseName = z.string().trim().min(1).max(PHASE_NAME_MAX);
const listName = z.string().trim().min(1).max(LIST_NAME_MAX);
const itemName = z.string().trim().min(1).max(ITEM_NAME_MAX);
const description = z.string().max(DESCRIPTION_MAX);

/** Visibilities a new project may start with; `password` needs the visibility route. */
export const CREATE_VISIBILITIES = ['public', 'login', 'verified', 'team', 'admins', 'owner'] as const satisfies readonly (typeof PROJECT_VISIBILITIES)[number][];

// POST /v5/team/{teamId}/project — a new project starts in planning (3).
export const createProjectBody = z.object({
  link: newProjectLinkSchema,
  name: projectNameSchema,
  colour: colourSchema.default(7),
  visibility: z.enum(CREATE_VISIBILITIES).default('public'),
  settings: projectSettingsSchema.partial().strict().default({}),
  startDate: day.nullable().default(null),
}).strict();
export type CreateProjectBody = z.infer<typeof createProjectBody>;

// PUT /v5/team/{teamId}/project/{projectId}
export const editProjectBody = z.object({
  name: projectNameSchema.optional(),
  colour: colourSchema.optional(),
  startDate: day.nullable().optional(),
  settings: projectSettingsSchema.partial().strict().optional(),
}).strict().refine(nonEmpty, 'nothing to change');
export type EditProjectBody = z.infer<typeof editProjectBody>;

// Spec section 9: "Password minimum 8" — project passwords too (issue 12: 4 were accepted).
export const PROJECT_PASSWORD_MIN = 8;
export const PROJECT_PASSWORD_MAX = 200;

// PUT .../visibility — `password` needs a password unless the project already has one.
export const changeProjectVisibilityBody = z.object({
  visibility: projectVisibilitySchema,
  password: z.string().min(PROJECT_PASSWORD_MIN).max(PROJECT_PASSWORD_MAX).optional(),
}).strict().refine((b) => b.password === undefined || b.visibility === 'password', { message: 'a password only goes with visibility password', path: ['password'] });
export type ChangeProjectVisibilityBody = z.infer<typeof changeProjectVisibilityBody>;

// PUT .../status — a target status (2 template only through "save as preset"), or restore
// from the trash to the status before the delete.
export const SETTABLE_STATUSES = [0, 1, 3, 4, 5, 10] as const;
export const changeProjectStatusBody = z.union([
  z.object({ status: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4), z.literal(5), z.literal(10)]) }).strict(),
  z.object({ restore: z.literal(true) }).strict(),
]);
export type ChangeProjectStatusBody = z.infer<typeof changeProjectStatusBody>;

// PUT .../lock
export const changeProjectLockBody = z.object({ locked: z.boolean() }).strict();

// POST .../copy — a copy (planning) or "save as preset" (template, status 2).
export const copyProjectBody = z.object({
  link: newProjectLinkSchema,
  name: projectNameSchema,
  asPreset: z.boolean().default(false),
  startDate: day.nullable().optional(),
}).strict();
export type CopyProjectBody = z.infer<typeof copyProjectBody>;

// POST /v5/team/{teamId}/preset/{presetId}/project — every date shifts by
// (startDate − the preset's start date).
export const createFromPresetBody = z.object({
  link: newProjectLinkSchema,
  name: projectNameSchema,
  startDate: day,
}).strict();
export type CreateFromPresetBody = z.infer<typeof createFromPresetBody>;

// Phases
export const addPhaseBody = z.object({
  name: phaseName,
  description: description.default(''),
  /** A top-level phase of the project to make this a sub-group of. */
  folderId: uuid.nullable().default(null),
}).strict();
export type AddPhaseBody = z.infer<typeof addPhaseBody>;

export const editPhaseBody = z.object({ name: phaseName.optional(), description: description.optional() }).strict().refine(nonEmpty, 'nothing to change');
export type EditPhaseBody = z.infer<typeof editPhaseBody>;

export const copyPhaseBody = z.object({ name: phaseName.optional() }).strict();
export type CopyPhaseBody = z.infer<typeof copyPhaseBody>;

export const sortPhasesBody = z.object({ folderId: uuid.nullable().default(null), order: z.array(uuid).min(1).max(1000) }).strict();
export type SortPhasesBody = z.infer<typeof sortPhasesBody>;

// Lists: a field without fieldId is new (the service gives it an id); with one it is kept.
export const listFieldInputSchema = z.intersection(z.object({ fieldId: uuid.optional() }), fieldDefinitionSchema);
export type ListFieldInput = z.infer<typeof listFieldInputSchema>;

const listContentInput = {
  type: listTypeSchema,
  name: listName,
  description,
  window: listWindowSchema,
  attendance: z.enum(ATTENDANCE_MODES),
  fields: z.array(listFieldInputSchema).max(FIELDS_PER_LIST_MAX),
  settings: listSettingsSchema.partial().strict(),
};

export const addListBody = z.object({
  name: listContentInput.name,
  type: listContentInput.type.default(1),
  description: listContentInput.description.default(''),
  window: listContentInput.window.default({ opensAt: null, closesAt: null, endsAt: null }),
  attendance: listContentInput.attendance.default('automatic'),
  fields: listContentInput.fields.default([]),
  settings: listContentInput.settings.default({}),
}).strict();
export type AddListBody = z.infer<typeof addListBody>;

export const editListBody = z.object({
  name: listContentInput.name.optional(),
  type: listContentInput.type.optional(),
  description: listContentInput.description.optional(),
  window: listContentInput.window.optional(),
  attendance: listContentInput.attendance.optional(),
  fields: listContentInput.fields.optional(),
  settings: listContentInput.settings.optional(),
}).strict().refine(nonEmpty, 'nothing to change');
export type EditListBody = z.infer<typeof editListBody>;

export const copyListBody = z.object({ name: listName.optional(), phaseId: uuid.optional() }).strict();
export type CopyListBody = z.infer<typeof copyListBody>;

export const moveListBody = z.object({ phaseId: uuid }).strict();

export const sortListsBody = z.object({ order: z.array(uuid).min(1).max(1000) }).strict();

// PUT .../project/{projectId}/lists — one change for several lists (the list menu's multi-edit).
export const editListsBody = z.object({
  listIds: z.array(uuid).min(1).max(500),
  changes: z.object({
    type: listContentInput.type.optional(),
    window: listContentInput.window.optional(),
    attendance: listContentInput.attendance.optional(),
    settings: listContentInput.settings.optional(),
  }).strict().refine(nonEmpty, 'nothing to change'),
}).strict();
export type EditListsBody = z.infer<typeof editListsBody>;

// Items
export const addItemBody = z.object({
  name: itemName,
  description: description.default(''),
  capacity: capacitySchema.default(null),
  vote: voteSchema.nullable().default(null),
  date: day.nullable().default(null),
  time: itemTimeSchema.nullable().default(null),
}).strict();
export type AddItemBody = z.infer<typeof addItemBody>;

export const editItemBody = z.object({
  name: itemName.optional(),
  description: description.optional(),
  capacity: capacitySchema.optional(),
  vote: voteSchema.nullable().optional(),
  date: day.nullable().optional(),
  time: itemTimeSchema.nullable().optional(),
}).strict().refine(nonEmpty, 'nothing to change');
export type EditItemBody = z.infer<typeof editItemBody>;

export const copyItemBody = z.object({ name: itemName.optional(), listId: uuid.optional() }).strict();
export type CopyItemBody = z.infer<typeof copyItemBody>;

export const sortItemsBody = z.object({ order: z.array(uuid).min(1).max(5000) }).strict();

// POST /v5/team/{teamId}/preset-column — a saved field column of the team.
export const savePresetColumnBody = z.object({ field: fieldDefinitionSchema }).strict();
export type SavePresetColumnBody = z.infer<typeof savePresetColumnBody>;
