import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  cancelSignupEndpoint,
  changeSignupBody,
  changeSignupEndpoint,
  cleanListEndpoint,
  cleanProjectEndpoint,
  clearItemSignupsEndpoint,
  confirmAttendanceBody,
  confirmAttendanceEndpoint,
  DomainError,
  getOwnSignupEndpoint,
  notifyListBody,
  notifyListEndpoint,
  PROJECT_PASSWORD_HEADER,
  SIGNUP_TOKEN_HEADER,
  addSignupBody,
  addSignupEndpoint,
  type Actor,
} from '@planwerk/events';
import { type AccountsConfig, CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import { CommandRunner, type AnswerSecrets } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import type { SignupCaller } from './signup-access';
import { SignupUseCases, signupTokenFor, type SignupAnswer } from './signup-use-cases';

const listParams = z.object({ projectId: z.uuid(), listId: z.uuid() });
const signupParams = listParams.extend({ signupId: z.uuid() });
const itemParams = listParams.extend({ itemId: z.uuid() });
const projectParams = z.object({ projectId: z.uuid() });
// Management routes: manage_prj with the project as its item (ADR 0006).
const MANAGE_PROJECT = { kind: 'area', area: 'manage_prj', item: 'param:projectId' } as const;
// Stands for a visitor's token in a stored answer (the token is derived from the key again).
const DERIVED_TOKEN = 'derived';

// The sign-up routes of ADR 0006. Public routes decide visibility and the caller's role in the
// service (a session, `x-project-password`, `x-signup-token`); management routes are team routes.
@Controller()
export class SignupsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly signups: SignupUseCases,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  // A visitor's token never rests in the key's stored answer: a replay derives it again.
  private readonly tokenSecrets: AnswerSecrets<SignupAnswer> = {
    redact: (body) => ({ ...body, token: body.token === null ? null : DERIVED_TOKEN }),
    restore: (body) => ({ ...body, token: body.token === null ? null : signupTokenFor(this.config.keys, body.signupId) }),
  };

  @Endpoint(addSignupEndpoint)
  add(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(addSignupEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.signups.add(projectId, listId, parseInput(addSignupBody, body), callerOf(context.actor, request), metadata, ids, this.clock.now());
    }, { secrets: this.tokenSecrets });
  }

  @Endpoint(changeSignupEndpoint)
  change(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(changeSignupEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId, listId, signupId } = parseInput(signupParams, params);
      return this.signups.change(projectId, listId, signupId, parseInput(changeSignupBody, body), callerOf(context.actor, request), metadata, ids, this.clock.now());
    });
  }

  @Endpoint(cancelSignupEndpoint)
  cancel(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(cancelSignupEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId, listId, signupId } = parseInput(signupParams, params);
      return this.signups.cancel(projectId, listId, signupId, callerOf(context.actor, request), metadata, ids, this.clock.now());
    });
  }

  @Endpoint(getOwnSignupEndpoint)
  own(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.runner.run(getOwnSignupEndpoint, request, reply, ({ request: context }) => {
      const { projectId, listId, signupId } = parseInput(signupParams, params);
      return this.signups.own(projectId, listId, signupId, callerOf(context.actor, request));
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(confirmAttendanceEndpoint)
  confirmAttendance(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(confirmAttendanceEndpoint, request, reply, ({ metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.signups.confirmAttendance(teamId, projectId, listId, parseInput(confirmAttendanceBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(clearItemSignupsEndpoint)
  clearItem(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(clearItemSignupsEndpoint, request, reply, ({ metadata, ids }) => {
      const { projectId, listId, itemId } = parseInput(itemParams, params);
      return this.signups.clearItem(teamId, projectId, listId, itemId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(cleanListEndpoint)
  cleanList(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(cleanListEndpoint, request, reply, ({ metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.signups.cleanList(teamId, projectId, listId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(cleanProjectEndpoint)
  cleanProject(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(cleanProjectEndpoint, request, reply, ({ metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.signups.cleanProject(teamId, projectId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Endpoint(notifyListEndpoint)
  notify(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(notifyListEndpoint, request, reply, ({ request: context, metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.signups.notify(teamId, projectId, listId, parseInput(notifyListBody, body), userOf(context.actor), metadata, ids, this.clock.now());
    });
  }
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

function callerOf(actor: Actor, request: FastifyRequest): SignupCaller {
  return {
    userId: actor.kind === 'user' ? actor.id : null,
    password: header(request, PROJECT_PASSWORD_HEADER),
    token: header(request, SIGNUP_TOKEN_HEADER),
    // The real client address (trusted proxies only): project password guesses are limited by it.
    clientIp: request.ip,
  };
}

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError(6011);
  return actor.id;
}
