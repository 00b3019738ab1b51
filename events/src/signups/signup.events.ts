import { z } from 'zod';
import { defineEvent, unchangedData, type EventDataOf } from '../catalogue/event-definition';
import { LIMITS } from '../constants/limits.constants';

// Events of a list's sign-up stream `signups-<listId>` (ADR 0006): every sign-up (user_insert)
// of one list, so capacity, waitlist and "item taken" are decided on one stream. The name and
// the field values are personal data, encrypted per person (metadata.personId = the user id,
// or `anon-<signupId>` for a visitor without an account); the activity log never shows them.
// List notices (`ListMemberNotified`) go to `signup-notices-<listId>`, so a mail to the list
// never races the sign-ups.

const projectId = z.uuid();
const listId = z.uuid();
const itemId = z.uuid();
const signupId = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const SIGNUP_NAME_MAX = LIMITS.signupNameMax;
export const SIGNUP_STATUSES = ['placed', 'waitlisted'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
// self: a signed-in person for themselves; anonymous: a visitor with a private token;
// admin: an owner or admin on behalf of someone (spec section 5: never as themselves).
export const SIGNUP_BY = ['self', 'anonymous', 'admin'] as const;
export type SignupBy = (typeof SIGNUP_BY)[number];

// PostgreSQL's jsonb cannot hold NUL: such input is refused as invalid, never a 500.
const withoutNul = (value: string): boolean => !value.includes('\u0000');
export const plainTextSchema = (max: number) => z.string().max(max).refine(withoutNul, 'must not contain NUL characters');

/** One value of a list field (spec section 3, field kinds); checked against the field by the decider. */
export const signupValueSchema = z.union([
  plainTextSchema(10_000),
  z.number(),
  z.boolean(),
  z.array(plainTextSchema(200)).max(50),
  z.null(),
]);
export type SignupValue = z.infer<typeof signupValueSchema>;
export const signupValuesSchema = z.record(z.uuid(), signupValueSchema);
export type SignupValues = z.infer<typeof signupValuesSchema>;

/** A vote answer: yes/no/neutral, like/dislike or a poll option (validated against the item's vote kind). */
export const voteAnswerSchema = plainTextSchema(200).pipe(z.string().trim().min(1));

const signup = (id: string) => ({ kind: 'signup', id });
const listObject = (id: string) => ({ kind: 'list', id });
const notice = (id: string) => ({ kind: 'list-notice', id });

/** A visitor's optional address for the confirmation mail (like the accounts' rule: trimmed, ≤ 254, an e-mail). */
export const signupEmailSchema = z.string().trim().max(254).pipe(z.email());

export const SignupAdded = defineEvent({
  type: 'SignUpAdded',
  feature: 'signups',
  // Version 2 (issue 14): a visitor may leave an e-mail address for the confirmation mail and
  // the private link. Personal data under the sign-up's key (null once erased); version 1
  // events have none and read as they are.
  schemaVersion: 2,
  personalFields: ['name', 'values', 'email'],
  upcasters: { 1: unchangedData },
  schema: z.object({
    projectId, listId, itemId, signupId,
    userId: z.uuid().nullable(),
    name: z.string().max(SIGNUP_NAME_MAX).nullable(),
    values: signupValuesSchema,
    vote: voteAnswerSchema.nullable(),
    status: z.enum(SIGNUP_STATUSES),
    by: z.enum(SIGNUP_BY),
    /** SHA-256 (hex) of an anonymous visitor's private token; the token itself is never stored. */
    tokenHash: sha256.nullable(),
    /** A visitor's address for the confirmation mail; absent when none was given, null once erased. Never in the activity log. */
    email: z.string().max(254).nullable().optional(),
    /** The page's language when an address was given: the language of the confirmation mail. */
    language: z.enum(['de', 'en', 'fr', 'it']).optional(),
    at: instant,
  }),
  describe: (d) => ({
    object: signup(d.signupId), projectId: d.projectId, listId: d.listId, action: 'signups.added',
    fields: { itemId: d.itemId, userId: d.userId, vote: d.vote, status: d.status, by: d.by },
  }),
});

export const SignupChanged = defineEvent({
  type: 'SignUpChanged',
  feature: 'signups',
  schemaVersion: 1,
  personalFields: ['name', 'values'],
  // Only what changed. `toItemId`: moved to another item of the list; `status`: the status
  // after the move or vote change when it differs (a full item puts the sign-up on its waitlist).
  schema: z.object({
    projectId, listId, itemId, signupId,
    toItemId: itemId.optional(),
    name: z.string().max(SIGNUP_NAME_MAX).nullable().optional(),
    values: signupValuesSchema.optional(),
    vote: voteAnswerSchema.nullable().optional(),
    status: z.enum(SIGNUP_STATUSES).optional(),
    by: z.enum(SIGNUP_BY),
  }),
  describe: (d) => ({
    object: signup(d.signupId), projectId: d.projectId, listId: d.listId, action: 'signups.changed',
    fields: {
      by: d.by,
      ...(d.toItemId !== undefined ? { itemId: d.toItemId } : {}),
      ...(d.vote !== undefined ? { vote: d.vote } : {}),
      ...(d.status !== undefined ? { status: d.status } : {}),
      ...(d.name !== undefined ? { nameChanged: true } : {}),
      ...(d.values !== undefined ? { valuesChanged: true } : {}),
    },
  }),
});

export const SignupCancelled = defineEvent({
  type: 'SignUpCancelled',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId, signupId, by: z.enum(SIGNUP_BY) }),
  describe: (d) => ({
    object: signup(d.signupId), projectId: d.projectId, listId: d.listId, action: 'signups.cancelled',
    fields: { by: d.by }, removesObject: true,
  }),
});

