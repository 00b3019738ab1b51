import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ContactType } from '@planwerk/events/constants';
import type { ContactDetailField, ContactStatus } from './contacts.api';
import { untyped } from '../../shared/untyped-messages';

// Words every contact screen shares: the fields (form, page and history say them alike), the
// types and the statuses (spec section 3).
export const fieldMessages = untyped(defineMessages({
  type: { id: 'contacts.field.type', defaultMessage: 'Art', description: 'Contact field: type (contact, member, employee)' },
  status: { id: 'contacts.field.status', defaultMessage: 'Status', description: 'Contact field: status (active, inactive)' },
  blocked: { id: 'contacts.field.blocked', defaultMessage: 'Gesperrt', description: 'Contact field: blocked' },
  firstName: { id: 'contacts.field.firstName', defaultMessage: 'Vorname', description: 'Contact field' },
  lastName: { id: 'contacts.field.lastName', defaultMessage: 'Nachname', description: 'Contact field' },
  company: { id: 'contacts.field.company', defaultMessage: 'Firma', description: 'Contact field: company or organisation' },
  email: { id: 'contacts.field.email', defaultMessage: 'E-Mail', description: 'Contact field' },
  phone: { id: 'contacts.field.phone', defaultMessage: 'Telefon', description: 'Contact field' },
  mobile: { id: 'contacts.field.mobile', defaultMessage: 'Mobil', description: 'Contact field: mobile phone' },
  street: { id: 'contacts.field.street', defaultMessage: 'Straße', description: 'Contact field: street and house number' },
  postcode: { id: 'contacts.field.postcode', defaultMessage: 'PLZ', description: 'Contact field: postcode' },
  city: { id: 'contacts.field.city', defaultMessage: 'Ort', description: 'Contact field: city' },
  country: { id: 'contacts.field.country', defaultMessage: 'Land', description: 'Contact field: country' },
  birthDate: { id: 'contacts.field.birthDate', defaultMessage: 'Geburtsdatum', description: 'Contact field' },
  note: { id: 'contacts.field.note', defaultMessage: 'Notiz', description: 'Contact field: a free note' },
}));

export type ContactFieldName = ContactDetailField | 'type' | 'status' | 'blocked';
export const FIELD_LABEL: Record<ContactFieldName, MessageDescriptor> = fieldMessages;

export const typeMessages = untyped(defineMessages({
  contact: { id: 'contacts.type.contact', defaultMessage: 'Kontakt', description: 'Contact type' },
  member: { id: 'contacts.type.member', defaultMessage: 'Mitglied', description: 'Contact type' },
  employee: { id: 'contacts.type.employee', defaultMessage: 'Mitarbeiter/in', description: 'Contact type' },
}));
export const TYPE_LABEL: Record<ContactType, MessageDescriptor> = typeMessages;

export const statusMessages = untyped(defineMessages({
  active: { id: 'contacts.status.active', defaultMessage: 'aktiv', description: 'Contact status' },
  inactive: { id: 'contacts.status.inactive', defaultMessage: 'inaktiv', description: 'Contact status' },
}));
export const STATUS_LABEL: Record<ContactStatus, MessageDescriptor> = statusMessages;

export const contactMessages = untyped(defineMessages({
  blockedBadge: { id: 'contacts.badge.blocked', defaultMessage: 'Gesperrt', description: 'Badge of a blocked contact' },
  create: { id: 'contacts.create', defaultMessage: 'Neuer Kontakt', description: 'Opens the form for a new contact' },
  list: { id: 'contacts.list.title', defaultMessage: 'Kontakte', description: 'Title of the contact list; sidebar entry' },
  unnamed: { id: 'contacts.unnamed', defaultMessage: 'Ohne Namen', description: 'A contact without name, company or e-mail' },
}));
