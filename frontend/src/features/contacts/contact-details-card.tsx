import { defineMessages, useIntl } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';
import { CONTACT_DETAIL_FIELDS, type ContactDetailField, type ContactView } from './contacts.api';
import { FIELD_LABEL } from './contacts.messages';

const messages = untyped(defineMessages({
  title: { id: 'contacts.details.title', defaultMessage: 'Angaben', description: 'Heading of the contact data' },
  none: { id: 'contacts.details.none', defaultMessage: 'nicht angegeben', description: 'An empty contact field' },
  created: { id: 'contacts.details.created', defaultMessage: 'Angelegt am {date}', description: 'When the contact was created' },
  updated: { id: 'contacts.details.updated', defaultMessage: 'zuletzt geändert am {date}', description: 'When the contact was last changed' },
}));

/** Every field of the contact; e-mail and numbers are links a phone can follow. */
export function ContactDetailsCard({ contact }: { contact: ContactView }) {
  const intl = useIntl();
  const value = (field: ContactDetailField) => {
    const text = contact.details[field];
    if (text === '') return <span className="hint">{intl.formatMessage(messages.none)}</span>;
    switch (field) {
      case 'email': return <a href={`mailto:${text}`}>{text}</a>;
      case 'phone':
      case 'mobile': return <a href={`tel:${text.replace(/[^+0-9]/g, '')}`}>{text}</a>;
      case 'country': return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(text.toUpperCase()) ?? text;
      case 'birthDate': return intl.formatDate(`${text}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
      case 'note': return <span className="contact-note">{text}</span>;
      default: return text;
    }
  };
  const when = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">{intl.formatMessage(messages.title)}</h2>
      <dl className="facts contact-facts">
        {CONTACT_DETAIL_FIELDS.map((field) => (
          <div key={field} className="facts__row" data-testid={`contact-${field}`}>
            <dt>{intl.formatMessage(FIELD_LABEL[field])}</dt>
            <dd>{value(field)}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        {intl.formatMessage(messages.created, { date: when(contact.createdAt) })}
        {contact.updatedAt !== contact.createdAt && <>{', '}{intl.formatMessage(messages.updated, { date: when(contact.updatedAt) })}</>}
      </p>
    </section>
  );
}
