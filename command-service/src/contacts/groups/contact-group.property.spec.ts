import fc from 'fast-check';
import type { ContactGroupEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay } from '../../shared/testing/decider-replay';
import { contactGroupDecider, type ContactGroupCommand } from './decide/contact-group.decider';
import { CONTACTS, STRANGER, create, members, remove } from './testing/contact-group-fixtures';

const ids = [...CONTACTS, STRANGER];
const subset = fc.subarray(ids, { minLength: 0 }).chain((picked) => fc.shuffledSubarray(picked, { minLength: 0, maxLength: picked.length }));

// Random member changes, now and then with an id in both sets, a stranger, or a removal of the group.
const command: fc.Arbitrary<ContactGroupCommand> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ add: subset, remove: subset }).map(({ add, remove: out }) => members(add, out)) },
  { weight: 1, arbitrary: fc.constant(remove()) },
);

/** The model: a set that adds what is added and takes out what is removed, refusing overlaps and strangers. */
function model(commands: readonly ContactGroupCommand[]): { members: Set<string>; live: boolean } {
  const set = new Set<string>();
  let live = true;
  for (const c of commands) {
    if (c.type === 'RemoveContactGroup') live = false;
    if (c.type !== 'ChangeContactGroupMembers' || !live) continue;
    if (c.add.some((id) => c.remove.includes(id)) || c.add.includes(STRANGER)) continue;
    for (const id of c.remove) set.delete(id);
    for (const id of c.add) set.add(id);
  }
  return { members: set, live };
}

/** The members folded from the log's events alone. */
function fold(log: readonly ContactGroupEvent[]): Set<string> {
  const set = new Set<string>();
  for (const event of log) {
    if (event.type !== 'ContactGroupMembersChanged') continue;
    for (const id of event.data.removed) set.delete(id);
    for (const id of event.data.added) set.add(id);
  }
  return set;
}

describe('contact group decider properties', () => {
  it('random add/remove sequences fold to the set the model says, and every prefix rebuilds', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
      const all = [create(), ...commands];
      const run = replay(contactGroupDecider, all);
      const expected = model(commands);
      expect([...fold(run.log)].sort()).toEqual([...expected.members].sort());
      expect([...run.state.members]).toEqual([...expected.members].sort());
      expect(run.state.removed).toBe(!expected.live);
      return everyPrefixRebuilds(contactGroupDecider, run);
    }));
  });

  it('an event holds only real changes: added were not members, removed were, never empty, never in both', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
      const { steps } = replay(contactGroupDecider, [create(), ...commands]);
      for (const step of steps) {
        for (const event of step.events) {
          if (event.type !== 'ContactGroupMembersChanged') continue;
          const { added, removed } = event.data;
          expect(added.length + removed.length).toBeGreaterThan(0);
          for (const id of added) expect(step.before.members).not.toContain(id);
          for (const id of removed) expect(step.before.members).toContain(id);
          expect(added.filter((id) => removed.includes(id))).toEqual([]);
          expect(new Set(added).size).toBe(added.length);
        }
        // After a removal every command is refused as not found.
        if (step.before.removed) expect(step.error?.code).toBe('not_found');
        if (step.error && !step.before.removed) expect(['validation_failed', 'not_found']).toContain(step.error.code);
      }
    }));
  });
});
