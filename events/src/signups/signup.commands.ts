import { z } from 'zod';
import { LIST_NOTICE_SUBJECT_MAX, LIST_NOTICE_TEXT_MAX, plainTextSchema, signupEmailSchema, signupValuesSchema, voteAnswerSchema } from './signup.events';

// Bodies of the sign-up commands (ADR 0006). Strict: only what the action allows. The name's
// length is checked by the decider, so "name too long" gets its own answer (spec section 8).
const nameInput = plainTextSchema(2000);

// POST /v5/project/{projectId}/list/{listId}/signup. A member signs up as themselves (no
// userId/name needed); an owner or admin names someone (userId or name, spec section 5); a
// visitor without an account gives a name and gets a private token once.
export const addSignupBody = z.object({
  itemId: z.uuid(),
  userId: z.uuid().nullable().optional(),
  name: nameInput.nullable().optional(),
  values: signupValuesSchema.default({}),
  vote: voteAnswerSchema.nullable().default(null),
  /** A visitor's optional address: a confirmation mail with a calendar entry and a private link. */
  email: signupEmailSchema.nullable().optional(),
  /** The page's language for that mail: de, en, fr or it; anything else means German (spec section 5). */
  language: z.string().max(10).optional(),
}).strict();
export type AddSignupBody = z.infer<typeof addSignupBody>;

// PUT .../signup/{signupId}: only what changes; `itemId` moves the sign-up to another item.
export const changeSignupBody = z.object({
  itemId: z.uuid().optional(),
  name: nameInput.nullable().optional(),
  values: signupValuesSchema.optional(),
  vote: voteAnswerSchema.nullable().optional(),
}).strict().refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type ChangeSignupBody = z.infer<typeof changeSignupBody>;

// PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/attendance (manual lists, admins).
export const confirmAttendanceBody = z.object({
  signupIds: z.array(z.uuid()).min(1).max(1000),
  attended: z.boolean().default(true),
}).strict();
export type ConfirmAttendanceBody = z.infer<typeof confirmAttendanceBody>;

// POST .../list/{listId}/notify: a mail to every member signed up in the list.
export const notifyListBody = z.object({
  subject: plainTextSchema(LIST_NOTICE_SUBJECT_MAX).pipe(z.string().trim().min(1)),
  text: plainTextSchema(LIST_NOTICE_TEXT_MAX).pipe(z.string().trim().min(1)),
}).strict();
export type NotifyListBody = z.infer<typeof notifyListBody>;

/** The private token of an anonymous sign-up: 32 random bytes, base64url (header `x-signup-token`). */
export const signupTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';
export const PROJECT_PASSWORD_HEADER = 'x-project-password';
