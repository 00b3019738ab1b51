import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { isApiError } from '../../app/api-error';
import { untyped } from '../../shared/untyped-messages';
import { trimmedDetails } from './contact-checks';
import { ContactForm, type ContactDraft } from './contact-form';
import { CONTACT_DETAIL_FIELDS, useEditContactMutation, type ContactDetails, type ContactView, type EditContactBody } from './contacts.api';

const messages = untyped(defineMessages({
  title: { id: 'contacts.edit.title', defaultMessage: 'Kontakt bearbeiten', description: 'Heading of the contact form on the contact page' },
  save: { id: 'contacts.edit.save', defaultMessage: 'Änderungen speichern', description: 'Submit of the contact edit' },
  conflict: {
    id: 'contacts.edit.conflict',
    defaultMessage: 'Jemand anderes hat diesen Kontakt inzwischen geändert. Der neue Stand ist geladen; deine Änderungen stehen weiter im Formular. Prüfe sie und speichere erneut.',
    description: 'The edit was refused (409): someone else changed the contact; the form now holds the new data plus the own changes',
  },
}));

export function draftOf(contact: ContactView): ContactDraft {
  return { type: contact.type, status: contact.status, details: { ...contact.details } };
}

/** What the person changed against `base`: only those fields, with the version the form read. */
export function editBody(base: ContactView, draft: ContactDraft): EditContactBody | null {
  const details = trimmedDetails(draft.details);
  const changed = CONTACT_DETAIL_FIELDS.filter((field) => details[field] !== base.details[field]);
  const body: EditContactBody = {
    ...(draft.type !== base.type ? { type: draft.type } : {}),
    ...(draft.status !== base.status ? { status: draft.status } : {}),
    ...(changed.length > 0 ? { details: Object.fromEntries(changed.map((field) => [field, details[field]])) as Partial<ContactDetails> } : {}),
  };
  return Object.keys(body).length === 0 ? null : { ...body, version: base.version };
}

/** The person's changes over a newer contact: a field they left as it was takes the newer value. */
export function rebased(oldBase: ContactView, draft: ContactDraft, newBase: ContactView): ContactDraft {
  const details = Object.fromEntries(CONTACT_DETAIL_FIELDS.map((field) => [
    field, draft.details[field] === oldBase.details[field] ? newBase.details[field] : draft.details[field],
  ])) as ContactDetails;
  return {
    type: draft.type === oldBase.type ? newBase.type : draft.type,
    status: draft.status === oldBase.status ? newBase.status : draft.status,
    details,
  };
}

/**
 * The contact's form on its page: sends only the changed fields and the version it read; a 409
 * (someone else saved meanwhile) reloads the contact and keeps the person's changes over it.
 */
export function ContactEditor({ teamId, contact, onDone }: { teamId: string; contact: ContactView; onDone: () => void }) {
  const intl = useIntl();
  const [edit, { isLoading, error }] = useEditContactMutation();
  const [state, setState] = useState({ base: contact, draft: draftOf(contact), conflict: false });
  const conflict = isApiError(error) && error.status === 409;
  // The reloaded contact after a conflict: the form starts again from it with the own changes.
  if (state.conflict && contact.version !== state.base.version) setState({ base: contact, draft: rebased(state.base, state.draft, contact), conflict: true });

  async function save(draft: ContactDraft) {
    const body = editBody(state.base, draft);
    if (!body) {
      onDone();
      return;
    }
    setState((current) => ({ ...current, draft }));
    const result = await edit({ teamId, contactId: contact.contactId, body });
    if (!('error' in result) || result.error === undefined) {
      onDone();
      return;
    }
    if (isApiError(result.error) && result.error.status === 409) setState((current) => ({ ...current, draft, conflict: true }));
  }

  return (
    <section className="card" aria-labelledby="contact-edit-title">
      <h2 id="contact-edit-title">{intl.formatMessage(messages.title)}</h2>
      <ContactForm
        key={state.base.version}
        initial={state.draft}
        submitLabel={intl.formatMessage(messages.save)}
        busy={isLoading}
        error={conflict ? undefined : error}
        notice={state.conflict && <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.conflict)}</p>}
        onSubmit={(draft) => void save(draft)}
        onCancel={onDone}
      />
    </section>
  );
}
