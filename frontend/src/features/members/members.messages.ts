import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';
import type { Currency, FeeInterval, MemberStatus } from './members.api';

// Words every member screen shares: the fields, the statuses and the fee intervals (spec section 3, Member).
export const memberFieldMessages = untyped(defineMessages({
  memberNumber: { id: 'members.field.memberNumber', defaultMessage: 'Mitgliedsnummer', description: 'Member field: the member number' },
  number: { id: 'members.field.number', defaultMessage: 'Nr.', description: 'Short column head and label: member number' },
  name: { id: 'members.field.name', defaultMessage: 'Name', description: 'Member field: the contact name' },
  email: { id: 'members.field.email', defaultMessage: 'E-Mail', description: 'Member field: the contact e-mail' },
  status: { id: 'members.field.status', defaultMessage: 'Status', description: 'Member field: status (active, passive, honorary, left)' },
  feeCategory: { id: 'members.field.feeCategory', defaultMessage: 'Beitragsart', description: 'Member field: the fee category' },
  fee: { id: 'members.field.fee', defaultMessage: 'Beitrag', description: 'Member field: the fee with its interval' },
  entryDate: { id: 'members.field.entryDate', defaultMessage: 'Eintritt', description: 'Member field: the entry date' },
  exitDate: { id: 'members.field.exitDate', defaultMessage: 'Austritt', description: 'Member field: the exit date' },
}));

export const memberStatusMessages = untyped(defineMessages({
  active: { id: 'members.status.active', defaultMessage: 'aktiv', description: 'Member status' },
  passive: { id: 'members.status.passive', defaultMessage: 'passiv', description: 'Member status' },
  honorary: { id: 'members.status.honorary', defaultMessage: 'Ehrenmitglied', description: 'Member status' },
  left: { id: 'members.status.left', defaultMessage: 'ausgetreten', description: 'Member status: the member has left' },
}));
export const MEMBER_STATUS_LABEL: Record<MemberStatus, MessageDescriptor> = memberStatusMessages;

export const intervalMessages = untyped(defineMessages({
  year: { id: 'members.interval.year', defaultMessage: 'jährlich', description: 'Fee interval: once a year' },
  half_year: { id: 'members.interval.halfYear', defaultMessage: 'halbjährlich', description: 'Fee interval: twice a year' },
  quarter: { id: 'members.interval.quarter', defaultMessage: 'vierteljährlich', description: 'Fee interval: four times a year' },
  month: { id: 'members.interval.month', defaultMessage: 'monatlich', description: 'Fee interval: every month' },
}));
export const INTERVAL_LABEL: Record<FeeInterval, MessageDescriptor> = intervalMessages;

const perMessages = untyped(defineMessages({
  year: { id: 'members.fee.perYear', defaultMessage: '{amount} pro Jahr', description: 'A fee and its interval, e.g. 60,00 € pro Jahr' },
  half_year: { id: 'members.fee.perHalfYear', defaultMessage: '{amount} pro Halbjahr', description: 'A fee and its interval: every half year' },
  quarter: { id: 'members.fee.perQuarter', defaultMessage: '{amount} pro Quartal', description: 'A fee and its interval: every quarter' },
  month: { id: 'members.fee.perMonth', defaultMessage: '{amount} pro Monat', description: 'A fee and its interval: every month' },
}));

export const memberMessages = untyped(defineMessages({
  list: { id: 'members.list.title', defaultMessage: 'Mitglieder', description: 'Title of the member list; sidebar entry; tab of the contact area' },
  create: { id: 'members.create', defaultMessage: 'Neues Mitglied', description: 'Opens the dialog for a new member' },
  settings: { id: 'members.settings.open', defaultMessage: 'Beiträge und Nummern', description: 'Opens the team’s fee categories and the next member number' },
  unnamed: { id: 'members.unnamed', defaultMessage: 'Ohne Namen', description: 'A member whose contact has no name' },
  noCategory: { id: 'members.noCategory', defaultMessage: 'Keine Beitragsart', description: 'A member without a fee category' },
  numberTaken: { id: 'members.numberTaken', defaultMessage: 'Diese Mitgliedsnummer ist schon vergeben.', description: 'member_number_taken: another member has this number' },
  invalid: { id: 'members.problem.invalid', defaultMessage: 'Bitte prüfe diese Eingabe.', description: 'The server refused this field for a reason the form does not know' },
  numberInvalid: { id: 'members.problem.number', defaultMessage: 'Bitte gib eine ganze Zahl von 1 bis 999999999 ein.', description: 'A member number that is not a whole number from 1 to 999999999' },
  dateRequired: { id: 'members.problem.date', defaultMessage: 'Bitte gib ein Datum an.', description: 'A date field is empty' },
  numberHint: { id: 'members.form.numberHint', defaultMessage: 'Leer lassen für die nächste freie Nummer ({number}).', description: 'Hint of the member number field: empty takes the next free number, shown' },
  memberNumberLabel: { id: 'members.numberLabel', defaultMessage: 'Nr. {number}', description: 'The member number as shown beside the name' },
}));

/** An amount of minor units as the UI language writes money ("60,00 €"). */
export function formatMoney(intl: IntlShape, amount: number, currency: Currency): string {
  return new Intl.NumberFormat(intl.locale, { style: 'currency', currency }).format(amount / 100);
}

/** A fee with its interval ("60,00 € pro Jahr"). */
export function formatFee(intl: IntlShape, fee: { amount: number; currency: Currency }, interval: FeeInterval): string {
  return intl.formatMessage(perMessages[interval], { amount: formatMoney(intl, fee.amount, fee.currency) });
}

/** A day of the API ("2026-12-31") as the UI language writes it ("31.12.2026"). */
export function formatDay(intl: IntlShape, day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? intl.formatDate(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : day;
}
