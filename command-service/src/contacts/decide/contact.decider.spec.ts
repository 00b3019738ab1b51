import { ContactCreated, ContactEdited, DomainError, EMPTY_CONTACT_DETAILS, type ContactEvent } from '@planwerk/events';
import { decideContact, evolveContact, initialContactState, type ContactCommand } from './contact.decider';
import { AT, CONTACT, DETAILS, OTHER_TEAM, TEAM, block, blockChanged, create, created, edit, remove, removed } from '../testing/contact-fixtures';

function given(...events: ContactEvent[]) {
  const state = events.reduce(evolveContact, initialContactState());
  return {
    when(command: ContactCommand) {
      return {
        then: (expected: ContactEvent[]) => expect(decideContact(command, state)).toEqual(expected),
        thenRefused: (code: DomainError['code'], field?: string) => {
          let caught: unknown;
          try {
            decideContact(command, state);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          if (field !== undefined) expect((caught as DomainError).field).toBe(field);
        },
      };
    },
  };
}

const edited = (data: Partial<Extract<ContactEvent, { type: 'ContactEdited' }>['data']>): ContactEvent =>
  ({ type: 'ContactEdited', data: { contactId: CONTACT, teamId: TEAM, changed: [], ...data } });

describe('contact decider: creating', () => {
  it('fills the missing fields with empty text and records a manual contact', () => {
    const events = decideContact(create({ details: { company: 'Bäckerei Lang', email: 'info@lang.example' } }), initialContactState());
    expect(events).toEqual([{
      type: 'ContactCreated',
      data: {
        contactId: CONTACT, teamId: TEAM, type: 'contact', status: 'active',
        details: { ...EMPTY_CONTACT_DETAILS, company: 'Bäckerei Lang', email: 'info@lang.example' }, source: 'manual', createdAt: AT,
      },
    }]);
    expect(() => ContactCreated.schema.parse(events[0]?.data)).not.toThrow();
  });

  it.each([['a first name', { firstName: 'Erika' }], ['a last name', { lastName: 'Mustermann' }], ['a company', { company: 'Chor Süd e. V.' }]])(
    'takes a contact with only %s', (_label, details) => {
      given().when(create({ details })).then([created({ ...EMPTY_CONTACT_DETAILS, ...details })]);
    },
  );

  it('refuses a contact without first name, last name and company, naming lastName', () => {
    given().when(create({ details: { email: 'nobody@example.org' } })).thenRefused('contact_name_required', 'lastName');
    given().when(create({ details: { firstName: ' ', lastName: '', company: '   ' } })).thenRefused('contact_name_required', 'lastName');
  });

  it('takes a birth date from 1900 up to the day of the command, and refuses one outside, naming birthDate', () => {
    given().when(create({ details: { ...DETAILS, birthDate: '1900-01-01' } })).then([created({ ...DETAILS, birthDate: '1900-01-01' })]);
    given().when(create({ details: { ...DETAILS, birthDate: '2026-11-26' } })).then([created({ ...DETAILS, birthDate: '2026-11-26' })]);
    // At 10:00 UTC it is already the 27th in UTC+14; the 28th has begun nowhere.
    given().when(create({ details: { ...DETAILS, birthDate: '2026-11-27' } })).then([created({ ...DETAILS, birthDate: '2026-11-27' })]);
    given().when(create({ details: { ...DETAILS, birthDate: '2026-11-28' } })).thenRefused('validation_failed', 'birthDate');
    // Born on the 27th, entered at 00:30 in Berlin (23:30 UTC on the 26th).
    const late = created({ ...DETAILS, birthDate: '2026-11-27' });
    given().when(create({ at: '2026-11-26T23:30:00.000Z', details: { ...DETAILS, birthDate: '2026-11-27' } }))
      .then([{ ...late, data: { ...late.data, createdAt: '2026-11-26T23:30:00.000Z' } } as ContactEvent]);
    given().when(create({ details: { ...DETAILS, birthDate: '1899-12-31' } })).thenRefused('validation_failed', 'birthDate');
  });

  it('a contact id that is already there is this create again: nothing new; another team\u2019s is not found', () => {
    given(created()).when(create()).then([]);
    given(created()).when(create({ teamId: OTHER_TEAM })).thenRefused('not_found', 'contactId');
  });
});

describe('contact decider: editing', () => {
  it('records only the fields that change, with their new values', () => {
    given(created()).when(edit({ details: { city: 'Köln', phone: '0221 123456', firstName: 'Erika' } }))
      .then([edited({ details: { phone: '0221 123456' }, changed: ['phone'] })]);
  });

  it('lists the changed fields in the order of the contact\u2019s fields, whatever order they came in', () => {
    const events = decideContact(edit({ details: { note: 'Kommt immer', city: 'Bonn', firstName: 'Eri' } }), [created()].reduce(evolveContact, initialContactState()));
    expect(events).toEqual([edited({ details: { note: 'Kommt immer', city: 'Bonn', firstName: 'Eri' }, changed: ['firstName', 'city', 'note'] })]);
    expect(() => ContactEdited.schema.parse(events[0]?.data)).not.toThrow();
  });

  it('records a new type or status without details when no field changes', () => {
    given(created()).when(edit({ contactType: 'member', status: 'active' })).then([edited({ type: 'member' })]);
    given(created()).when(edit({ status: 'inactive', details: { lastName: 'Mustermann' } })).then([edited({ status: 'inactive' })]);
  });

  it('records nothing when nothing changes', () => {
    given(created()).when(edit({})).then([]);
    given(created()).when(edit({ contactType: 'contact', status: 'active', details: { ...DETAILS } })).then([]);
    given(created(), edited({ details: { city: 'Bonn' }, changed: ['city'] })).when(edit({ details: { city: 'Bonn' } })).then([]);
  });

  it('applies the name rule to the contact as the edit leaves it', () => {
    given(created()).when(edit({ details: { firstName: '', lastName: '' } })).thenRefused('contact_name_required', 'lastName');
    given(created()).when(edit({ details: { firstName: '', lastName: '', company: 'Stadtwerke' } }))
      .then([edited({ details: { firstName: '', lastName: '', company: 'Stadtwerke' }, changed: ['firstName', 'lastName', 'company'] })]);
    given(created({ ...EMPTY_CONTACT_DETAILS, company: 'Stadtwerke' })).when(edit({ details: { company: '' } })).thenRefused('contact_name_required', 'lastName');
  });

  it('refuses a birth date in the future or before 1900', () => {
    given(created()).when(edit({ details: { birthDate: '2027-01-01' } })).thenRefused('validation_failed', 'birthDate');
    given(created()).when(edit({ details: { birthDate: '1850-05-05' } })).thenRefused('validation_failed', 'birthDate');
    given(created()).when(edit({ details: { birthDate: '' } })).then([edited({ details: { birthDate: '' }, changed: ['birthDate'] })]);
  });

  it('refuses an edit over someone else\u2019s (the version the form read is not the contact\u2019s), naming version', () => {
    given(created()).when(edit({ version: 1, details: { city: 'Bonn' } })).then([edited({ details: { city: 'Bonn' }, changed: ['city'] })]);
    given(created(), blockChanged(true)).when(edit({ version: 1, details: { city: 'Bonn' } })).thenRefused('conflict', 'version');
    given(created(), blockChanged(true)).when(edit({ version: 2, details: { city: 'Bonn' } })).then([edited({ details: { city: 'Bonn' }, changed: ['city'] })]);
  });

  it('answers not_found for an unknown, another team\u2019s, a removed or an erased contact', () => {
    given().when(edit({ details: { city: 'Bonn' } })).thenRefused('not_found', 'contactId');
    given(created(DETAILS, OTHER_TEAM)).when(edit({ details: { city: 'Bonn' } })).thenRefused('not_found', 'contactId');
    given(created(), removed()).when(edit({ details: { city: 'Bonn' } })).thenRefused('not_found', 'contactId');
    // Read back after its key was erased, the contact's details are null.
    const erased: ContactEvent = { type: 'ContactCreated', data: { ...(created().data as Extract<ContactEvent, { type: 'ContactCreated' }>['data']), details: null } };
    given(erased).when(edit({ details: { city: 'Bonn' } })).thenRefused('not_found', 'contactId');
  });
});

describe('contact decider: blocking', () => {
  it('records a block or unblock only when it changes', () => {
    given(created()).when(block(true)).then([blockChanged(true)]);
    given(created(), blockChanged(true)).when(block(true)).then([]);
    given(created(), blockChanged(true)).when(block(false)).then([blockChanged(false)]);
    given(created()).when(block(false)).then([]);
  });

  it('answers not_found for another team\u2019s or a removed contact', () => {
    given(created(DETAILS, OTHER_TEAM)).when(block(true)).thenRefused('not_found', 'contactId');
    given(created(), removed()).when(block(true)).thenRefused('not_found', 'contactId');
  });
});

describe('contact decider: removing', () => {
  it('records the removal once; removing again changes nothing', () => {
    given(created()).when(remove()).then([removed()]);
    given(created(), blockChanged(true)).when(remove()).then([removed()]);
    given(created(), removed()).when(remove()).then([]);
  });

  it('answers not_found for an unknown or another team\u2019s contact, removed or not', () => {
    given().when(remove()).thenRefused('not_found', 'contactId');
    given(created(DETAILS, OTHER_TEAM)).when(remove()).thenRefused('not_found', 'contactId');
    given(created(), removed()).when(remove({ teamId: OTHER_TEAM })).thenRefused('not_found', 'contactId');
  });
});

describe('contact decider: the fold', () => {
  it('applies edits field by field and counts the stream version', () => {
    const state = [created(), edited({ type: 'employee', details: { city: 'Bonn', note: 'x' }, changed: ['city', 'note'] }), blockChanged(true)]
      .reduce(evolveContact, initialContactState());
    expect(state).toEqual({
      exists: true, contactId: CONTACT, teamId: TEAM, type: 'employee', status: 'active', blocked: true,
      details: { ...DETAILS, city: 'Bonn', note: 'x' }, removed: false, mergedInto: null, version: 3,
    });
  });
});
