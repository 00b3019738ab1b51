import { describe, expect, it } from '@jest/globals';
import { contactDetailsSchema, EMPTY_CONTACT_DETAILS } from '@planwerk/events';
import { contactProblems, trimmedDetails } from './contact-checks';
import type { ContactDetailField, ContactDetails } from './contacts.api';

const named: ContactDetails = { ...EMPTY_CONTACT_DETAILS, lastName: 'Berg' };
const TODAY = '2026-11-27';

// Values of each field the contract accepts and refuses (contactDetailsSchema): the browser's
// checks must say the same about every one of them.
const SAMPLES: Partial<Record<ContactDetailField, string[]>> = {
  firstName: ['Anna', '  Anna  ', 'A'.repeat(100), 'A'.repeat(101), 'An\tna', 'Anna\nBerg'],
  company: ['Berg GmbH', 'B'.repeat(200), 'B'.repeat(201)],
  email: ['anna@berg.de', ' anna@berg.de ', 'anna.berg+tsv@verein.example.org', 'anna', 'anna@berg', 'anna@@berg.de', '.anna@berg.de', 'an..na@berg.de', `${'a'.repeat(250)}@b.de`],
  phone: ['+49 711 123456', '(0711) 12 34-56', '0711/123.456', '12', 'tel 0711', '+49-711-1234567890123456789012345678901234'],
  mobile: ['0171 2345678', '0171 234567x'],
  postcode: ['70173', 'SW1A 1AA', 'A-1010', '1', '7017#', '1234567890123'],
  street: ['Hauptstraße 1', 'S'.repeat(201)],
  city: ['Stuttgart', 'C'.repeat(101)],
  birthDate: ['1980-02-29', '1981-02-29', '1980-13-01', '12.03.1980'],
  note: ['Mag Kuchen.\nZweite Zeile', 'N'.repeat(2000), 'N'.repeat(2001)],
};

function schemaRefuses(details: ContactDetails): Set<string> {
  const result = contactDetailsSchema.safeParse(details);
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
}

describe('the contact checks in the browser', () => {
  const cases = Object.entries(SAMPLES).flatMap(([field, values]) => values.map((value) => [
    field, value.length > 30 ? `${JSON.stringify(value.slice(0, 8))}… (${value.length} characters)` : JSON.stringify(value), value,
  ] as const));
  // The browser sends the values trimmed: the contract judges what is sent.
  it.each(cases)('judge %s = %s as the contract does', (field, _label, value) => {
    const details = { ...named, [field]: value } as ContactDetails;
    const own = contactProblems(details, TODAY);
    expect(own[field as ContactDetailField] !== undefined).toBe(schemaRefuses(trimmedDetails(details)).has(field));
  });

  it('want a first or last name or a company, and name the last name (contact_name_required)', () => {
    expect(contactProblems(EMPTY_CONTACT_DETAILS, TODAY)).toEqual({ lastName: 'nameRequired' });
    expect(contactProblems({ ...EMPTY_CONTACT_DETAILS, firstName: '   ', email: 'anna@berg.de' }, TODAY)).toEqual({ lastName: 'nameRequired' });
    expect(contactProblems({ ...EMPTY_CONTACT_DETAILS, firstName: 'Anna' }, TODAY)).toEqual({});
    expect(contactProblems({ ...EMPTY_CONTACT_DETAILS, company: 'Berg GmbH' }, TODAY)).toEqual({});
  });

  it('take a birth date from 1 January 1900 up to today, as the decider does', () => {
    expect(contactProblems({ ...named, birthDate: '1900-01-01' }, TODAY)).toEqual({});
    expect(contactProblems({ ...named, birthDate: TODAY }, TODAY)).toEqual({});
    expect(contactProblems({ ...named, birthDate: '1899-12-31' }, TODAY)).toEqual({ birthDate: 'birthDate' });
    expect(contactProblems({ ...named, birthDate: '2026-11-28' }, TODAY)).toEqual({ birthDate: 'birthDate' });
  });

  it('name the kind of each problem', () => {
    expect(contactProblems({ ...named, email: 'anna', phone: 'x', postcode: '#', firstName: 'A'.repeat(101), city: 'a\tb' }, TODAY))
      .toEqual({ email: 'email', phone: 'phone', postcode: 'postcode', firstName: 'tooLong', city: 'oneLine' });
  });

  it('send every value trimmed, as the server stores it', () => {
    expect(trimmedDetails({ ...named, firstName: '  Anna ', note: ' Hallo\n ' })).toEqual({ ...named, firstName: 'Anna', note: 'Hallo' });
  });
});
