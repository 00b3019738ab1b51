import fc from 'fast-check';
import { defaultUserPreferences, sameShortcut, type AccountEvent, type Shortcut, type UserPreferences } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import type { DecidedEvent } from './decide/account.decider';
import { userPreferencesDecider, type UserPreferencesCommand, type UserPreferencesState } from './decide/user-preferences.decider';

const decider: PureDecider<UserPreferencesState, UserPreferencesCommand, DecidedEvent> = {
  initialState: userPreferencesDecider.initialState,
  evolve: (state, event) => userPreferencesDecider.evolve(state, event as AccountEvent),
  decide: userPreferencesDecider.decide,
};
const userId = '11111111-1111-4111-8111-111111111111';
const now = new Date('2026-11-22T10:00:00.000Z');

// Few shortcuts, so that saving, re-saving and removing hit the same ones; ids as text or number.
const shortcut: fc.Arbitrary<Shortcut> = fc.record({
  type: fc.constantFrom('link_cc' as const, 'link_pay' as const, 'prj' as const),
  data: fc.record({ id: fc.constantFrom<string | number>('7', 7, 'x') }),
  hash: fc.constantFrom(null, 'h'),
});
const settings = fc.record({
  theme: fc.constantFrom('default' as const, 'dark' as const),
  sidebar: fc.constantFrom(1 as const, 2 as const),
  viewOpt: fc.constantFrom('grid' as const, 'list' as const),
  shortcut: fc.array(shortcut, { maxLength: 3 }),
}, { requiredKeys: [] });
const command: fc.Arbitrary<UserPreferencesCommand> = fc.oneof(
  settings.map((data): UserPreferencesCommand => ({ type: 'PutUserPreferences', data: { userId, body: { mode: 'settings', data }, now } })),
  fc.tuple(shortcut, fc.constantFrom('link_cc' as const, 'link_pay' as const)).map(([s, type]): UserPreferencesCommand => ({
    type: 'PutUserPreferences', data: { userId, body: { mode: 'link_del', data: { data: s.data, hash: s.hash, type } }, now },
  })),
);

describe('user preferences decider (property)', () => {
  it('matches a merge-and-remove model, and a PUT that changes nothing records nothing', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 15 }), (commands) => {
      let model: UserPreferences = defaultUserPreferences;
      const run = replay(decider, commands);
      for (const { command: c, events, error } of run.steps) {
        expect(error).toBeNull();
        const body = c.data.body;
        const next: UserPreferences = body.mode === 'settings'
          ? { ...model, ...Object.fromEntries(Object.entries(body.data).filter(([, v]) => v !== undefined)) }
          : { ...model, shortcut: model.shortcut.filter((s) => !sameShortcut(s, body.data)) };
        expect(events.length).toBe(JSON.stringify(next) === JSON.stringify(model) ? 0 : 1);
        model = next;
      }
      expect(run.state.preferences).toEqual(model);
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 15 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
