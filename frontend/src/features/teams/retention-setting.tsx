import { useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { ApiErrorAlert } from '../../shared/form';
import { Clock, Icon } from '../../shared/icons';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useGetActivityRetentionQuery, useSetActivityRetentionMutation, type TeamDetails } from './teams.api';
import { retentionDaysMessage, retentionMessages, retentionYearsMessage } from './team-admin.messages';
import './team-admin.css';

// The server keeps 30 to 3650 days or everything (null; events/src/activity ACTIVITY_RETENTION_*,
// not exported to the console); the console offers common spans.
const ACTIVITY_RETENTION_MIN_DAYS = 30;
const ACTIVITY_RETENTION_MAX_DAYS = 3650;
export const RETENTION_CHOICES = [30, 90, 180, 365, 730, 1825, ACTIVITY_RETENTION_MAX_DAYS] as const;
const FOREVER = 'forever';

export function retentionLabel(intl: IntlShape, days: number | null): string {
  if (days === null) return intl.formatMessage(retentionMessages.forever);
  if (days % 365 === 0) return intl.formatMessage(retentionYearsMessage, { years: days / 365 });
  return intl.formatMessage(retentionDaysMessage, { days });
}

// How long the team's activity log keeps entries (owner or admin).
export function RetentionSetting({ team }: { team: TeamDetails }) {
  const { data: saved, isLoading, error } = useGetActivityRetentionQuery(team.id);
  if (isLoading) return null;
  return <RetentionForm key={String(saved)} team={team} saved={saved ?? null} loadError={error} />;
}

function RetentionForm({ team, saved, loadError }: { team: TeamDetails; saved: number | null; loadError: Parameters<typeof ApiErrorAlert>[0]['error'] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(saved === null ? FOREVER : String(saved));
  const [save, { isLoading, error }] = useSetActivityRetentionMutation();
  const choices: number[] = [...RETENTION_CHOICES];
  if (saved !== null && !choices.includes(saved)) choices.push(saved);
  choices.sort((a, b) => a - b);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = value === FOREVER ? null : Number(value);
    if (days !== null && (days < ACTIVITY_RETENTION_MIN_DAYS || days > ACTIVITY_RETENTION_MAX_DAYS)) return;
    const result = await save({ teamId: team.id, days });
    if (result.data) dispatch(popupShown({ message: retentionMessages.saved, tone: 'success' }));
  }

  return (
    <section className="card" aria-labelledby="team-retention">
      <h2 id="team-retention" className="team-heading"><Icon of={Clock} /> {intl.formatMessage(retentionMessages.title)}</h2>
      <p className="hint">{intl.formatMessage(retentionMessages.intro)}</p>
      <ApiErrorAlert error={loadError} />
      <form className="form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="team-retention-days">{intl.formatMessage(retentionMessages.label)}</label>
          <select id="team-retention-days" className="input" value={value} onChange={(event) => setValue(event.target.value)}>
            {choices.map((days) => <option key={days} value={String(days)}>{retentionLabel(intl, days)}</option>)}
            <option value={FOREVER}>{intl.formatMessage(retentionMessages.forever)}</option>
          </select>
        </div>
        <p className="hint">{intl.formatMessage(retentionMessages.current, { value: retentionLabel(intl, saved) })}</p>
        <ApiErrorAlert error={error} />
        <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(retentionMessages.save)}</button>
      </form>
    </section>
  );
}
