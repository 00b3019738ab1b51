import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  blockContactBody,
  blockContactEndpoint,
  contactParams,
  createContactBody,
  createContactEndpoint,
  editContactBody,
  editContactEndpoint,
  removeContactEndpoint,
} from '@planwerk/events';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { ContactsService } from './contacts.service';

// Contact management (spec sections 2 and 6): area manage_contact — owner and admin, space and
// item members with the area listed; plain members 403, non-members 404 (the team guard). The
// team is the guard's; a contact of another team is not found (the decider).
const MANAGE_CONTACT = { kind: 'area', area: 'manage_contact' } as const;
const teamParams = z.object({ teamId: z.uuid() });

@Controller()
export class ContactsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly contacts: ContactsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(createContactEndpoint)
  create(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(createContactEndpoint, request, reply, ({ metadata, ids }) => {
      parseInput(teamParams, params);
      return this.contacts.create(teamId, parseInput(createContactBody, body), metadata, ids, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(editContactEndpoint)
  edit(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(editContactEndpoint, request, reply, ({ metadata, ids }) => {
      const { contactId } = parseInput(contactParams, params);
      return this.contacts.edit(teamId, contactId, parseInput(editContactBody, body), metadata, ids, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(blockContactEndpoint)
  block(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(blockContactEndpoint, request, reply, ({ metadata, ids }) => {
      const { contactId } = parseInput(contactParams, params);
      return this.contacts.block(teamId, contactId, parseInput(blockContactBody, body).blocked, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(removeContactEndpoint)
  remove(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(removeContactEndpoint, request, reply, ({ metadata, ids }) =>
      this.contacts.remove(teamId, parseInput(contactParams, params).contactId, metadata, ids));
  }
}
