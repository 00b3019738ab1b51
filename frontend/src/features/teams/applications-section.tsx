import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import { Icon, Inbox } from '../../shared/icons';
import { applicationsEmptyMessages } from './team-admin.messages';
import './team-admin.css';
import { useDecideApplicationMutation, useListTeamApplicationsQuery, type TeamDetails } from './teams.api';
import { applicationMessages, inviteMessages, memberLabelMessage, memberMessages } from './teams.messages';

// Membership applications (owner or admin): accept or reject.
export function ApplicationsSection({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const { data: applications, error } = useListTeamApplicationsQuery(team.id);
  const [decide, decideState] = useDecideApplicationMutation();
  return (
    <section className="card" aria-labelledby="team-applications">
      <h2 id="team-applications">{intl.formatMessage(applicationMessages.title)}</h2>
      <ApplyLink team={team} />
      <ApiErrorAlert error={error ?? decideState.error} />
      {applications && applications.length === 0 && (
        <div className="team-empty">
          <div className="team-empty__icon"><Icon of={Inbox} /></div>
          <p>{intl.formatMessage(applicationMessages.none)}</p>
          <p className="hint">{intl.formatMessage(applicationsEmptyMessages.hint)}</p>
        </div>
      )}
      {applications && applications.length > 0 && (
        <table className="table" aria-label={intl.formatMessage(applicationMessages.title)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(memberMessages.member)}</th>
              <th scope="col">{intl.formatMessage(applicationMessages.applied)}</th>
              <th scope="col"><span className="visually-hidden">{intl.formatMessage(memberMessages.actions)}</span></th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.applicationId}>
                <td title={application.userId}>{application.name ?? intl.formatMessage(memberLabelMessage, { id: application.userId.slice(0, 8) })}</td>
                <td>{intl.formatDate(application.appliedAt, { dateStyle: 'medium' })}</td>
                <td className="actions">
                  <button type="button" className="button button--primary" disabled={decideState.isLoading}
                    onClick={() => void decide({ teamId: team.id, applicationId: application.applicationId, accept: true })}>
                    {intl.formatMessage(applicationMessages.accept)}
                  </button>
                  <button type="button" className="button" disabled={decideState.isLoading}
                    onClick={() => void decide({ teamId: team.id, applicationId: application.applicationId, accept: false })}>
                    {intl.formatMessage(applicationMessages.reject)}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// The link that lets someone outside the team apply (the team's link plus /apply).
function ApplyLink({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const url = `${window.location.origin}${paths.teamApply.href(team.link)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(popupShown({ message: inviteMessages.copied, tone: 'success' }));
    } catch {
      dispatch(popupShown({ message: inviteMessages.copyFailed, tone: 'danger' }));
    }
  }

  return (
    <div className="apply-link">
      <label htmlFor="team-apply-link">{intl.formatMessage(applicationsEmptyMessages.linkLabel)}</label>
      <div className="apply-link__row">
        <input id="team-apply-link" className="input" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={() => void copy()}>{intl.formatMessage(applicationsEmptyMessages.copy)}</button>
      </div>
    </div>
  );
}
