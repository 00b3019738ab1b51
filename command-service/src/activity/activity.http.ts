import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  DomainError,
  markProjectSeenBody,
  markProjectSeenEndpoint,
  setActivityRetentionBody,
  setActivityRetentionEndpoint,
  type Actor,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { ActivityService } from './activity.service';

const projectIdParam = z.object({ projectId: z.string().min(1).max(100).regex(/^[A-Za-z0-9_:.-]+$/) });

// ADR 0007. Retention is a team setting (owner or admin, spec section 6); the read position is
// the caller's own, for projects they may manage (manage_prj).
@Controller()
export class ActivityHttp {
  constructor(private readonly runner: CommandRunner, private readonly activity: ActivityService) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(setActivityRetentionEndpoint)
  setRetention(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(setActivityRetentionEndpoint, request, reply, ({ metadata, ids }) =>
      this.activity.setRetention(teamId, parseInput(setActivityRetentionBody, body).days, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_prj', item: 'param:projectId' })
  @Endpoint(markProjectSeenEndpoint)
  markSeen(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(markProjectSeenEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId } = parseInput(projectIdParam, params);
      const { position } = parseInput(markProjectSeenBody, body ?? {});
      return this.activity.markSeen({ userId: userOf(context.actor), teamId, projectId, position }, metadata, ids);
    });
  }
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
