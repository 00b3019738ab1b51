import { Body, Controller, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addCommentBody,
  addCommentEndpoint,
  DomainError,
  removeCommentEndpoint,
  removeCommentParams,
  removeCommentQuery,
  type ApiResponse,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { authenticatedSession } from '../shared/http/request-context';
import { CommentsService } from './comments.service';

// POST /v5/comment and DELETE /v5/comment/{commentId}?path= (spec section 7). Who may comment
// or remove is decided on the project (its visibility and admins), not by a team route.
@Controller()
export class CommentsHttp {
  constructor(
    private readonly comments: CommentsService,
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @Endpoint(addCommentEndpoint)
  add(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof addCommentEndpoint>>> {
    return this.runner.run(addCommentEndpoint, request, reply, ({ metadata, ids }) =>
      this.comments.add(signedInUserId(request), parseInput(addCommentBody, body), metadata, ids, this.clock.now()));
  }

  @RequiresLogin()
  @Endpoint(removeCommentEndpoint)
  remove(
    @Param() params: unknown,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof removeCommentEndpoint>>> {
    return this.runner.run(removeCommentEndpoint, request, reply, ({ metadata, ids }) => {
      const { commentId } = parseInput(removeCommentParams, params);
      const { path } = parseInput(removeCommentQuery, query);
      return this.comments.remove(signedInUserId(request), commentId, path, metadata, ids);
    });
  }
}

// The guard attached the session (RequiresLogin); without one it already answered 6011.
function signedInUserId(request: FastifyRequest): string {
  const session = authenticatedSession(request.headers);
  if (!session) throw new DomainError(6011);
  return session.userId;
}
