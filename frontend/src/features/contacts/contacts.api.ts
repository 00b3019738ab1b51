import type {
  blockContactEndpoint, createContactEndpoint, editContactEndpoint, getContactEndpoint, getContactHistoryEndpoint,
  listContactsEndpoint, removeContactEndpoint,
} from '@planwerk/events/contacts/contact.endpoints';
import { api } from '../../app/api';
import { CONTACT_TYPES, type ContactType } from '@planwerk/events/constants';
import { allOf, fromContract, requestOf, route, type RequestOf, type ResponseOf } from '../../app/contract';

// The team's contacts (events/src/contacts/contact.endpoints.ts, issue 15). Every type here comes
// from the declarations; the reads pass the newest own checkpoint (read-your-writes), and each
// command refreshes the list, the contact, its history and the team's activity log.

export type ContactPage = ResponseOf<typeof listContactsEndpoint>;
export type ContactSummary = ContactPage['items'][number];
export type ContactView = ResponseOf<typeof getContactEndpoint>;
export type ContactHistoryEntry = ResponseOf<typeof getContactHistoryEndpoint>['entries'][number];
export type CreateContactBody = RequestOf<typeof createContactEndpoint>['body'];
export type EditContactBody = RequestOf<typeof editContactEndpoint>['body'];
export type ContactStatus = ContactView['status'];
export type ContactDetails = ContactView['details'];
export type ContactDetailField = keyof ContactDetails;
type ListQuery = NonNullable<RequestOf<typeof listContactsEndpoint>['query']>;
export type ContactSort = NonNullable<ListQuery['sort']>;

export { CONTACT_TYPES, type ContactType };
// The contract's lists in its order (a missing or extra member fails typecheck); the contract's
// own arrays live beside zod schemas the console does not load.
export const CONTACT_STATUSES = allOf<ContactStatus>()(['active', 'inactive']);
export const CONTACT_DETAIL_FIELDS = allOf<ContactDetailField>()([
  'firstName', 'lastName', 'company', 'email', 'phone', 'mobile', 'street', 'postcode', 'city', 'country', 'birthDate', 'note',
]);
export const CONTACT_SORTS = allOf<ContactSort>()(['name', '-name', 'created', '-created', 'updated', '-updated']);

/** The list's search, filters and order (the query without paging and checkpoint). */
export interface ContactListArgs {
  teamId: string;
  q?: string;
  type?: ListQuery['type'];
  status?: ListQuery['status'];
  blocked?: ListQuery['blocked'];
  sort: ContactSort;
}

/** Contacts per call: a screenful or two, so scrolling on asks rarely (the endpoint allows 200). */
export const CONTACT_PAGE_SIZE = 100;

const listRoute = route<typeof listContactsEndpoint>('GET /v5/team/{teamId}/contact', 'minCheckpoint');
const contactTag = (contactId: string) => ({ type: 'Contact' as const, id: contactId });
const listTag = (teamId: string) => ({ type: 'Contacts' as const, id: teamId });

export const contactsApi = api.enhanceEndpoints({ addTagTypes: ['Contacts', 'Contact', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    // Paged by offset; the next page starts where the loaded ones end, until `total` is reached.
    listContacts: build.infiniteQuery<ContactPage, ContactListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastOffset) => {
          const next = lastOffset + lastPage.items.length;
          return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
        },
        // After a change the first page is asked again; further pages follow as the person scrolls.
        refetchCachedPages: false,
      },
      query: ({ queryArg: { teamId, ...filter }, pageParam }) => requestOf(listRoute, {
        params: { teamId }, query: { ...filter, limit: CONTACT_PAGE_SIZE, offset: pageParam },
      }),
      transformResponse: (raw: unknown) => raw as ContactPage,
      providesTags: (_result, _error, { teamId }) => [listTag(teamId)],
    }),
    getContact: build.query({
      ...fromContract(route<typeof getContactEndpoint>('GET /v5/team/{teamId}/contact/{contactId}', 'minCheckpoint'), ({ teamId, contactId }: { teamId: string; contactId: string }) => ({
        params: { teamId, contactId }, query: {},
      })),
      providesTags: (_result, _error, { contactId }) => [contactTag(contactId)],
    }),
    getContactHistory: build.query({
      ...fromContract(route<typeof getContactHistoryEndpoint>('GET /v5/team/{teamId}/contact/{contactId}/history', 'minCheckpoint'), ({ teamId, contactId }: { teamId: string; contactId: string }) => ({
        params: { teamId, contactId }, query: {},
      }), (answer) => answer.entries),
      providesTags: (_result, _error, { contactId }) => [contactTag(contactId)],
    }),
    createContact: build.mutation({
      ...fromContract(route<typeof createContactEndpoint>('POST /v5/team/{teamId}/contact'), ({ teamId, body }: { teamId: string; body: CreateContactBody }) => ({
        params: { teamId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId }) => [listTag(teamId), 'Activity'],
    }),
    // A refused edit (409: someone else changed the contact meanwhile) reloads the contact too.
    editContact: build.mutation({
      ...fromContract(route<typeof editContactEndpoint>('PUT /v5/team/{teamId}/contact/{contactId}'), ({ teamId, contactId, body }: { teamId: string; contactId: string; body: EditContactBody }) => ({
        params: { teamId, contactId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId, contactId }) => [contactTag(contactId), listTag(teamId), 'Activity'],
    }),
    blockContact: build.mutation({
      ...fromContract(route<typeof blockContactEndpoint>('PUT /v5/team/{teamId}/contact/{contactId}/block'), ({ teamId, contactId, blocked }: { teamId: string; contactId: string; blocked: boolean }) => ({
        params: { teamId, contactId }, body: { blocked },
      })),
      invalidatesTags: (_result, _error, { teamId, contactId }) => [contactTag(contactId), listTag(teamId), 'Activity'],
    }),
    removeContact: build.mutation({
      ...fromContract(route<typeof removeContactEndpoint>('DELETE /v5/team/{teamId}/contact/{contactId}'), ({ teamId, contactId }: { teamId: string; contactId: string }) => ({
        params: { teamId, contactId },
      })),
      // The contact's own page is left, so only the list and the log are asked again.
      invalidatesTags: (_result, _error, { teamId }) => [listTag(teamId), 'Activity'],
    }),
  }),
});

export const {
  useListContactsInfiniteQuery, useGetContactQuery, useGetContactHistoryQuery, useCreateContactMutation,
  useEditContactMutation, useBlockContactMutation, useRemoveContactMutation,
} = contactsApi;
