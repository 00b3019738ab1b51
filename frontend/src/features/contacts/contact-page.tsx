import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useAppDispatch } from '../../app/hooks';
import { errorCodeOf } from '../../app/api-error';
import { popupShown } from '../../app/ui.slice';
import { useManagedTeam } from '../projects';
import { ApiErrorAlert } from '../../shared/form';
import { ArrowLeft, Icon, Lock } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { useConfirm } from '../../shared/ui';
import { untyped } from '../../shared/untyped-messages';
import { ContactAvatar } from './contact-avatar';
import { ContactDetailsCard } from './contact-details-card';
import { ContactEditor } from './contact-editor';
import { ContactHistory } from './contact-history';
import { contactPaths } from './contact.paths';
import {
  useBlockContactMutation, useGetContactHistoryQuery, useGetContactQuery, useRemoveContactMutation, type ContactView,
} from './contacts.api';
import { contactMessages, STATUS_LABEL, TYPE_LABEL } from './contacts.messages';
import './contacts.css';

const messages = untyped(defineMessages({
  back: { id: 'contacts.page.back', defaultMessage: 'Zu den Kontakten', description: 'Link back to the contact list' },
  edit: { id: 'contacts.page.edit', defaultMessage: 'Bearbeiten', description: 'Opens the contact form' },
  block: { id: 'contacts.page.block', defaultMessage: 'Sperren', description: 'Blocks the contact' },
  unblock: { id: 'contacts.page.unblock', defaultMessage: 'Entsperren', description: 'Unblocks the contact' },
  remove: { id: 'contacts.page.remove', defaultMessage: 'Löschen', description: 'Deletes the contact (asks first)' },
  removeConfirm: {
    id: 'contacts.page.removeConfirm',
    defaultMessage: '„{name}“ wird mit allen Angaben endgültig gelöscht: Name, Adresse, Telefonnummern und Notizen werden gelöscht und lassen sich nicht wiederherstellen.',
    description: 'Confirmation before deleting a contact: the data is erased for good',
  },
  removeLabel: { id: 'contacts.page.removeLabel', defaultMessage: 'Endgültig löschen', description: 'Confirm button of the deletion' },
  removed: { id: 'contacts.page.removed', defaultMessage: 'Der Kontakt wurde gelöscht.', description: 'Toast after deleting a contact' },
  notFound: { id: 'contacts.page.notFound', defaultMessage: 'Diesen Kontakt gibt es nicht (mehr).', description: 'The contact does not exist or was deleted' },
}));

/** /manage/{ccLink}/contact/user/{id}: one contact with its data, edit, block, delete and history. */
export function ContactPage() {
  const team = useManagedTeam();
  const { id = '' } = useParams();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <ContactScreen teamId={team.teamId} ccLink={team.link} contactId={id} />;
}

function ContactScreen({ teamId, ccLink, contactId }: { teamId: string; ccLink: string; contactId: string }) {
  const intl = useIntl();
  const { data: contact, error, isLoading } = useGetContactQuery({ teamId, contactId });
  const { data: history } = useGetContactHistoryQuery({ teamId, contactId });
  usePageTitle(contact?.displayName || intl.formatMessage(contactMessages.list));
  const back = <Link className="button" to={contactPaths.list.href(ccLink)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link>;

  if (isLoading) return <div className="page contacts"><Skeleton shape="page" rows={2} /></div>;
  if (!contact) {
    return (
      <div className="page contacts">
        {errorCodeOf(error) === 'not_found' ? <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.notFound)}</p> : <ApiErrorAlert error={error} />}
        <div className="actions">{back}</div>
      </div>
    );
  }
  return (
    <div className="page contacts">
      <div className="contact-back">{back}</div>
      <ContactBody teamId={teamId} ccLink={ccLink} contact={contact} />
      {history && <ContactHistory entries={history} />}
    </div>
  );
}

function ContactBody({ teamId, ccLink, contact }: { teamId: string; ccLink: string; contact: ContactView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const { confirm, dialog } = useConfirm();
  const [block, blocking] = useBlockContactMutation();
  const [remove, removing] = useRemoveContactMutation();
  const name = contact.displayName !== '' ? contact.displayName : intl.formatMessage(contactMessages.unnamed);
  const target = { teamId, contactId: contact.contactId };

  async function removeContact() {
    const ok = await confirm(intl.formatMessage(messages.removeConfirm, { name }), { confirmLabel: intl.formatMessage(messages.removeLabel), danger: true });
    if (!ok) return;
    const answer = await remove(target).unwrap().catch(() => null);
    if (!answer) return;
    dispatch(popupShown({ message: messages.removed, tone: 'success' }));
    void navigate(contactPaths.list.href(ccLink));
  }

  return (
    <>
      <header className="page-head contact-head-block">
        <ContactAvatar name={name} large />
        <div className="contact-title">
          <h1>{name}</h1>
          <p className="contact-title__chips">
            <span className={`badge contact-type contact-type--${contact.type}`}>{intl.formatMessage(TYPE_LABEL[contact.type])}</span>
            <span className={`badge contact-badge--${contact.status}`}>{intl.formatMessage(STATUS_LABEL[contact.status])}</span>
            {contact.blocked && <span className="badge contact-badge--blocked"><Icon of={Lock} /> {intl.formatMessage(contactMessages.blockedBadge)}</span>}
          </p>
        </div>
        {!editing && (
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => setEditing(true)}>{intl.formatMessage(messages.edit)}</button>
            <button type="button" className="button" disabled={blocking.isLoading} onClick={() => void block({ ...target, blocked: !contact.blocked })}>
              {intl.formatMessage(contact.blocked ? messages.unblock : messages.block)}
            </button>
            <button type="button" className="button button--danger" disabled={removing.isLoading} onClick={() => void removeContact()}>{intl.formatMessage(messages.remove)}</button>
          </div>
        )}
      </header>
      <ApiErrorAlert error={blocking.error ?? removing.error} />
      {editing
        ? <ContactEditor teamId={teamId} contact={contact} onDone={() => setEditing(false)} />
        : <ContactDetailsCard contact={contact} />}
      {dialog}
    </>
  );
}
