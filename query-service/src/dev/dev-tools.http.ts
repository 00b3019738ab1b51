import { CanActivate, Controller, Get, Header, Inject, Injectable, Optional, Query, UseGuards, type ExecutionContext } from '@nestjs/common';
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
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { listDevMailbox } from './dev-mailbox.repository';
import { DEV_MODE } from './dev-mode';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The client's address: the peer, or — when the peer is a gateway on this machine (the
 * embedded gateway overwrites x-forwarded-for with the address it saw) — the forwarded one.
 */
export function clientAddress(request: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } }): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'];
  if (LOOPBACK.test(peer) && typeof forwarded === 'string' && forwarded.trim() !== '') return forwarded.split(',')[0].trim();
  return peer;
}

// Runs before the query pipe: outside development mode, and for every caller not on this
// machine, even a malformed request gets the plain 404 of an unknown route — the mailbox holds
// activation and reset links, so it must never answer across the network.
@Injectable()
export class DevModeGuard implements CanActivate {
  constructor(@Optional() @Inject(DEV_MODE) private readonly devMode?: boolean) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.devMode !== true || !LOOPBACK.test(clientAddress(request))) throw new DomainError('not_found');
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
