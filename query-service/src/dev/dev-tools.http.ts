import { CanActivate, Controller, Get, Header, Inject, Injectable, Optional, Query, Req, UseGuards, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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
import { isLoopbackAddress, isLoopbackHost } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { listDevMailbox } from './dev-mailbox.repository';
import { DEV_MODE } from './dev-mode';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether the caller is on this machine and asked this machine by name (issue 12): the peer is
 * loopback, the real client address (forwarding headers believed only from trusted proxies;
 * the embedded gateway writes the address it saw) is loopback, and the Host — and a forwarded
 * host, if any — is localhost, 127.0.0.1 or [::1], so a page on another site cannot reach the
 * mailbox through DNS rebinding and a reverse proxy on this host cannot make the world local.
 */
export function isLocalCaller(request: Pick<FastifyRequest, 'headers' | 'ip'> & { socket: { remoteAddress?: string } }): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) return false;
  const forwardedHost = single(request.headers['x-forwarded-host']);
  if (forwardedHost !== undefined && !isLoopbackHost(forwardedHost)) return false;
  return isLoopbackHost(single(request.headers.host));
}

// Runs before the query pipe: outside development mode, and for every caller not on this
// machine, even a malformed request gets the plain 404 of an unknown route — the mailbox holds
// activation and reset links, so it must never answer across the network.
@Injectable()
export class DevModeGuard implements CanActivate {
  constructor(@Optional() @Inject(DEV_MODE) private readonly devMode?: boolean) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.devMode !== true || !isLocalCaller(request)) throw new DomainError('not_found');
    return true;
  }
}

@Controller('v5/dev')
export class DevToolsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Optional() @Inject(DEV_MODE) private readonly devMode?: boolean,
  ) {}

  // Always answered, so the console can hide its developer entries without a failed request.
  // On only where the tools answer (issue 14: developer entries only in dev mode): a caller on
  // another machine would get the mailbox's 404, so it is told development mode is off.
  @Get('status')
  @Header('cache-control', 'no-cache')
  status(
    @Query(new ZodQueryPipe(getDevStatusEndpoint.query)) _query: MinCheckpointQuery,
    @Req() request: FastifyRequest,
  ): ApiResponse<DevStatus> {
    return ok({ devMode: this.devMode === true && isLocalCaller(request) });
  }

  // Mails carry activation and reset links: never cached.
  @Get('mailbox')
  @UseGuards(DevModeGuard)
  @Header('cache-control', 'no-store')
  async mailbox(@Query(new ZodQueryPipe(listDevMailboxEndpoint.query)) query: DevMailboxQuery): Promise<ApiResponse<{ mails: DevMail[] }>> {
    return ok({ mails: await listDevMailbox(this.pool, query.limit) });
  }
}
