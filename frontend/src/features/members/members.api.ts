import type {
  changeMemberSettingsEndpoint, changeMembershipEndpoint, endMembershipEndpoint, getMemberEndpoint, getMemberSettingsEndpoint,
  listMembersEndpoint, startMembershipEndpoint,
} from '@planwerk/events/members/member.endpoints';
import type { listContactsEndpoint } from '@planwerk/events/contacts/contact.endpoints';
import { api } from '../../app/api';
import { allOf, fromContract, requestOf, route, type RequestOf, type ResponseOf } from '../../app/contract';

// The team's members (events/src/members/member.endpoints.ts, issue 15). Every type comes from
// the declarations; the reads pass the newest own checkpoint (read-your-writes), and each command
// refreshes the list, the member, the settings (member counts), the contacts and the activity log.

export type MemberPage = ResponseOf<typeof listMembersEndpoint>;
export type MemberSummary = MemberPage['items'][number];
export type MemberView = ResponseOf<typeof getMemberEndpoint>;
export type MemberSettingsView = ResponseOf<typeof getMemberSettingsEndpoint>;
export type FeeCategoryView = MemberSettingsView['feeCategories'][number];
export type StartMembershipBody = RequestOf<typeof startMembershipEndpoint>['body'];
export type ChangeMembershipBody = RequestOf<typeof changeMembershipEndpoint>['body'];
export type MemberSettingsBody = RequestOf<typeof changeMemberSettingsEndpoint>['body'];
export type MemberStatus = MemberView['status'];
export type FeeInterval = NonNullable<MemberView['feeInterval']>;
export type Currency = NonNullable<MemberView['fee']>['currency'];
type ListQuery = NonNullable<RequestOf<typeof listMembersEndpoint>['query']>;
export type MemberSort = NonNullable<ListQuery['sort']>;
export type ContactChoice = ResponseOf<typeof listContactsEndpoint>['items'][number];

// The contract's lists in its order (a missing or extra member fails typecheck).
export const MEMBER_STATUSES = allOf<MemberStatus>()(['active', 'passive', 'honorary', 'left']);
export const FEE_INTERVALS = allOf<FeeInterval>()(['year', 'half_year', 'quarter', 'month']);
export const CURRENCIES = allOf<Currency>()(['EUR', 'CHF']);
export const MEMBER_SORTS = allOf<MemberSort>()(['number', '-number', 'name', '-name', 'entry', '-entry']);
/** The statuses a membership is started or changed to (leaving is its own action). */
export const OPEN_STATUSES = ['active', 'passive', 'honorary'] as const satisfies readonly MemberStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** The list's search, filters and order (the query without paging and checkpoint). */
export interface MemberListArgs {
  teamId: string;
  q?: string;
  status?: MemberStatus;
  feeCategoryId?: string;
  sort: MemberSort;
}

/** Members per call: a screenful or two (the endpoint allows 200). */
export const MEMBER_PAGE_SIZE = 100;
/** Contacts offered when picking one to make a member. */
const CONTACT_CHOICES = 8;

const listRoute = route<typeof listMembersEndpoint>('GET /v5/team/{teamId}/member', 'minCheckpoint');
const contactRoute = route<typeof listContactsEndpoint>('GET /v5/team/{teamId}/contact', 'minCheckpoint');
const memberTag = (contactId: string) => ({ type: 'Member' as const, id: contactId });
const listTag = (teamId: string) => ({ type: 'Members' as const, id: teamId });
const settingsTag = (teamId: string) => ({ type: 'MemberSettings' as const, id: teamId });
// The contact's own screens show the membership too (type member, its history).
const contactTag = (contactId: string) => ({ type: 'Contact' as const, id: contactId });

