import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import {
  DomainError,
  getContactGroupEndpoint,
  listContactGroupsEndpoint,
  ok,
  type ApiResponse,
  type ContactGroupSummary,
  type ContactGroupView,
} from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import { CONTACT_GROUPS_PROJECTION, CONTACTS_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { findContactGroup, listContactGroups } from './contact-groups.repository';

type MinCheckpointQuery = { minCheckpoint?: string };
const MANAGE_CONTACT = { kind: 'area', area: 'manage_contact' } as const;
const groupId = z.uuid();

// GET /v5/team/{teamId}/contact/group and …/group/{groupId} (spec section 3, contact groups;
// access manage_contact). A group of another team, an unknown or a removed one answers 404 alike.
// The static `group` segment is matched before the contacts' `{contactId}`.
@Controller('v5/team')
export class ContactGroupsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Get(':teamId/contact/group')
  async list(
    @Req() request: FastifyRequest,
    @Query(new ZodQueryPipe(listContactGroupsEndpoint.query)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<{ items: ContactGroupSummary[] }>> {
    const { teamId } = teamAccessOf(request);
    await this.readYourWrites.waitFor(CONTACT_GROUPS_PROJECTION, query.minCheckpoint);
    return ok({ items: await listContactGroups(this.pool, teamId) });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Get(':teamId/contact/group/:groupId')
  async get(
    @Req() request: FastifyRequest,
    @Param('groupId') id: string,
    @Query(new ZodQueryPipe(getContactGroupEndpoint.query)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<ContactGroupView>> {
    const { teamId } = teamAccessOf(request);
    const parsed = groupId.safeParse(id);
    if (!parsed.success) throw new DomainError('validation_failed', { field: 'groupId' });
    // The members' names come from the contacts read model: a contact added a moment ago is named
    // once that projection has reached the same checkpoint.
    await this.readYourWrites.waitFor(CONTACT_GROUPS_PROJECTION, query.minCheckpoint);
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, query.minCheckpoint);
    const group = await findContactGroup(this.pool, teamId, parsed.data);
    if (group === null) throw new DomainError('not_found', { field: 'groupId' });
    return ok(group);
  }
}
