import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { listMergeSuggestionsQuery, ok, type ApiResponse, type MergeSuggestion } from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import { CONTACT_COLUMNS, CONTACTS, CONTACTS_PROJECTION, type ContactRow } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { liveTable } from '../../shared/projections/live-table';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { summaryOf } from '../list-contacts/list-contacts.repository';
import { mergeSuggestions, type Candidate } from './merge-suggestions';

type Query = z.output<typeof listMergeSuggestionsQuery>;

// GET /v5/team/{teamId}/contact/merge/suggestions — likely duplicates of the team's contacts
// (issue 15; manage_contact). The team's names, e-mails and birth dates are read once and paired
// in memory (merge-suggestions.ts); merged contacts are not in the read model.
@Controller('v5/team')
export class ListMergeSuggestionsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/merge/suggestions')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(listMergeSuggestionsQuery)) query: Query): Promise<ApiResponse<{ suggestions: MergeSuggestion[] }>> {
    const { teamId } = teamAccessOf(request);
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, query.minCheckpoint);
    const table = await liveTable(this.pool, CONTACTS_PROJECTION, CONTACTS);
    if (table === null) return ok({ suggestions: [] });
    const { rows } = await this.pool.query<Candidate>(
      `SELECT contact_id::text AS "contactId", first_name AS "firstName", last_name AS "lastName", email,
              coalesce(to_char(birth_date, 'YYYY-MM-DD'), '') AS "birthDate"
         FROM ${table} WHERE team_id = $1`, [teamId]);
    const pairs = mergeSuggestions(rows, query.limit);
    const ids = [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))];
    const contacts = new Map((await this.pool.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM ${table} WHERE contact_id = ANY($1::uuid[])`, [ids]))
      .rows.map((row) => [row.contactId, summaryOf(row)]));
    const suggestions = pairs.flatMap((pair) => {
      const [a, b] = [contacts.get(pair.a), contacts.get(pair.b)];
      return a && b ? [{ a, b, score: pair.score, reasons: pair.reasons }] : [];
    });
    return ok({ suggestions });
  }
}
