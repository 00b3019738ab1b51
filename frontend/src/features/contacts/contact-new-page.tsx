import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useManagedTeam } from '../projects';
import { Skeleton } from '../../shared/skeleton';
import { untyped } from '../../shared/untyped-messages';
import { ArrowLeft, Icon } from '../../shared/icons';
import { trimmedDetails } from './contact-checks';
import { ContactForm, type ContactDraft } from './contact-form';
import { contactPaths } from './contact.paths';
import { useCreateContactMutation } from './contacts.api';
import { contactMessages } from './contacts.messages';
import './contacts.css';

const messages = untyped(defineMessages({
  save: { id: 'contacts.new.save', defaultMessage: 'Kontakt anlegen', description: 'Submit of the new contact form' },
  back: { id: 'contacts.new.back', defaultMessage: 'Zu den Kontakten', description: 'Link back to the contact list' },
}));

const EMPTY: ContactDraft = {
  type: 'contact',
  status: 'active',
  details: { firstName: '', lastName: '', company: '', email: '', phone: '', mobile: '', street: '', postcode: '', city: '', country: '', birthDate: '', note: '' },
};

/** /manage/{ccLink}/contact/new: the form; after saving, the contact's page. */
export function ContactNewPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(contactMessages.create));
  const team = useManagedTeam();
  const navigate = useNavigate();
  const [create, { isLoading, error }] = useCreateContactMutation();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;

  async function save(draft: ContactDraft) {
    if (!team) return;
    const answer = await create({ teamId: team.teamId, body: { type: draft.type, status: draft.status, details: trimmedDetails(draft.details) } })
      .unwrap().catch(() => null);
    if (answer) void navigate(contactPaths.contact.href(team.link, answer.contactId));
  }

  return (
    <div className="page contacts">
      <header className="page-head">
        <h1>{intl.formatMessage(contactMessages.create)}</h1>
        <div className="actions">
          <Link className="button" to={contactPaths.list.href(team.link)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link>
        </div>
      </header>
      <ContactForm
        initial={EMPTY}
        submitLabel={intl.formatMessage(messages.save)}
        busy={isLoading}
        error={error}
        onSubmit={(draft) => void save(draft)}
        onCancel={() => void navigate(contactPaths.list.href(team.link))}
      />
    </div>
  );
}
