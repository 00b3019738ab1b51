import { DomainError, type SignupEvent } from '@planwerk/events';
import { decideSignups, type SignupCommand } from './signup.decider';
import { evolveSignups, waitlistPosition, type SignupsState } from './signup-state.decider';
import {
  added, admin, ANNA, AT, BEN, CARLA, field, given, item, LIST, member, OTHER_HASH, OWNER, PROJECT, projectWith, addSignup, signup,
  TOKEN_HASH, visitor, type ProjectSpec,
} from '../testing/signup-fixtures';

function decide(spec: ProjectSpec, state: SignupsState, command: SignupCommand): SignupEvent[] {
  return decideSignups(command, { project: projectWith(spec), signups: state });
}

function refusal(spec: ProjectSpec, state: SignupsState, command: SignupCommand): { code: unknown; field?: string } {
  try {
    decide(spec, state, command);
  } catch (error) {
    if (error instanceof DomainError) return error.field === undefined ? { code: error.code } : { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

const HOURS = 3_600_000;
const at = (offsetHours: number) => new Date(Date.parse(AT) + offsetHours * HOURS).toISOString();

describe('sign-up decider: signing up', () => {
  it('places a member on an item with room, as themselves', () => {
    expect(decide({}, given(), addSignup(1, 1, member(ANNA)))).toEqual([{
      type: 'SignUpAdded',
      data: {
        projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), userId: ANNA, name: null, values: {}, vote: null,
        status: 'placed', by: 'self', tokenHash: null, at: AT,
      },
    }]);
  });

  it('keeps a visitor by name and stores only the hash of the private token', () => {
    const [event] = decide({}, given(), addSignup(1, 1, visitor(), { name: '  Eva   Muster ' }));
    expect(event?.type === 'SignUpAdded' && event.data).toMatchObject({ userId: null, name: 'Eva Muster', by: 'anonymous', tokenHash: TOKEN_HASH });
  });

  it('refuses visitors when the list does not allow anonymous sign-ups', () => {
    expect(refusal({ settings: { allowAnonymous: false } }, given(), addSignup(1, 1, visitor()))).toEqual({ code: 'signup_login_required' });
  });

  it('answers 2004 without a user or a name (visitor and admin)', () => {
    expect(refusal({}, given(), addSignup(1, 1, visitor(), { name: '   ' }))).toEqual({ code: 2004 });
    expect(refusal({}, given(), addSignup(1, 1, admin, { name: null, userId: null }))).toEqual({ code: 2004 });
  });

  it('lets admins sign up only on behalf of someone (spec section 5)', () => {
    expect(refusal({}, given(), addSignup(1, 1, admin, { userId: OWNER, name: null }))).toEqual({ code: 'signup_admin_on_behalf', field: 'userId' });
    const [byName] = decide({}, given(), addSignup(1, 1, admin, { name: 'Opa Karl' }));
    expect(byName?.type === 'SignUpAdded' && byName.data).toMatchObject({ userId: null, name: 'Opa Karl', by: 'admin' });
    const [forUser] = decide({}, given(), addSignup(2, 1, admin, { userId: BEN, name: null }));
    expect(forUser?.type === 'SignUpAdded' && forUser.data).toMatchObject({ userId: BEN, by: 'admin' });
  });

  it('refuses a member naming another user', () => {
    expect(refusal({}, given(), addSignup(1, 1, member(ANNA), { userId: BEN }))).toEqual({ code: 'no_permission', field: 'userId' });
  });

  it('answers "name too long" for a name over 100 characters', () => {
    expect(refusal({}, given(), addSignup(1, 1, visitor(), { name: 'x'.repeat(101) }))).toEqual({ code: 'signup_name_too_long', field: 'name' });
    expect(decide({}, given(), addSignup(1, 1, visitor(), { name: 'x'.repeat(100) }))).toHaveLength(1);
  });

  it('refuses an unknown list or item', () => {
    expect(refusal({}, given(), { ...addSignup(1, 1, member(ANNA)), listId: signup(99) })).toEqual({ code: 'not_found', field: 'listId' });
    expect(refusal({}, given(), addSignup(1, 7, member(ANNA)))).toEqual({ code: 'not_found', field: 'itemId' });
  });
});

describe('sign-up decider: windows, status and lock (spec section 4)', () => {
  it('answers 2002 before the list opens and after its limit date, 2001 once it ended', () => {
    expect(refusal({ window: { opensAt: at(1) } }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 2002 });
    expect(refusal({ window: { closesAt: at(-1) } }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 2002 });
    expect(refusal({ window: { closesAt: at(-2), endsAt: at(-1) } }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 2001 });
    expect(decide({ window: { opensAt: at(-1), closesAt: at(1), endsAt: at(2) } }, given(), addSignup(1, 1, member(ANNA)))).toHaveLength(1);
  });

  it('holds cancelling to the same window', () => {
    expect(refusal({ window: { endsAt: at(-1) } }, given(added(1, 1, { userId: ANNA, by: 'self' })), {
      type: 'CancelSignup', listId: LIST, signupId: signup(1), actor: member(ANNA), at: AT,
    })).toEqual({ code: 2001 });
  });

  it('needs an active, unlocked project', () => {
    expect(refusal({ status: 3 }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 'signup_project_closed' });
    expect(refusal({ status: 4 }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 'signup_project_closed' });
    expect(refusal({ locked: true }, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 'signup_project_locked' });
  });

  it('lets admins fill a list outside its window and while the project is planned, never in the trash', () => {
    expect(decide({ window: { endsAt: at(-1) }, locked: true }, given(), addSignup(1, 1, admin))).toHaveLength(1);
    expect(decide({ status: 3 }, given(), addSignup(1, 1, admin))).toHaveLength(1);
    expect(refusal({ status: 0 }, given(), addSignup(1, 1, admin))).toEqual({ code: 'signup_project_closed' });
  });
});

describe('sign-up decider: capacity and waitlist', () => {
  it('answers 2003 when an item of capacity 1 is taken by someone else and the list has no waitlist', () => {
    const taken = given(added(1, 1, { userId: BEN }));
    expect(refusal({ items: { 1: { capacity: 1 } } }, taken, addSignup(2, 1, member(ANNA)))).toEqual({ code: 2003 });
    const queued = decide({ items: { 1: { capacity: 1 } }, settings: { waitlist: true } }, taken, addSignup(2, 1, member(ANNA)));
    expect(queued).toEqual([expect.objectContaining({ type: 'SignUpAdded', data: expect.objectContaining({ status: 'waitlisted' }) })]);
  });

  it('answers list_full for a full item of capacity > 1 without a waitlist', () => {
    expect(refusal({ items: { 1: { capacity: 2 } } }, given(added(1, 1), added(2, 1)), addSignup(3, 1, member(ANNA)))).toEqual({ code: 'list_full' });
  });

  it('waitlists on a full item when the list has a waitlist', () => {
    const [event] = decide({ items: { 1: { capacity: 2 } }, settings: { waitlist: true } }, given(added(1, 1), added(2, 1)), addSignup(3, 1, member(ANNA)));
    expect(event?.type === 'SignUpAdded' && event.data.status).toBe('waitlisted');
  });

  it('does not count waitlisted sign-ups or no/dislike votes as taken places', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 1, vote: { kind: 'yes_no' } } } };
    const [event] = decide(spec, given(added(1, 1, { vote: 'no' })), addSignup(2, 1, member(ANNA), { vote: 'yes' }));
    expect(event?.type === 'SignUpAdded' && event.data.status).toBe('placed');
    // A "no" needs no place, even on a full item.
    const [no] = decide(spec, given(added(1, 1, { vote: 'yes' })), addSignup(2, 1, member(ANNA), { vote: 'no' }));
    expect(no?.type === 'SignUpAdded' && no.data.status).toBe('placed');
  });

  it('cancelling a placed sign-up promotes the first waitlisted one (FIFO)', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 2 } }, settings: { waitlist: true } };
    const state = given(added(1, 1), added(2, 1), added(3, 1, { status: 'waitlisted', userId: CARLA }), added(4, 1, { status: 'waitlisted' }));
    expect(waitlistPosition(state, signup(4))).toBe(2);
    expect(decide(spec, state, { type: 'CancelSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT })).toEqual([
      { type: 'SignUpCancelled', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), by: 'admin' } },
      { type: 'SignUpPromoted', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(3), userId: CARLA } },
    ]);
  });

  it('cancelling a waitlisted sign-up promotes nobody', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 1 } }, settings: { waitlist: true } };
    const state = given(added(1, 1), added(2, 1, { status: 'waitlisted' }), added(3, 1, { status: 'waitlisted' }));
    expect(decide(spec, state, { type: 'CancelSignup', listId: LIST, signupId: signup(2), actor: admin, at: AT })).toHaveLength(1);
  });

  it('gives places freed by a raised capacity to the waitlist before a newcomer', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 2 } }, settings: { waitlist: true } };
    const events = decide(spec, given(added(1, 1), added(2, 1, { status: 'waitlisted' })), addSignup(3, 1, member(ANNA)));
    expect(events.map((e) => e.type)).toEqual(['SignUpPromoted', 'SignUpAdded']);
    expect(events[1]?.type === 'SignUpAdded' && events[1].data.status).toBe('waitlisted');
  });

  it('enforces maxPerPerson and one sign-up per member and item', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: null }, 2: { capacity: null }, 3: { capacity: null } }, settings: { maxPerPerson: 2 } };
    const two = given(added(1, 1, { userId: ANNA, by: 'self' }), added(2, 2, { userId: ANNA, by: 'self' }));
    expect(refusal(spec, two, addSignup(3, 3, member(ANNA)))).toEqual({ code: 'signup_max_per_person' });
    expect(refusal({}, given(added(1, 1, { userId: ANNA })), addSignup(2, 1, member(ANNA)))).toEqual({ code: 'signup_already_signed_up', field: 'itemId' });
    // Names entered by an admin are not a person: no limit applies.
    expect(decide(spec, given(added(1, 1), added(2, 1)), addSignup(3, 1, admin))).toHaveLength(1);
  });
});

