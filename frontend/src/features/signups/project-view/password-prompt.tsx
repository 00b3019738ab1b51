import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import { projectViewMessages as messages } from './project-view.messages';

/** The password of a password project, asked before its view. */
export function PasswordPrompt({ onPassword, error }: { onPassword: (password: string) => void; error: ReactNode }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onPassword(password);
  }
  return (
    <div className="page">
      <h1>{intl.formatMessage(messages.passwordTitle)}</h1>
      {error}
      <form className="form" onSubmit={submit}>
        <TextField label={intl.formatMessage(messages.password)} type="password" value={password} onValueChange={setPassword} required autoFocus />
        <button type="submit" className="button button--primary">{intl.formatMessage(messages.open)}</button>
      </form>
    </div>
  );
}
