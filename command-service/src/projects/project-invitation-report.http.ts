import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { reportInvitationBody, reportInvitationEndpoint } from '@planwerk/events';
import { CLOCK, type Clock } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { ProjectInvitationReportService } from './project-invitation-report.service';

const reportParams = z.object({ projectId: z.uuid(), invitationId: z.uuid() });

// The visitor's page reports an invitation's opening or sign-up (issue 14): a public route,
// no login; the service limits it per client address.
@Controller()
export class ProjectInvitationReportHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly reports: ProjectInvitationReportService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Endpoint(reportInvitationEndpoint)
  report(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(reportInvitationEndpoint, request, reply, ({ metadata, ids }) => {
      const { projectId, invitationId } = parseInput(reportParams, params);
      return this.reports.report({ projectId, invitationId, body: parseInput(reportInvitationBody, body), clientIp: request.ip }, metadata, ids, this.clock.now());
    });
  }
}
