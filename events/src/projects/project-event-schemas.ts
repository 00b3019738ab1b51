import { z } from 'zod';
import { FIELD_KINDS, VOTE_KINDS } from '../constants/entities.constants';
import { TEAM_LINK_PATTERN } from '../teams/team.events';

// Schema pieces shared by the project event groups (project, phase, list, item, preset column).
// The ids, `instant`, `day`, the activity-log object helpers and `defined` are for the group
// files only; `project.events.ts` re-exports the public schemas and limits.

export const projectId = z.uuid();
export const teamId = z.uuid();
export const phaseId = z.uuid();
export const listId = z.uuid();
export const itemId = z.uuid();
export const instant = z.iso.datetime({ offset: true });
export const day = z.iso.date();

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

export const project = (id: string) => ({ kind: 'project', id });
export const phase = (id: string) => ({ kind: 'phase', id });
export const list = (id: string) => ({ kind: 'list', id });
export const item = (id: string) => ({ kind: 'list-item', id });

/** Only the keys that are set, for partial edits. */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
