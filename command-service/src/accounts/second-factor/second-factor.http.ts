import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  confirmTotpEndpoint,
  disableTotpEndpoint,
  DomainError,
  getSecondFactorStatusEndpoint,
  regenerateRecoveryCodesEndpoint,
  secondFactorCodeBody,
  secureLoginBody,
  secureLoginEndpoint,
  setUpTotpEndpoint,
  type ApiResponse,
  type EndpointDefinition,
  type EventStore,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_STORE } from '../../app/tokens';
import { CommandRunner, type CommandContext } from '../../shared/http/command-runner';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { SECOND_FACTOR_ACCOUNTS, type DeviceInfo, type SecondFactorAccounts } from './second-factor-accounts.port';
import { readPasskeyState, readSecondFactorState } from './second-factor.streams';
import { CompleteSecondFactorLogin } from './secure-login/secure-login.command';
import { ConfirmTotp, DisableTotp, RegenerateRecoveryCodes, SetUpTotp } from './totp-settings/totp-settings.commands';

type Answer<E extends EndpointDefinition> = Promise<ApiResponse<ResponseOf<E>>>;

/** The signed-in account of a settings request; anyone else gets 401. */
export async function requireUser(accounts: SecondFactorAccounts, request: FastifyRequest, context: CommandContext): Promise<string> {
  const userId = await accounts.signedInUser(request.headers.authorization);
  // Same answer as every other login-only call: the session is missing or expired (6011).
  if (userId === null) throw new DomainError(6011);
  return userId;
}

/** Device id and browser identifier for the session the accounts core issues. */
export function deviceOf(request: FastifyRequest, context: CommandContext, body: { device?: string; name?: string } = {}): DeviceInfo {
  const device = body.device ?? context.request.deviceId;
  if (!device) throw new DomainError('validation_failed', { field: 'device' });
  const agent = request.headers['user-agent'];
  return { deviceId: device, name: body.name || (typeof agent === 'string' ? agent : '') };
}

@Controller()
export class SecondFactorHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    @Inject(SECOND_FACTOR_ACCOUNTS) private readonly accounts: SecondFactorAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Endpoint(getSecondFactorStatusEndpoint)
  status(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof getSecondFactorStatusEndpoint> {
    return this.runner.run(getSecondFactorStatusEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      const [secondFactor, passkeys] = await Promise.all([readSecondFactorState(this.store, userId), readPasskeyState(this.store, userId)]);
      return {
        totp: {
          enabled: secondFactor.totp.status === 'on',
          pending: secondFactor.totp.status === 'pending',
          recoveryCodesLeft: secondFactor.recoveryCodeHashes.length,
        },
        passkeys: Object.values(passkeys.passkeys).map(({ credentialId, name, transports, registeredAt, lastUsedAt }) => ({
          credentialId, name, transports: [...transports], registeredAt, lastUsedAt,
        })),
      };
    });
  }

  @Endpoint(setUpTotpEndpoint)
  setUp(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof setUpTotpEndpoint> {
    return this.runner.run(setUpTotpEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      return this.commands.execute(new SetUpTotp(userId, context.metadata, context.ids));
    });
  }

  @Endpoint(confirmTotpEndpoint)
  confirm(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof confirmTotpEndpoint> {
    return this.runner.run(confirmTotpEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      const { code } = parseInput(secondFactorCodeBody, body);
      return this.commands.execute(new ConfirmTotp(userId, code, context.metadata, context.ids));
    });
  }

  @Endpoint(disableTotpEndpoint)
  disable(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof disableTotpEndpoint> {
    return this.runner.run(disableTotpEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      const { code } = parseInput(secondFactorCodeBody, body);
      return this.commands.execute(new DisableTotp(userId, code, context.metadata, context.ids));
    });
  }

  @Endpoint(regenerateRecoveryCodesEndpoint)
  regenerate(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof regenerateRecoveryCodesEndpoint> {
    return this.runner.run(regenerateRecoveryCodesEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      const { code } = parseInput(secondFactorCodeBody, body);
      return this.commands.execute(new RegenerateRecoveryCodes(userId, code, context.metadata, context.ids));
    });
  }

  @Endpoint(secureLoginEndpoint)
  secure(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof secureLoginEndpoint> {
    return this.runner.run(secureLoginEndpoint, request, reply, async (context) => {
      // Spec section 5: mode, code and state are required; a missing one is named.
      const input = parseInput(secureLoginBody, body);
      return this.commands.execute(new CompleteSecondFactorLogin(input, deviceOf(request, context, input), context.metadata, context.ids));
    });
  }
}
