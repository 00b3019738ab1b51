import { Body, Controller, Req, Res } from '@nestjs/common';
import { preferredLanguage, requestSupportBody, requestSupportEndpoint } from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { SupportService } from './support.service';

// Writing to the operator of this installation is a team setting (/settings/admin/contact):
// owner or admin of the team the request is about.
@Controller()
export class SupportHttp {
  constructor(private readonly runner: CommandRunner, private readonly support: SupportService) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(requestSupportEndpoint)
  request(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    const language = preferredLanguage(request.headers['accept-language']);
    return this.runner.run(requestSupportEndpoint, request, reply, ({ metadata, ids }) =>
      this.support.request(teamId, { ...parseInput(requestSupportBody, body), language }, metadata, ids));
  }
}