describe('sign-up decider: values and votes (spec sections 3 and 5)', () => {
  const fields = [
    { fieldId: field(1), kind: 'text' as const, label: 'Kuchen', required: true },
    { fieldId: field(2), kind: 'number' as const, label: 'Anzahl', required: false },
    { fieldId: field(3), kind: 'selection' as const, label: 'Sorte', required: false, options: ['Apfel', 'Kirsch'] },
    { fieldId: field(4), kind: 'checkbox' as const, label: 'Vegan', required: false },
    { fieldId: field(5), kind: 'scale' as const, label: 'Hunger', required: false, scale: { min: 1, max: 5 } },
    { fieldId: field(6), kind: 'date' as const, label: 'Tag', required: false },
    { fieldId: field(7), kind: 'time' as const, label: 'Zeit', required: false },
    { fieldId: field(8), kind: 'checkbox' as const, label: 'AGB', required: true },
  ];
  const ok = { [field(1)]: ' Apfelkuchen ', [field(8)]: true };
  const withValues = (values: Record<string, unknown>) => addSignup(1, 1, member(ANNA), { values: { ...ok, ...values } as never });

  it('stores valid values, trimmed, without empty optional ones', () => {
    const [event] = decide({ fields }, given(), withValues({ [field(2)]: 3, [field(3)]: ['Apfel', 'Kirsch'], [field(4)]: false, [field(5)]: 5, [field(6)]: '2026-02-28', [field(7)]: '09:30', [field(2)]: null }));
    expect(event?.type === 'SignUpAdded' && event.data.values).toEqual({
      [field(1)]: 'Apfelkuchen', [field(3)]: ['Apfel', 'Kirsch'], [field(4)]: false, [field(5)]: 5, [field(6)]: '2026-02-28', [field(7)]: '09:30', [field(8)]: true,
    });
  });

  it('refuses missing required fields, a required checkbox left unticked, and unknown fields', () => {
    expect(refusal({ fields }, given(), withValues({ [field(1)]: '  ' }))).toEqual({ code: 'signup_required_missing', field: `values.${field(1)}` });
    expect(refusal({ fields }, given(), withValues({ [field(8)]: false }))).toEqual({ code: 'signup_required_missing', field: `values.${field(8)}` });
    expect(refusal({ fields }, given(), withValues({ [field(9)]: 'x' }))).toEqual({ code: 'signup_field_unsupported', field: `values.${field(9)}` });
  });

  it.each([
    ['a number as text', 2, '3'],
    ['an option that is not offered', 3, 'Schoko'],
    ['an option twice', 3, ['Apfel', 'Apfel']],
    ['a checkbox as text', 4, 'yes'],
    ['a scale value out of range', 5, 6],
    ['a scale value that is not whole', 5, 2.5],
    ['an impossible date', 6, '2026-02-30'],
    ['a time that is no time', 7, '25:00'],
    ['a text too long', 1, 'x'.repeat(201)],
  ])('refuses %s, naming the field', (_label, n, value) => {
    expect(refusal({ fields }, given(), withValues({ [field(n)]: value }))).toEqual({ code: 'validation_failed', field: `values.${field(n)}` });
  });

  it('checks the vote answer against the vote kind', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: null, vote: { kind: 'yes_no_neutral' } }, 2: { capacity: null, vote: { kind: 'poll', options: ['Mo', 'Di'] } }, 3: { capacity: null } } };
    expect(decide(spec, given(), addSignup(1, 1, member(ANNA), { vote: 'neutral' }))).toHaveLength(1);
    expect(refusal(spec, given(), addSignup(1, 1, member(ANNA), { vote: 'like' }))).toEqual({ code: 'validation_failed', field: 'vote' });
    expect(refusal(spec, given(), addSignup(1, 1, member(ANNA)))).toEqual({ code: 'validation_failed', field: 'vote' });
    expect(decide(spec, given(), addSignup(1, 2, member(ANNA), { vote: 'Di' }))).toHaveLength(1);
    expect(refusal(spec, given(), addSignup(1, 2, member(ANNA), { vote: 'Mi' }))).toEqual({ code: 'validation_failed', field: 'vote' });
    expect(refusal(spec, given(), addSignup(1, 3, member(ANNA), { vote: 'yes' }))).toEqual({ code: 'validation_failed', field: 'vote' });
  });
});

