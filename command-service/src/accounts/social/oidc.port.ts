import { DomainError } from '@planwerk/events';
import type { SocialProviderConfig } from './social-login.config';

export interface AuthorizationRequest {
  provider: SocialProviderConfig;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationResponse extends AuthorizationRequest {
  /** The query the provider redirected to `redirectUri` with (code, state, iss or error). */
  params: URLSearchParams;
}

/** The claims of a verified ID token (issuer, audience, nonce, expiry and signature checked). */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** The OpenID Connect relying party: discovery, authorization URL, code exchange with PKCE. */
export interface OidcGateway {
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchange(response: AuthorizationResponse): Promise<VerifiedIdentity>;
}

export type SocialProviderFailure = 'unreachable' | 'refused' | 'invalid_response';

// Spec 6007 "error connecting to social provider", whatever went wrong on the provider's side.
export class SocialProviderFailed extends DomainError {
  readonly reason: SocialProviderFailure;

  constructor(provider: string, reason: SocialProviderFailure, cause?: unknown) {
    super(6007, { details: { provider, reason, cause: cause instanceof Error ? `${cause.name}: ${cause.message}` : cause } });
    this.name = 'SocialProviderFailed';
    this.reason = reason;
  }
}
