import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type EventStore } from '@planwerk/events';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { EVENT_STORE } from '../../../app/tokens';
import { PasskeyNotFound } from '../decide/passkey.decider';
import type { SecondFactorConfig } from '../second-factor.config';
import { CLOCK, type Clock } from '@planwerk/platform';
import { SECOND_FACTOR_ACCOUNTS, SECOND_FACTOR_CONFIG, type LoginAnswer, type SecondFactorAccounts } from '../second-factor-accounts.port';
import { readPasskeyState, runPasskeyCommand } from '../second-factor.streams';
import { consumeChallenge, issueChallenge } from './passkey-challenges';
import {
  FinishPasskeyLogin,
  FinishPasskeyRegistration,
  RemovePasskey,
  StartPasskeyLogin,
  StartPasskeyRegistration,
  type WebAuthnOptionsResult,
} from './passkeys.commands';

export class WebAuthnVerificationFailed extends DomainError {
  constructor(details?: unknown) {
    super('webauthn_verification_failed', { details });
    this.name = 'WebAuthnVerificationFailed';
  }
}

// The passkey's user handle is the user id's bytes: a discoverable credential names its account.
const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId, 'utf8'));
const bytes = (base64url: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(base64url, 'base64url'));

abstract class PasskeyHandler {
  constructor(
    @Inject(EVENT_STORE) protected readonly store: EventStore,
    @Inject(SECOND_FACTOR_ACCOUNTS) protected readonly accounts: SecondFactorAccounts,
    @Inject(SECOND_FACTOR_CONFIG) protected readonly config: SecondFactorConfig,
    @Inject(CLOCK) protected readonly clock: Clock,
  ) {}
}

@CommandHandler(StartPasskeyRegistration)
export class StartPasskeyRegistrationHandler extends PasskeyHandler implements ICommandHandler<StartPasskeyRegistration> {
  async execute({ userId, metadata, ids }: StartPasskeyRegistration): Promise<WebAuthnOptionsResult> {
    const { passkeys } = await readPasskeyState(this.store, userId);
    const { challengeId, challenge } = await issueChallenge({ store: this.store, metadata, ids, purpose: 'register', userId, now: this.clock.now() });
    const label = await this.accounts.accountLabel(userId);
    const conf = await generateRegistrationOptions({
      rpName: this.config.rpName,
      rpID: this.config.rpId,
      userName: label,
      userDisplayName: label,
      userID: userHandleOf(userId),
      challenge: bytes(challenge),
      attestationType: 'none',
      excludeCredentials: Object.values(passkeys).map((p) => ({ id: p.credentialId, transports: [...p.transports] })),
      // Passkeys: discoverable, and verified by the device (PIN, fingerprint, face).
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return { conf: { ...conf }, id: challengeId };
  }
}

@CommandHandler(FinishPasskeyRegistration)
export class FinishPasskeyRegistrationHandler extends PasskeyHandler implements ICommandHandler<FinishPasskeyRegistration> {
  async execute({ userId, body, metadata, ids }: FinishPasskeyRegistration): Promise<{ credentialId: string; checkpoint: string }> {
    const now = this.clock.now();
    const expectedChallenge = await consumeChallenge({ store: this.store, metadata, ids, purpose: 'register', userId, challengeId: body.id, now });
    const verification = await verifyRegistrationResponse({
      response: body.credential,
      expectedChallenge,
      expectedOrigin: this.config.origins,
      expectedRPID: this.config.rpId,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw new WebAuthnVerificationFailed((error as Error).message);
    });
    if (!verification.verified) throw new WebAuthnVerificationFailed();
    const info = verification.registrationInfo;
    const result = await runPasskeyCommand({
      store: this.store, metadata, ids,
      command: {
        type: 'RegisterPasskey',
        data: {
          userId,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: info.credential.transports ?? body.credential.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: body.name,
          now,
        },
      },
    });
    return { credentialId: info.credential.id, checkpoint: result.checkpoint };
  }
}

@CommandHandler(RemovePasskey)
export class RemovePasskeyHandler extends PasskeyHandler implements ICommandHandler<RemovePasskey> {
  async execute({ userId, credentialId, metadata, ids }: RemovePasskey): Promise<{ checkpoint: string }> {
    const result = await runPasskeyCommand({
      store: this.store, metadata, ids, command: { type: 'RemovePasskey', data: { userId, credentialId, now: this.clock.now() } },
    });
    return { checkpoint: result.checkpoint };
  }
}

@CommandHandler(StartPasskeyLogin)
export class StartPasskeyLoginHandler extends PasskeyHandler implements ICommandHandler<StartPasskeyLogin> {
  async execute({ metadata, ids }: StartPasskeyLogin): Promise<WebAuthnOptionsResult> {
    const { challengeId, challenge } = await issueChallenge({ store: this.store, metadata, ids, purpose: 'login', userId: null, now: this.clock.now() });
    // No allow-list: the browser offers the site's discoverable passkeys, the account is not named.
    const conf = await generateAuthenticationOptions({ rpID: this.config.rpId, challenge: bytes(challenge), userVerification: 'required' });
    return { conf: { ...conf }, id: challengeId };
  }
}

@CommandHandler(FinishPasskeyLogin)
export class FinishPasskeyLoginHandler extends PasskeyHandler implements ICommandHandler<FinishPasskeyLogin> {
  async execute({ body, device, metadata, ids }: FinishPasskeyLogin): Promise<LoginAnswer> {
    const now = this.clock.now();
    const expectedChallenge = await consumeChallenge({ store: this.store, metadata, ids, purpose: 'login', userId: null, challengeId: body.id, now });
    const userId = Buffer.from(body.userHandle, 'base64url').toString('utf8');
    const passkey = (await readPasskeyState(this.store, userId)).passkeys[body.rawId];
    // Unknown credential or account: the same answer as a bad signature.
    if (!passkey) throw new WebAuthnVerificationFailed(new PasskeyNotFound().message);
    const verification = await verifyAuthenticationResponse({
      response: {
        id: body.rawId,
        rawId: body.rawId,
        type: 'public-key',
        response: { clientDataJSON: body.clientDataJSON, authenticatorData: body.authenticatorData, signature: body.signature, userHandle: body.userHandle },
        clientExtensionResults: {},
      },
      expectedChallenge,
      expectedOrigin: this.config.origins,
      expectedRPID: this.config.rpId,
      credential: { id: passkey.credentialId, publicKey: bytes(passkey.publicKey), counter: passkey.counter, transports: [...passkey.transports] },
      // Passwordless: the passkey is the only factor, so the device must have verified the person.
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw new WebAuthnVerificationFailed((error as Error).message);
    });
    if (!verification.verified) throw new WebAuthnVerificationFailed();
    await runPasskeyCommand({
      store: this.store, metadata, ids,
      command: { type: 'UsePasskey', data: { userId, credentialId: passkey.credentialId, counter: verification.authenticationInfo.newCounter, now } },
    });
    return this.accounts.startSession(userId, device, { metadata, ids });
  }
}
