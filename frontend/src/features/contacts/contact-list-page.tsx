import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useManagedTeam } from '../projects';
import { EmptyState } from '../../shared/empty-state';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, Plus, Search, Users } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { untyped } from '../../shared/untyped-messages';
import { ContactRows } from './contact-rows';
import { ContactAreaTabs } from './contact-area-tabs';
import { ContactExportMenu } from './export/contact-export-menu';
import { contactPaths } from './contact.paths';
import { contactImportPaths } from './import/contact-import.paths';
import { importMessages } from './import/contact-import.messages';
import { CONTACT_STATUSES, CONTACT_TYPES, useListContactsInfiniteQuery, type ContactListArgs, type ContactSort } from './contacts.api';
import { contactMessages, fieldMessages, STATUS_LABEL, TYPE_LABEL } from './contacts.messages';
import './contacts.css';

const messages = untyped(defineMessages({
  search: { id: 'contacts.list.search', defaultMessage: 'Suchen', description: 'Search field of the contact list' },
  searchHint: { id: 'contacts.list.searchHint', defaultMessage: 'Name, Firma, E-Mail, Telefon oder Ort', description: 'Placeholder of the contact search: what it searches' },
  all: { id: 'contacts.list.all', defaultMessage: 'Alle', description: 'Filter option: no filter' },
  blockedFilter: { id: 'contacts.list.blockedFilter', defaultMessage: 'Sperre', description: 'Filter by blocked or not' },
  blockedOnly: { id: 'contacts.list.blockedOnly', defaultMessage: 'gesperrt', description: 'Filter option: only blocked contacts' },
  notBlocked: { id: 'contacts.list.notBlocked', defaultMessage: 'nicht gesperrt', description: 'Filter option: only contacts that are not blocked' },
  sort: { id: 'contacts.list.sort', defaultMessage: 'Sortierung', description: 'Sort order of the contact list' },
  sortName: { id: 'contacts.list.sortName', defaultMessage: 'Name', description: 'Sort: by name A to Z' },
  sortNewest: { id: 'contacts.list.sortNewest', defaultMessage: 'Neueste zuerst', description: 'Sort: newest contacts first' },
  sortUpdated: { id: 'contacts.list.sortUpdated', defaultMessage: 'Zuletzt geändert', description: 'Sort: last changed first' },
  count: { id: 'contacts.list.count', defaultMessage: '{count, plural, one {# Kontakt} other {# Kontakte}}', description: 'How many contacts match' },
  emptyTitle: { id: 'contacts.list.emptyTitle', defaultMessage: 'Noch keine Kontakte', description: 'Empty state: the team has no contacts' },
  emptyText: {
    id: 'contacts.list.emptyText',
    defaultMessage: 'Hier sammelt das Team die Menschen, mit denen es zu tun hat: Kontakte, Mitglieder sowie Mitarbeiterinnen und Mitarbeiter – mit Adresse, Telefon und Notizen.',
    description: 'Empty state: what the contacts are for',
  },
  searchEmpty: { id: 'contacts.list.searchEmpty', defaultMessage: 'Kein Kontakt passt zu „{search}“.', description: 'The search matches no contact' },
  filterEmpty: { id: 'contacts.list.filterEmpty', defaultMessage: 'Kein Kontakt passt zu diesen Filtern.', description: 'The filters match no contact' },
  reset: { id: 'contacts.list.reset', defaultMessage: 'Suche und Filter zurücksetzen', description: 'Clears the search and the filters' },
  more: { id: 'contacts.list.more', defaultMessage: 'Weitere Kontakte laden', description: 'Loads the next contacts' },
}));

const SORTS: readonly { value: ContactSort; label: keyof typeof messages }[] = [
  { value: 'name', label: 'sortName' }, { value: '-created', label: 'sortNewest' }, { value: '-updated', label: 'sortUpdated' },
];
// Search as you type asks the server once the typing pauses.
const SEARCH_DELAY_MS = 250;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((entry) => entry === value);
}

/** The list's search, filters and order live in the address, so "back" from a contact keeps them. */
function useListArgs(teamId: string): [ContactListArgs, (key: 'q' | 'type' | 'status' | 'blocked' | 'sort', value: string) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const args: ContactListArgs = {
    teamId,
    q: params.get('q')?.trim() || undefined,
    type: oneOf(CONTACT_TYPES, params.get('type')),
    status: oneOf(CONTACT_STATUSES, params.get('status')),
    blocked: oneOf(['true', 'false'] as const, params.get('blocked')),
    sort: oneOf(SORTS.map((sort) => sort.value), params.get('sort')) ?? 'name',
  };
  const set = (key: 'q' | 'type' | 'status' | 'blocked' | 'sort', value: string) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (value === '' || (key === 'sort' && value === 'name')) next.delete(key);
    else next.set(key, value);
    return next;
  }, { replace: true });
  return [args, set, () => setParams(new URLSearchParams(), { replace: true })];
}

