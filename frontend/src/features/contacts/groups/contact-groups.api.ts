import type {
  changeContactGroupMembersEndpoint, createContactGroupEndpoint, editContactGroupEndpoint, getContactGroupEndpoint, listContactGroupsEndpoint,
  removeContactGroupEndpoint,
} from '@planwerk/events/contacts/contact-group.endpoints';
import type { listContactsEndpoint } from '@planwerk/events/contacts/contact.endpoints';
import { api } from '../../../app/api';
import { allOf, fromContract, route, type RequestOf, type ResponseOf } from '../../../app/contract';

// The team's contact groups (events/src/contacts/contact-group.endpoints.ts, issue 15). Every type
// comes from the declarations; reads pass the newest own checkpoint (read-your-writes), and each
// command refreshes the groups, the group and the team's activity log.

export type ContactGroupSummary = ResponseOf<typeof listContactGroupsEndpoint>['items'][number];
export type ContactGroupView = ResponseOf<typeof getContactGroupEndpoint>;
export type ContactGroupMember = ContactGroupView['members'][number];
export type ContactGroupKind = ContactGroupSummary['kind'];
export type ContactGroupPolicy = ContactGroupSummary['policy'];
export type CreateContactGroupBody = RequestOf<typeof createContactGroupEndpoint>['body'];
export type EditContactGroupBody = RequestOf<typeof editContactGroupEndpoint>['body'];
type ContactCandidate = ResponseOf<typeof listContactsEndpoint>['items'][number];

// The contract's lists in its order (a missing or extra member fails typecheck).
export const CONTACT_GROUP_KINDS = allOf<ContactGroupKind>()(['group', 'department', 'class']);
export const CONTACT_GROUP_POLICIES = allOf<ContactGroupPolicy>()(['admins', 'request']);
export const CONTACT_GROUP_NAME_MAX = 80;
export const CONTACT_GROUP_DESCRIPTION_MAX = 500;
/** Contacts a search offers at once. */
export const CONTACT_SEARCH_LIMIT = 20;

const listTag = (teamId: string) => ({ type: 'ContactGroups' as const, id: teamId });
const groupTag = (groupId: string) => ({ type: 'ContactGroup' as const, id: groupId });

export const contactGroupsApi = api.enhanceEndpoints({ addTagTypes: ['ContactGroups', 'ContactGroup', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    listContactGroups: build.query({
      ...fromContract(route<typeof listContactGroupsEndpoint>('GET /v5/team/{teamId}/contact/group', 'minCheckpoint'), (teamId: string) => ({
        params: { teamId }, query: {},
      }), (answer) => answer.items),
      providesTags: (_result, _error, teamId) => [listTag(teamId)],
    }),
    getContactGroup: build.query({
      ...fromContract(route<typeof getContactGroupEndpoint>('GET /v5/team/{teamId}/contact/group/{groupId}', 'minCheckpoint'), ({ teamId, groupId }: { teamId: string; groupId: string }) => ({
        params: { teamId, groupId }, query: {},
      })),
      providesTags: (_result, _error, { groupId }) => [groupTag(groupId)],
    }),
    // The contacts list endpoint, searched by name to pick members (first matches only).
    searchGroupCandidates: build.query({
      ...fromContract(route<typeof listContactsEndpoint>('GET /v5/team/{teamId}/contact', 'minCheckpoint'), ({ teamId, q }: { teamId: string; q: string }) => ({
        params: { teamId }, query: { q, limit: CONTACT_SEARCH_LIMIT },
      }), (answer): ContactCandidate[] => answer.items),
    }),
    createContactGroup: build.mutation({
      ...fromContract(route<typeof createContactGroupEndpoint>('POST /v5/team/{teamId}/contact/group'), ({ teamId, body }: { teamId: string; body: CreateContactGroupBody }) => ({
        params: { teamId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId }) => [listTag(teamId), 'Activity'],
    }),
    editContactGroup: build.mutation({
      ...fromContract(route<typeof editContactGroupEndpoint>('PUT /v5/team/{teamId}/contact/group/{groupId}'), ({ teamId, groupId, body }: { teamId: string; groupId: string; body: EditContactGroupBody }) => ({
        params: { teamId, groupId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId, groupId }) => [listTag(teamId), groupTag(groupId), 'Activity'],
    }),
    removeContactGroup: build.mutation({
      ...fromContract(route<typeof removeContactGroupEndpoint>('DELETE /v5/team/{teamId}/contact/group/{groupId}'), ({ teamId, groupId }: { teamId: string; groupId: string }) => ({
        params: { teamId, groupId },
      })),
      invalidatesTags: (_result, _error, { teamId }) => [listTag(teamId), 'Activity'],
    }),
    changeContactGroupMembers: build.mutation({
      ...fromContract(route<typeof changeContactGroupMembersEndpoint>('PUT /v5/team/{teamId}/contact/group/{groupId}/members'), (
        { teamId, groupId, add = [], remove = [] }: { teamId: string; groupId: string; add?: string[]; remove?: string[] },
      ) => ({ params: { teamId, groupId }, body: { add, remove } })),
      invalidatesTags: (_result, _error, { teamId, groupId }) => [listTag(teamId), groupTag(groupId), 'Activity'],
    }),
  }),
});

export const {
  useListContactGroupsQuery, useGetContactGroupQuery, useSearchGroupCandidatesQuery, useCreateContactGroupMutation,
  useEditContactGroupMutation, useRemoveContactGroupMutation, useChangeContactGroupMembersMutation,
} = contactGroupsApi;
