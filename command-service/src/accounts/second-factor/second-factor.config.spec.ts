import { parseSecondFactorConfig, secondFactorConfigForSite } from './second-factor.config';

describe('second factor configuration', () => {
  it('defaults to the local development origin', () => {
    expect(parseSecondFactorConfig({})).toEqual({ rpId: 'localhost', origins: ['http://localhost:8080'], rpName: 'Planwerk', totpIssuer: 'Planwerk' });
  });

  it('splits a list of origins and refuses an RP id that is no host name', () => {
    expect(parseSecondFactorConfig({ WEBAUTHN_ORIGIN: 'https://a.example, https://b.example' }).origins).toEqual(['https://a.example', 'https://b.example']);
    expect(() => parseSecondFactorConfig({ WEBAUTHN_RP_ID: 'https://planwerk.example' })).toThrow('WEBAUTHN_RP_ID');
  });

  it('binds passkeys to the site a browser opens when the environment does not pin them', () => {
    // A local site on a port other than the default one: the browser reports that origin.
    expect(secondFactorConfigForSite({}, new URL('http://localhost:41234'))).toMatchObject({ rpId: 'localhost', origins: ['http://localhost:41234'] });
    // A public URL: its host is the relying party, its origin the only one accepted.
    expect(secondFactorConfigForSite({}, new URL('https://plan.example.org/'))).toMatchObject({ rpId: 'plan.example.org', origins: ['https://plan.example.org'] });
  });

  it('keeps what WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN pin', () => {
    const env = { WEBAUTHN_RP_ID: 'example.org', WEBAUTHN_ORIGIN: 'https://plan.example.org,https://app.example.org', WEBAUTHN_RP_NAME: 'Verein' };
    expect(secondFactorConfigForSite(env, new URL('http://localhost:41234'))).toEqual({
      rpId: 'example.org', origins: ['https://plan.example.org', 'https://app.example.org'], rpName: 'Verein', totpIssuer: 'Planwerk',
    });
    // Each pins on its own: only the origin set keeps the site's host as the relying party.
    expect(secondFactorConfigForSite({ WEBAUTHN_ORIGIN: 'https://plan.example.org' }, new URL('https://plan.example.org'))).toMatchObject({
      rpId: 'plan.example.org', origins: ['https://plan.example.org'],
    });
  });
});
