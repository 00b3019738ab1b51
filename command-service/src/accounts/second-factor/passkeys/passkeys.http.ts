import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  finishPasskeyLoginEndpoint,
  finishPasskeyRegistrationEndpoint,
  passkeyLoginBody,
  registerPasskeyBody,
  removePasskeyEndpoint,
  startPasskeyLoginEndpoint,
  startPasskeyRegistrationEndpoint,
  type ApiResponse,
  type EndpointDefinition,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommandRunner } from '../../../shared/http/command-runner';
import { Endpoint } from '../../../shared/http/endpoint.decorator';
import { parseInput } from '../../../shared/http/parse-input';
import { SECOND_FACTOR_ACCOUNTS, type SecondFactorAccounts } from '../second-factor-accounts.port';
import { deviceOf, requireUser } from '../second-factor.http';
import { FinishPasskeyLogin, FinishPasskeyRegistration, RemovePasskey, StartPasskeyLogin, StartPasskeyRegistration } from './passkeys.commands';

type Answer<E extends EndpointDefinition> = Promise<ApiResponse<ResponseOf<E>>>;

@Controller()
export class PasskeysHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    @Inject(SECOND_FACTOR_ACCOUNTS) private readonly accounts: SecondFactorAccounts,
  ) {}

  @Endpoint(startPasskeyRegistrationEndpoint)
  startRegistration(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof startPasskeyRegistrationEndpoint> {
    return this.runner.run(startPasskeyRegistrationEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      return this.commands.execute(new StartPasskeyRegistration(userId, context.metadata, context.ids));
    });
  }

  @Endpoint(finishPasskeyRegistrationEndpoint)
  finishRegistration(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof finishPasskeyRegistrationEndpoint> {
    return this.runner.run(finishPasskeyRegistrationEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      const input = parseInput(registerPasskeyBody, body);
      return this.commands.execute(new FinishPasskeyRegistration(userId, input, context.metadata, context.ids));
    });
  }

  @Endpoint(removePasskeyEndpoint)
  remove(@Param('credentialId') credentialId: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof removePasskeyEndpoint> {
    return this.runner.run(removePasskeyEndpoint, request, reply, async (context) => {
      const userId = await requireUser(this.accounts, request, context);
      return this.commands.execute(new RemovePasskey(userId, credentialId, context.metadata, context.ids));
    });
  }

  @Endpoint(startPasskeyLoginEndpoint)
  startLogin(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof startPasskeyLoginEndpoint> {
    return this.runner.run(startPasskeyLoginEndpoint, request, reply, (context) =>
      this.commands.execute(new StartPasskeyLogin(context.metadata, context.ids)));
  }

  @Endpoint(finishPasskeyLoginEndpoint)
  finishLogin(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Answer<typeof finishPasskeyLoginEndpoint> {
    return this.runner.run(finishPasskeyLoginEndpoint, request, reply, async (context) => {
      const input = parseInput(passkeyLoginBody, body);
      return this.commands.execute(new FinishPasskeyLogin(input, deviceOf(request, context), context.metadata, context.ids));
    });
  }
}
