import { Controller, Get, Inject, Query } from '@nestjs/common';
import {
  DomainError,
  getAccountDetailsEndpoint,
  ok,
  type AccountDetailsQuery,
  type ApiResponse,
} from '@planwerk/events';
import { emailKeyFor, findLoginByEmailKey, type AccountsConfig } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { ACCOUNTS_CONFIG } from '../../shared/auth/auth.tokens';

// GET /v5/auth/details (spec section 7): the login type of the account, `password` or the
// social provider's name (`google`, `apple`, ...). Both uid and mail must match one account,
// so the answer tells nothing to someone who does not know both (6005).
@Controller('v5/auth')
export class GetAccountDetailsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  @Get('details')
  async details(@Query(new ZodQueryPipe(getAccountDetailsEndpoint.query)) query: AccountDetailsQuery): Promise<ApiResponse<{ type: string }>> {
    const login = await findLoginByEmailKey(this.pool, emailKeyFor(this.config.keys, query.mail));
    if (!login || login.userId !== query.uid) throw new DomainError(6005);
    return ok({ type: login.socialProvider ?? login.loginType });
  }
}