export const membersApi = api.enhanceEndpoints({ addTagTypes: ['Members', 'Member', 'MemberSettings', 'Contacts', 'Contact', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    // Paged by offset; the next page starts where the loaded ones end, until `total` is reached.
    listMembers: build.infiniteQuery<MemberPage, MemberListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastOffset) => {
          const next = lastOffset + lastPage.items.length;
          return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
        },
        refetchCachedPages: false,
      },
      query: ({ queryArg: { teamId, ...filter }, pageParam }) => requestOf(listRoute, {
        params: { teamId }, query: { ...filter, limit: MEMBER_PAGE_SIZE, offset: pageParam },
      }),
      transformResponse: (raw: unknown) => raw as MemberPage,
      providesTags: (_result, _error, { teamId }) => [listTag(teamId)],
    }),
    getMember: build.query({
      ...fromContract(route<typeof getMemberEndpoint>('GET /v5/team/{teamId}/member/{contactId}', 'minCheckpoint'), ({ teamId, contactId }: { teamId: string; contactId: string }) => ({
        params: { teamId, contactId }, query: {},
      })),
      providesTags: (_result, _error, { contactId }) => [memberTag(contactId)],
    }),
    getMemberSettings: build.query({
      ...fromContract(route<typeof getMemberSettingsEndpoint>('GET /v5/team/{teamId}/member/settings', 'minCheckpoint'), ({ teamId }: { teamId: string }) => ({
        params: { teamId }, query: {},
      })),
      providesTags: (_result, _error, { teamId }) => [settingsTag(teamId)],
    }),
    // The team's contacts that match the typed text, for "an existing contact".
    searchContacts: build.query({
      ...fromContract(contactRoute, ({ teamId, q }: { teamId: string; q: string }) => ({
        params: { teamId }, query: { q, sort: 'name' as const, limit: CONTACT_CHOICES },
      }), (answer) => answer.items),
      providesTags: (_result, _error, { teamId }) => [{ type: 'Contacts' as const, id: teamId }],
    }),
    startMembership: build.mutation({
      ...fromContract(route<typeof startMembershipEndpoint>('POST /v5/team/{teamId}/member'), ({ teamId, body }: { teamId: string; body: StartMembershipBody }) => ({
        params: { teamId }, body,
      })),
      invalidatesTags: (result, _error, { teamId }) => [
        listTag(teamId), settingsTag(teamId), { type: 'Contacts' as const, id: teamId }, 'Activity',
        ...(result ? [memberTag(result.contactId), contactTag(result.contactId)] : []),
      ],
    }),
    // A refused change (409: someone else changed the member meanwhile) reloads the member too.
    changeMembership: build.mutation({
      ...fromContract(route<typeof changeMembershipEndpoint>('PUT /v5/team/{teamId}/member/{contactId}'), ({ teamId, contactId, body }: { teamId: string; contactId: string; body: ChangeMembershipBody }) => ({
        params: { teamId, contactId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId, contactId }) => [memberTag(contactId), contactTag(contactId), listTag(teamId), settingsTag(teamId), 'Activity'],
    }),
    endMembership: build.mutation({
      ...fromContract(route<typeof endMembershipEndpoint>('POST /v5/team/{teamId}/member/{contactId}/end'), ({ teamId, contactId, exitDate }: { teamId: string; contactId: string; exitDate: string }) => ({
        params: { teamId, contactId }, body: { exitDate },
      })),
      invalidatesTags: (_result, _error, { teamId, contactId }) => [memberTag(contactId), contactTag(contactId), listTag(teamId), settingsTag(teamId), 'Activity'],
    }),
    changeMemberSettings: build.mutation({
      ...fromContract(route<typeof changeMemberSettingsEndpoint>('PUT /v5/team/{teamId}/member/settings'), ({ teamId, body }: { teamId: string; body: MemberSettingsBody }) => ({
        params: { teamId }, body,
      })),
      // Category names stand in the list and on every member's page.
      invalidatesTags: (_result, _error, { teamId }) => [settingsTag(teamId), listTag(teamId), 'Member', 'Activity'],
    }),
  }),
});

export const {
  useListMembersInfiniteQuery, useGetMemberQuery, useGetMemberSettingsQuery, useSearchContactsQuery, useStartMembershipMutation,
  useChangeMembershipMutation, useEndMembershipMutation, useChangeMemberSettingsMutation,
} = membersApi;
