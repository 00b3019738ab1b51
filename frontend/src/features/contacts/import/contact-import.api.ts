import type {
  checkContactImportEndpoint, getContactImportDuplicatesEndpoint, getContactImportEndpoint, startContactImportEndpoint, uploadContactImportEndpoint,
} from '@planwerk/events/contacts/contact-import.endpoints';
import { api } from '../../../app/api';
import { allOf, fromContract, requestOf, route, type RequestOf, type ResponseOf } from '../../../app/contract';

// The contact import (events/src/contacts/contact-import.endpoints.ts, issue 15): upload the
// file's bytes, check a mapping (problems from the command side, duplicates from the query
// side), start the job and follow its progress. Types come from the declarations.

export type ContactImportUpload = ResponseOf<typeof uploadContactImportEndpoint>;
export type ContactImportField = NonNullable<ContactImportUpload['columns'][number]['guess']>;
export type ContactImportMapping = Array<ContactImportField | null>;
export type ContactImportCheck = ResponseOf<typeof checkContactImportEndpoint>;
export type ContactImportProblem = ContactImportCheck['problems'][number];
export type ContactImportDuplicate = ResponseOf<typeof getContactImportDuplicatesEndpoint>['duplicates'][number];
export type ContactImportStatus = ResponseOf<typeof getContactImportEndpoint>;
export type StartContactImportBody = RequestOf<typeof startContactImportEndpoint>['body'];

export const CONTACT_IMPORT_FIELDS = allOf<ContactImportField>()([
  'firstName', 'lastName', 'company', 'email', 'phone', 'mobile', 'street', 'postcode', 'city', 'country', 'birthDate', 'note', 'type',
]);
/** Spec section 5's limits, as the contract declares them (CONTACT_IMPORT_LIMITS). */
export const IMPORT_LIMITS = { rows: 10_000, columns: 100, bytes: 10 * 1024 * 1024 } as const;
/** The reasons a file is refused, in the 400's body. */
export interface ImportFileRefusal {
  reason: 'too_large' | 'too_many_rows' | 'too_many_columns' | 'unreadable' | 'empty' | 'unknown_format';
  limit?: number;
  found?: number;
  expected?: string;
}

const uploadRoute = route<typeof uploadContactImportEndpoint>('POST /v5/team/{teamId}/contact/import');

export const contactImportApi = api.enhanceEndpoints({ addTagTypes: ['Contacts', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadContactImport: build.mutation({
      ...fromContract(uploadRoute, ({ teamId, file }: { teamId: string; file: File }) => ({ params: { teamId }, query: { fileName: file.name } })),
      // The file goes as it is, not as JSON.
      query: ({ teamId, file }: { teamId: string; file: File }) => ({
        ...requestOf(uploadRoute, { params: { teamId }, query: { fileName: file.name } }),
        body: file,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    }),
    checkContactImport: build.mutation({
      ...fromContract(route<typeof checkContactImportEndpoint>('POST /v5/team/{teamId}/contact/import/{importId}/check'), ({ teamId, importId, mapping }: { teamId: string; importId: string; mapping: ContactImportMapping }) => ({
        params: { teamId, importId }, body: { mapping },
      })),
    }),
    contactImportDuplicates: build.query({
      ...fromContract(route<typeof getContactImportDuplicatesEndpoint>('GET /v5/team/{teamId}/contact/import/{importId}/duplicates'), ({ teamId, importId, mapping }: { teamId: string; importId: string; mapping: ContactImportMapping }) => ({
        params: { teamId, importId }, query: { mapping: mapping.map((field) => field ?? '').join(',') as never },
      }), (answer) => answer.duplicates),
    }),
    startContactImport: build.mutation({
      ...fromContract(route<typeof startContactImportEndpoint>('POST /v5/team/{teamId}/contact/import/{importId}/start'), ({ teamId, importId, body }: { teamId: string; importId: string; body: StartContactImportBody }) => ({
        params: { teamId, importId }, body,
      })),
    }),
    contactImportStatus: build.query({
      ...fromContract(route<typeof getContactImportEndpoint>('GET /v5/team/{teamId}/contact/import/{importId}'), ({ teamId, importId }: { teamId: string; importId: string }) => ({
        params: { teamId, importId },
      })),
      // The finished import brings new contacts and a log entry.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.state === 'finished') dispatch(api.util.invalidateTags(['Contacts', 'Activity'] as never));
      },
    }),
  }),
});

export const {
  useUploadContactImportMutation, useCheckContactImportMutation, useLazyContactImportDuplicatesQuery, useStartContactImportMutation, useContactImportStatusQuery,
} = contactImportApi;
