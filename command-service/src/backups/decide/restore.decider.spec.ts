import { DomainError, type ProjectEvent, type SignupEvent } from '@planwerk/events';
import {
  conflictingKeys,
  foldListSignups,
  foldProjectEvents,
  keysAlongProjectStream,
  keysOfSignupEvent,
  type Snapshot,
} from './backup-state.decider';
import { decideRestore, scopeKeys, type RestoreTarget } from './restore.decider';

const P = '00000000-0000-4000-8000-000000000001';
const TEAM = '00000000-0000-4000-8000-0000000000aa';
const USER = '00000000-0000-4000-8000-0000000000bb';
const PH1 = '00000000-0000-4000-8000-000000000011';
const PH2 = '00000000-0000-4000-8000-000000000012';
const L1 = '00000000-0000-4000-8000-000000000021';
const I1 = '00000000-0000-4000-8000-000000000031';
const I2 = '00000000-0000-4000-8000-000000000032';
const I3 = '00000000-0000-4000-8000-000000000033';
const S1 = '00000000-0000-4000-8000-000000000041';
const S2 = '00000000-0000-4000-8000-000000000042';
const S3 = '00000000-0000-4000-8000-000000000043';

const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: P, teamId: TEAM, link: 'fest', name: 'Fest', colour: 2, status: 3, visibility: 'public',
    settings: { hideArchived: false, comments: true, description: '', place: '' }, shareHash: 'abcdefghijklmnopqrstuv', startDate: null,
    createdBy: USER, createdAt: '2026-01-01T10:00:00.000Z', copiedFrom: null,
  },
};
const phase = (phaseId: string, name = 'Aufbau'): ProjectEvent => ({ type: 'PhaseAdded', data: { projectId: P, phaseId, name, description: '', folderId: null, copiedFrom: null } });
const list = (listId: string, phaseId: string, name = 'Helfer'): ProjectEvent => ({
  type: 'ListAdded',
  data: {
    projectId: P, listId, phaseId, type: 1, name, description: '', window: { opensAt: null, closesAt: null, endsAt: null }, attendance: 'manual',
    fields: [], settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
  },
});
const item = (itemId: string, name: string, capacity: number | null = 2): ProjectEvent => ({
  type: 'ItemAdded', data: { projectId: P, listId: L1, itemId, name, description: '', capacity, vote: null, date: null, time: null, copiedFrom: null },
});
const signupAdded = (signupId: string, itemId: string, name: string, status: 'placed' | 'waitlisted' = 'placed'): SignupEvent => ({
  type: 'SignUpAdded',
  data: { projectId: P, listId: L1, itemId, signupId, userId: null, name, values: {}, vote: null, status, by: 'anonymous', tokenHash: 'a'.repeat(64), at: '2026-01-02T10:00:00.000Z' },
});

const snapshot = (project: ProjectEvent[], signups: SignupEvent[] = []): Snapshot => ({
  project: foldProjectEvents(project),
  lists: { [L1]: foldListSignups(signups) },
});

/** Given the history then and the history now, when restoring `target`, then these events. */
function restore(thenProject: ProjectEvent[], nowProject: ProjectEvent[], target: RestoreTarget, thenSignups: SignupEvent[] = [], nowSignups: SignupEvent[] = []) {
  const state = { target: snapshot(thenProject, thenSignups), now: snapshot(nowProject, nowSignups) };
  return decideRestore({ type: 'Restore', projectId: P, keys: scopeKeys(target, state) }, state);
}

const base = [created, phase(PH1), list(L1, PH1), item(I1, 'Kuchen'), item(I2, 'Grill')];

