import { Body, Controller, Param, Query, Req, Res } from '@nestjs/common';
import {
  deleteAccountBody,
  deleteAccountEndpoint,
  DomainError,
  endOtherSessionsQuery,
  endOtherUserSessionsEndpoint,
  endUserSessionEndpoint,
  exportAccountDataEndpoint,
  putUserPreferencesBody,
  putUserPreferencesEndpoint,
  requestPasswordResetBody,
  requestPasswordResetEndpoint,
  resetPasswordBody,
  resetPasswordEndpoint,
  sessionIdParam,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequiresLogin } from '@planwerk/platform';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { authenticatedSession, type AuthenticatedSession } from '../shared/http/request-context';
import { AccountDataExporter } from './account-data-export';
import { AccountSelfService } from './account-self-service.service';
import { run } from './accounts.http';

// The account's own settings (spec sections 2 and 7): reset, devices and sessions, preferences,
// data export and deletion. Idempotency keys are not honoured, as for the other auth calls.
@Controller()
export class AccountSelfServiceHttp {
  constructor(
    private readonly service: AccountSelfService,
    private readonly exporter: AccountDataExporter,
  ) {}

  @Endpoint(requestPasswordResetEndpoint)
  requestReset(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(requestPasswordResetEndpoint, request, reply, (input) => this.service.requestPasswordReset(parseInput(requestPasswordResetBody, body), input));
  }

  @Endpoint(resetPasswordEndpoint)
  reset(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(resetPasswordEndpoint, request, reply, (input) =>
      this.service.resetPassword(parseInput(resetPasswordBody, body), authenticatedSession(request.headers), input));
  }

  @RequiresLogin()
  @Endpoint(endUserSessionEndpoint)
  endSession(@Param('sessionId') sessionId: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(endUserSessionEndpoint, request, reply, (input) => {
      // A malformed id is no session of this user either.
      if (!sessionIdParam.safeParse(sessionId).success) throw new DomainError('not_found', { field: 'sessionId' });
      return this.service.endSessions(signedIn(request), { kind: 'one', sessionId: sessionId.toLowerCase() }, input);
    });
  }

  @RequiresLogin()
  @Endpoint(endOtherUserSessionsEndpoint)
  endOthers(@Query() query: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(endOtherUserSessionsEndpoint, request, reply, (input) => {
      parseInput(endOtherSessionsQuery, query);
      return this.service.endSessions(signedIn(request), { kind: 'others' }, input);
    });
  }

  @RequiresLogin()
  @Endpoint(putUserPreferencesEndpoint)
  putPreferences(@Param('uid') uid: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(putUserPreferencesEndpoint, request, reply, (input) => {
      const session = signedIn(request);
      // Only one's own preferences: another uid is answered as not authorised (6011).
      if (uid.toLowerCase() !== session.userId) throw new DomainError(6011);
      return this.service.putPreferences(session.userId, parseInput(putUserPreferencesBody, body), input);
    });
  }

  @RequiresLogin()
  @Endpoint(exportAccountDataEndpoint)
  exportData(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(exportAccountDataEndpoint, request, reply, () => this.exporter.export(signedIn(request).userId));
  }

  @RequiresLogin()
  @Endpoint(deleteAccountEndpoint)
  deleteAccount(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return run(deleteAccountEndpoint, request, reply, (input) => this.service.deleteAccount(signedIn(request), parseInput(deleteAccountBody, body), input));
  }
}

// The guard attached the session before the handler (RequiresLogin); without one it answered 6011.
function signedIn(request: FastifyRequest): AuthenticatedSession {
  const session = authenticatedSession(request.headers);
  if (!session) throw new DomainError(6011);
  return session;
}
