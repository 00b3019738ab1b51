import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { ContactAreaTabs } from '../contacts';
import { useManagedTeam } from '../projects';
import { EmptyState } from '../../shared/empty-state';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, Plus, Search, Settings, Users } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { untyped } from '../../shared/untyped-messages';
import { MemberNewDialog } from './member-new-dialog';
import { MemberRows } from './member-rows';
import { MemberSettingsDialog } from './member-settings-dialog';
import {
  MEMBER_STATUSES, useGetMemberSettingsQuery, useListMembersInfiniteQuery, type MemberListArgs, type MemberSort,
} from './members.api';
import { MEMBER_STATUS_LABEL, memberFieldMessages, memberMessages } from './members.messages';
import './members.css';

const messages = untyped(defineMessages({
  search: { id: 'members.list.search', defaultMessage: 'Suchen', description: 'Search field of the member list' },
  searchHint: { id: 'members.list.searchHint', defaultMessage: 'Name, E-Mail oder Mitgliedsnummer', description: 'Placeholder of the member search: what it searches' },
  all: { id: 'members.list.all', defaultMessage: 'Alle', description: 'Filter option: no filter' },
  sort: { id: 'members.list.sort', defaultMessage: 'Sortierung', description: 'Sort order of the member list' },
  sortNumber: { id: 'members.list.sortNumber', defaultMessage: 'Nummer', description: 'Sort: by member number' },
  sortName: { id: 'members.list.sortName', defaultMessage: 'Name', description: 'Sort: by name A to Z' },
  sortEntry: { id: 'members.list.sortEntry', defaultMessage: 'Eintritt', description: 'Sort: by entry date, earliest first' },
  count: { id: 'members.list.count', defaultMessage: '{count, plural, one {# Mitglied} other {# Mitglieder}}', description: 'How many members match' },
  emptyTitle: { id: 'members.list.emptyTitle', defaultMessage: 'Noch keine Mitglieder', description: 'Empty state: the team has no members' },
  emptyText: {
    id: 'members.list.emptyText',
    defaultMessage: 'Hier führt das Team seine Mitglieder: mit Mitgliedsnummer, Eintritt und Austritt, Status und Beitragsart.',
    description: 'Empty state: what the member list is for',
  },
  searchEmpty: { id: 'members.list.searchEmpty', defaultMessage: 'Kein Mitglied passt zu „{search}“.', description: 'The search matches no member' },
  filterEmpty: { id: 'members.list.filterEmpty', defaultMessage: 'Kein Mitglied passt zu diesen Filtern.', description: 'The filters match no member' },
  reset: { id: 'members.list.reset', defaultMessage: 'Suche und Filter zurücksetzen', description: 'Clears the search and the filters' },
  more: { id: 'members.list.more', defaultMessage: 'Weitere Mitglieder laden', description: 'Loads the next members' },
}));

const SORTS: readonly { value: MemberSort; label: 'sortNumber' | 'sortName' | 'sortEntry' }[] = [
  { value: 'number', label: 'sortNumber' }, { value: 'name', label: 'sortName' }, { value: 'entry', label: 'sortEntry' },
];
// Search as you type asks the server once the typing pauses.
const SEARCH_DELAY_MS = 250;
type ArgKey = 'q' | 'status' | 'fee' | 'sort';

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((entry) => entry === value);
}

/** The list's search, filters and order live in the address, so "back" from a member keeps them. */
function useListArgs(teamId: string): [MemberListArgs, (key: ArgKey, value: string) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const args: MemberListArgs = {
    teamId,
    q: params.get('q')?.trim() || undefined,
    status: oneOf(MEMBER_STATUSES, params.get('status')),
    feeCategoryId: params.get('fee') || undefined,
    sort: oneOf(SORTS.map((sort) => sort.value), params.get('sort')) ?? 'number',
  };
  const set = (key: ArgKey, value: string) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (value === '' || (key === 'sort' && value === 'number')) next.delete(key);
    else next.set(key, value);
    return next;
  }, { replace: true });
  return [args, set, () => setParams(new URLSearchParams(), { replace: true })];
}

/** /manage/{ccLink}/member: the team's members. */
export function MemberListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(memberMessages.list));
  const team = useManagedTeam();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <MemberList teamId={team.teamId} ccLink={team.link} />;
}

