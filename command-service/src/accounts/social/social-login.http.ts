import { Body, Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  completeSocialLoginBody, completeSocialLoginEndpoint, ok, startSocialLoginBody, startSocialLoginEndpoint,
  type ApiResponse, type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandMetadata } from '../../shared/commands/decide-and-append';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { readRequestContext } from '../../shared/http/request-context';
import { randomIds } from '../../shared/idempotency/deterministic-ids';
import { CompleteSocialLogin } from './complete-social-login/complete-social-login.command';
import { StartSocialLogin } from './start-social-login/start-social-login.command';

// Not through the CommandRunner: Idempotency-Keys are ignored on auth endpoints (ADR 0004),
// because a stored answer would keep the session token (and the state) in plaintext.
// Errors travel to the global filter, which answers them in the wrapper.
@Controller()
export class SocialLoginHttp {
  constructor(private readonly commands: CommandBus) {}

  @Endpoint(startSocialLoginEndpoint)
  async start(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof startSocialLoginEndpoint>>> {
    const context = readRequestContext(request.headers);
    const input = parseInput(startSocialLoginBody, body);
    const answer = await this.commands.execute(new StartSocialLogin({ ...input, deviceId: context.deviceId }));
    void reply.status(200);
    return ok(answer);
  }

  @Endpoint(completeSocialLoginEndpoint)
  async complete(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof completeSocialLoginEndpoint>>> {
    const context = readRequestContext(request.headers);
    const input = parseInput(completeSocialLoginBody, body);
    const ids = randomIds();
    const metadata: CommandMetadata = {
      commandId: ids.next('command'), correlationId: context.correlationId, causationId: null, actor: context.actor, teamId: null,
    };
    const answer = await this.commands.execute(new CompleteSocialLogin(input, metadata, ids));
    void reply.status(200);
    return ok(answer);
  }
}
