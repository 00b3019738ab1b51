import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };
import type { AuthorizationRequest, AuthorizationResponse, OidcGateway, VerifiedIdentity } from './oidc.port';
import { SocialProviderFailed, type SocialProviderFailure } from './oidc.port';
import type { SocialProviderConfig } from './social-login.config';

type Client = typeof OpenIdClient;

export interface OpenIdClientGatewayOptions {
  /** Seconds a discovery, token or userinfo request may take. */
  timeoutSeconds?: number;
}

// openid-client is ESM-only: tsc keeps this import() native in the CommonJS build; Jest's
// swc turns it into require() (openid-client, oauth4webapi and jose must then be transformed).
let loading: Promise<Client> | undefined;
function loadClient(): Promise<Client> {
  loading ??= import('openid-client');
  return loading;
}

/** OpenID Connect through openid-client 6: discovery per provider (cached on success), PKCE S256, nonce. */
export function createOpenIdClientGateway(options: OpenIdClientGatewayOptions = {}): OidcGateway {
  const timeout = options.timeoutSeconds ?? 10;
  const configurations = new Map<string, Promise<OpenIdClient.Configuration>>();

  function discover(client: Client, provider: SocialProviderConfig): Promise<OpenIdClient.Configuration> {
    const key = `${provider.name}\n${provider.issuer}\n${provider.clientId}`;
    let found = configurations.get(key);
    if (!found) {
      const loopbackHttp = new URL(provider.issuer).protocol === 'http:';
      found = client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        execute: loopbackHttp ? [client.allowInsecureRequests] : [],
        timeout,
      });
      // A failed discovery is retried by the next login instead of being remembered.
      found.catch(() => configurations.delete(key));
      configurations.set(key, found);
    }
    return found;
  }

  return {
    async authorizationUrl(request: AuthorizationRequest): Promise<string> {
      const client = await loadClient();
      try {
        const config = await discover(client, request.provider);
        const challenge = await client.calculatePKCECodeChallenge(request.codeVerifier);
        return client.buildAuthorizationUrl(config, {
          redirect_uri: request.redirectUri,
          scope: request.provider.scopes.join(' '),
          response_type: 'code',
          state: request.state,
          nonce: request.nonce,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }).href;
      } catch (error) {
        throw new SocialProviderFailed(request.provider.name, classify(error), error);
      }
    },

    async exchange(response: AuthorizationResponse): Promise<VerifiedIdentity> {
      const client = await loadClient();
      const { provider } = response;
      try {
        const config = await discover(client, provider);
        const callback = new URL(response.redirectUri);
        callback.search = response.params.toString();
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: response.codeVerifier,
          expectedState: response.state,
          expectedNonce: response.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new SocialProviderFailed(provider.name, 'invalid_response', 'no ID token');
        let profile: Record<string, unknown> = claims;
        // Some providers put e-mail and names only into userinfo; its subject must match.
        if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
          profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        }
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null,
          // Apple sent "true" as a string for years.
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
          firstName: text(profile.given_name),
          lastName: text(profile.family_name),
        };
      } catch (error) {
        if (error instanceof SocialProviderFailed) throw error;
        throw new SocialProviderFailed(provider.name, classify(error), error);
      }
    },
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 100) : '';
}

function classify(error: unknown): SocialProviderFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AuthorizationResponseError' || name === 'ResponseBodyError' || name === 'WWWAuthenticateChallengeError') return 'refused';
  // fetch rejects with a TypeError when the provider cannot be reached; timeouts abort.
  if (error instanceof TypeError || name === 'AbortError' || name === 'TimeoutError') return 'unreachable';
  return 'invalid_response';
}