/** /manage/{ccLink}/contact: the team's contacts. */
export function ContactListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(contactMessages.list));
  const team = useManagedTeam();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <ContactList teamId={team.teamId} ccLink={team.link} />;
}

function ContactList({ teamId, ccLink }: { teamId: string; ccLink: string }) {
  const intl = useIntl();
  const [args, setArg, resetArgs] = useListArgs(teamId);
  const [search, setSearch] = useState(args.q ?? '');
  const latest = useRef({ q: args.q, setArg });
  useEffect(() => {
    latest.current = { q: args.q, setArg };
  });
  useEffect(() => {
    if (search.trim() === (latest.current.q ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.setArg('q', search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data, currentData, error, isLoading, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = useListContactsInfiniteQuery(args);
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;
  const filtered = args.q !== undefined || args.type !== undefined || args.status !== undefined || args.blocked !== undefined;
  const settled = currentData !== undefined;

  return (
    <div className="page contacts">
      <header className="page-head">
        <h1>{intl.formatMessage(contactMessages.list)}</h1>
        <div className="actions">
          <ContactExportMenu args={args} />
          <Link className="button" to={contactImportPaths.import.href(ccLink)}>{intl.formatMessage(importMessages.entry)}</Link>
          <Link className="button button--primary" to={contactPaths.create.href(ccLink)}><Icon of={Plus} /> {intl.formatMessage(contactMessages.create)}</Link>
        </div>
      </header>
      <ContactAreaTabs ccLink={ccLink} />
      <div className="toolbar contact-toolbar" role="search">
        <div className="field contact-toolbar__search">
          <label htmlFor="contact-search">{intl.formatMessage(messages.search)}</label>
          <span className="contact-search">
            <Icon of={Search} />
            <input
              id="contact-search"
              className="input"
              type="search"
              value={search}
              maxLength={100}
              placeholder={intl.formatMessage(messages.searchHint)}
              onChange={(event) => setSearch(event.target.value)}
            />
          </span>
        </div>
        <Filter id="contact-type" label={intl.formatMessage(fieldMessages.type)} value={args.type ?? ''} onChange={(value) => setArg('type', value)}>
          <option value="">{intl.formatMessage(messages.all)}</option>
          {CONTACT_TYPES.map((type) => <option key={type} value={type}>{intl.formatMessage(TYPE_LABEL[type])}</option>)}
        </Filter>
        <Filter id="contact-status" label={intl.formatMessage(fieldMessages.status)} value={args.status ?? ''} onChange={(value) => setArg('status', value)}>
          <option value="">{intl.formatMessage(messages.all)}</option>
          {CONTACT_STATUSES.map((status) => <option key={status} value={status}>{intl.formatMessage(STATUS_LABEL[status])}</option>)}
        </Filter>
        <Filter id="contact-blocked" label={intl.formatMessage(messages.blockedFilter)} value={args.blocked ?? ''} onChange={(value) => setArg('blocked', value)}>
          <option value="">{intl.formatMessage(messages.all)}</option>
          <option value="true">{intl.formatMessage(messages.blockedOnly)}</option>
          <option value="false">{intl.formatMessage(messages.notBlocked)}</option>
        </Filter>
        <Filter id="contact-sort" label={intl.formatMessage(messages.sort)} value={args.sort} onChange={(value) => setArg('sort', value)}>
          {SORTS.map((sort) => <option key={sort.value} value={sort.value}>{intl.formatMessage(messages[sort.label])}</option>)}
        </Filter>
      </div>
      <ApiErrorAlert error={error} />
      {isLoading && <Skeleton shape="table" rows={6} />}
      {data && total > 0 && (
        <p className="contact-count" role="status" aria-busy={isFetching && !isFetchingNextPage}>
          {intl.formatMessage(messages.count, { count: total })}
        </p>
      )}
      {settled && total === 0 && !filtered && (
        <EmptyState icon={Users} title={intl.formatMessage(messages.emptyTitle)} text={intl.formatMessage(messages.emptyText)}>
          <Link className="button button--primary" to={contactPaths.create.href(ccLink)}>{intl.formatMessage(contactMessages.create)}</Link>
        </EmptyState>
      )}
      {settled && total === 0 && filtered && (
        <div className="contact-none">
          <p role="status">{args.q ? intl.formatMessage(messages.searchEmpty, { search: args.q }) : intl.formatMessage(messages.filterEmpty)}</p>
          <button type="button" className="button" onClick={() => { setSearch(''); resetArgs(); }}>{intl.formatMessage(messages.reset)}</button>
        </div>
      )}
      {items.length > 0 && (
        <div className={isFetching && !isFetchingNextPage ? 'contact-results contact-results--busy' : 'contact-results'}>
          <ContactRows
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
