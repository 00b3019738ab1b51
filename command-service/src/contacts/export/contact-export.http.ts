import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { recordContactExportBody, recordContactExportEndpoint } from '@planwerk/events';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../../shared/http/command-runner';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { ContactExportService } from './contact-export.service';

const teamParams = z.object({ teamId: z.uuid() });

// POST /v5/team/{teamId}/contact/export — the console records an export it made (ADR 0016),
// manage_contact like the export itself.
@Controller()
export class ContactExportHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly exports: ContactExportService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Endpoint(recordContactExportEndpoint)
  record(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(recordContactExportEndpoint, request, reply, ({ metadata, ids }) => {
      parseInput(teamParams, params);
      return this.exports.record(teamId, parseInput(recordContactExportBody, body), metadata, ids, this.clock.now());
    });
  }
}
