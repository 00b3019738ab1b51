import { Controller, Get, Inject, Req } from '@nestjs/common';
import { DomainError, ok, type ApiResponse, type SessionListItem } from '@planwerk/events';
import { CLOCK, listLiveSessions, type Clock } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { signedInUser } from '../../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';

// GET /v5/user/sessions (/settings/device, /settings/login): the live sessions of the signed-in
// user, from the inline `account_sessions` table (ADR 0004), newest use first. Only the
// caller's own rows are ever read.
@Controller('v5/user')
export class ListUserSessionsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @Get('sessions')
  async list(@Req() request: FastifyRequest): Promise<ApiResponse<{ sessions: SessionListItem[] }>> {
    const user = signedInUser(request);
    if (!user) throw new DomainError(6011);
    const sessions = await listLiveSessions(this.pool, user.userId, this.clock.now());
    return ok({
      sessions: sessions.map((session) => ({
        id: session.sessionId, device: session.deviceName, deviceId: session.deviceId, method: session.method,
        created: session.createdAt.toISOString(), lastUsed: session.lastUsedAt.toISOString(), current: session.sessionId === user.sessionId,
      })),
    });
  }
}
