import { LIMITS } from '@planwerk/events/constants';
import { useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TextField } from '../../shared/form';
import { isApiError } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import { ProjectErrorAlert } from '../../shared/project-errors';
import type { ItemView, ListView } from '../projects';
import { Modal } from '../../shared/ui';
import { rememberSignup, updateCachedSignup } from './link-cache';
import { retryKeys, unanswered } from './retry-key';
import { cleanValues, FieldInput, VoteInput } from './signup-fields';
import { useAddSignupMutation, useChangeSignupMutation, type SignupValues } from './signups.api';
import { untyped } from '../../shared/untyped-messages';

export const signupDialogMessages = untyped(defineMessages({
  title: { id: 'signups.dialog.title', defaultMessage: 'Eintragen: {name}', description: 'Title of the sign-up dialog' },
  changeTitle: { id: 'signups.dialog.changeTitle', defaultMessage: 'Eintragung ändern: {name}', description: 'Title of the change dialog' },
  name: { id: 'signups.dialog.name', defaultMessage: 'Dein Name', description: 'Name of an anonymous visitor' },
  nameOnBehalf: { id: 'signups.dialog.nameOnBehalf', defaultMessage: 'Name der Person, die du einträgst', description: 'Admins sign up on behalf of someone' },
  onBehalfHint: { id: 'signups.dialog.onBehalfHint', defaultMessage: 'Als Admin trägst du andere Personen ein, nicht dich selbst.', description: 'Hint for admins' },
  anonymousHint: { id: 'signups.dialog.anonymousHint', defaultMessage: 'Du kannst deine Eintragung später in diesem Browser ändern oder zurückziehen.', description: 'Hint for anonymous visitors' },
  email: { id: 'signups.dialog.email', defaultMessage: 'E-Mail-Adresse (freiwillig)', description: 'Optional e-mail address of an anonymous visitor' },
  emailHint: {
    id: 'signups.dialog.emailHint',
    defaultMessage: 'Mit E-Mail bekommst du eine Bestätigung mit Kalendereintrag und einen privaten Link, mit dem du deine Eintragung auf jedem Gerät ändern oder zurückziehen kannst.',
    description: 'What the optional e-mail address is for',
  },
  emailInvalid: { id: 'signups.dialog.emailInvalid', defaultMessage: 'Bitte gib eine gültige E-Mail-Adresse an oder lass das Feld leer.', description: 'The server refused the e-mail address' },
  mailSent: { id: 'signups.dialog.mailSent', defaultMessage: 'Du bist eingetragen. Die Bestätigung geht an {email}.', description: 'Popup after a placed sign-up with an e-mail address' },
  submit: { id: 'signups.dialog.submit', defaultMessage: 'Eintragen', description: 'Signs up' },
  save: { id: 'signups.dialog.save', defaultMessage: 'Änderung speichern', description: 'Saves a change' },
  placed: { id: 'signups.dialog.placed', defaultMessage: 'Du bist eingetragen.', description: 'Popup after a placed sign-up' },
  waitlisted: { id: 'signups.dialog.waitlisted', defaultMessage: 'Der Eintrag ist voll: du stehst auf der Warteliste (Platz {position}).', description: 'Popup after a waitlisted sign-up' },
  changed: { id: 'signups.dialog.changed', defaultMessage: 'Deine Eintragung wurde geändert.', description: 'Popup after a change' },
  loginNeeded: { id: 'signups.dialog.loginNeeded', defaultMessage: 'Für diese Liste musst du angemeldet sein.', description: 'The list does not allow anonymous sign-ups' },
  login: { id: 'signups.dialog.login', defaultMessage: 'Anmelden', description: 'Link to the login' },
}));

export interface SignupTarget {
  projectId: string;
  list: ListView;
  item: ItemView;
  /** Version of the view the visitor signs up from. */
  version: number;
}

export interface Viewer {
  signedIn: boolean;
  admin: boolean;
  password?: string;
}

