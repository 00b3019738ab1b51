import { Body, Controller, Req, Res } from '@nestjs/common';
import { acceptTeamAgreementBody, acceptTeamAgreementEndpoint } from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { AgreementService } from './agreement.service';

// The team's data-processing agreement is a team setting: owner or admin (spec section 2,
// /settings/admin/{ccLink} "and its agreement").
@Controller()
export class AgreementHttp {
  constructor(private readonly runner: CommandRunner, private readonly agreement: AgreementService) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(acceptTeamAgreementEndpoint)
  accept(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(acceptTeamAgreementEndpoint, request, reply, ({ metadata, ids }) =>
      this.agreement.accept(teamId, parseInput(acceptTeamAgreementBody, body).version, metadata, ids));
  }
}
