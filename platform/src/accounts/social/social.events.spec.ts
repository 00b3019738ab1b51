import {
  createEventCatalogue,
  allEndpoints,
  SocialAccountRegistered,
  findEndpoint,
  completeSocialLoginBody,
  SocialIdentityLinked,
  socialIdentityStreamId,
} from '@planwerk/events';
import { socialIdentityId } from './social-identity';

describe('social login contract', () => {
  it('keys an identity by issuer and subject: the same subject at two issuers is two identities', () => {
    const google = socialIdentityId('https://accounts.google.com', '1234');
    expect(google).toMatch(/^[0-9a-f]{64}$/);
    expect(socialIdentityId('https://accounts.google.com', '1234')).toBe(google);
    expect(socialIdentityId('https://appleid.apple.com', '1234')).not.toBe(google);
    expect(socialIdentityStreamId(google)).toBe(`social-identity-${google}`);
  });

  it('encrypts the subject and the e-mail of a link per person', () => {
    expect(SocialIdentityLinked.personalFields).toEqual(['subject', 'email']);
    expect(SocialIdentityLinked.describe({
      identityId: 'a'.repeat(64), provider: 'google', issuer: 'https://accounts.google.com', subject: 's', userId: 'u', email: 'a@b.test',
    }).fields).toEqual({ provider: 'google' });
  });

  it('registers a social account with e-mail and names personal and out of the activity log', () => {
    expect(createEventCatalogue().personalFields('SocialAccountRegistered')).toEqual(['email', 'firstName', 'lastName']);
    const description = SocialAccountRegistered.describe({
      userId: '11111111-1111-4111-8111-111111111111', emailKey: 'e'.repeat(64), email: 'ada@example.de', firstName: 'Ada', lastName: 'Lovelace',
      provider: 'apple', language: 'de', registeredAt: '2026-11-22T10:00:00.000Z',
    });
    expect(description.fields).toEqual({ provider: 'apple', language: 'de' });
    expect(JSON.stringify(description)).not.toMatch(/ada@example|Ada|Lovelace/);
  });

  it('declares both calls for the command service', () => {
    expect(findEndpoint(allEndpoints, 'POST', '/v5/auth/social/login')?.service).toBe('command');
    expect(findEndpoint(allEndpoints, 'POST', '/v5/auth/social/state')?.operationId).toBe('completeSocialLogin');
  });

  it('requires a device id of 10 letters or digits on the callback', () => {
    expect(completeSocialLoginBody.safeParse({ state: 'x'.repeat(43), device: 'Dev1ce0001', code: 'c' }).success).toBe(true);
    expect(completeSocialLoginBody.safeParse({ state: 'x'.repeat(43), device: 'dev-1' }).success).toBe(false);
  });
});
