import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import {
  contactImportParams,
  DomainError,
  getContactImportDuplicatesEndpoint,
  getContactImportEndpoint,
  ok,
  type ApiResponse,
  type ContactImportDuplicate,
  type ContactImportMapping,
  type ContactImportStatus,
} from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { findImportDuplicates, findImportStatus } from './contact-import.repository';

// GET …/contact/import/{importId} (progress and summary, the console polls it while the job
// runs) and …/duplicates?mapping= (the dry run's duplicates); manage_contact. An import of
// another team, an unknown or an expired one answers 404.
@Controller('v5/team')
export class ContactImportQueryHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/import/:importId')
  async status(@Req() request: FastifyRequest, @Param() params: unknown): Promise<ApiResponse<ContactImportStatus>> {
    const { teamId } = teamAccessOf(request);
    const { importId } = parseParams(params);
    const status = await findImportStatus(this.pool, teamId, importId);
    if (status === null) throw new DomainError('not_found', { field: 'importId' });
    return ok(status);
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/import/:importId/duplicates')
  async duplicates(
    @Req() request: FastifyRequest,
    @Param() params: unknown,
    @Query(new ZodQueryPipe(getContactImportDuplicatesEndpoint.query)) query: { mapping: ContactImportMapping },
  ): Promise<ApiResponse<{ duplicates: ContactImportDuplicate[] }>> {
    const { teamId } = teamAccessOf(request);
    const { importId } = parseParams(params);
    const duplicates = await findImportDuplicates(this.pool, teamId, importId, query.mapping);
    if (duplicates === null) throw new DomainError('not_found', { field: 'importId' });
    return ok({ duplicates });
  }
}

function parseParams(params: unknown): { importId: string } {
  const parsed = contactImportParams.safeParse(params);
  if (!parsed.success) throw new DomainError('not_found', { field: 'importId' });
  return parsed.data;
}

