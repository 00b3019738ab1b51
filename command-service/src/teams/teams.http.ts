import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  changeTeamPlanBody,
  changeTeamPlanEndpoint,
  changeTeamSettingsBody,
  changeTeamSettingsEndpoint,
  createTeamBody,
  createTeamEndpoint,
  DomainError,
  unlockTeamBody,
  unlockTeamEndpoint,
  type Actor,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { TeamsService } from './teams.service';

const teamIdParam = z.object({ teamId: z.uuid() });

// The team routes of ADR 0005. Access: team settings owner or admin, unlocking owner (spec
// section 6); the plan command decides itself (support operators are not members). The slot
// endpoints are the projects feature's (project-slots.http.ts): they decide the project too.
@Controller()
export class TeamsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly teams: TeamsService,
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
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
