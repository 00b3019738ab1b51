import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { Checkbox } from '../../../shared/form';
import { Icon, Search, UserPlus } from '../../../shared/icons';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { Skeleton } from '../../../shared/skeleton';
import { Modal } from '../../../shared/ui';
import { untyped } from '../../../shared/untyped-messages';
import {
  useChangeContactGroupMembersMutation, useGetContactGroupQuery, useSearchGroupCandidatesQuery, type ContactGroupSummary,
} from './contact-groups.api';
import { groupMessages } from './contact-groups.messages';

const messages = untyped(defineMessages({
  title: { id: 'contacts.groups.members.title', defaultMessage: 'Mitglieder: {name}', description: 'Title of the members dialog of a group' },
  list: { id: 'contacts.groups.members.list', defaultMessage: 'Mitglieder der Gruppe', description: 'Accessible name of the member list' },
  none: { id: 'contacts.groups.members.none', defaultMessage: 'Noch keine Mitglieder. Suche unten nach Kontakten, um sie aufzunehmen.', description: 'The group has no members yet' },
  remove: { id: 'contacts.groups.members.remove', defaultMessage: 'Entfernen', description: 'Takes a contact out of the group' },
  removeNamed: { id: 'contacts.groups.members.removeNamed', defaultMessage: '{name} aus der Gruppe entfernen', description: 'Accessible name of the remove button of one member' },
  unnamed: { id: 'contacts.groups.members.unnamed', defaultMessage: 'Ohne Namen', description: 'A member whose contact has no name (yet)' },
  addHeading: { id: 'contacts.groups.members.addHeading', defaultMessage: 'Kontakte aufnehmen', description: 'Heading of the part that adds contacts' },
  search: { id: 'contacts.groups.members.search', defaultMessage: 'Kontakte suchen', description: 'Search field for contacts to add' },
  searchHint: { id: 'contacts.groups.members.searchHint', defaultMessage: 'Name, Firma oder E-Mail', description: 'Placeholder of the contact search' },
  candidates: { id: 'contacts.groups.members.candidates', defaultMessage: 'Gefundene Kontakte', description: 'Accessible name of the search results' },
  noMatch: { id: 'contacts.groups.members.noMatch', defaultMessage: 'Kein Kontakt passt zu „{search}“.', description: 'The search finds no contact' },
  already: { id: 'contacts.groups.members.already', defaultMessage: 'bereits Mitglied', description: 'Marks a found contact that is a member already' },
  add: { id: 'contacts.groups.members.add', defaultMessage: '{count, plural, =0 {Auswählen und hinzufügen} one {# Kontakt hinzufügen} other {# Kontakte hinzufügen}}', description: 'Adds the chosen contacts' },
  chosen: { id: 'contacts.groups.members.chosen', defaultMessage: 'Ausgewählt: {names}', description: 'The contacts chosen to add, by name' },
  added: { id: 'contacts.groups.members.added', defaultMessage: '{count, plural, one {# Kontakt aufgenommen} other {# Kontakte aufgenommen}}', description: 'Confirmation after adding contacts' },
}));

const SEARCH_DELAY_MS = 250;

/** A group's members with remove, and a search of the team's contacts to add several at once. */
export function ContactGroupMembers({ teamId, group, onClose }: { teamId: string; group: ContactGroupSummary; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data, isLoading } = useGetContactGroupQuery({ teamId, groupId: group.groupId });
  const [change, changeState] = useChangeContactGroupMembersMutation();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const candidates = useSearchGroupCandidatesQuery({ teamId, q });
  const members = data?.members ?? [];
  const memberIds = new Set(members.map((member) => member.contactId));
  const nameOf = (displayName: string) => displayName || intl.formatMessage(messages.unnamed);

  function choose(contactId: string, name: string, on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(contactId, name);
      else next.delete(contactId);
      return next;
    });
  }

  async function add() {
    const result = await change({ teamId, groupId: group.groupId, add: [...chosen.keys()] });
    if (!result.data) return;
    setChosen(new Map());
    dispatch(popupShown({ message: messages.added, values: { count: result.data.added }, tone: 'success' }));
  }

  return (
    <Modal title={intl.formatMessage(messages.title, { name: group.name })} onClose={onClose} wide>
      <div className="group-members">
        <h3>{intl.formatMessage(groupMessages.memberCount, { count: data?.memberCount ?? group.memberCount })}</h3>
        {isLoading && <Skeleton shape="list" rows={3} />}
        {data && members.length === 0 && <p className="hint">{intl.formatMessage(messages.none)}</p>}
        {members.length > 0 && (
          <ul className="group-members__list" aria-label={intl.formatMessage(messages.list)}>
            {members.map((member) => (
              <li key={member.contactId} className="group-member">
                <span className="group-member__name">
                  <strong>{nameOf(member.displayName)}</strong>
                  {member.email && <small>{member.email}</small>}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={intl.formatMessage(messages.removeNamed, { name: nameOf(member.displayName) })}
                  disabled={changeState.isLoading}
                  onClick={() => void change({ teamId, groupId: group.groupId, remove: [member.contactId] })}
                >
                  {intl.formatMessage(messages.remove)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <ProjectErrorAlert error={changeState.error} />
        <h3>{intl.formatMessage(messages.addHeading)}</h3>
        <div className="field">
          <label htmlFor="group-member-search">{intl.formatMessage(messages.search)}</label>
          <span className="group-search">
            <Icon of={Search} />
            <input
              id="group-member-search"
              className="input"
              type="search"
              value={search}
              maxLength={100}
              placeholder={intl.formatMessage(messages.searchHint)}
              onChange={(event) => setSearch(event.target.value)}
            />
          </span>
        </div>
        {candidates.data && candidates.data.length === 0 && q !== '' && <p className="hint">{intl.formatMessage(messages.noMatch, { search: q })}</p>}
        {candidates.data && candidates.data.length > 0 && (
          <ul className="group-candidates" aria-label={intl.formatMessage(messages.candidates)}>
            {candidates.data.map((contact) => (
              <li key={contact.contactId}>
                {memberIds.has(contact.contactId)
                  ? <span className="group-candidate--member">{nameOf(contact.displayName)} <span className="badge">{intl.formatMessage(messages.already)}</span></span>
                  : (
                    <Checkbox
                      label={<>{nameOf(contact.displayName)}{contact.email && <small> {contact.email}</small>}</>}
                      checked={chosen.has(contact.contactId)}
                      onChange={(on) => choose(contact.contactId, contact.displayName, on)}
                    />
                  )}
              </li>
            ))}
          </ul>
        )}
        {chosen.size > 0 && <p className="group-chosen" aria-live="polite">{intl.formatMessage(messages.chosen, { names: [...chosen.values()].map(nameOf).join(', ') })}</p>}
        <div className="dialog__actions">
          <button type="button" className="button button--primary" disabled={chosen.size === 0 || changeState.isLoading} onClick={() => void add()}>
            <Icon of={UserPlus} /> {intl.formatMessage(messages.add, { count: chosen.size })}
          </button>
        </div>
      </div>
    </Modal>
  );
}
