import { useId, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../../../shared/form';
import { Icon, Mail, X } from '../../../shared/icons';
import { addAddresses, INVITE_ADDRESSES_MAX, type InviteAddress } from './invite-addresses';
import { useInviteToProjectMutation } from './invite.api';
import { inviteMessages as messages } from './invite.messages';

const MESSAGE_MAX = 500;
const SEPARATOR = /[\s,;]/;

/**
 * Invitation by mail: addresses typed or pasted become chips (each checked, removable), an
 * optional message, up to 50 at once; sent through POST …/project/{projectId}/invite, the
 * server's refusal shown as it answers.
 */
export function InviteMailForm({ teamId, projectId }: { teamId: string; projectId: string }) {
  const intl = useIntl();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const [addresses, setAddresses] = useState<InviteAddress[]>([]);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [invite, state] = useInviteToProjectMutation();

  const invalid = addresses.filter((entry) => !entry.valid).length;
  const over = addresses.length - INVITE_ADDRESSES_MAX;

  function commit(text: string): InviteAddress[] {
    const next = addAddresses(addresses, text);
    setAddresses(next);
    setProblem(null);
    return next;
  }

  function remove(email: string) {
    setAddresses(addresses.filter((other) => other.email !== email));
    setProblem(null);
  }

  function onDraftChange(value: string) {
    setSent(null);
    if (!SEPARATOR.test(value)) {
      setDraft(value);
      return;
    }
    // Everything up to the last separator becomes chips; what follows is still being typed.
    const cut = Math.max(...[...value.matchAll(/[\s,;]/g)].map((match) => match.index ?? 0));
    commit(value.slice(0, cut));
    setDraft(value.slice(cut + 1));
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!SEPARATOR.test(text.trim())) return;
    event.preventDefault();
    commit(`${draft}${text}`);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && draft.trim() !== '') {
      event.preventDefault();
      commit(draft);
      setDraft('');
    } else if (event.key === 'Backspace' && draft === '' && addresses.length > 0) {
      remove(addresses[addresses.length - 1]!.email);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const list = draft.trim() === '' ? addresses : commit(draft);
    setDraft('');
    const wrong = list.filter((entry) => !entry.valid).length;
    if (list.length === 0) return setProblem(intl.formatMessage(messages.none));
    if (wrong > 0) return setProblem(intl.formatMessage(messages.invalidCount, { count: wrong }));
    if (list.length > INVITE_ADDRESSES_MAX) return setProblem(intl.formatMessage(messages.tooMany, { max: INVITE_ADDRESSES_MAX, over: list.length - INVITE_ADDRESSES_MAX }));
    const result = await invite({ teamId, projectId, body: { emails: list.map((entry) => entry.email), message: message.trim() === '' ? null : message } });
    if (!result.data) return;
    setSent(result.data.invited);
    setAddresses([]);
    setMessage('');
  }

  const shownProblem = problem
    ?? (invalid > 0 ? intl.formatMessage(messages.invalidCount, { count: invalid }) : null)
    ?? (over > 0 ? intl.formatMessage(messages.tooMany, { max: INVITE_ADDRESSES_MAX, over }) : null);
  const describedBy = [hintId, shownProblem ? problemId : null].filter(Boolean).join(' ');

  return (
    <form className="form invite-mail" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={inputId}>{intl.formatMessage(messages.addresses)}</label>
        <div className={`chip-input${shownProblem ? ' chip-input--invalid' : ''}`}>
          {addresses.length > 0 && (
            <ul className="chip-input__list" aria-label={intl.formatMessage(messages.addressList)}>
              {addresses.map((entry) => (
                <li key={entry.email} className={`address-chip${entry.valid ? '' : ' address-chip--invalid'}`} aria-invalid={entry.valid ? undefined : true}>
                  <span className="address-chip__text">{entry.email}</span>
                  {!entry.valid && <span className="address-chip__note">{intl.formatMessage(messages.invalid)}</span>}
                  <button
                    type="button"
                    className="address-chip__remove"
                    aria-label={intl.formatMessage(messages.remove, { email: entry.email })}
                    onClick={() => remove(entry.email)}
                  >
                    <Icon of={X} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            id={inputId}
            className="chip-input__input"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={draft}
            aria-describedby={describedBy}
            aria-invalid={shownProblem ? true : undefined}
            onChange={(event) => onDraftChange(event.target.value)}
            onPaste={onPaste}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (draft.trim() === '') return;
              commit(draft);
              setDraft('');
            }}
          />
        </div>
        <small id={hintId} className="hint">
          {intl.formatMessage(messages.addressesHint, { max: INVITE_ADDRESSES_MAX })}{' '}
          {addresses.length > 0 && intl.formatMessage(messages.count, { count: addresses.length, max: INVITE_ADDRESSES_MAX })}
        </small>
        {shownProblem && <p id={problemId} className="field__problem" role="alert">{shownProblem}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${inputId}-message`}>{intl.formatMessage(messages.message)}</label>
        <textarea id={`${inputId}-message`} rows={3} maxLength={MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <ApiErrorAlert error={state.error} />
      {sent !== null && <p className="alert alert--success" role="status">{intl.formatMessage(messages.sent, { count: sent })}</p>}
      <button type="submit" className="button button--primary" disabled={state.isLoading}>
        <Icon of={Mail} /> {intl.formatMessage(messages.send, { count: addresses.length })}
      </button>
    </form>
  );
}