export const SignupPromoted = defineEvent({
  type: 'SignUpPromoted',
  feature: 'signups',
  schemaVersion: 1,
  // userId: the promoted member (null for a visitor or a name entered by an admin), for the mail.
  schema: z.object({ projectId, listId, itemId, signupId, userId: z.uuid().nullable().default(null) }),
  describe: (d) => ({
    object: signup(d.signupId), projectId: d.projectId, listId: d.listId, action: 'signups.promoted', fields: { status: 'placed' },
  }),
});

export const AttendanceConfirmed = defineEvent({
  type: 'AttendanceConfirmed',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, signupIds: z.array(signupId).min(1), attended: z.boolean() }),
  describe: (d) => ({
    object: listObject(d.listId), projectId: d.projectId, listId: d.listId, action: 'signups.attendanceConfirmed',
    fields: { signupIds: d.signupIds, attended: d.attended },
  }),
});

export const ItemSignupsCleared = defineEvent({
  type: 'ItemSignUpsCleared',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId, signupIds: z.array(signupId) }),
  describe: (d) => ({
    object: { kind: 'list-item', id: d.itemId }, projectId: d.projectId, listId: d.listId, action: 'signups.itemCleared',
    fields: { cleared: d.signupIds.length },
  }),
});

export const ListSignupsCleared = defineEvent({
  type: 'ListSignUpsCleared',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, signupIds: z.array(signupId) }),
  describe: (d) => ({
    object: listObject(d.listId), projectId: d.projectId, listId: d.listId, action: 'signups.listCleared',
    fields: { cleared: d.signupIds.length },
  }),
});

export const LIST_NOTICE_SUBJECT_MAX = 200;
export const LIST_NOTICE_TEXT_MAX = 500;

