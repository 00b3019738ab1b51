import { addSignupBody, DomainError, SignupAdded, type SignupEvent } from '@planwerk/events';
import { decideSignups, type SignupCommand } from './signup.decider';
import { given, admin, ANNA, addSignup, member, projectWith, visitor } from '../testing/signup-fixtures';

// Issue 14: a visitor may leave an e-mail address with the sign-up (confirmation mail, calendar
// entry, private link). The address is personal data of the sign-up and never in the activity log.

function decide(command: SignupCommand): SignupEvent[] {
  return decideSignups(command, { project: projectWith({}), signups: given() });
}

function refusal(command: SignupCommand): { code: unknown; field?: string } {
  try {
    decide(command);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sign-up decider: a visitor with an e-mail address', () => {
  it('keeps the address and the mail language on the visitor\'s SignUpAdded', () => {
    const [event] = decide(addSignup(1, 1, visitor(), { email: 'eva@example.org', language: 'fr' }));
    expect(event?.type === 'SignUpAdded' && event.data).toMatchObject({ by: 'anonymous', email: 'eva@example.org', language: 'fr' });
  });

  it('writes no address field at all without one (events read like version 1)', () => {
    const [event] = decide(addSignup(1, 1, visitor(), { email: null }));
    expect(event?.type === 'SignUpAdded' && Object.keys(event.data)).not.toContain('email');
    expect(event?.type === 'SignUpAdded' && Object.keys(event.data)).not.toContain('language');
  });

  it('refuses an address from a member or an admin (validation_failed naming email)', () => {
    expect(refusal(addSignup(1, 1, member(ANNA), { email: 'anna@example.org' }))).toEqual({ code: 'validation_failed', field: 'email' });
    expect(refusal(addSignup(2, 1, admin, { name: 'Opa Karl', email: 'karl@example.org' }))).toEqual({ code: 'validation_failed', field: 'email' });
  });

  it('encrypts the address as personal data and leaves it out of the activity description', () => {
    expect(SignupAdded.personalFields).toContain('email');
    const [event] = decide(addSignup(1, 1, visitor(), { email: 'eva@example.org' }));
    if (event?.type !== 'SignUpAdded') throw new Error('expected SignUpAdded');
    const described = JSON.stringify(SignupAdded.describe(SignupAdded.schema.parse(event.data)));
    expect(described).not.toContain('eva@example.org');
  });

  it('reads version 1 events (no address) unchanged', () => {
    expect(SignupAdded.schemaVersion).toBe(2);
    const v1 = {
      projectId: '10000000-0000-4000-8000-000000000001', listId: '10000000-0000-4000-8000-000000000004', itemId: '30000000-0000-4000-8000-000000000001',
      signupId: '40000000-0000-4000-8000-000000000001', userId: null, name: 'Eva', values: {}, vote: null, status: 'placed', by: 'anonymous',
      tokenHash: 'a'.repeat(64), at: '2026-06-01T10:00:00.000Z',
    };
    const lifted = SignupAdded.upcasters?.[1]?.(v1);
    expect(SignupAdded.schema.parse(lifted)).toMatchObject({ name: 'Eva' });
    expect(SignupAdded.schema.parse(lifted).email).toBeUndefined();
    // Erased: the store gives null for the address, and the event still reads.
    expect(SignupAdded.schema.parse({ ...v1, email: null }).email).toBeNull();
  });
});

describe('sign-up body: the e-mail address (spec section 5)', () => {
  const base = { itemId: '30000000-0000-4000-8000-000000000001', name: 'Eva' };

  it('takes a trimmed address', () => {
    expect(addSignupBody.parse({ ...base, email: '  eva@example.org ' }).email).toBe('eva@example.org');
  });

  it.each(['', 'eva', 'eva@', '@example.org', 'eva example@org', `${'a'.repeat(250)}@example.org`, 'eva@exa\u0000mple.org'])('refuses %j naming the field email', (email) => {
    const result = addSignupBody.safeParse({ ...base, email });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain('email');
  });
});
