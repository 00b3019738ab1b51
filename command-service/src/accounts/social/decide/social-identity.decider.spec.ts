import type { SocialEvent } from '@planwerk/events';
import {
  decide, evolve, initialSocialIdentityState, SocialEmailNotUsable, SocialEmailRegisteredAsPasswordAccount,
  type SignInWithSocialIdentityData,
} from './social-identity.decider';

const identityId = 'a'.repeat(64);
const userId = '0f8c1a52-3c4e-5d6f-8a9b-0c1d2e3f4a5b';
const otherUser = '7b2e4d6f-1a3c-4e5f-9a8b-7c6d5e4f3a2b';
const command = (data: Partial<SignInWithSocialIdentityData> = {}) => ({
  type: 'SignInWithSocialIdentity' as const,
  data: {
    identityId, provider: 'google', issuer: 'https://accounts.google.com', subject: '1234', email: 'alice@example.test',
    emailVerified: true, deviceId: 'Dev1ce0001', newUserId: userId, emailHolder: null, ...data,
  },
});
const linked: SocialEvent = {
  type: 'SocialIdentityLinked',
  data: { identityId, provider: 'google', issuer: 'https://accounts.google.com', subject: '1234', userId, email: 'alice@example.test' },
};

function given(events: SocialEvent[]) {
  const state = events.reduce(evolve, initialSocialIdentityState());
  return { when: (c: ReturnType<typeof command>) => () => decide(c, state) };
}

describe('social identity decider', () => {
  it('given a new identity with a free, verified address, then it is linked to a new user and signed in', () => {
    expect(given([]).when(command())()).toEqual([
      linked,
      { type: 'SocialIdentitySignedIn', data: { identityId, provider: 'google', userId, deviceId: 'Dev1ce0001' } },
    ]);
  });

  it('given a linked identity, then it signs in as its user, whatever its address says now', () => {
    const then = given([linked]).when(command({ email: 'new@example.test', emailHolder: { userId: otherUser, socialProvider: null } }));
    expect(then()).toEqual([{ type: 'SocialIdentitySignedIn', data: { identityId, provider: 'google', userId, deviceId: 'Dev1ce0001' } }]);
  });

  it('given a new identity whose address is a password account, then 6004', () => {
    const then = given([]).when(command({ emailHolder: { userId: otherUser, socialProvider: null } }));
    expect(then).toThrow(SocialEmailRegisteredAsPasswordAccount);
    expect(then).toThrow(expect.objectContaining({ code: 6004, httpStatus: 409 }));
  });

  it.each([
    ['facebook', 6002],
    ['google', 6003],
    ['apple', 6012],
    ['github', 6006],
  ])('given a new identity whose address belongs to a %s account, then %i (never merged by e-mail)', (socialProvider, code) => {
    const then = given([]).when(command({ emailHolder: { userId: otherUser, socialProvider } }));
    expect(then).toThrow(expect.objectContaining({ code }));
  });

  it('given a new identity whose address is held by its own user (a crash before the link), then it links', () => {
    const events = given([]).when(command({ emailHolder: { userId, socialProvider: null } }))();
    expect(events.map((e) => e.type)).toEqual(['SocialIdentityLinked', 'SocialIdentitySignedIn']);
  });

  it('given a new identity without an address or with an unverified one, then 6009', () => {
    expect(given([]).when(command({ email: null }))).toThrow(SocialEmailNotUsable);
    expect(given([]).when(command({ emailVerified: false }))).toThrow(expect.objectContaining({ code: 6009, httpStatus: 422 }));
  });

  it('evolves a link into the linked state and keeps it on sign-ins', () => {
    const state = evolve(initialSocialIdentityState(), linked);
    expect(state).toEqual({ status: 'linked', userId, provider: 'google', email: 'alice@example.test' });
    expect(evolve(state, { type: 'SocialIdentitySignedIn', data: { identityId, provider: 'google', userId, deviceId: 'x' } })).toBe(state);
  });
});
