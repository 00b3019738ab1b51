import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { usePageTitle } from '../../../app/page-title';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { EmptyState } from '../../../shared/empty-state';
import { ApiErrorAlert } from '../../../shared/form';
import { Icon, Plus, Users } from '../../../shared/icons';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { Skeleton } from '../../../shared/skeleton';
import { ActionMenu, useConfirm } from '../../../shared/ui';
import { untyped } from '../../../shared/untyped-messages';
import { useManagedTeam } from '../../projects';
import { ContactAreaTabs } from '../contact-area-tabs';
import { ContactGroupDialog } from './contact-group-dialog';
import { ContactGroupMembers } from './contact-group-members';
import { useListContactGroupsQuery, useRemoveContactGroupMutation, type ContactGroupSummary } from './contact-groups.api';
import { groupMessages, KIND_LABEL, POLICY_LABEL } from './contact-groups.messages';
import './contact-groups.css';

const messages = untyped(defineMessages({
  intro: {
    id: 'contacts.groups.page.intro',
    defaultMessage: 'Gruppen, Abteilungen und Klassen fassen Kontakte zusammen, etwa für Rundschreiben oder Projekte nur für eine Gruppe.',
    description: 'What contact groups are for',
  },
  list: { id: 'contacts.groups.page.list', defaultMessage: 'Gruppen des Teams', description: 'Accessible name of the list of groups' },
  admission: { id: 'contacts.groups.page.admission', defaultMessage: 'Aufnahme: {policy}', description: 'Who admits members, on a group card' },
  menu: { id: 'contacts.groups.page.menu', defaultMessage: 'Aktionen für „{name}“', description: 'Menu of a group card' },
  edit: { id: 'contacts.groups.page.edit', defaultMessage: 'Bearbeiten', description: 'Edits a group' },
  remove: { id: 'contacts.groups.page.remove', defaultMessage: 'Löschen', description: 'Deletes a group' },
  removeConfirm: {
    id: 'contacts.groups.page.removeConfirm',
    defaultMessage: 'Die Gruppe „{name}“ löschen? Die Kontakte bleiben erhalten.',
    description: 'Confirmation before deleting a group',
  },
  removeLabel: { id: 'contacts.groups.page.removeLabel', defaultMessage: 'Gruppe löschen', description: 'Confirms deleting a group' },
  removed: { id: 'contacts.groups.page.removed', defaultMessage: 'Die Gruppe ist gelöscht. Die Kontakte bleiben erhalten.', description: 'Confirmation after deleting a group' },
  emptyTitle: { id: 'contacts.groups.page.emptyTitle', defaultMessage: 'Noch keine Gruppen', description: 'Empty state: the team has no groups' },
  emptyText: {
    id: 'contacts.groups.page.emptyText',
    defaultMessage: 'Lege eine Gruppe, Abteilung oder Klasse an und nimm Kontakte auf.',
    description: 'Empty state: the next step',
  },
}));

type Open = { kind: 'create' } | { kind: 'edit'; group: ContactGroupSummary } | { kind: 'members'; group: ContactGroupSummary } | null;

/** /manage/{ccLink}/contact/group: the team's groups of contacts as cards. */
export function ContactGroupsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(groupMessages.title));
  const team = useManagedTeam();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <ContactGroups teamId={team.teamId} ccLink={team.link} />;
}

function ContactGroups({ teamId, ccLink }: { teamId: string; ccLink: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useListContactGroupsQuery(teamId);
  const [remove, removeState] = useRemoveContactGroupMutation();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<Open>(null);

  async function removeGroup(group: ContactGroupSummary) {
    const ok = await confirm(intl.formatMessage(messages.removeConfirm, { name: group.name }), { confirmLabel: intl.formatMessage(messages.removeLabel), danger: true });
    if (!ok) return;
    const result = await remove({ teamId, groupId: group.groupId });
    if (result.data) dispatch(popupShown({ message: messages.removed, tone: 'success' }));
  }

  const create = (
    <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'create' })}>
      <Icon of={Plus} /> {intl.formatMessage(groupMessages.create)}
    </button>
  );
  return (
    <div className="page contact-groups">
      <header className="page-head">
        <h1>{intl.formatMessage(groupMessages.title)}</h1>
        <div className="actions">
          {create}
        </div>
      </header>
      <ContactAreaTabs ccLink={ccLink} />
      <p className="hint">{intl.formatMessage(messages.intro)}</p>
      <ApiErrorAlert error={error} />
      <ProjectErrorAlert error={removeState.error} />
      {isLoading && <Skeleton shape="cards" rows={3} />}
      {data && data.length === 0 && (
        <EmptyState icon={Users} title={intl.formatMessage(messages.emptyTitle)} text={intl.formatMessage(messages.emptyText)}>{create}</EmptyState>
      )}
      {data && data.length > 0 && (
        <ul className="group-cards" aria-label={intl.formatMessage(messages.list)}>
          {data.map((group) => (
            <li key={group.groupId} className="card group-card" data-testid="contact-group">
              <div className="group-card__head">
                <h2>{group.name}</h2>
                <ActionMenu
                  label={intl.formatMessage(messages.menu, { name: group.name })}
                  entries={[
                    { key: 'edit', label: intl.formatMessage(messages.edit), onSelect: () => setOpen({ kind: 'edit', group }), primary: true },
                    { key: 'remove', label: intl.formatMessage(messages.remove), onSelect: () => void removeGroup(group), danger: true },
                  ]}
                />
              </div>
              <p className="group-card__facts">
                <span className="badge">{intl.formatMessage(KIND_LABEL[group.kind])}</span>
                <span>{intl.formatMessage(groupMessages.memberCount, { count: group.memberCount })}</span>
              </p>
              <p className="group-card__policy">{intl.formatMessage(messages.admission, { policy: intl.formatMessage(POLICY_LABEL[group.policy]) })}</p>
              {group.description && <p className="group-card__description">{group.description}</p>}
              <div className="actions">
                <button type="button" className="button" onClick={() => setOpen({ kind: 'members', group })}>
                  <Icon of={Users} /> {intl.formatMessage(groupMessages.members)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'create' && <ContactGroupDialog teamId={teamId} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <ContactGroupDialog teamId={teamId} group={open.group} onClose={() => setOpen(null)} />}
      {open?.kind === 'members' && <ContactGroupMembers teamId={teamId} group={open.group} onClose={() => setOpen(null)} />}
      {dialog}
    </div>
  );
}
