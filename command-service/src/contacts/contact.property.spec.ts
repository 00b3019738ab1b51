import fc from 'fast-check';
import { CONTACT_DETAIL_FIELDS, CONTACT_TYPES, type ContactDetails, type ContactEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay } from '../shared/testing/decider-replay';
import { contactDecider, type ContactCommand, type ContactState } from './decide/contact.decider';
import { AT, DETAILS, create, edit } from './testing/contact-fixtures';

// Few values per field, so edits often repeat what is there (and must then append nothing) and
// sometimes clear every name (and must then be refused).
const values: { [F in keyof ContactDetails]: readonly ContactDetails[F][] } = {
  firstName: ['', 'Erika', 'Max'], lastName: ['', 'Mustermann'], company: ['', 'Chor Süd e. V.'], email: ['', 'erika@example.org'],
  phone: ['', '0221 123456'], mobile: ['', '+49 170 1234567'], street: ['', 'Hauptstraße 1'], postcode: ['', '50667'], city: ['', 'Köln', 'Bonn'],
  country: ['', 'de', 'at'], birthDate: ['', '1964-08-12', '2030-01-01'], note: ['', 'Kommt immer'],
};

const detailsEdit: fc.Arbitrary<Partial<ContactDetails>> = fc.record(
  Object.fromEntries(CONTACT_DETAIL_FIELDS.map((field) => [field, fc.constantFrom(...values[field])])) as { [F in keyof ContactDetails]: fc.Arbitrary<ContactDetails[F]> },
  { requiredKeys: [] },
);

const editCommand: fc.Arbitrary<ContactCommand> = fc.record({
  contactType: fc.option(fc.constantFrom(...CONTACT_TYPES), { nil: undefined }),
  status: fc.option(fc.constantFrom('active' as const, 'inactive' as const), { nil: undefined }),
  details: fc.option(detailsEdit, { nil: undefined }),
}).map(({ contactType, status, details }) => edit({
  ...(contactType !== undefined ? { contactType } : {}),
  ...(status !== undefined ? { status } : {}),
  ...(details !== undefined ? { details } : {}),
}));

type Edit = Extract<ContactCommand, { type: 'EditContact' }>;

// The contact as applying each accepted edit's given fields one by one leaves it.
interface Model {
  type: ContactState['type'];
  status: ContactState['status'];
  details: ContactDetails;
}

function acceptable(details: ContactDetails): boolean {
  const named = details.firstName !== '' || details.lastName !== '' || details.company !== '';
  const born = details.birthDate === '' || (details.birthDate >= '1900-01-01' && details.birthDate <= AT.slice(0, 10));
  return named && born;
}

function applyFieldByField(model: Model, command: Edit): Model {
  const details = { ...model.details };
  for (const [field, value] of Object.entries(command.details ?? {})) (details as Record<string, string>)[field] = value as string;
  return { type: command.contactType ?? model.type, status: command.status ?? model.status, details };
}

function sameContact(a: Model, b: Model): boolean {
  return a.type === b.type && a.status === b.status && CONTACT_DETAIL_FIELDS.every((f) => a.details[f] === b.details[f]);
}

describe('contact decider properties', () => {
  it('random edits keep the fold equal to applying the edits field by field; an edit that changes nothing appends nothing', () => {
    fc.assert(fc.property(fc.array(editCommand, { maxLength: 30 }), (edits) => {
      const run = replay(contactDecider, [create(), ...edits]);
      let model: Model = { type: 'contact', status: 'active', details: DETAILS };
      for (const step of run.steps.slice(1)) {
        const command = step.command as Edit;
        const next = applyFieldByField(model, command);
        if (sameContact(next, model)) {
          // Nothing changes: no event, and no refusal either.
          expect(step.error).toBeNull();
          expect(step.events).toEqual([]);
        } else if (!acceptable(next.details)) {
          expect(step.error?.code).toMatch(/^(contact_name_required|validation_failed)$/);
        } else {
          expect(step.error).toBeNull();
          expect(step.events).toHaveLength(1);
          const event = step.events[0] as Extract<ContactEvent, { type: 'ContactEdited' }>;
          // Exactly the fields that differ, named in the order of the contact's fields.
          const differing = CONTACT_DETAIL_FIELDS.filter((f) => next.details[f] !== model.details[f]);
          expect(event.data.changed).toEqual(differing);
          expect(Object.keys(event.data.details ?? {}).sort()).toEqual([...differing].sort());
          expect(event.data.type).toBe(next.type !== model.type ? next.type : undefined);
          expect(event.data.status).toBe(next.status !== model.status ? next.status : undefined);
          model = next;
        }
        expect(step.after.details).toEqual(model.details);
        expect(step.after.type).toBe(model.type);
        expect(step.after.status).toBe(model.status);
      }
      expect(run.state.version).toBe(run.log.length);
      return everyPrefixRebuilds(contactDecider, run);
    }));
  });

  it('an edit carrying the version it read goes through exactly when nobody appended since', () => {
    fc.assert(fc.property(fc.array(fc.tuple(editCommand, fc.integer({ min: 1, max: 6 })), { maxLength: 20 }), (pairs) => {
      const run = replay(contactDecider, [create(), ...pairs.map(([command, version]) => ({ ...(command as Edit), version }))]);
      for (const step of run.steps.slice(1)) {
        const stale = (step.command as Edit).version !== step.before.version;
        if (stale) {
          expect(step.error?.code).toBe('conflict');
          expect(step.events).toEqual([]);
        } else {
          expect(step.error?.code).not.toBe('conflict');
        }
      }
    }));
  });
});
