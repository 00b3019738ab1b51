import { CanActivate, Controller, Get, Header, Inject, Injectable, Optional, Query, UseGuards } from '@nestjs/common';
import {
  DomainError,
  getDevStatusEndpoint,
  listDevMailboxEndpoint,
  ok,
  type ApiResponse,
  type DevMail,
  type DevMailboxQuery,
  type DevStatus,
  type MinCheckpointQuery,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { listDevMailbox } from './dev-mailbox.repository';
import { DEV_MODE } from './dev-mode';

// Runs before the query pipe: outside development mode even a malformed request gets the
// plain 404 of an unknown route, so nothing tells that the mailbox exists.
@Injectable()
export class DevModeGuard implements CanActivate {
  constructor(@Optional() @Inject(DEV_MODE) private readonly devMode?: boolean) {}

  canActivate(): boolean {
    if (this.devMode !== true) throw new DomainError('not_found');
    return true;
  }
}

@Controller('v5/dev')
export class DevToolsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Optional() @Inject(DEV_MODE) private readonly devMode?: boolean,
  ) {}

  // Always answered, so the console can hide its developer entry without a failed request.
  @Get('status')
  @Header('cache-control', 'no-cache')
  status(@Query(new ZodQueryPipe(getDevStatusEndpoint.query)) _query: MinCheckpointQuery): ApiResponse<DevStatus> {
    return ok({ devMode: this.devMode === true });
  }

  // Mails carry activation and reset links: never cached.
  @Get('mailbox')
  @UseGuards(DevModeGuard)
  @Header('cache-control', 'no-store')
  async mailbox(@Query(new ZodQueryPipe(listDevMailboxEndpoint.query)) query: DevMailboxQuery): Promise<ApiResponse<{ mails: DevMail[] }>> {
    return ok({ mails: await listDevMailbox(this.pool, query.limit) });
  }
}
