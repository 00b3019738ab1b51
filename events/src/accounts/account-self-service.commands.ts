import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-policy';
import { linkShortcutTypes, shortcutSchema, sidebarModes, themes, viewOptions } from './user-preferences.schema';

// HTTP bodies of the account's own settings: reset, sessions, preferences, export, deletion.
// Password strength is the handler's check (policy + list), as at registration.

const password = z.string().min(1).max(PASSWORD_MAX_LENGTH * 4);

// POST /v5/auth/reset — ask for a reset link.
export const requestPasswordResetBody = z.object({ mail: z.string().trim().max(254).pipe(z.email()) });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBody>;

// PUT /v5/auth/reset — the token of the link (/account/reset/{data}) and the new password twice.
export const resetPasswordBody = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a link token'),
    pass: password,
    pass2: password,
    signOutEverywhere: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.pass !== value.pass2) context.addIssue({ code: 'custom', path: ['pass2'], message: 'passwords differ' });
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

// DELETE /v5/user/sessions?others=true — end every session but the caller's.
export const endOtherSessionsQuery = z.object({ others: z.literal('true', { error: 'must be true' }) });

export const sessionIdParam = z.uuid();

// PUT /v5/user/{uid}/ui (spec section 7): `mode` says what `data` holds.
export const putUserPreferencesBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('settings'),
    data: z
      .object({
        theme: z.enum(themes).optional(),
        sidebar: z.union([z.literal(sidebarModes[0]), z.literal(sidebarModes[1])]).optional(),
        viewOpt: z.enum(viewOptions).optional(),
        shortcut: z.array(shortcutSchema).max(100).optional(),
      })
      .strict(),
  }),
  // Removes a saved link; a link that is not saved changes nothing (failure silent).
  z.object({ mode: z.literal('link_del'), data: shortcutSchema.extend({ type: z.enum(linkShortcutTypes) }) }),
]);
export type PutUserPreferencesBody = z.infer<typeof putUserPreferencesBody>;

// DELETE /v5/user — the password again and, with a second factor on, a code.
export const deleteAccountBody = z.object({
  pass: password,
  code: z.string().trim().min(6).max(32).optional(),
  mode: z.enum(['2fa', 'recovery']).default('2fa'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
