import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  activityLanguageOf, CONTACT_EXPORT_COUNT_HEADER, DomainError, exportContactsQuery, MAX_CONTACT_EXPORT_ROWS, type ExportContactsQuery,
} from '@planwerk/events';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import { CONTACT_COLUMNS, CONTACTS, CONTACTS_PROJECTION, type ContactRow } from '@planwerk/projector';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { liveTable } from '../../shared/projections/live-table';
import { conditions, ORDER, type ContactListFilter } from '../list-contacts/list-contacts.repository';
import { contactExportName, contactExportTable, contactsCsv, contactsXlsx } from './contact-export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET = { de: 'Kontakte', en: 'Contacts', fr: 'Contacts', it: 'Contatti' } as const;
/** Every contact of the list's view, in its order; more than the limit is refused (narrow the view). */
async function exportRows(pool: Pool, filter: Omit<ContactListFilter, 'limit' | 'offset'>): Promise<ContactRow[]> {
  const table = await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  if (table === null) return [];
  const { where, params } = conditions({ ...filter, limit: 1, offset: 0 });
  const { rows } = await pool.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY ${ORDER[filter.sort]} LIMIT $${params.length + 1}`,
    [...params, MAX_CONTACT_EXPORT_ROWS + 1]);
  if (rows.length > MAX_CONTACT_EXPORT_ROWS) throw new DomainError('validation_failed', { field: 'q' });
  return rows;
}

// GET /v5/team/{teamId}/contact/export — the contact list's view as CSV or XLSX (issue 15;
// manage_contact). The file is recorded as an export by the console through the command side
// (POST …/contact/export, ADR 0016): the query side never writes events. The count is in the
// answer's x-contact-count header for that record.
@Controller('v5/team')
export class ExportContactsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/contact/export')
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query(new ZodQueryPipe(exportContactsQuery)) query: ExportContactsQuery,
  ): Promise<void> {
    const { teamId } = teamAccessOf(request);
    const { minCheckpoint, format, lang: asked, ...filter } = query;
    await this.readYourWrites.waitFor(CONTACTS_PROJECTION, minCheckpoint);
    const lang = asked ?? activityLanguageOf(request.headers['accept-language']);
    const rows = await exportRows(this.pool, { ...filter, teamId });
    const table = contactExportTable(rows, lang);
    const now = this.clock.now();
    const body = format === 'csv' ? contactsCsv(table) : await contactsXlsx(table, SHEET[lang]);
    await reply
      .status(200)
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${contactExportName(now, format)}"`)
      .header(CONTACT_EXPORT_COUNT_HEADER, String(rows.length))
      .header('access-control-expose-headers', CONTACT_EXPORT_COUNT_HEADER)
      .header('cache-control', 'no-store')
      .send(body);
  }
}

