import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { SelectField, TextAreaField } from '../../shared/form-fields';
import { Icon, Mail } from '../../shared/icons';
import { teamLinks, useListUserLinksQuery } from '../teams';
import { administers } from './admin-teams';
import { adminContactMessages as m } from './admin-contact.messages';
import { useRequestSupportMutation } from './support.api';

export const SUBJECT_MAX = 120;
export const TEXT_MAX = 4000;

// /settings/admin/contact (spec section 2): team owners and admins write to the operator of
// this Planwerk installation (POST /v5/team/{teamId}/support). The operator gets it by mail
// (SUPPORT_MAIL) and answers to the person's address; the request shows in the team's log.
export function AdminContactPage() {
  const intl = useIntl();
  const { data: links, error: linksError } = useListUserLinksQuery();
  const teams = teamLinks(links).filter(administers);
  const titleId = useId();
  const teamId = useId();
  const textId = useId();
  const [chosen, setChosen] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [send, { isLoading, isSuccess, error, reset }] = useRequestSupportMutation();

  if (links && teams.length === 0) return <Navigate to={paths.errorAccess.href()} replace />;
  const team = teams.find((entry) => entry.id === chosen) ?? teams[0];
  const subjectProblem = subject.trim().length < 3 ? intl.formatMessage(m.subjectMissing) : null;
  const textProblem = text.trim().length < 10 ? intl.formatMessage(m.textMissing) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!team || subjectProblem || textProblem || isLoading) return;
    await send({ teamId: team.id, subject: subject.trim(), message: text.trim() }).unwrap().catch(() => undefined);
  }

  function again() {
    setSubject('');
    setText('');
    setTried(false);
    reset();
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-block__title"><Icon of={Mail} />{intl.formatMessage(m.title)}</h2>
      <p>{intl.formatMessage(m.intro)}</p>
      <ApiErrorAlert error={linksError} />
      {isSuccess && team ? (
        <>
          <p role="status" className="alert alert--success">{intl.formatMessage(m.sent, { team: team.name })}</p>
          <button type="button" className="button" onClick={again}>{intl.formatMessage(m.again)}</button>
        </>
      ) : team ? (
        <form onSubmit={submit} noValidate>
          <SelectField id={teamId} label={intl.formatMessage(m.team)} value={team.id} onValueChange={setChosen} required>
            {teams.map((entry) => <option key={entry.id} value={entry.id}>{entry.name}</option>)}
          </SelectField>
          <TextField
            label={intl.formatMessage(m.subject)}
            value={subject}
            onValueChange={setSubject}
            maxLength={SUBJECT_MAX}
            required
            problem={tried ? subjectProblem : null}
          />
          <TextAreaField id={textId} label={intl.formatMessage(m.text)} value={text} onValueChange={setText} rows={6} maxLength={TEXT_MAX} required />
          {tried && textProblem && <p className="field__problem" role="alert">{textProblem}</p>}
          <p className="hint">{intl.formatMessage(m.limits, { subject: SUBJECT_MAX, text: TEXT_MAX })}</p>
          <ApiErrorAlert error={error} />
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {intl.formatMessage(isLoading ? m.sending : m.send)}
          </button>
        </form>
      ) : null}
    </section>
  );
}
