import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  chooseOrganiserNotificationsBody,
  chooseOrganiserNotificationsEndpoint,
  DomainError,
  getSignupNotificationSettingsEndpoint,
  setListReminderBody,
  setListReminderEndpoint,
  type Actor,
} from '@planwerk/events';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { OrganiserNotificationsService } from './organiser-notifications.service';

const projectParams = z.object({ projectId: z.uuid() });
const listParams = projectParams.extend({ listId: z.uuid() });
// Management routes: manage_prj with the project as its item (ADR 0006, ADR 0013).
const MANAGE_PROJECT = { kind: 'area', area: 'manage_prj', item: 'param:projectId' } as const;

@Controller()
export class OrganiserNotificationsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly notifications: OrganiserNotificationsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(setListReminderEndpoint)
  setReminder(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(setListReminderEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      const { reminder } = parseInput(setListReminderBody, body);
      return this.notifications.setReminder(teamId, projectId, listId, reminder, userOf(context.actor), metadata, ids, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(chooseOrganiserNotificationsEndpoint)
  choose(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(chooseOrganiserNotificationsEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      const { mode } = parseInput(chooseOrganiserNotificationsBody, body);
      return this.notifications.choose(teamId, projectId, mode, userOf(context.actor), metadata, ids, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(getSignupNotificationSettingsEndpoint)
  settings(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(getSignupNotificationSettingsEndpoint, request, reply, ({ request: context }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.notifications.settings(teamId, projectId, userOf(context.actor));
    });
  }
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
