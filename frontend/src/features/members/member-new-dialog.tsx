import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { Modal } from '../../shared/ui';
import { untyped } from '../../shared/untyped-messages';
import {
  membershipProblems, MembershipFields, parseMemberNumber, serverProblemText, today, useServerField,
  type MembershipDraft, type MembershipField,
} from './member-fields';
import { memberPaths } from './member.paths';
import { useSearchContactsQuery, useStartMembershipMutation, type ContactChoice, type MemberSettingsView } from './members.api';
import { memberFieldMessages, memberMessages } from './members.messages';

const messages = untyped(defineMessages({
  who: { id: 'members.new.who', defaultMessage: 'Wer wird Mitglied?', description: 'Legend of the choice: an existing contact or a new person' },
  existing: { id: 'members.new.existing', defaultMessage: 'Ein vorhandener Kontakt', description: 'Choice: make an existing contact a member' },
  newPerson: { id: 'members.new.newPerson', defaultMessage: 'Eine neue Person', description: 'Choice: enter a new person who becomes a member' },
  search: { id: 'members.new.search', defaultMessage: 'Kontakt suchen', description: 'Search field for the contact who becomes a member' },
  searchHint: { id: 'members.new.searchHint', defaultMessage: 'Name oder E-Mail', description: 'Placeholder of the contact search' },
  results: { id: 'members.new.results', defaultMessage: 'Gefundene Kontakte', description: 'Accessible name of the contacts found' },
  noResult: { id: 'members.new.noResult', defaultMessage: 'Kein Kontakt passt zu „{search}“.', description: 'The contact search found nothing' },
  pick: { id: 'members.new.pick', defaultMessage: 'Auswählen', description: 'Picks this contact to become a member' },
  picked: { id: 'members.new.picked', defaultMessage: 'Wird Mitglied: {name}', description: 'The contact picked to become a member' },
  another: { id: 'members.new.another', defaultMessage: 'Anderen Kontakt wählen', description: 'Drops the picked contact to choose another one' },
  pickFirst: { id: 'members.new.pickFirst', defaultMessage: 'Bitte wähle einen Kontakt aus.', description: 'No contact was picked' },
  firstName: { id: 'members.new.firstName', defaultMessage: 'Vorname', description: 'Field of a new person: first name' },
  lastName: { id: 'members.new.lastName', defaultMessage: 'Nachname', description: 'Field of a new person: last name' },
  nameRequired: { id: 'members.new.nameRequired', defaultMessage: 'Bitte gib einen Vor- oder Nachnamen an.', description: 'A new person needs a first or last name' },
  save: { id: 'members.new.save', defaultMessage: 'Mitglied aufnehmen', description: 'Submit of the new member dialog' },
}));

type Mode = 'existing' | 'new';
type PersonField = 'firstName' | 'lastName' | 'email';
const SEARCH_DELAY_MS = 250;