describe('decideRestore', () => {
  it('re-adds a removed item with its old id and puts it back in its place', () => {
    const now = [...base, { type: 'ItemRemoved', data: { projectId: P, listId: L1, itemId: I1 } } as ProjectEvent];
    const decision = restore(base, now, { scope: 'list', listId: L1 });
    expect(decision.project).toEqual([
      { type: 'ItemAdded', data: { projectId: P, listId: L1, itemId: I1, name: 'Kuchen', description: '', capacity: 2, vote: null, date: null, time: null, copiedFrom: null } },
      { type: 'ItemsSorted', data: { projectId: P, listId: L1, order: [I1, I2] } },
    ]);
  });

  it('edits a list back with only the fields that differ, and removes an item added since', () => {
    const now = [...base, { type: 'ListEdited', data: { projectId: P, listId: L1, name: 'Neu', attendance: 'automatic' } } as ProjectEvent, item(I3, 'Salat')];
    const decision = restore(base, now, { scope: 'list', listId: L1 });
    expect(decision.project).toEqual([
      { type: 'ListEdited', data: { projectId: P, listId: L1, name: 'Helfer', attendance: 'manual' } },
      { type: 'ItemRemoved', data: { projectId: P, listId: L1, itemId: I3 } },
    ]);
  });

  it('brings a removed phase back for a list restored into it', () => {
    const now = [...base, { type: 'ListRemoved', data: { projectId: P, listId: L1 } } as ProjectEvent, { type: 'PhaseRemoved', data: { projectId: P, phaseId: PH1 } } as ProjectEvent];
    const decision = restore(base, now, { scope: 'list', listId: L1 });
    expect(decision.project.map((e) => e.type)).toEqual(['PhaseAdded', 'ListAdded', 'ItemAdded', 'ItemAdded']);
    expect(decision.project[1]?.data).toMatchObject({ listId: L1, phaseId: PH1, name: 'Helfer' });
  });

  it('refuses an item whose list is gone (restore the list first)', () => {
    const now = [...base, { type: 'ListRemoved', data: { projectId: P, listId: L1 } } as ProjectEvent];
    expect(() => restore(base, now, { scope: 'item', listId: L1, itemId: I1 })).toThrow(expect.objectContaining({ code: 'conflict', field: 'listId' }) as unknown as DomainError);
  });

  it('puts sign-ups back: cancelled ones re-added with their status, new ones cancelled, changed ones changed back; over capacity is flagged', () => {
    const then = [signupAdded(S1, I1, 'Anna'), signupAdded(S2, I1, 'Ben')];
    const now: SignupEvent[] = [
      ...then,
      { type: 'SignUpCancelled', data: { projectId: P, listId: L1, itemId: I1, signupId: S1, by: 'admin' } },
      { type: 'SignUpChanged', data: { projectId: P, listId: L1, itemId: I1, signupId: S2, toItemId: I2, name: 'Benno', by: 'admin' } },
      signupAdded(S3, I1, 'Cleo'),
    ];
    const nowProject = [...base, { type: 'ItemEdited', data: { projectId: P, listId: L1, itemId: I1, capacity: 1 } } as ProjectEvent];
    const decision = restore(base, nowProject, { scope: 'signups', listId: L1, signupIds: [S1, S2, S3] }, then, now);
    expect(decision.project).toEqual([]);
    expect(decision.signups).toEqual([{
      listId: L1,
      events: [
        { type: 'SignUpAdded', data: then[0]?.data },
        { type: 'SignUpChanged', data: { projectId: P, listId: L1, itemId: I2, signupId: S2, toItemId: I1, name: 'Ben', by: 'admin' } },
        { type: 'SignUpCancelled', data: { projectId: P, listId: L1, itemId: I1, signupId: S3, by: 'admin' } },
      ],
    }]);
    expect(decision.overCapacity).toEqual([{ listId: L1, itemId: I1, capacity: 1, placed: 2 }]);
  });

  it('does not restore sign-ups of erased persons, and sets attendance back to unconfirmed by cancelling and adding again', () => {
    const erased = { ...signupAdded(S1, I1, 'Anna') };
    const state = {
      target: { project: foldProjectEvents(base), lists: { [L1]: foldListSignups([{ ...erased, erased: true }, signupAdded(S2, I1, 'Ben')]) } },
      now: { project: foldProjectEvents(base), lists: { [L1]: foldListSignups([signupAdded(S2, I1, 'Ben'), { type: 'AttendanceConfirmed', data: { projectId: P, listId: L1, signupIds: [S2], attended: true } }]) } },
    };
    const decision = decideRestore({ type: 'Restore', projectId: P, keys: scopeKeys({ scope: 'signups', listId: L1, signupIds: [S1, S2] }, state) }, state);
    expect(decision.skipped).toEqual([{ signupId: S1, reason: 'erased' }]);
    expect(decision.signups[0]?.events.map((e) => e.type)).toEqual(['SignUpCancelled', 'SignUpAdded']);
  });

  it('cancels a sign-up whose item was removed before t and that was moved onto a living item since (property seed 632192278)', () => {
    const removed = { type: 'ItemRemoved', data: { projectId: P, listId: L1, itemId: I1 } } as ProjectEvent;
    const then = [...base, removed];
    const moved: SignupEvent = { type: 'SignUpChanged', data: { projectId: P, listId: L1, itemId: I1, signupId: S1, toItemId: I2, name: 'Cleo', by: 'admin' } };
    const decision = restore(then, then, { scope: 'project' }, [signupAdded(S1, I1, 'Anna')], [signupAdded(S1, I1, 'Anna'), moved]);
    expect(decision.signups).toEqual([{ listId: L1, events: [{ type: 'SignUpCancelled', data: { projectId: P, listId: L1, itemId: I2, signupId: S1, by: 'admin' } }] }]);
    expect(decision.skipped).toEqual([{ signupId: S1, reason: 'item_missing' }]);
  });

  it('leaves a sign-up alone whose item was removed then and is still gone now', () => {
    const then = [...base, { type: 'ItemRemoved', data: { projectId: P, listId: L1, itemId: I1 } } as ProjectEvent];
    const renamed: SignupEvent = { type: 'SignUpChanged', data: { projectId: P, listId: L1, itemId: I1, signupId: S1, name: 'Cleo', by: 'admin' } };
    const decision = restore(then, then, { scope: 'project' }, [signupAdded(S1, I1, 'Anna')], [signupAdded(S1, I1, 'Anna'), renamed]);
    expect(decision.signups).toEqual([]);
    expect(decision.skipped).toEqual([{ signupId: S1, reason: 'item_missing' }]);
  });

  it('brings a permanently deleted project back with its old id and tree, and deletes it again the other way round', () => {
    const purged = [...base, { type: 'ProjectStatusChanged', data: { projectId: P, from: 3, to: 0 } } as ProjectEvent, { type: 'ProjectPurged', data: { projectId: P } } as ProjectEvent];
    const back = restore(base, purged, { scope: 'project' });
    expect(back.project.map((e) => e.type)).toEqual(['ProjectCreated', 'PhaseAdded', 'ListAdded', 'ItemAdded', 'ItemAdded']);
    expect(foldProjectEvents([...purged, ...back.project])).toEqual(foldProjectEvents(base));
    const again = restore(purged, base, { scope: 'project' });
    expect(again.project.map((e) => e.type)).toEqual(['ProjectStatusChanged', 'ProjectPurged']);
  });

  it('changes nothing when now is the target', () => {
    expect(restore(base, base, { scope: 'project' })).toEqual({ project: [], signups: [], overCapacity: [], skipped: [] });
  });

  it('answers not found for a list that existed neither then nor now', () => {
    expect(() => restore(base, base, { scope: 'list', listId: PH2 })).toThrow(DomainError);
  });
});

