import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  claimActiveProjectSlotBody,
  claimActiveProjectSlotEndpoint,
  DomainError,
  releaseActiveProjectSlotEndpoint,
  type EndpointDefinition,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { CommandRunner, type CommandContext } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { ProjectSlotsService } from './project-slots.service';
import type { ProjectCaller } from './projects.service';

const projectIdParam = z.object({ projectId: z.uuid() }).loose();

// The slot endpoints of ADR 0005 (owner or admin, spec section 6). They live beside the
// project decider so that no path moves a slot without the project's status (issue 12).
@Controller()
export class ProjectSlotsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly slots: ProjectSlotsService,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(claimActiveProjectSlotEndpoint)
  claim(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(claimActiveProjectSlotEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.slots.claim(caller, parseInput(claimActiveProjectSlotBody, body).projectId, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(releaseActiveProjectSlotEndpoint)
  release(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(releaseActiveProjectSlotEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.slots.release(caller, parseInput(projectIdParam, params).projectId, metadata, ids));
  }

  private run<T>(endpoint: EndpointDefinition, request: FastifyRequest, reply: FastifyReply, handler: (caller: ProjectCaller, context: CommandContext) => Promise<T>) {
    const grant = teamAccessOf(request);
    return this.runner.run(endpoint, request, reply, (context) => {
      if (context.request.actor.kind !== 'user') throw new DomainError(6011);
      return handler({ teamId: grant.teamId, userId: context.request.actor.id, level: grant.member.level }, context);
    });
  }
}