/** "Neues Mitglied": an existing contact or a new person, then the membership; afterwards the member's page. */
export function MemberNewDialog({ teamId, ccLink, settings, onClose }: {
  teamId: string;
  ccLink: string;
  settings: MemberSettingsView | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<Mode>('existing');
  const [picked, setPicked] = useState<ContactChoice | null>(null);
  const [person, setPerson] = useState<Record<PersonField, string>>({ firstName: '', lastName: '', email: '' });
  const [draft, setDraft] = useState<MembershipDraft>({ memberNumber: '', entryDate: today(), feeCategoryId: '', status: 'active' });
  const [tried, setTried] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const [start, { isLoading, error }] = useStartMembershipMutation();
  const server = useServerField(error);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const problems = membershipProblems(draft);
  const nameMissing = mode === 'new' && person.firstName.trim() === '' && person.lastName.trim() === '';
  const contactMissing = mode === 'existing' && picked === null;
  const problemOf = (field: string): string | null => {
    if (tried && field === 'lastName' && nameMissing) return intl.formatMessage(messages.nameRequired);
    const own = tried ? problems[field as MembershipField] : undefined;
    if (own) return intl.formatMessage(memberMessages[own]);
    if (field === server.field) return error && 'intern' in error && error.intern === 'contact_name_required' ? intl.formatMessage(messages.nameRequired) : serverProblemText(intl, error);
    return null;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (isLoading) return;
    if (Object.keys(problems).length > 0 || nameMissing || contactMissing) {
      setRefusals((count) => count + 1);
      return;
    }
    const memberNumber = parseMemberNumber(draft.memberNumber) ?? undefined;
    const who = mode === 'existing' && picked
      ? { contactId: picked.contactId }
      : { details: { firstName: person.firstName.trim(), lastName: person.lastName.trim(), email: person.email.trim() } };
    const answer = await start({
      teamId,
      body: { ...who, ...(memberNumber !== undefined ? { memberNumber } : {}), entryDate: draft.entryDate, feeCategoryId: draft.feeCategoryId || null, status: draft.status },
    }).unwrap().catch(() => null);
    if (answer) void navigate(memberPaths.member.href(ccLink, answer.contactId));
  }

  const setField = (field: MembershipField, value: string) => {
    server.clear(field);
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const setPersonField = (field: PersonField, value: string) => {
    server.clear(field);
    setPerson((current) => ({ ...current, [field]: value }));
  };
  const fieldError = server.field !== null;

  return (
    <Modal title={intl.formatMessage(memberMessages.create)} onClose={onClose} wide>
      <form ref={formRef} className="form form--wide member-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
        <fieldset className="member-form__choice">
          <legend>{intl.formatMessage(messages.who)}</legend>
          {(['existing', 'new'] as const).map((choice) => (
            <label key={choice} className="check">
              <input type="radio" name="member-who" value={choice} checked={mode === choice} onChange={() => setMode(choice)} />
              {intl.formatMessage(choice === 'existing' ? messages.existing : messages.newPerson)}
            </label>
          ))}
        </fieldset>
        {mode === 'existing' && (
          picked
            ? (
              <div className="member-picked">
                <p role="status">{intl.formatMessage(messages.picked, { name: picked.displayName || picked.email })}</p>
                <button type="button" className="button button--small" onClick={() => setPicked(null)}>{intl.formatMessage(messages.another)}</button>
              </div>
            )
            : <ContactSearch teamId={teamId} problem={tried && contactMissing ? intl.formatMessage(messages.pickFirst) : problemOf('contactId')} onPick={(contact) => { server.clear('contactId'); setPicked(contact); }} />
        )}
        {mode === 'new' && (
          <div className="member-form__person">
            <TextField label={intl.formatMessage(messages.firstName)} value={person.firstName} maxLength={100} autoComplete="off" problem={problemOf('firstName')} onValueChange={(value) => setPersonField('firstName', value)} />
            <TextField label={intl.formatMessage(messages.lastName)} value={person.lastName} maxLength={100} autoComplete="off" problem={problemOf('lastName')} onValueChange={(value) => setPersonField('lastName', value)} />
            <TextField label={intl.formatMessage(memberFieldMessages.email)} type="email" value={person.email} maxLength={254} autoComplete="off" problem={problemOf('email')} onValueChange={(value) => setPersonField('email', value)} />
          </div>
        )}
        <div className="member-form__membership">
          <MembershipFields draft={draft} onChange={setField} categories={settings?.feeCategories ?? []} nextNumber={settings?.nextMemberNumber} problemOf={problemOf} />
        </div>
        {!fieldError && <ApiErrorAlert error={error} />}
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(messages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}

/** Search as you type among the team's contacts; a button picks one. */
function ContactSearch({ teamId, problem, onPick }: { teamId: string; problem: string | null; onPick: (contact: ContactChoice) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data: found, isFetching } = useSearchContactsQuery({ teamId, q: asked }, { skip: asked === '' });
  return (
    <div className="member-contact-search">
      <TextField
        label={intl.formatMessage(messages.search)}
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        placeholder={intl.formatMessage(messages.searchHint)}
        problem={problem}
        onValueChange={setText}
      />
      {asked !== '' && found && found.length === 0 && !isFetching && <p className="hint" role="status">{intl.formatMessage(messages.noResult, { search: asked })}</p>}
      {asked !== '' && found && found.length > 0 && (
        <ul className="member-choices" aria-label={intl.formatMessage(messages.results)}>
          {found.map((contact) => {
            const name = contact.displayName || intl.formatMessage(memberMessages.unnamed);
            return (
              <li key={contact.contactId} className="member-choice">
                <span className="member-choice__name">
                  <strong>{name}</strong>
                  {contact.email && <span className="member-choice__email">{contact.email}</span>}
                </span>
                <button type="button" className="button button--small" aria-label={`${intl.formatMessage(messages.pick)}: ${name}`} onClick={() => onPick(contact)}>
                  {intl.formatMessage(messages.pick)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
