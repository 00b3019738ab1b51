import { Controller, Get, Inject, Req } from '@nestjs/common';
import { DomainError, listUserLinksEndpoint, ok, type ApiResponse, type ResponseOf } from '@planwerk/events';
import { listUserLinks } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { signedInUser } from '../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';

// GET /v5/user/link (spec section 7): the signed-in user's link list, from the inline tables
// `team_members`, `teams` and `user_links`, so a connect shows up on the next read.
@Controller()
export class ListUserLinksHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @RequiresLogin()
  @Get(listUserLinksEndpoint.path.slice(1))
  async list(@Req() request: FastifyRequest): Promise<ApiResponse<ResponseOf<typeof listUserLinksEndpoint>>> {
    const user = signedInUser(request);
    if (!user) throw new DomainError(6011);
    return ok({ links: await listUserLinks(this.pool, user.userId) });
  }
}
