import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LIMITS } from '@planwerk/events/constants';
import { isApiError } from '../../app/api-error';
import { ApiErrorAlert, Checkbox, TextField } from '../../shared/form';
import { useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useRegisterMutation } from './accounts.api';
import { registerDoneMessage, registerDoneParentMessage, registerMessages } from './accounts.messages';

type Problem = keyof typeof registerMessages | null;

// /signup (spec section 5): password twice with at least 8 characters; terms, privacy and
// cookies accepted; age at least 16, else a parent e-mail.
export function RegisterPage() {
  const intl = useIntl();
  const title = intl.formatMessage(registerMessages.title);
  usePageTitle(title);
  const language = useAppSelector((state) => state.preferences.language);
  const [form, setForm] = useState({ vorname: '', nachname: '', mail: '', pass: '', pass2: '', parentMail: '' });
  const [checks, setChecks] = useState({ age: true, terms: false, privacy: false, cookies: false });
  const [problem, setProblem] = useState<Problem>(null);
  const [register, { isLoading, error, isSuccess, originalArgs }] = useRegisterMutation();
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  const check = (key: keyof typeof checks) => (value: boolean) => setChecks((current) => ({ ...current, [key]: value }));

  function localProblem(): Problem {
    if ([...form.pass].length < LIMITS.passwordMinLength) return 'tooShort';
    if (form.pass !== form.pass2) return 'mismatch';
    if (!checks.age && form.parentMail.trim() === '') return 'parentRequired';
    if (!checks.terms || !checks.privacy || !checks.cookies) return 'consent';
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = localProblem();
    setProblem(found);
    if (found) return;
    await register({
      mail: form.mail.trim(), vorname: form.vorname.trim(), nachname: form.nachname.trim(), pass: form.pass, pass2: form.pass2,
      terms: true, privacy: true, cookies: true, age: checks.age,
      ...(checks.age ? {} : { parentMail: form.parentMail.trim() }),
      lang: language,
    });
  }

  if (isSuccess && originalArgs) {
    return (
      <div className="page">
        <h1>{intl.formatMessage(registerMessages.doneTitle)}</h1>
        <p role="status">{intl.formatMessage(registerDoneMessage, { mail: originalArgs.mail })}</p>
        {originalArgs.parentMail && <p>{intl.formatMessage(registerDoneParentMessage, { parentMail: originalArgs.parentMail })}</p>}
        <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(registerMessages.login)}</Link>
      </div>
    );
  }

  // A password the server refuses (too common, the own name) comes back as a pass field error.
  const weakPassword = isApiError(error) && error.intern === 'validation_failed' && error.field === 'pass';
  const passwordProblem = problem === 'tooShort' ? registerMessages.tooShort : weakPassword ? registerMessages.weak : null;

  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(registerMessages.intro)}</p>
      <form className="form" onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
        <TextField label={intl.formatMessage(registerMessages.firstName)} autoComplete="given-name" value={form.vorname} onValueChange={set('vorname')} required maxLength={100} />
        <TextField label={intl.formatMessage(registerMessages.lastName)} autoComplete="family-name" value={form.nachname} onValueChange={set('nachname')} required maxLength={100} />
        <TextField label={intl.formatMessage(registerMessages.mail)} type="email" autoComplete="email" value={form.mail} onValueChange={set('mail')} required />
        <TextField
          label={intl.formatMessage(registerMessages.password)} type="password" autoComplete="new-password" value={form.pass} onValueChange={set('pass')} required
          hint={intl.formatMessage(registerMessages.passwordHint)} problem={passwordProblem ? intl.formatMessage(passwordProblem) : null}
        />
        <TextField
          label={intl.formatMessage(registerMessages.password2)} type="password" autoComplete="new-password" value={form.pass2} onValueChange={set('pass2')} required
          problem={problem === 'mismatch' ? intl.formatMessage(registerMessages.mismatch) : null}
        />
        <Checkbox label={intl.formatMessage(registerMessages.age)} checked={checks.age} onChange={check('age')} />
        {!checks.age && (
          <TextField
            label={intl.formatMessage(registerMessages.parentMail)} type="email" value={form.parentMail} onValueChange={set('parentMail')} required
            hint={intl.formatMessage(registerMessages.parentHint)} problem={problem === 'parentRequired' ? intl.formatMessage(registerMessages.parentRequired) : null}
          />
        )}
        <Checkbox label={intl.formatMessage(registerMessages.terms)} checked={checks.terms} onChange={check('terms')} />
        <Checkbox label={intl.formatMessage(registerMessages.privacy)} checked={checks.privacy} onChange={check('privacy')} />
        <Checkbox label={intl.formatMessage(registerMessages.cookies)} checked={checks.cookies} onChange={check('cookies')} />
        {problem === 'consent' && <p className="alert alert--danger" role="alert">{intl.formatMessage(registerMessages.consent)}</p>}
        {!weakPassword && <ApiErrorAlert error={error} />}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(registerMessages.submit)}</button>
        </div>
      </form>
      <p>
        {intl.formatMessage(registerMessages.haveAccount)}{' '}
        <Link to={paths.login.href()}>{intl.formatMessage(registerMessages.login)}</Link>
      </p>
    </div>
  );
}
