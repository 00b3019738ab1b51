import { Controller, Get, Inject, Req } from '@nestjs/common';
import { DomainError, ok, type ApiResponse, type SessionListItem } from '@planwerk/events';
import { type AccountsConfig } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ACCOUNTS_CONFIG } from '../../shared/auth/auth.tokens';
import { signedInUser } from '../../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';

interface SessionRow {
  session_id: string;
  device_name: string;
  device_id: string;
  method: string;
  created_at: Date;
  last_used_at: Date;
}

// GET /v5/user/sessions (/settings/device, /settings/login): the live sessions of the signed-in
// user, from the inline `account_sessions` table (ADR 0004), newest use first. Only the
// caller's own rows are ever read.
@Controller('v5/user')
export class ListUserSessionsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  @RequiresLogin()
  @Get('sessions')
  async list(@Req() request: FastifyRequest): Promise<ApiResponse<{ sessions: SessionListItem[] }>> {
    const user = signedInUser(request);
    if (!user) throw new DomainError(6011);
    const rows = await this.pool.query<SessionRow>(
      `SELECT session_id, device_name, device_id, method, created_at, last_used_at FROM account_sessions
       WHERE user_id = $1 AND revoked_at IS NULL AND idle_expires_at > now() AND absolute_expires_at > now()
       ORDER BY last_used_at DESC, created_at DESC`,
      [user.userId],
    );
    return ok({
      sessions: rows.rows.map((row) => ({
        id: row.session_id, device: row.device_name, deviceId: row.device_id, method: row.method,
        created: row.created_at.toISOString(), lastUsed: row.last_used_at.toISOString(), current: row.session_id === user.sessionId,
      })),
    });
  }
}
