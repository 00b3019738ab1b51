import type { ContactDetailField, ContactDetails } from './contacts.api';

// The server's checks of a contact's data, in the browser (events/src/contacts/contact.events.ts
// contactDetailsSchema, and the decider's name and birth-date rules), so a person hears about a
// mistake at the field before sending. contact-checks.spec.ts holds both to the same answers.

export type ContactProblem = 'nameRequired' | 'tooLong' | 'oneLine' | 'email' | 'phone' | 'postcode' | 'birthDate';

export const CONTACT_MAX_LENGTH: Record<ContactDetailField, number> = {
  firstName: 100, lastName: 100, company: 200, email: 254, phone: 40, mobile: 40, street: 200, postcode: 12, city: 100, country: 2, birthDate: 10, note: 2000,
};

// zod's e-mail pattern (z.email()), the contract's phone and postcode patterns.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9 ()/.-]{3,40}$/;
const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;
// The contract refuses tabs, line breaks and other control characters in one-line fields.
const CONTROL = /[\r\n\t\u0000-\u001f]/;
const ONE_LINE: readonly ContactDetailField[] = ['firstName', 'lastName', 'company', 'street', 'city'];
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** The data as it is sent: every value trimmed, as the server trims it. */
export function trimmedDetails(details: ContactDetails): ContactDetails {
  return Object.fromEntries(Object.entries(details).map(([field, value]) => [field, value.trim()])) as ContactDetails;
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The first problem of each field; `today` (YYYY-MM-DD) is the latest birth date. */
export function contactProblems(raw: ContactDetails, today: string): Partial<Record<ContactDetailField, ContactProblem>> {
  const details = trimmedDetails(raw);
  const problems: Partial<Record<ContactDetailField, ContactProblem>> = {};
  for (const [field, value] of Object.entries(details) as [ContactDetailField, string][]) {
    if (value.length > CONTACT_MAX_LENGTH[field]) problems[field] = 'tooLong';
    else if (ONE_LINE.includes(field) && CONTROL.test(value)) problems[field] = 'oneLine';
  }
  const check = (field: ContactDetailField, ok: (value: string) => boolean, problem: ContactProblem) => {
    if (problems[field] === undefined && details[field] !== '' && !ok(details[field])) problems[field] = problem;
  };
  check('email', (value) => EMAIL.test(value), 'email');
  check('phone', (value) => PHONE.test(value), 'phone');
  check('mobile', (value) => PHONE.test(value), 'phone');
  check('postcode', (value) => POSTCODE.test(value), 'postcode');
  check('birthDate', (value) => isDay(value) && value >= EARLIEST_BIRTH_DATE && value <= today, 'birthDate');
  // A contact needs a first or last name or a company; the server names the last name.
  if (details.firstName === '' && details.lastName === '' && details.company === '' && problems.lastName === undefined) problems.lastName = 'nameRequired';
  return problems;
}
