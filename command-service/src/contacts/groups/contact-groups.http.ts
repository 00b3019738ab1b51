import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  changeContactGroupMembersBody,
  changeContactGroupMembersEndpoint,
  createContactGroupBody,
  createContactGroupEndpoint,
  editContactGroupBody,
  editContactGroupEndpoint,
  removeContactGroupEndpoint,
} from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../../shared/http/command-runner';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { ContactGroupsService } from './contact-groups.service';

// Contact groups (spec sections 3, 5 and 6): area manage_contact — owner and admin, space and
// item members with the area listed; plain members 403, non-members 404 (the team guard). A
// group of another team is not found (the decider).
const MANAGE_CONTACT = { kind: 'area', area: 'manage_contact' } as const;
const teamParams = z.object({ teamId: z.uuid() });
const groupParams = z.object({ teamId: z.uuid(), groupId: z.uuid() });

@Controller()
export class ContactGroupsHttp {
  constructor(private readonly runner: CommandRunner, private readonly groups: ContactGroupsService) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(createContactGroupEndpoint)
  create(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(createContactGroupEndpoint, request, reply, ({ metadata, ids }) => {
      parseInput(teamParams, params);
      return this.groups.create(teamId, parseInput(createContactGroupBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(editContactGroupEndpoint)
  edit(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(editContactGroupEndpoint, request, reply, ({ metadata, ids }) => {
      const { groupId } = parseInput(groupParams, params);
      return this.groups.edit(teamId, groupId, parseInput(editContactGroupBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(removeContactGroupEndpoint)
  remove(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(removeContactGroupEndpoint, request, reply, ({ metadata, ids }) =>
      this.groups.remove(teamId, parseInput(groupParams, params).groupId, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(changeContactGroupMembersEndpoint)
  members(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(changeContactGroupMembersEndpoint, request, reply, ({ metadata, ids }) => {
      const { groupId } = parseInput(groupParams, params);
      return this.groups.changeMembers(teamId, groupId, parseInput(changeContactGroupMembersBody, body), metadata, ids);
    });
  }
}
