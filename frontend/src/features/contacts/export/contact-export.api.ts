import type { exportContactsEndpoint, recordContactExportEndpoint } from '@planwerk/events/contacts/contact-export.endpoints';
import { api } from '../../../app/api';
import { fromContract, route, urlOf, type RequestOf } from '../../../app/contract';
import type { ContactListArgs } from '../contacts.api';

// The contact list's export (events/src/contacts/contact-export.endpoints.ts): the file from the
// query service, then the record of the export on the command side (ADR 0016).

export type ContactExportFormat = 'csv' | 'xlsx';
export type ContactExportLanguage = 'de' | 'en' | 'fr' | 'it';
export type RecordContactExportBody = RequestOf<typeof recordContactExportEndpoint>['body'];

/** The answer's header with how many contacts the file holds. */
export const CONTACT_COUNT_HEADER = 'x-contact-count';

const exportRoute = route<typeof exportContactsEndpoint>('GET /v5/team/{teamId}/contact/export', 'minCheckpoint');

/** The file of exactly the list's view: its search, filters and order. */
export function contactExportUrl({ teamId, ...filter }: ContactListArgs, format: ContactExportFormat, lang: ContactExportLanguage): string {
  return urlOf(exportRoute, { params: { teamId }, query: { ...filter, format, lang } });
}

export const contactExportApi = api.enhanceEndpoints({ addTagTypes: ['Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    recordContactExport: build.mutation({
      ...fromContract(route<typeof recordContactExportEndpoint>('POST /v5/team/{teamId}/contact/export'), ({ teamId, body }: { teamId: string; body: RecordContactExportBody }) => ({
        params: { teamId }, body,
      })),
      invalidatesTags: ['Activity'],
    }),
  }),
});

export const { useRecordContactExportMutation } = contactExportApi;
