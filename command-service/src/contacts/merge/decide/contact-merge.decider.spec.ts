import { DomainError, type ContactEvent, type ContactMergeEvent } from '@planwerk/events';
import { decideContact } from '../../decide/contact.decider';
import { AT, ERIKA, ERIKA_TOO, MERGE, MERGED, OTHER_TEAM, SURVIVOR, TEAM, createdEvent, fold, merge } from '../testing/merge-fixtures';
import { decideMerge, decideUndoMerge, mergedDetails } from './contact-merge.decider';

const survivorCreated = createdEvent(SURVIVOR, ERIKA);
const mergedCreated = createdEvent(MERGED, ERIKA_TOO);

function refused(run: () => unknown): { code: unknown; field: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('not refused');
}

describe('contact merge decider', () => {
  describe('merge', () => {
    it('given two contacts, when merged without choices, then the survivor takes only the fields it has empty and the other leaves', () => {
      const decision = decideMerge(merge(), fold([survivorCreated]), fold([mergedCreated]));
      expect(decision.survivor).toEqual([{
        type: 'ContactsMerged',
        data: { contactId: SURVIVOR, teamId: TEAM, mergeId: MERGE, mergedContactId: MERGED, details: { phone: '0221 123456' }, changed: ['phone'] },
      }]);
      expect(decision.merged).toEqual([{ type: 'ContactMergedInto', data: { contactId: MERGED, teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR } }]);
    });

    it('given a choice per field, then the chosen value stays, the other contact’s empty value included', () => {
      const decision = decideMerge(merge({ fields: { city: 'merged', email: 'merged', phone: 'survivor' } }), fold([survivorCreated]), fold([mergedCreated]));
      expect(decision.changed).toEqual(['city']);
      expect(mergedDetails(ERIKA, ERIKA_TOO, { email: 'merged', note: 'merged' }).changed).toEqual(['phone']);
      expect(mergedDetails(ERIKA, { ...ERIKA_TOO, email: '' }, { email: 'merged' })).toMatchObject({ changed: ['email', 'phone'], details: { email: '' } });
    });

    it('refuses a contact with itself, with the field named', () => {
      expect(refused(() => decideMerge(merge({ mergedId: SURVIVOR }), fold([survivorCreated]), fold([survivorCreated])))).toEqual({ code: 'validation_failed', field: 'mergedId' });
    });

    it('refuses a removed, unknown or other team’s contact, naming which', () => {
      const removed: ContactEvent = { type: 'ContactRemoved', data: { contactId: MERGED, teamId: TEAM } };
      expect(refused(() => decideMerge(merge(), fold([survivorCreated]), fold([mergedCreated, removed])))).toEqual({ code: 'not_found', field: 'mergedId' });
      expect(refused(() => decideMerge(merge(), fold([]), fold([mergedCreated])))).toEqual({ code: 'not_found', field: 'survivorId' });
      expect(refused(() => decideMerge(merge(), fold([createdEvent(SURVIVOR, ERIKA, OTHER_TEAM)]), fold([mergedCreated])))).toEqual({ code: 'not_found', field: 'survivorId' });
      expect(refused(() => decideMerge(merge(), fold([survivorCreated]), fold([createdEvent(MERGED, ERIKA_TOO, OTHER_TEAM)])))).toEqual({ code: 'not_found', field: 'mergedId' });
    });

    it('refuses a contact that is merged into another already', () => {
      const gone: ContactMergeEvent = { type: 'ContactMergedInto', data: { contactId: MERGED, teamId: TEAM, mergeId: '0c3c3c3c-0000-4000-8000-000000000009', survivorId: SURVIVOR } };
      expect(refused(() => decideMerge(merge(), fold([survivorCreated]), fold([mergedCreated, gone])))).toEqual({ code: 'not_found', field: 'mergedId' });
    });

    it('refuses a merge over a newer version, naming whose', () => {
      expect(refused(() => decideMerge(merge({ survivorVersion: 2 }), fold([survivorCreated]), fold([mergedCreated])))).toEqual({ code: 'conflict', field: 'survivorVersion' });
      expect(refused(() => decideMerge(merge({ mergedVersion: 3 }), fold([survivorCreated]), fold([mergedCreated])))).toEqual({ code: 'conflict', field: 'mergedVersion' });
    });

    it('refuses a result without any name or company', () => {
      const company = createdEvent(SURVIVOR, { ...ERIKA, firstName: '', lastName: '', company: 'Chor' });
      const nameless = createdEvent(MERGED, { ...ERIKA_TOO, firstName: '', lastName: '', company: 'x' });
      expect(refused(() => decideMerge(merge({ fields: { company: 'merged' } }), fold([company]), fold([{ ...nameless, data: { ...nameless.data, details: { ...ERIKA_TOO, firstName: '', lastName: '', company: '' } } } as ContactEvent])))).toEqual({ code: 'contact_name_required', field: 'lastName' });
    });

    it('given the merge is stored on both streams, when it comes again, then nothing is appended; given only on the survivor’s, then the other’s follows', () => {
      const first = decideMerge(merge(), fold([survivorCreated]), fold([mergedCreated]));
      const survivorAfter = fold([survivorCreated, ...first.survivor]);
      expect(decideMerge(merge(), survivorAfter, fold([mergedCreated, ...first.merged]))).toEqual({ survivor: [], merged: [], changed: ['phone'] });
      expect(decideMerge(merge(), survivorAfter, fold([mergedCreated])).merged).toEqual(first.merged);
    });

    it('given a merged contact, then it cannot be edited, blocked or removed until the merge is undone', () => {
      const first = decideMerge(merge(), fold([survivorCreated]), fold([mergedCreated]));
      const merged = fold([mergedCreated, ...first.merged]).contact;
      expect(refused(() => decideContact({ type: 'EditContact', teamId: TEAM, contactId: MERGED, at: AT, details: { city: 'Ulm' } }, merged))).toEqual({ code: 'not_found', field: 'contactId' });
      expect(refused(() => decideContact({ type: 'BlockContact', teamId: TEAM, contactId: MERGED, blocked: true }, merged))).toEqual({ code: 'not_found', field: 'contactId' });
      // The survivor's edits read the merged values.
      const survivor = fold([survivorCreated, ...first.survivor]).contact;
      expect(survivor.details?.phone).toBe('0221 123456');
      expect(decideContact({ type: 'EditContact', teamId: TEAM, contactId: SURVIVOR, at: AT, details: { phone: '0221 123456' } }, survivor)).toEqual([]);
    });
  });

  describe('undo', () => {
    const first = decideMerge(merge({ fields: { city: 'merged' } }), fold([survivorCreated]), fold([mergedCreated]));
    const survivorEvents = [survivorCreated, ...first.survivor];
    const mergedEvents = [mergedCreated, ...first.merged];

    it('given a merge, when undone, then the survivor’s fields are as before and the other contact returns as it was', () => {
      const undo = decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR }, fold(survivorEvents), fold(mergedEvents));
      expect(undo.survivor).toEqual([{
        type: 'ContactMergeUndone',
        data: { contactId: SURVIVOR, teamId: TEAM, mergeId: MERGE, mergedContactId: MERGED, details: { phone: '', city: 'Köln' }, changed: ['phone', 'city'] },
      }]);
      expect(undo.merged).toEqual([{
        type: 'ContactUnmerged',
        data: {
          contactId: MERGED, teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR, type: 'member', status: 'active', blocked: false, source: 'manual',
          createdAt: AT, details: ERIKA_TOO,
        },
      }]);
      const back = fold([...mergedEvents, ...undo.merged]).contact;
      expect(back.mergedInto).toBeNull();
      expect(decideContact({ type: 'BlockContact', teamId: TEAM, contactId: MERGED, blocked: true }, back)).toHaveLength(1);
    });

    it('given an undone merge, when undone again, then nothing is appended', () => {
      const undo = decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR }, fold(survivorEvents), fold(mergedEvents));
      const again = decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR }, fold([...survivorEvents, ...undo.survivor]), fold([...mergedEvents, ...undo.merged]));
      expect(again.survivor).toEqual([]);
      expect(again.merged).toEqual([]);
    });

    it('refuses an unknown merge, one of another team, or an undo on the merged contact, naming mergeId', () => {
      const unknown = '0c3c3c3c-0000-4000-8000-00000000000f';
      expect(refused(() => decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: unknown, survivorId: SURVIVOR }, fold(survivorEvents), fold(mergedEvents)))).toEqual({ code: 'not_found', field: 'mergeId' });
      expect(refused(() => decideUndoMerge({ type: 'UndoContactMerge', teamId: OTHER_TEAM, mergeId: MERGE, survivorId: SURVIVOR }, fold(survivorEvents), fold(mergedEvents)))).toEqual({ code: 'not_found', field: 'mergeId' });
      expect(refused(() => decideUndoMerge({ type: 'UndoContactMerge', teamId: TEAM, mergeId: MERGE, survivorId: MERGED }, fold(mergedEvents), fold(survivorEvents)))).toEqual({ code: 'not_found', field: 'mergeId' });
    });
  });
});
