import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  acceptInvitationEndpoint,
  acceptInviteLinkBody,
  acceptInviteLinkEndpoint,
  applyForMembershipEndpoint,
  changeMemberAccessBody,
  changeMemberAccessEndpoint,
  changeMemberLevelBody,
  changeMemberLevelEndpoint,
  decideApplicationBody,
  decideApplicationEndpoint,
  declineInvitationEndpoint,
  disconnectMemberEndpoint,
  DomainError,
  inviteMemberBody,
  inviteMemberEndpoint,
  leaveTeamEndpoint,
  revokeInvitationEndpoint,
  type Actor,
} from '@planwerk/events';
import { loadTeamMembership } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../app/tokens';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { MembershipsService } from './memberships.service';

const inviteParam = z.object({ inviteId: z.uuid() });
const userParam = z.object({ userId: z.uuid() });
const applicationParam = z.object({ applicationId: z.uuid() });
type Reply = FastifyReply;

// Membership routes (ADR 0005, T2). Invitations belong to contact management (spec section 2:
// /manage/contact/invite → manage_contact); members, levels, access and applications to the
// owner and admins (spec section 6: contact/team owner, team settings owner or admin).
@Controller()
export class MembershipsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly memberships: MembershipsService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Endpoint(inviteMemberEndpoint)
  invite(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(inviteMemberEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.invite(grant, userOf(context.actor), parseInput(inviteMemberBody, body), context.language, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Endpoint(revokeInvitationEndpoint)
  revoke(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(revokeInvitationEndpoint, request, reply, ({ metadata, ids }) =>
      this.memberships.revoke(grant, parseInput(inviteParam, params).inviteId, metadata, ids));
  }

  @RequiresLogin()
  @Endpoint(acceptInvitationEndpoint)
  accept(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.runner.run(acceptInvitationEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.acceptByMail(userOf(context.actor), parseInput(inviteParam, params).inviteId, metadata, ids));
  }

  @RequiresLogin()
  @Endpoint(declineInvitationEndpoint)
  decline(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.runner.run(declineInvitationEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.decline(userOf(context.actor), parseInput(inviteParam, params).inviteId, metadata, ids));
  }

  @RequiresLogin()
  @Endpoint(acceptInviteLinkEndpoint)
  acceptLink(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.runner.run(acceptInviteLinkEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.acceptByLink(userOf(context.actor), parseInput(acceptInviteLinkBody, body).data, metadata, ids));
  }

  // Applicants are not members yet: only the team's existence is checked here.
  @RequiresLogin()
  @Endpoint(applyForMembershipEndpoint)
  apply(@Param('teamId') teamRef: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.runner.run(applyForMembershipEndpoint, request, reply, async ({ request: context, metadata, ids }) => {
      const userId = userOf(context.actor);
      const team = await loadTeamMembership(this.pool, teamRef, userId);
      if (!team) throw new DomainError('not_found');
      return this.memberships.apply(team, userId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(decideApplicationEndpoint)
  decideApplication(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(decideApplicationEndpoint, request, reply, ({ metadata, ids }) =>
      this.memberships.decideApplication(grant, parseInput(applicationParam, params).applicationId, parseInput(decideApplicationBody, body).accept, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'team' })
  @Endpoint(leaveTeamEndpoint)
  leave(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(leaveTeamEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.leave(grant, userOf(context.actor), metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(disconnectMemberEndpoint)
  disconnect(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(disconnectMemberEndpoint, request, reply, ({ request: context, metadata, ids }) =>
      this.memberships.manage(grant, userOf(context.actor), { kind: 'disconnect', userId: parseInput(userParam, params).userId }, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(changeMemberLevelEndpoint)
  changeLevel(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(changeMemberLevelEndpoint, request, reply, async ({ request: context, metadata, ids }) => {
      const { level } = parseInput(changeMemberLevelBody, body);
      const result = await this.memberships.manage(grant, userOf(context.actor), { kind: 'level', userId: parseInput(userParam, params).userId, level }, metadata, ids);
      return { ...result, level };
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Endpoint(changeMemberAccessEndpoint)
  changeAccess(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: Reply) {
    const grant = teamAccessOf(request);
    return this.runner.run(changeMemberAccessEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { access } = parseInput(changeMemberAccessBody, body);
      return this.memberships.manage(grant, userOf(context.actor), { kind: 'access', userId: parseInput(userParam, params).userId, access: access as Record<string, string[]> }, metadata, ids);
    });
  }
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
