import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@planwerk/events';
import type { OidcGateway } from '../oidc.port';
import { normalizeOrigin, type SocialLoginConfig } from '../social-login.config';
import type { SocialLoginStore } from '../social-login.store';
import { OIDC_GATEWAY, SOCIAL_LOGIN_CONFIG, SOCIAL_LOGIN_STORE } from '../social-login.tokens';
import { StartSocialLogin } from './start-social-login.command';

// 32 random bytes each: state and nonce are unguessable, the verifier is 43 characters (RFC 7636).
function secret(): string {
  return randomBytes(32).toString('base64url');
}

@CommandHandler(StartSocialLogin)
export class StartSocialLoginHandler implements ICommandHandler<StartSocialLogin> {
  constructor(
    @Inject(SOCIAL_LOGIN_CONFIG) private readonly config: SocialLoginConfig,
    @Inject(OIDC_GATEWAY) private readonly oidc: OidcGateway,
    @Inject(SOCIAL_LOGIN_STORE) private readonly attempts: SocialLoginStore,
  ) {}

  async execute(command: StartSocialLogin): Promise<{ url: string }> {
    const provider = this.config.providers.find((p) => p.name === command.data.provider);
    if (!provider) throw new DomainError('validation_failed', { field: 'provider' });
    const origin = allowedOrigin(command.data.origin, this.config.allowedOrigins);
    const state = secret();
    const nonce = secret();
    const codeVerifier = secret();
    // The redirect URI comes from configuration only, never from the request.
    const url = await this.oidc.authorizationUrl({ provider, redirectUri: this.config.redirectUri, state, nonce, codeVerifier });
    await this.attempts.saveAttempt(state, { provider: provider.name, nonce, codeVerifier, origin, deviceId: command.data.deviceId }, this.config.attemptTtlSeconds);
    return { url };
  }
}

function allowedOrigin(value: string, allowed: readonly string[]): string {
  let origin: string;
  try {
    origin = normalizeOrigin(value);
  } catch {
    throw new DomainError('validation_failed', { field: 'origin' });
  }
  if (!allowed.includes(origin)) throw new DomainError('validation_failed', { field: 'origin', details: { origin } });
  return origin;
}