describe('sign-up decider: changing and cancelling', () => {
  const anonymous = given(added(1, 1, { by: 'anonymous', tokenHash: TOKEN_HASH }));
  const cancel = (actor: ReturnType<typeof visitor>): SignupCommand => ({ type: 'CancelSignup', listId: LIST, signupId: signup(1), actor, at: AT });

  it('lets a visitor cancel only with the matching token', () => {
    expect(refusal({}, anonymous, cancel(visitor(OTHER_HASH)))).toEqual({ code: 'signup_token_invalid' });
    expect(refusal({}, anonymous, cancel(visitor(null)))).toEqual({ code: 'signup_token_invalid' });
    expect(decide({}, anonymous, cancel(visitor(TOKEN_HASH)))).toEqual([
      { type: 'SignUpCancelled', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), by: 'anonymous' } },
    ]);
  });

  it('lets members change only their own sign-ups, admins any', () => {
    const state = given(added(1, 1, { userId: BEN, by: 'self' }));
    const rename = (actor: ReturnType<typeof member>): SignupCommand => ({ type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor, at: AT, name: 'B.' });
    expect(refusal({}, state, rename(member(ANNA)))).toEqual({ code: 'no_permission' });
    expect(decide({}, state, rename(member(BEN)))).toEqual([
      { type: 'SignUpChanged', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), by: 'self', name: 'B.' } },
    ]);
    expect(decide({}, state, rename(admin))[0]).toMatchObject({ data: { by: 'admin' } });
  });

  it('answers not_found for a sign-up that is gone', () => {
    expect(refusal({}, given(), cancel(visitor(TOKEN_HASH)))).toEqual({ code: 'not_found', field: 'signupId' });
  });

  it('keeps 2004 on a change that removes the only name of a name-only sign-up', () => {
    expect(refusal({}, anonymous, { type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: visitor(TOKEN_HASH), at: AT, name: '' })).toEqual({ code: 2004 });
  });

  it('moving to a full item waitlists the sign-up and gives its old place to the old waitlist', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 2 }, 2: { capacity: 2 } }, settings: { waitlist: true } };
    const state = given(added(1, 1), added(2, 1), added(3, 1, { status: 'waitlisted' }), added(4, 2), added(5, 2));
    const events = decide(spec, state, { type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT, toItemId: item(2) });
    expect(events).toEqual([
      { type: 'SignUpChanged', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), by: 'admin', toItemId: item(2), status: 'waitlisted' } },
      { type: 'SignUpPromoted', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(3), userId: null } },
    ]);
    const after = events.reduce(evolveSignups, state);
    expect(waitlistPosition(after, signup(1))).toBe(1);
  });

  it('a vote changed to "no" frees the place for the waitlist; back to "yes" on a full item queues again', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 2, vote: { kind: 'yes_no' } } }, settings: { waitlist: true } };
    const state = given(added(1, 1, { vote: 'yes' }), added(2, 1, { vote: 'yes' }), added(3, 1, { vote: 'yes', status: 'waitlisted' }));
    const no = decide(spec, state, { type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT, vote: 'no' });
    expect(no.map((e) => e.type)).toEqual(['SignUpChanged', 'SignUpPromoted']);
    const yes = decide(spec, no.reduce(evolveSignups, state), { type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT, vote: 'yes' });
    expect(yes).toEqual([{ type: 'SignUpChanged', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), by: 'admin', vote: 'yes', status: 'waitlisted' } }]);
  });

  it('a change that changes nothing appends nothing', () => {
    const state = given(added(1, 1, { name: 'Eva' }));
    expect(decide({}, state, { type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT, toItemId: item(1) })).toEqual([]);
  });
});

