import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { SerializedError } from '@reduxjs/toolkit';
import { COUNTRIES } from '@planwerk/events/constants';
import type { ApiError } from '../../app/api';
import { isApiError } from '../../app/api-error';
import { DateTimeField } from '../../shared/date-time-field';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { untyped } from '../../shared/untyped-messages';
import { CONTACT_MAX_LENGTH, contactProblems, type ContactProblem } from './contact-checks';
import { CONTACT_STATUSES, CONTACT_TYPES, type ContactDetailField, type ContactDetails, type ContactStatus, type ContactType } from './contacts.api';
import { FIELD_LABEL, STATUS_LABEL, TYPE_LABEL } from './contacts.messages';

const messages = untyped(defineMessages({
  person: { id: 'contacts.form.person', defaultMessage: 'Person', description: 'Group of the contact form: type, status, names' },
  reach: { id: 'contacts.form.reach', defaultMessage: 'Erreichbarkeit', description: 'Group of the contact form: e-mail and phones' },
  address: { id: 'contacts.form.address', defaultMessage: 'Adresse', description: 'Group of the contact form: street, postcode, city, country' },
  more: { id: 'contacts.form.more', defaultMessage: 'Weiteres', description: 'Group of the contact form: birth date and note' },
  noCountry: { id: 'contacts.form.noCountry', defaultMessage: 'Kein Land', description: 'Country select: no country chosen' },
  nameHint: { id: 'contacts.form.nameHint', defaultMessage: 'Ein Vor- oder Nachname oder eine Firma genügt.', description: 'Hint below the names: what a contact needs at least' },
  cancel: { id: 'contacts.form.cancel', defaultMessage: 'Abbrechen', description: 'Leaves the contact form without saving' },
  nameRequired: { id: 'contacts.problem.nameRequired', defaultMessage: 'Bitte gib einen Vor- oder Nachnamen oder eine Firma an.', description: 'contact_name_required: a contact needs a first or last name or a company' },
  tooLong: { id: 'contacts.problem.tooLong', defaultMessage: 'Das ist zu lang: höchstens {max} Zeichen.', description: 'A field longer than allowed; max is the limit' },
  oneLine: { id: 'contacts.problem.oneLine', defaultMessage: 'Bitte nur eine Zeile ohne Tabulatoren oder Steuerzeichen.', description: 'A one-line field holds a line break or control character' },
  email: { id: 'contacts.problem.email', defaultMessage: 'Bitte gib eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.', description: 'An invalid e-mail address' },
  phone: { id: 'contacts.problem.phone', defaultMessage: 'Bitte gib eine Telefonnummer aus Ziffern ein; erlaubt sind auch +, Leerzeichen, Klammern, Schrägstrich, Punkt und Bindestrich.', description: 'An invalid phone number' },
  postcode: { id: 'contacts.problem.postcode', defaultMessage: 'Bitte gib eine Postleitzahl aus 2 bis 12 Buchstaben, Ziffern, Leerzeichen oder Bindestrichen ein.', description: 'An invalid postcode' },
  birthDate: { id: 'contacts.problem.birthDate', defaultMessage: 'Bitte gib ein Geburtsdatum zwischen dem 1. Januar 1900 und heute ein.', description: 'A birth date before 1900, in the future or not a date' },
  invalid: { id: 'contacts.problem.invalid', defaultMessage: 'Bitte prüfe diese Eingabe.', description: 'The server refused this field for a reason the form does not know' },
}));

export interface ContactDraft {
  type: ContactType;
  status: ContactStatus;
  details: ContactDetails;
}

type FormField = ContactDetailField | 'type' | 'status';
const FORM_FIELDS: readonly string[] = ['type', 'status', 'firstName', 'lastName', 'company', 'email', 'phone', 'mobile', 'street', 'postcode', 'city', 'country', 'birthDate', 'note'];

/** The form field an error of the server names ("details.email" → email), if the form has it. */
export function fieldOfError(error: ApiError | SerializedError | undefined): FormField | null {
  if (!isApiError(error) || !error.field) return null;
  const field = error.field.replace(/^details\./, '');
  return FORM_FIELDS.includes(field) ? (field as FormField) : null;
}

