import { z } from 'zod';

// The shared preferences of a user (spec sections 1, 3, 4 and 9): theme, sidebar mode, grid or
// list view and the shortcut list. No personal fields: ids of teams and objects only.

export const themes = ['default', 'dark', 'dark-contrast', 'contrast'] as const;
/** Spec section 4: stored sidebar modes 1 (hide) and 2 (always). */
export const sidebarModes = [1, 2] as const;
export const viewOptions = ['grid', 'list'] as const;
export const shortcutTypes = ['view', 'fx', 'link_cc', 'prj', 'form', 'calendar', 'member', 'finance', 'link_pay'] as const;
/** Shortcut types that point at a saved link: what `mode: link_del` removes. */
export const linkShortcutTypes = ['link_cc', 'link_pay'] as const;
export const MAX_SHORTCUTS = 100;

export const shortcutSchema = z.object({
  type: z.enum(shortcutTypes),
  data: z.object({ id: z.union([z.string().min(1).max(100), z.number().int()]) }),
  hash: z.string().max(200).nullable().default(null),
});
export type Shortcut = z.infer<typeof shortcutSchema>;

export const userPreferencesSchema = z.object({
  theme: z.enum(themes),
  sidebar: z.union([z.literal(1), z.literal(2)]),
  viewOpt: z.enum(viewOptions),
  shortcut: z.array(shortcutSchema).max(MAX_SHORTCUTS),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const defaultUserPreferences: UserPreferences = { theme: 'default', sidebar: 1, viewOpt: 'grid', shortcut: [] };

/** Two shortcuts name the same target when type, id and hash agree. */
export function sameShortcut(a: Shortcut, b: Shortcut): boolean {
  return a.type === b.type && String(a.data.id) === String(b.data.id) && (a.hash ?? null) === (b.hash ?? null);
}
