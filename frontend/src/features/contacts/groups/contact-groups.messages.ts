import { defineMessages, type MessageDescriptor } from 'react-intl';
import { untyped } from '../../../shared/untyped-messages';
import type { ContactGroupKind, ContactGroupPolicy } from './contact-groups.api';

// Words the group screens share: the kinds (spec section 3: group, department, class) and who
// admits members (spec section 5), as the form offers them and the cards say them.
const kindMessages = untyped(defineMessages({
  group: { id: 'contacts.groups.kind.group', defaultMessage: 'Gruppe', description: 'Kind of contact group' },
  department: { id: 'contacts.groups.kind.department', defaultMessage: 'Abteilung', description: 'Kind of contact group' },
  class: { id: 'contacts.groups.kind.class', defaultMessage: 'Klasse', description: 'Kind of contact group (a school class)' },
}));
export const KIND_LABEL: Record<ContactGroupKind, MessageDescriptor> = kindMessages;

const policyMessages = untyped(defineMessages({
  admins: { id: 'contacts.groups.policy.admins', defaultMessage: 'Nur die Verwaltung', description: 'Who admits members: only contact managers' },
  request: { id: 'contacts.groups.policy.request', defaultMessage: 'Auf Anfrage mit Zustimmung', description: 'Who admits members: anyone may ask, a manager accepts' },
}));
export const POLICY_LABEL: Record<ContactGroupPolicy, MessageDescriptor> = policyMessages;

export const groupMessages = untyped(defineMessages({
  title: { id: 'contacts.groups.title', defaultMessage: 'Gruppen', description: 'Title of the contact groups page' },
  create: { id: 'contacts.groups.create', defaultMessage: 'Neue Gruppe', description: 'Opens the dialog for a new contact group' },
  members: { id: 'contacts.groups.members', defaultMessage: 'Mitglieder', description: 'Opens the members of a group' },
  memberCount: { id: 'contacts.groups.memberCount', defaultMessage: '{count, plural, =0 {Keine Mitglieder} one {# Mitglied} other {# Mitglieder}}', description: 'How many contacts a group has' },
}));
