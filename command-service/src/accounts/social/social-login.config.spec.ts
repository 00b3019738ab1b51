import { parseSocialLoginConfig } from './social-login.config';

const google = { name: 'google', issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' };

describe('social login configuration', () => {
  it('reads providers, builds the redirect URI from PUBLIC_URL and defaults the allow-list to its origin', () => {
    const config = parseSocialLoginConfig({ SOCIAL_PROVIDERS: JSON.stringify([google]), PUBLIC_URL: 'https://planwerk.example/' });
    expect(config).toEqual({
      providers: [{ ...google, scopes: ['openid', 'email', 'profile'] }],
      redirectUri: 'https://planwerk.example/callback',
      allowedOrigins: ['https://planwerk.example'],
      attemptTtlSeconds: 600,
    });
  });

  it('has no providers when none are configured', () => {
    expect(parseSocialLoginConfig({}).providers).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['plain http to a remote issuer', JSON.stringify([{ ...google, issuer: 'http://accounts.google.com' }])],
    ['scopes without openid', JSON.stringify([{ ...google, scopes: ['email'] }])],
    ['a provider twice', JSON.stringify([google, google])],
    ['a missing client secret', JSON.stringify([{ ...google, clientSecret: '' }])],
  ])('refuses %s with a readable message', (_case, value) => {
    expect(() => parseSocialLoginConfig({ SOCIAL_PROVIDERS: value })).toThrow(/social login: invalid environment\n\s+SOCIAL_PROVIDERS/);
  });

  it('allows plain http only for an issuer on a loopback host', () => {
    const local = { ...google, issuer: 'http://127.0.0.1:4000' };
    expect(parseSocialLoginConfig({ SOCIAL_PROVIDERS: JSON.stringify([local]) }).providers[0]?.issuer).toBe('http://127.0.0.1:4000');
  });
});
