import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import {
  connectUserLinkBody,
  connectUserLinkEndpoint,
  DomainError,
  disconnectUserLinkBody,
  disconnectUserLinkEndpoint,
  type ApiResponse,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { authenticatedSession } from '../shared/http/request-context';
import { UserLinksService } from './user-links.service';

// Spec section 8: the message on connection.
const CONNECTED = { de: 'Du wurdest mit {name} verbunden', en: 'You are now connected with {name}' } as const;

// POST and DELETE /v5/user/link (spec section 7); the list is the query service's GET.
@Controller()
export class UserLinksHttp {
  constructor(
    private readonly links: UserLinksService,
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @Endpoint(connectUserLinkEndpoint)
  connect(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof connectUserLinkEndpoint>>> {
    return this.runner.run(connectUserLinkEndpoint, request, reply, async ({ request: context, metadata, ids }) => {
      const userId = signedInUserId(request);
      const result = await this.links.connect(userId, parseInput(connectUserLinkBody, body), { metadata, ids }, this.clock.now());
      const { name, ...answer } = result;
      return { ...answer, text: CONNECTED[context.language].replace('{name}', name) };
    });
  }

  @RequiresLogin()
  @Endpoint(disconnectUserLinkEndpoint)
  disconnect(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof disconnectUserLinkEndpoint>>> {
    return this.runner.run(disconnectUserLinkEndpoint, request, reply, ({ metadata, ids }) =>
      this.links.disconnect(signedInUserId(request), parseInput(disconnectUserLinkBody, body ?? {}), { metadata, ids }, this.clock.now()));
  }
}

// The guard attached the session (RequiresLogin); without one it already answered 6011.
function signedInUserId(request: FastifyRequest): string {
  const session = authenticatedSession(request.headers);
  if (!session) throw new DomainError(6011);
  return session.userId;
}