/** Sign up for an item: a member as themselves, a visitor with a name, an admin on behalf of someone. */
export function SignupDialog({ target, viewer, onClose }: { target: SignupTarget; viewer: Viewer; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { list, item, projectId } = target;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<SignupValues>({});
  const [vote, setVote] = useState<string | null>(null);
  const [add, { isLoading, error }] = useAddSignupMutation();
  const keys = useRef(retryKeys()).current;
  const needsName = viewer.admin || !viewer.signedIn;
  const blocked = !viewer.signedIn && !list.settings.allowAnonymous;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      projectId, listId: list.listId, itemId: item.itemId, values: cleanValues(values), vote, password: viewer.password,
      ...(needsName ? { name: name.trim() } : {}),
      // A visitor's optional address, with the page's language for the confirmation mail.
      ...(!viewer.signedIn && email.trim() !== '' ? { email: email.trim(), language: intl.locale.slice(0, 2) } : {}),
    };
    const result = await add({ ...input, idempotencyKey: keys.keyFor(input) });
    // Pressing "Eintragen" again after a lost answer repeats this sign-up, not a new one.
    if (!unanswered(result.error)) keys.answered();
    if (!result.data) return;
    const answer = result.data;
    if (answer.token) {
      rememberSignup(projectId, {
        signupId: answer.signupId, listId: list.listId, itemId: answer.itemId, token: answer.token, name: name.trim(),
        status: answer.status, position: answer.position, at: new Date().toISOString(), version: target.version,
      });
    }
    const mailed = 'email' in input ? input.email : null;
    dispatch(popupShown(answer.status === 'waitlisted'
      ? { message: signupDialogMessages.waitlisted, values: { position: answer.position ?? 1 }, tone: 'info' }
      : mailed ? { message: signupDialogMessages.mailSent, values: { email: mailed }, tone: 'success' } : { message: signupDialogMessages.placed, tone: 'success' }));
    onClose();
  }

  return (
    <Modal title={intl.formatMessage(signupDialogMessages.title, { name: item.name })} onClose={onClose}>
      {blocked ? (
        <div className="alert alert--info">
          <p className="alert__text">{intl.formatMessage(signupDialogMessages.loginNeeded)}</p>
          <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(signupDialogMessages.login)}</Link>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          {viewer.admin && <p className="hint">{intl.formatMessage(signupDialogMessages.onBehalfHint)}</p>}
          {needsName && (
            <TextField
              label={intl.formatMessage(viewer.admin ? signupDialogMessages.nameOnBehalf : signupDialogMessages.name)}
              value={name}
              onValueChange={setName}
              required
              maxLength={LIMITS.signupNameMax}
              autoComplete="name"
              autoFocus
            />
          )}
          {list.fields.map((field) => <FieldInput key={field.fieldId} field={field} values={values} onChange={setValues} />)}
          {item.vote && <VoteInput vote={item.vote} value={vote} onChange={setVote} />}
          {!viewer.signedIn && (
            <>
              <TextField
                label={intl.formatMessage(signupDialogMessages.email)}
                type="email"
                value={email}
                onValueChange={setEmail}
                maxLength={254}
                autoComplete="email"
                inputMode="email"
                hint={intl.formatMessage(signupDialogMessages.emailHint)}
                problem={isApiError(error) && error.field === 'email' ? intl.formatMessage(signupDialogMessages.emailInvalid) : undefined}
              />
              <p className="hint">{intl.formatMessage(signupDialogMessages.anonymousHint)}</p>
            </>
          )}
          <ProjectErrorAlert error={error} />
          <div className="dialog__actions">
            <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(signupDialogMessages.submit)}</button>
          </div>
        </form>
      )}
    </Modal>
  );
}

export interface OwnSignup {
  signupId: string;
  name: string | null;
  values: Record<string, unknown> | null;
  vote: string | null;
  token?: string;
}

/** Change one's own sign-up: name (visitors), field values and vote. */
export function ChangeSignupDialog({ target, signup, viewer, onClose }: { target: SignupTarget; signup: OwnSignup; viewer: Viewer; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { list, item, projectId } = target;
  const [name, setName] = useState(signup.name ?? '');
  const [values, setValues] = useState<SignupValues>(() => {
    const initial: SignupValues = {};
    for (const [key, value] of Object.entries(signup.values ?? {})) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) initial[key] = value;
    }
    return initial;
  });
  const [vote, setVote] = useState<string | null>(signup.vote);
  const [change, { isLoading, error }] = useChangeSignupMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await change({
      projectId, listId: list.listId, signupId: signup.signupId, token: signup.token, password: viewer.password,
      body: { values: cleanValues(values), ...(signup.token ? { name: name.trim() } : {}), ...(item.vote ? { vote } : {}) },
    });
    if (!result.data) return;
    if (signup.token) updateCachedSignup(projectId, signup.signupId, { name: name.trim(), status: result.data.status });
    dispatch(popupShown({ message: signupDialogMessages.changed, tone: 'success' }));
    onClose();
  }

  return (
    <Modal title={intl.formatMessage(signupDialogMessages.changeTitle, { name: item.name })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        {signup.token && (
          <TextField label={intl.formatMessage(signupDialogMessages.name)} value={name} onValueChange={setName} required maxLength={LIMITS.signupNameMax} autoFocus />
        )}
        {list.fields.map((field) => <FieldInput key={field.fieldId} field={field} values={values} onChange={setValues} />)}
        {item.vote && <VoteInput vote={item.vote} value={vote} onChange={setVote} />}
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(signupDialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}
