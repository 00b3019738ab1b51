import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-policy';

// HTTP bodies of the account calls (spec section 7), validated at the edge; the field that
// fails is named in the answer. Password strength is checked by the handler (policy + list).

const mail = z.string().trim().max(254).pipe(z.email());
const name = z.string().trim().min(1).max(100);
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH * 4);
const accepted = z.literal(true, { error: 'must be accepted' });

// POST /v5/auth — registration.
export const registerBody = z
  .object({
    mail,
    vorname: name,
    nachname: name,
    pass: password,
    pass2: password,
    terms: accepted,
    privacy: accepted,
    cookies: accepted,
    /** Age confirmation of at least 16; otherwise `parentMail` is required. */
    age: z.boolean(),
    parentMail: mail.optional(),
    lang: z.enum(['de', 'en', 'fr', 'it']).default('de'),
  })
  .superRefine((value, context) => {
    if (value.pass !== value.pass2) context.addIssue({ code: 'custom', path: ['pass2'], message: 'passwords differ' });
    if (!value.age && value.parentMail === undefined) context.addIssue({ code: 'custom', path: ['parentMail'], message: 'required below 16' });
  });
export type RegisterBody = z.infer<typeof registerBody>;

// POST /v5/auth/activate and /v5/auth/parent-confirm — the token of the mail link.
export const linkTokenBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a link token') });
export type LinkTokenBody = z.infer<typeof linkTokenBody>;

const deviceId = z.string().regex(/^[A-Za-z0-9]{6,64}$/, 'device id: 6 to 64 letters or digits');

// PUT /v5/auth — login. `device` is the device id, `name` the browser identifier.
export const logInBody = z.object({
  mail,
  pass: password,
  device: deviceId,
  name: z.string().max(512).default(''),
});
export type LogInBody = z.infer<typeof logInBody>;

// PUT /v5/auth/token — token restore; POST /v5/auth/logout. `token` is `<token>.<device>`.
export const sessionTokenBody = z.object({ token: z.string().min(12).max(200) });
export type SessionTokenBody = z.infer<typeof sessionTokenBody>;

// GET /v5/auth/details — spec section 5: account details need uid and mail.
export const accountDetailsQuery = z.object({ uid: z.uuid(), mail, minCheckpoint: z.string().optional() });
export type AccountDetailsQuery = z.infer<typeof accountDetailsQuery>;