describe('sign-up decider: attendance and clearing', () => {
  it('records manual attendance of placed sign-ups, only what changes', () => {
    const state = given(added(1, 1), added(2, 1));
    const confirm = (signupIds: string[]): SignupCommand => ({ type: 'ConfirmAttendance', listId: LIST, signupIds, attended: true });
    const events = decide({ attendance: 'manual' }, state, confirm([signup(1), signup(1)]));
    expect(events).toEqual([{ type: 'AttendanceConfirmed', data: { projectId: PROJECT, listId: LIST, signupIds: [signup(1)], attended: true } }]);
    expect(decide({ attendance: 'manual' }, events.reduce(evolveSignups, state), confirm([signup(1)]))).toEqual([]);
    expect(refusal({ attendance: 'manual' }, state, confirm([signup(9)]))).toEqual({ code: 'not_found', field: 'signupIds' });
  });

  it('refuses manual confirmation on a list with automatic attendance', () => {
    expect(refusal({ attendance: 'automatic' }, given(added(1, 1)), { type: 'ConfirmAttendance', listId: LIST, signupIds: [signup(1)], attended: true }))
      .toEqual({ code: 'attendance_automatic' });
  });

  it('clears the sign-ups of one item, and of the whole list', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: null }, 2: { capacity: null } } };
    const state = given(added(1, 1), added(2, 2), added(3, 1));
    expect(decide(spec, state, { type: 'ClearItemSignups', listId: LIST, itemId: item(1) })).toEqual([
      { type: 'ItemSignUpsCleared', data: { projectId: PROJECT, listId: LIST, itemId: item(1), signupIds: [signup(1), signup(3)] } },
    ]);
    expect(decide(spec, state, { type: 'ClearListSignups', listId: LIST })).toEqual([
      { type: 'ListSignUpsCleared', data: { projectId: PROJECT, listId: LIST, signupIds: [signup(1), signup(2), signup(3)] } },
    ]);
    expect(decide(spec, given(), { type: 'ClearListSignups', listId: LIST })).toEqual([]);
    expect(refusal(spec, given(), { type: 'ClearItemSignups', listId: LIST, itemId: item(5) })).toEqual({ code: 'not_found', field: 'itemId' });
  });
});
