import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import { defaultUserPreferences, DomainError, ok, userPreferencesSchema, type ApiResponse, type UserPreferences } from '@planwerk/events';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { signedInUser } from '../../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';

// GET /v5/user/{uid}/ui (spec section 7): the inline `account_preferences` row, written in the
// transaction of the preference events, so a PUT is visible to the next GET. No row yet: the
// defaults. Only the signed-in user's own uid answers; another uid is 6011.
@Controller('v5/user')
export class GetUserPreferencesHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @RequiresLogin()
  @Get(':uid/ui')
  async get(@Param('uid') uid: string, @Req() request: FastifyRequest): Promise<ApiResponse<UserPreferences>> {
    const user = signedInUser(request);
    if (!user || uid.toLowerCase() !== user.userId) throw new DomainError(6011);
    const row = await this.pool.query<{ preferences: unknown }>('SELECT preferences FROM account_preferences WHERE user_id = $1', [user.userId]);
    const stored = row.rows[0]?.preferences;
    return ok(stored === undefined ? defaultUserPreferences : userPreferencesSchema.parse(stored));
  }
}
