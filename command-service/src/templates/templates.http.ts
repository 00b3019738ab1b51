import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { RequiresLogin } from '@planwerk/platform';
import { applyTemplateBody, applyTemplateEndpoint, DomainError, PROJECT_TEMPLATE_IDS } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { TemplatesService } from './templates.service';

const templateParams = z.object({ templateId: z.enum(PROJECT_TEMPLATE_IDS) }).loose();

// A template makes a project of the team: login, then the manage_prj area (as creating one).
@Controller()
export class TemplatesHttp {
  constructor(private readonly runner: CommandRunner, private readonly templates: TemplatesService) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_prj' })
  @Endpoint(applyTemplateEndpoint)
  apply(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const grant = teamAccessOf(request);
    return this.runner.run(applyTemplateEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      if (context.actor.kind !== 'user') throw new DomainError(6011);
      const { templateId } = parseInput(templateParams, params);
      const caller = { teamId: grant.teamId, userId: context.actor.id, level: grant.member.level };
      return this.templates.apply(caller, templateId, parseInput(applyTemplateBody, body), metadata, ids);
    });
  }
}
