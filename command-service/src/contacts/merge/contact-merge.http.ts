import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { mergeContactsBody, mergeContactsEndpoint, undoContactMergeBody, undoContactMergeEndpoint } from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../../shared/http/command-runner';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { ContactMergeService } from './contact-merge.service';

// Merging duplicate contacts (issue 15): manage_contact, as every contact command.
const MANAGE_CONTACT = { kind: 'area', area: 'manage_contact' } as const;
const teamParams = z.object({ teamId: z.uuid() });
const undoParams = z.object({ teamId: z.uuid(), mergeId: z.uuid() });

@Controller()
export class ContactMergeHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly merges: ContactMergeService,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(mergeContactsEndpoint)
  merge(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(mergeContactsEndpoint, request, reply, ({ metadata, ids }) => {
      parseInput(teamParams, params);
      return this.merges.merge(teamId, parseInput(mergeContactsBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(undoContactMergeEndpoint)
  undo(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(undoContactMergeEndpoint, request, reply, ({ metadata, ids }) => {
      const { mergeId } = parseInput(undoParams, params);
      return this.merges.undo(teamId, mergeId, parseInput(undoContactMergeBody, body).survivorId, metadata, ids);
    });
  }
}