describe('conflicting keys', () => {
  const keysOf = (events: ProjectEvent[]) => keysAlongProjectStream(events);

  it('lets two additions to one list commute, but not an edit of the same item', () => {
    const k = keysOf([...base, item(I3, 'Salat'), { type: 'ItemEdited', data: { projectId: P, listId: L1, itemId: I1, name: 'Torte' } } as ProjectEvent, { type: 'ItemEdited', data: { projectId: P, listId: L1, itemId: I1, name: 'Kekse' } } as ProjectEvent]);
    const [addI1, addI2, addI3, edit1, edit2] = [k[3], k[4], k[5], k[6], k[7]].map((x) => x as NonNullable<(typeof k)[number]>) as [typeof k[0], typeof k[0], typeof k[0], typeof k[0], typeof k[0]];
    expect(conflictingKeys(addI2, addI3)).toEqual([]);
    expect(conflictingKeys(edit1, edit2)).toEqual([`item:${I1}`]);
    expect(conflictingKeys(addI1, edit1)).toEqual([`item:${I1}`]);
  });

  it('makes a list creation conflict with a later item or sign-up in it', () => {
    const k = keysOf(base);
    const listAdded = k[2] as (typeof k)[number];
    expect(conflictingKeys(listAdded, k[3] as (typeof k)[number])).toEqual([`in:${L1}`]);
    expect(conflictingKeys(listAdded, keysOfSignupEvent(signupAdded(S1, I1, 'Anna')))).toEqual([`in:${L1}`]);
  });
});
