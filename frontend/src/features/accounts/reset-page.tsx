import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@planwerk/events/constants';
import { isApiError } from '../../app/api-error';
import { ApiErrorAlert, Checkbox, TextField } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from './accounts.api';
import { linkMessages, resetMessages, registerMessages } from './accounts.messages';

// /account/reset/{data?}: without data ask for a link; with the link's token set a new password.
export function ResetPage() {
  const intl = useIntl();
  const { data } = useParams();
  const title = intl.formatMessage(resetMessages.title);
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      {data ? <SetPassword token={data} /> : <RequestLink />}
    </div>
  );
}

function RequestLink() {
  const intl = useIntl();
  const [mail, setMail] = useState('');
  const [request, { isLoading, isSuccess, error }] = useRequestPasswordResetMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await request({ mail: mail.trim() });
  }

  if (isSuccess) return <p className="alert alert--success" role="status">{intl.formatMessage(resetMessages.requested)}</p>;
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <p>{intl.formatMessage(resetMessages.requestIntro)}</p>
      <TextField label={intl.formatMessage(resetMessages.mail)} type="email" autoComplete="email" value={mail} onValueChange={setMail} required />
      <ApiErrorAlert error={error} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(resetMessages.request)}</button>
      </div>
    </form>
  );
}

function SetPassword({ token }: { token: string }) {
  const intl = useIntl();
  const [pass, setPass] = useState('');
  const [pass2, setPass2] = useState('');
  const [everywhere, setEverywhere] = useState(false);
  const [problem, setProblem] = useState<'tooShort' | 'mismatch' | null>(null);
  const [reset, { isLoading, isSuccess, error }] = useResetPasswordMutation();
  const weak = isApiError(error) && error.intern === 'validation_failed' && error.field === 'pass';
  const unusable = isApiError(error) && error.intern === 'not_found';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = [...pass].length < LIMITS.passwordMinLength ? 'tooShort' : pass !== pass2 ? 'mismatch' : null;
    setProblem(found);
    if (found) return;
    await reset({ token, pass, pass2, signOutEverywhere: everywhere });
  }

  if (isSuccess) {
    return (
      <>
        <p className="alert alert--success" role="status">{intl.formatMessage(resetMessages.changed)}</p>
        <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(linkMessages.toLogin)}</Link>
      </>
    );
  }
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{intl.formatMessage(resetMessages.setIntro)}</p>
      <TextField
        label={intl.formatMessage(resetMessages.password)} type="password" autoComplete="new-password" value={pass} onValueChange={setPass} required
        hint={intl.formatMessage(registerMessages.passwordHint)}
        problem={problem === 'tooShort' ? intl.formatMessage(registerMessages.tooShort) : weak ? intl.formatMessage(registerMessages.weak) : null}
      />
      <TextField
        label={intl.formatMessage(resetMessages.password2)} type="password" autoComplete="new-password" value={pass2} onValueChange={setPass2} required
        problem={problem === 'mismatch' ? intl.formatMessage(registerMessages.mismatch) : null}
      />
      <Checkbox label={intl.formatMessage(resetMessages.signOutEverywhere)} checked={everywhere} onChange={setEverywhere} />
      {unusable && <p className="alert alert--danger" role="alert">{intl.formatMessage(linkMessages.invalid)}</p>}
      {!weak && !unusable && <ApiErrorAlert error={error} />}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(resetMessages.save)}</button>
      </div>
    </form>
  );
}
