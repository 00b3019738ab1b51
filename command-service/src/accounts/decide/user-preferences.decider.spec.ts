import { putUserPreferencesBody, type PutUserPreferencesBody } from '@planwerk/events';
import type { DecidedEvent } from './account.decider';
import { userPreferencesDecider, type UserPreferencesState } from './user-preferences.decider';

const USER = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-22T10:00:00.000Z');
const link = { type: 'link_cc' as const, data: { id: 'verein-42' }, hash: 'h4sh' };
const project = { type: 'prj' as const, data: { id: 7 }, hash: null };

const put = (body: unknown, state: UserPreferencesState): DecidedEvent[] =>
  userPreferencesDecider.decide({ type: 'PutUserPreferences', data: { userId: USER, body: putUserPreferencesBody.parse(body) as PutUserPreferencesBody, now: NOW } }, state);
const apply = (state: UserPreferencesState, events: DecidedEvent[]) => events.reduce(userPreferencesDecider.evolve, state);

describe('user preferences (PUT /v5/user/{uid}/ui)', () => {
  it('start from the defaults and merge the given settings into a full snapshot', () => {
    const state = userPreferencesDecider.initialState();
    expect(state.preferences).toEqual({ theme: 'default', sidebar: 1, viewOpt: 'grid', shortcut: [] });
    const events = put({ mode: 'settings', data: { theme: 'dark', shortcut: [link, project] } }, state);
    expect(events).toEqual([{
      type: 'UserPreferencesChanged',
      data: { userId: USER, preferences: { theme: 'dark', sidebar: 1, viewOpt: 'grid', shortcut: [link, project] }, changedAt: NOW.toISOString() },
    }]);
  });

  it('unchanged settings are no event', () => {
    const state = apply(userPreferencesDecider.initialState(), put({ mode: 'settings', data: { viewOpt: 'list' } }, userPreferencesDecider.initialState()));
    expect(put({ mode: 'settings', data: { viewOpt: 'list' } }, state)).toEqual([]);
  });

  it('link_del removes a saved link by type, id and hash; an absent one fails silently', () => {
    const state = apply(userPreferencesDecider.initialState(), put({ mode: 'settings', data: { shortcut: [link, project] } }, userPreferencesDecider.initialState()));
    const removed = put({ mode: 'link_del', data: link }, state);
    expect(removed).toEqual([{ type: 'SavedLinkRemoved', data: { userId: USER, link, removedAt: NOW.toISOString() } }]);
    expect(apply(state, removed).preferences.shortcut).toEqual([project]);
    expect(put({ mode: 'link_del', data: { ...link, hash: 'other' } }, state)).toEqual([]);
  });

  it('the body accepts only the spec’s themes, sidebar modes, views and shortcut types', () => {
    expect(putUserPreferencesBody.safeParse({ mode: 'settings', data: { theme: 'dark-contrast', sidebar: 2, viewOpt: 'list' } }).success).toBe(true);
    expect(putUserPreferencesBody.safeParse({ mode: 'settings', data: { theme: 'neon' } }).success).toBe(false);
    expect(putUserPreferencesBody.safeParse({ mode: 'settings', data: { sidebar: 0 } }).success).toBe(false);
    expect(putUserPreferencesBody.safeParse({ mode: 'settings', data: { shortcut: [{ type: 'chat', data: { id: 1 } }] } }).success).toBe(false);
    expect(putUserPreferencesBody.safeParse({ mode: 'link_del', data: project }).success).toBe(false);
    expect(putUserPreferencesBody.safeParse({ mode: 'settings', data: { admin: true } }).success).toBe(false);
  });
});
