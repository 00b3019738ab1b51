import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  changeTeamPlanBody,
  changeTeamPlanEndpoint,
  changeTeamSettingsBody,
  changeTeamSettingsEndpoint,
  claimActiveProjectSlotBody,
  claimActiveProjectSlotEndpoint,
  createTeamBody,
  createTeamEndpoint,
  DomainError,
  releaseActiveProjectSlotEndpoint,
  unlockTeamBody,
  unlockTeamEndpoint,
  type Actor,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '../shared/auth/requires-login.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { TeamSlotsService } from './team-slots.service';
import { TeamsService } from './teams.service';

const projectIdParam = z.object({ projectId: z.uuid() });
const teamIdParam = z.object({ teamId: z.uuid() });

// The team routes of ADR 0005. Access: team settings and slots owner or admin, unlocking owner
// (spec section 6); the plan command decides itself (support operators are not members).
@Controller()
export class TeamsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly teams: TeamsService,
    private readonly slots: TeamSlotsService,
  ) {}

  @RequiresLogin()
  @Endpoint(createTeamEndpoint)
  create(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(createTeamEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.teams.create(userOf(context.actor), parseInput(createTeamBody, body), metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(changeTeamSettingsEndpoint)
  changeSettings(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(changeTeamSettingsEndpoint, request, reply, ({ metadata, ids }) =>
      this.teams.changeSettings(teamId, parseInput(changeTeamSettingsBody, body), metadata, ids));
  }

  @RequiresLogin()
  @Endpoint(changeTeamPlanEndpoint)
  changePlan(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(changeTeamPlanEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { teamId } = parseInput(teamIdParam, params);
      return this.teams.changePlan(userOf(context.actor), teamId, parseInput(changeTeamPlanBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner'] })
  @Endpoint(unlockTeamEndpoint)
  unlock(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(unlockTeamEndpoint, request, reply, ({ metadata, ids }) =>
      this.teams.unlock(teamId, parseInput(unlockTeamBody, body).projectId, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(claimActiveProjectSlotEndpoint)
  claim(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(claimActiveProjectSlotEndpoint, request, reply, async ({ metadata, ids }) => {
      const { projectId } = parseInput(claimActiveProjectSlotBody, body);
      const { blocked: _blocked, ...answer } = await this.slots.claim(teamId, projectId, metadata, ids);
      return answer;
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(releaseActiveProjectSlotEndpoint)
  release(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(releaseActiveProjectSlotEndpoint, request, reply, async ({ metadata, ids }) => {
      const { projectId } = parseInput(projectIdParam, params);
      const { blocked: _blocked, ...answer } = await this.slots.release(teamId, projectId, metadata, ids);
      return answer;
    });
  }
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