function MemberList({ teamId, ccLink }: { teamId: string; ccLink: string }) {
  const intl = useIntl();
  const [args, setArg, resetArgs] = useListArgs(teamId);
  const [search, setSearch] = useState(args.q ?? '');
  const [open, setOpen] = useState<'new' | 'settings' | null>(null);
  const latest = useRef({ q: args.q, setArg });
  useEffect(() => {
    latest.current = { q: args.q, setArg };
  });
  useEffect(() => {
    if (search.trim() === (latest.current.q ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.setArg('q', search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data: settings } = useGetMemberSettingsQuery({ teamId });
  const { data, currentData, error, isLoading, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = useListMembersInfiniteQuery(args);
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;
  const filtered = args.q !== undefined || args.status !== undefined || args.feeCategoryId !== undefined;
  const settled = currentData !== undefined;
  const createButton = (
    <button type="button" className="button button--primary" onClick={() => setOpen('new')}><Icon of={Plus} /> {intl.formatMessage(memberMessages.create)}</button>
  );

  return (
    <div className="page members">
      <header className="page-head">
        <h1>{intl.formatMessage(memberMessages.list)}</h1>
        <div className="actions">
          <button type="button" className="button" onClick={() => setOpen('settings')}><Icon of={Settings} /> {intl.formatMessage(memberMessages.settings)}</button>
          {createButton}
        </div>
      </header>
      <ContactAreaTabs ccLink={ccLink} />
      <div className="toolbar member-toolbar" role="search">
        <div className="field member-toolbar__search">
          <label htmlFor="member-search">{intl.formatMessage(messages.search)}</label>
          <span className="member-search">
            <Icon of={Search} />
            <input
              id="member-search"
              className="input"
              type="search"
              value={search}
              maxLength={100}
              placeholder={intl.formatMessage(messages.searchHint)}
              onChange={(event) => setSearch(event.target.value)}
            />
          </span>
        </div>
        <Filter id="member-status" label={intl.formatMessage(memberFieldMessages.status)} value={args.status ?? ''} onChange={(value) => setArg('status', value)}>
          <option value="">{intl.formatMessage(messages.all)}</option>
          {MEMBER_STATUSES.map((status) => <option key={status} value={status}>{intl.formatMessage(MEMBER_STATUS_LABEL[status])}</option>)}
        </Filter>
        <Filter id="member-fee" label={intl.formatMessage(memberFieldMessages.feeCategory)} value={args.feeCategoryId ?? ''} onChange={(value) => setArg('fee', value)}>
          <option value="">{intl.formatMessage(messages.all)}</option>
          {settings?.feeCategories.map((category) => <option key={category.categoryId} value={category.categoryId}>{category.name}</option>)}
        </Filter>
        <Filter id="member-sort" label={intl.formatMessage(messages.sort)} value={args.sort} onChange={(value) => setArg('sort', value)}>
          {SORTS.map((sort) => <option key={sort.value} value={sort.value}>{intl.formatMessage(messages[sort.label])}</option>)}
        </Filter>
      </div>
      <ApiErrorAlert error={error} />
      {isLoading && <Skeleton shape="table" rows={6} />}
      {data && total > 0 && (
        <p className="member-count" role="status" aria-busy={isFetching && !isFetchingNextPage}>
          {intl.formatMessage(messages.count, { count: total })}
        </p>
      )}
      {settled && total === 0 && !filtered && (
        <EmptyState icon={Users} title={intl.formatMessage(messages.emptyTitle)} text={intl.formatMessage(messages.emptyText)}>
          {createButton}
        </EmptyState>
      )}
      {settled && total === 0 && filtered && (
        <div className="member-none">
          <p role="status">{args.q ? intl.formatMessage(messages.searchEmpty, { search: args.q }) : intl.formatMessage(messages.filterEmpty)}</p>
          <button type="button" className="button" onClick={() => { setSearch(''); resetArgs(); }}>{intl.formatMessage(messages.reset)}</button>
        </div>
      )}
      {items.length > 0 && (
        <div className={isFetching && !isFetchingNextPage ? 'member-results member-results--busy' : 'member-results'}>
          <MemberRows
            ccLink={ccLink}
            items={items}
            total={total}
            hasMore={hasNextPage && !error}
            loadingMore={isFetchingNextPage}
            onLoadMore={() => void fetchNextPage()}
          />
          {hasNextPage && !isFetchingNextPage && (
            <div className="actions actions--centered">
              <button type="button" className="button" onClick={() => void fetchNextPage()}>{intl.formatMessage(messages.more)}</button>
            </div>
          )}
        </div>
      )}
      {open === 'new' && <MemberNewDialog teamId={teamId} ccLink={ccLink} settings={settings} onClose={() => setOpen(null)} />}
      {open === 'settings' && <MemberSettingsDialog teamId={teamId} onClose={() => setOpen(null)} />}
    </div>
  );
}

function Filter({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>{children}</select>
    </div>
  );
}
