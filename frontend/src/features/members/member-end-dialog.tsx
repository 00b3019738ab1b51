import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DateTimeField } from '../../shared/date-time-field';
import { ApiErrorAlert } from '../../shared/form';
import { Modal } from '../../shared/ui';
import { untyped } from '../../shared/untyped-messages';
import { serverProblemText, today, useServerField } from './member-fields';
import { useEndMembershipMutation, type MemberView } from './members.api';
import { formatDay, memberFieldMessages, memberMessages } from './members.messages';

const messages = untyped(defineMessages({
  title: { id: 'members.end.title', defaultMessage: 'Mitgliedschaft beenden', description: 'Title of the dialog that ends a membership' },
  text: {
    id: 'members.end.text',
    defaultMessage: '{name} tritt zum gewählten Tag aus. Die Mitgliedsnummer bleibt in den Unterlagen bei {name}; der Kontakt bleibt erhalten.',
    description: 'What ending a membership does',
  },
  confirm: { id: 'members.end.confirm', defaultMessage: 'Austritt zum {date} eintragen', description: 'Confirms the exit on the chosen date' },
  beforeEntry: { id: 'members.end.beforeEntry', defaultMessage: 'Der Austritt kann nicht vor dem Eintritt ({date}) liegen.', description: 'The exit date is before the entry date' },
}));

/** Ends the membership on an exit date (today unless chosen), after saying what that means. */
export function MemberEndDialog({ teamId, member, name, onClose }: { teamId: string; member: MemberView; name: string; onClose: () => void }) {
  const intl = useIntl();
  const [exitDate, setExitDate] = useState(() => (today() < member.entryDate ? member.entryDate : today()));
  const [tried, setTried] = useState(false);
  const [end, { isLoading, error }] = useEndMembershipMutation();
  const server = useServerField(error);
  const own = exitDate === ''
    ? intl.formatMessage(memberMessages.dateRequired)
    : exitDate < member.entryDate ? intl.formatMessage(messages.beforeEntry, { date: formatDay(intl, member.entryDate) }) : null;
  const problem = (tried ? own : null) ?? (server.field === 'exitDate' ? serverProblemText(intl, error) : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (isLoading || own) return;
    const answer = await end({ teamId, contactId: member.contactId, exitDate }).unwrap().catch(() => null);
    if (answer) onClose();
  }

  return (
    <Modal title={intl.formatMessage(messages.title)} onClose={onClose} tone="danger">
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
        <p>{intl.formatMessage(messages.text, { name })}</p>
        <div className="member-form__date">
          <DateTimeField kind="date" required label={intl.formatMessage(memberFieldMessages.exitDate)} value={exitDate} onValueChange={(value) => { server.clear('exitDate'); setExitDate(value); }} />
          {problem && <small className="field__problem" role="alert">{problem}</small>}
        </div>
        {server.field === null && <ApiErrorAlert error={error} />}
        <div className="dialog__actions">
          <button type="submit" className="button button--danger" disabled={isLoading}>
            {intl.formatMessage(messages.confirm, { date: exitDate ? formatDay(intl, exitDate) : '' })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