export const ListMemberNotified = defineEvent({
  type: 'ListMemberNotified',
  feature: 'signups',
  schemaVersion: 2,
  // One event per recipient: each causes one mail job (the job id is the event id). Subject
  // and text are the sender's words, personal data of the sender (rule 8): since version 2
  // encrypted with the sender's key (metadata.personId = sentBy), null once it is erased.
  personalFields: ['subject', 'text'],
  upcasters: { 1: unchangedData },
  schema: z.object({
    projectId, listId,
    noticeId: z.uuid(),
    userId: z.uuid(),
    subject: z.string().trim().min(1).max(LIST_NOTICE_SUBJECT_MAX).nullable(),
    text: z.string().trim().min(1).max(LIST_NOTICE_TEXT_MAX).nullable(),
    sentBy: z.uuid(),
    at: instant,
  }),
  describe: (d) => ({
    object: notice(d.noticeId), projectId: d.projectId, listId: d.listId, action: 'signups.listNotified',
    fields: { recipientId: d.userId, sentBy: d.sentBy },
  }),
});

// Crypto-shredding of visitors (rule 8): a sign-up without an account has a key of its own
// (`anon-<signupId>`); when the sign-up is cancelled, cleared or its project purged, that key is
// erased and this event records it on `signup-erasures-<listId>` (like AccountErased on the
// account stream). Carries no personal field.
export const VisitorSignupsErased = defineEvent({
  type: 'VisitorSignUpsErased',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId,
    signupIds: z.array(signupId).min(1),
    reason: z.enum(['cancelled', 'cleared', 'purged']),
    erasedAt: instant,
  }),
  describe: (d) => ({
    object: listObject(d.listId), projectId: d.projectId, listId: d.listId, action: 'signups.visitorsErased',
    fields: { erased: d.signupIds.length, reason: d.reason },
  }),
});

export const signupEvents = [
  SignupAdded, SignupChanged, SignupCancelled, SignupPromoted, AttendanceConfirmed, ItemSignupsCleared, ListSignupsCleared,
  ListMemberNotified, VisitorSignupsErased,
] as const;

type EventOf<D extends (typeof signupEvents)[number]> = { type: D['type']; data: EventDataOf<D> };

/** Events of the stream `signups-<listId>`. */
export type SignupEvent =
  | EventOf<typeof SignupAdded>
  | EventOf<typeof SignupChanged>
  | EventOf<typeof SignupCancelled>
  | EventOf<typeof SignupPromoted>
  | EventOf<typeof AttendanceConfirmed>
  | EventOf<typeof ItemSignupsCleared>
  | EventOf<typeof ListSignupsCleared>;

export type SignupEventType = SignupEvent['type'];
export type ListMemberNotifiedEvent = EventOf<typeof ListMemberNotified>;
export type VisitorSignupsErasedEvent = EventOf<typeof VisitorSignupsErased>;
export type SignupAddedData = EventDataOf<typeof SignupAdded>;

export const signupSchemaVersions: Record<(typeof signupEvents)[number]['type'], number> = Object.fromEntries(
  signupEvents.map((e) => [e.type, e.schemaVersion]),
) as Record<(typeof signupEvents)[number]['type'], number>;

const SIGNUP_STREAM_TYPES: ReadonlySet<string> = new Set<SignupEventType>([
  'SignUpAdded', 'SignUpChanged', 'SignUpCancelled', 'SignUpPromoted', 'AttendanceConfirmed', 'ItemSignUpsCleared', 'ListSignUpsCleared',
]);

/** True for the event types of `signups-<listId>` (what the sign-up decider folds). */
export function isSignupEvent(event: { type: string }): event is SignupEvent {
  return SIGNUP_STREAM_TYPES.has(event.type);
}

export const signupsStreamId = (listId: string): string => `signups-${listId}`;
export const signupNoticesStreamId = (listId: string): string => `signup-notices-${listId}`;
export const signupErasuresStreamId = (listId: string): string => `signup-erasures-${listId}`;
/** The person whose key encrypts a sign-up's name and values (ADR 0006). */
export const signupPersonId = (userId: string | null, signupId: string): string => userId ?? `anon-${signupId}`;
