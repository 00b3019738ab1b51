import { socialAccountConflict } from '@planwerk/events';
import { socialAccountConflictFor } from './social-account-conflict';

describe('social account conflicts (spec section 8)', () => {
  it.each([
    ['facebook', 6002],
    ['Google', 6003],
    ['apple', 6012],
    ['microsoft', 6006],
  ])('a password registration with an address of a %s account answers %i', (provider, code) => {
    expect(socialAccountConflict('password-sign-up', provider)).toMatchObject({ code, httpStatus: 409 });
  });

  it('a password login with an address of any social account answers 6006 (use its button)', () => {
    for (const provider of ['facebook', 'google', 'apple', 'microsoft']) {
      expect(socialAccountConflict('password-login', provider).code).toBe(6006);
    }
  });

  it('asks the lookup and answers null for an address without a social account', async () => {
    const lookup = { findByEmail: async (email: string) => (email === 'a@b.test' ? { userId: 'u', provider: 'apple' } : null) };
    expect(await socialAccountConflictFor(lookup, 'password-sign-up', 'a@b.test')).toMatchObject({ code: 6012 });
    expect(await socialAccountConflictFor(lookup, 'password-login', 'other@b.test')).toBeNull();
  });
});
