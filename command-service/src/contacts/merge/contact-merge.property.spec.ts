import fc from 'fast-check';
import { CONTACT_DETAIL_FIELDS, EMPTY_CONTACT_DETAILS, type ContactDetailField, type ContactDetails } from '@planwerk/events';
import { decideMerge, decideUndoMerge, type MergeChoice } from './decide/contact-merge.decider';
import { MERGE, MERGED, SURVIVOR, TEAM, createdEvent, fold, merge } from './testing/merge-fixtures';

// Merge then undo gives both contacts back exactly as before, for random pairs and choices
// (few values per field, so the two often agree, differ or are empty).
const values: { [F in ContactDetailField]: readonly string[] } = {
  firstName: ['', 'Erika', 'Max'], lastName: ['Mustermann', 'Muster'], company: ['', 'Chor Süd e. V.'], email: ['', 'erika@example.org', 'e@x.de'],
  phone: ['', '0221 123456'], mobile: ['', '+49 170 1234567'], street: ['', 'Hauptstraße 1'], postcode: ['', '50667'], city: ['', 'Köln', 'Bonn'],
  country: ['', 'de', 'at'], birthDate: ['', '1964-08-12'], note: ['', 'Kommt immer'],
};
const details: fc.Arbitrary<ContactDetails> = fc.record(
  Object.fromEntries(CONTACT_DETAIL_FIELDS.map((field) => [field, fc.constantFrom(...values[field])])) as { [F in ContactDetailField]: fc.Arbitrary<string> },
).map((d) => ({ ...EMPTY_CONTACT_DETAILS, ...d }) as ContactDetails);
const choices: fc.Arbitrary<Partial<Record<ContactDetailField, MergeChoice>>> = fc.record(
  Object.fromEntries(CONTACT_DETAIL_FIELDS.map((field) => [field, fc.constantFrom<MergeChoice>('survivor', 'merged')])) as { [F in ContactDetailField]: fc.Arbitrary<MergeChoice> },
  { requiredKeys: [] },
);

describe('contact merge property', () => {
  it('merge then undo = the state before, for both contacts', () => {
    fc.assert(fc.property(details, details, choices, fc.boolean(), (a, b, fields, blocked) => {
      const survivorEvents = [createdEvent(SURVIVOR, a)];
      const mergedEvents = [createdEvent(MERGED, b), ...(blocked ? [{ type: 'ContactBlockChanged' as const, data: { contactId: MERGED, teamId: TEAM, blocked: true } }] : [])];
      const before = { survivor: fold(survivorEvents).contact, merged: fold(mergedEvents).contact };
      const merged = decideMerge(merge({ fields }), fold(survivorEvents), fold(mergedEvents));
      const afterMerge = { survivor: [...survivorEvents, ...merged.survivor], merged: [...mergedEvents, ...merged.merged] };
      // The survivor holds each chosen value; the other is gone.
      const survivorNow = fold(afterMerge.survivor).contact;
      for (const field of CONTACT_DETAIL_FIELDS) {
        const choice = fields[field] ?? (a[field] === '' && b[field] !== '' ? 'merged' : 'survivor');
        expect(survivorNow.details?.[field]).toBe(choice === 'merged' ? b[field] : a[field]);
      }
      expect(fold(afterMerge.merged).contact.mergedInto).toBe(SURVIVOR);
      const undo = decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR }, fold(afterMerge.survivor), fold(afterMerge.merged));
      const after = { survivor: fold([...afterMerge.survivor, ...undo.survivor]).contact, merged: fold([...afterMerge.merged, ...undo.merged]).contact };
      const withoutVersion = ({ version: _version, ...state }: typeof before.survivor) => state;
      expect(withoutVersion(after.survivor)).toEqual(withoutVersion(before.survivor));
      expect(withoutVersion(after.merged)).toEqual(withoutVersion(before.merged));
    }), { numRuns: 300 });
  });
});
