import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { listContactsQuery, ok, type ApiResponse, type ContactPage, type ListContactsQuery } from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import { CONTACTS_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { listContacts } from './list-contacts.repository';

// GET /v5/team/{teamId}/contact — the team's contacts (spec section 2, manage/contact; access
// manage_contact): search as you type, filters by type, status and blocked, an order and a page.
@Controller('v5/team')
export class ListContactsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(listContactsQuery)) query: ListContactsQuery): Promise<ApiResponse<ContactPage>> {
    const { teamId } = teamAccessOf(request);
    const { minCheckpoint, ...filter } = query;
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, minCheckpoint);
    return ok(await listContacts(this.pool, { ...filter, teamId }));
  }
}