function problemText(intl: IntlShape, field: FormField, problem: ContactProblem | 'invalid'): string {
  if (problem === 'tooLong') return intl.formatMessage(messages.tooLong, { max: field === 'type' || field === 'status' ? 0 : CONTACT_MAX_LENGTH[field] });
  return intl.formatMessage(messages[problem]);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Countries of the contract by their name in the UI language, sorted for it. */
function useCountryOptions(): { code: string; name: string }[] {
  const { locale } = useIntl();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return COUNTRIES.map((code) => ({ code, name: names.of(code.toUpperCase()) ?? code.toUpperCase() }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

/**
 * The contact's form (new and edit): checks as the server does before sending and shows the
 * server's refusal at the field it names; other errors stand above the buttons.
 */
export function ContactForm({ initial, submitLabel, busy, error, notice, onSubmit, onCancel }: {
  initial: ContactDraft;
  submitLabel: string;
  busy: boolean;
  error: ApiError | SerializedError | undefined;
  /** Above the fields (the edit's conflict). */
  notice?: ReactNode;
  onSubmit: (draft: ContactDraft) => void;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const countries = useCountryOptions();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Each refused submit moves the focus to the first field with a problem (once it shows as such).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // The server's refusal stays at its field until that field changes.
  const [answered, setAnswered] = useState<{ error: typeof error; field: FormField | null } | null>(null);
  if (error !== answered?.error) setAnswered({ error, field: fieldOfError(error) });
  const serverField = answered !== null && answered.error === error ? answered.field : null;

  const problems = contactProblems(draft.details, today());
  const shownProblem = (field: FormField): string | null => {
    if (field !== 'type' && field !== 'status' && tried && problems[field]) return problemText(intl, field, problems[field]);
    if (field === serverField && isApiError(error)) {
      if (error.intern === 'contact_name_required') return intl.formatMessage(messages.nameRequired);
      const own = field !== 'type' && field !== 'status' ? problems[field] : undefined;
      return problemText(intl, field, own ?? 'invalid');
    }
    return null;
  };

  const setField = (field: FormField, value: string) => {
    if (field === serverField) setAnswered({ error, field: null });
    setDraft((current) => (field === 'type' ? { ...current, type: value as ContactType }
      : field === 'status' ? { ...current, status: value as ContactStatus }
        : { ...current, details: { ...current.details, [field]: value } }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (busy) return;
    if (Object.keys(problems).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    onSubmit(draft);
  }

  const text = (field: ContactDetailField, input: { type?: string; autoComplete?: string; hint?: string } = {}) => (
    <TextField
      label={intl.formatMessage(FIELD_LABEL[field])}
      value={draft.details[field]}
      onValueChange={(value) => setField(field, value)}
      maxLength={CONTACT_MAX_LENGTH[field]}
      problem={shownProblem(field)}
      type={input.type ?? 'text'}
      autoComplete={input.autoComplete ?? 'off'}
      hint={input.hint}
    />
  );
  const fieldError = fieldOfError(error);

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={submit} aria-busy={busy}>
      {notice}
      <fieldset className="contact-form__group">
        <legend>{intl.formatMessage(messages.person)}</legend>
        <Select id={`${id}-type`} label={intl.formatMessage(FIELD_LABEL.type)} value={draft.type} problem={shownProblem('type')} onValueChange={(value) => setField('type', value)}>
          {CONTACT_TYPES.map((type) => <option key={type} value={type}>{intl.formatMessage(TYPE_LABEL[type])}</option>)}
        </Select>
        <Select id={`${id}-status`} label={intl.formatMessage(FIELD_LABEL.status)} value={draft.status} problem={shownProblem('status')} onValueChange={(value) => setField('status', value)}>
          {CONTACT_STATUSES.map((status) => <option key={status} value={status}>{intl.formatMessage(STATUS_LABEL[status])}</option>)}
        </Select>
        {text('firstName', { autoComplete: 'off' })}
        {text('lastName', { hint: intl.formatMessage(messages.nameHint) })}
        {text('company')}
      </fieldset>
      <fieldset className="contact-form__group">
        <legend>{intl.formatMessage(messages.reach)}</legend>
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        {text('mobile', { type: 'tel' })}
      </fieldset>
      <fieldset className="contact-form__group">
        <legend>{intl.formatMessage(messages.address)}</legend>
        {text('street')}
        {text('postcode')}
        {text('city')}
        <Select id={`${id}-country`} label={intl.formatMessage(FIELD_LABEL.country)} value={draft.details.country} problem={shownProblem('country')} onValueChange={(value) => setField('country', value)}>
          <option value="">{intl.formatMessage(messages.noCountry)}</option>
          {countries.map((country) => <option key={country.code} value={country.code}>{country.name}</option>)}
        </Select>
      </fieldset>
      <fieldset className="contact-form__group">
        <legend>{intl.formatMessage(messages.more)}</legend>
        <div className="contact-form__date">
          <DateTimeField kind="date" label={intl.formatMessage(FIELD_LABEL.birthDate)} value={draft.details.birthDate} onValueChange={(value) => setField('birthDate', value)} />
          {shownProblem('birthDate') && <small className="field__problem">{shownProblem('birthDate')}</small>}
        </div>
        <div className="field contact-form__wide">
          <label htmlFor={`${id}-note`}>{intl.formatMessage(FIELD_LABEL.note)}</label>
          <textarea id={`${id}-note`} rows={4} maxLength={CONTACT_MAX_LENGTH.note} value={draft.details.note} aria-invalid={shownProblem('note') ? true : undefined} onChange={(event) => setField('note', event.target.value)} />
          {shownProblem('note') && <small className="field__problem">{shownProblem('note')}</small>}
        </div>
      </fieldset>
      {/* Errors that name no field of the form (a conflict, no permission, the network). */}
      {!fieldError && <ApiErrorAlert error={error} />}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>{submitLabel}</button>
        {onCancel && <button type="button" className="button" onClick={onCancel}>{intl.formatMessage(messages.cancel)}</button>}
      </div>
    </form>
  );
}

function Select({ id, label, value, problem, onValueChange, children }: {
  id: string;
  label: string;
  value: string;
  problem: string | null;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(event) => onValueChange(event.target.value)}>
        {children}
      </select>
      {problem && <small id={`${id}-problem`} className="field__problem">{problem}</small>}
    </div>
  );
}
