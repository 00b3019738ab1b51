import { Body, Controller, Req, Res } from '@nestjs/common';
import {
  activateAccountEndpoint,
  confirmParentConsentEndpoint,
  DomainError,
  failed,
  linkTokenBody,
  logInBody,
  logInEndpoint,
  logOutEndpoint,
  ok,
  restoreSessionEndpoint,
  sessionTokenBody,
  registerBody,
  registerEndpoint,
  type ApiResponse,
  type EndpointDefinition,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { toApiError } from '../shared/http/api-errors';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { readRequestContext } from '../shared/http/request-context';
import { randomIds } from '../shared/idempotency/deterministic-ids';
import { AccountsService, type CommandInput } from './accounts.service';

// Idempotency keys are not honoured here (ADR 0004): a stored answer would keep a session
// token in plaintext. Every call is safe to repeat in effect: a second registration answers 6001,
// a used link 404, a second login opens a second session.
@Controller()
export class AccountsHttp {
  constructor(private readonly accounts: AccountsService) {}

  @Endpoint(registerEndpoint)
  register(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(registerEndpoint, request, reply, (input) => this.accounts.register(parseInput(registerBody, body), input));
  }

  @Endpoint(activateAccountEndpoint)
  activate(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(activateAccountEndpoint, request, reply, (input) => this.accounts.activate(parseInput(linkTokenBody, body), input));
  }

  @Endpoint(confirmParentConsentEndpoint)
  confirmParent(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(confirmParentConsentEndpoint, request, reply, (input) => this.accounts.confirmParent(parseInput(linkTokenBody, body), input));
  }

  @Endpoint(logInEndpoint)
  logIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(logInEndpoint, request, reply, (input) => this.accounts.logIn(parseInput(logInBody, body), { ip: request.ip }, input));
  }

  @Endpoint(restoreSessionEndpoint)
  restore(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(restoreSessionEndpoint, request, reply, () => this.accounts.restore(parseInput(sessionTokenBody, body).token));
  }

  @Endpoint(logOutEndpoint)
  logOut(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(logOutEndpoint, request, reply, (input) => this.accounts.logOut(parseInput(sessionTokenBody, body).token, input));
  }
}

export async function run<T>(
  endpoint: EndpointDefinition,
  request: FastifyRequest,
  reply: FastifyReply,
  execute: (input: CommandInput) => Promise<T>,
): Promise<ApiResponse<T>> {
  const context = readRequestContext(request.headers);
  const ids = randomIds();
  const metadata: CommandMetadata = {
    commandId: ids.next('command'), correlationId: context.correlationId, causationId: null, actor: context.actor, teamId: null,
  };
  try {
    const body = await execute({ metadata, ids });
    const status = endpoint.successStatus ?? 200;
    void reply.status(status);
    return ok(body, status);
  } catch (error) {
    if (!(error instanceof DomainError) && !(error instanceof ZodError)) throw error;
    const apiError = toApiError(error, context.language);
    void reply.status(apiError.status);
    return failed(apiError);
  }
}
