import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import {
  contactParams,
  DomainError,
  getContactEndpoint,
  getContactHistoryEndpoint,
  ok,
  type ApiResponse,
  type ContactHistoryEntry,
  type ContactView,
  type EventStore,
} from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import { CONTACTS_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { MemberNames } from '../../shared/people/member-names';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { contactView, findContact, findContactHistory, historyEntryView } from './get-contact.repository';

type MinCheckpointQuery = { minCheckpoint?: string };

// GET /v5/team/{teamId}/contact/{contactId} and …/history (spec section 2, manage/contact/{id};
// access manage_contact). A contact of another team, an unknown or a removed one answers 404
// alike. The history is the contact's events newest first, field by field, with the member's
// name resolved as the activity log resolves it (from the account stream; null once erased).
@Controller('v5/team')
export class GetContactHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/:contactId')
  async contact(
    @Req() request: FastifyRequest,
    @Param('contactId') contactId: string,
    @Query(new ZodQueryPipe(getContactEndpoint.query)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<ContactView>> {
    const { teamId } = teamAccessOf(request);
    const id = parseContactId(contactId);
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, query.minCheckpoint);
    const row = await findContact(this.pool, teamId, id);
    if (row === null) throw new DomainError('not_found', { field: 'contactId' });
    return ok(contactView(row));
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/:contactId/history')
  async history(
    @Req() request: FastifyRequest,
    @Param('contactId') contactId: string,
    @Query(new ZodQueryPipe(getContactHistoryEndpoint.query)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<{ entries: ContactHistoryEntry[] }>> {
    const { teamId } = teamAccessOf(request);
    const id = parseContactId(contactId);
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, query.minCheckpoint);
    // A removed contact's history stays readable: what happened and when, without its values.
    const rows = await findContactHistory(this.pool, teamId, id);
    if (rows.length === 0) throw new DomainError('not_found', { field: 'contactId' });
    const names = await new MemberNames(this.pool, this.store).namesOf(rows.flatMap((row) => (row.actorKind === 'user' ? [row.actorId] : [])));
    return ok({ entries: rows.map((row) => historyEntryView(row, names)) });
  }
}

function parseContactId(contactId: string): string {
  const parsed = contactParams.shape.contactId.safeParse(contactId);
  if (!parsed.success) throw new DomainError('validation_failed', { field: 'contactId' });
  return parsed.data;
}
