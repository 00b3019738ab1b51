import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import { useTeam } from './team-layout';
import { useLeaveTeamMutation } from './teams.api';
import { levelMessages, planMessages, teamMessages, typeMessages } from './teams.messages';

// team-details: what the team is, the caller's role, and leaving it.
export function TeamDetailsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const team = useTeam();
  const [leave, { isLoading, error }] = useLeaveTeamMutation();
  const rows = [
    { label: teamMessages.yourLevel, value: intl.formatMessage(levelMessages[team.level]) },
    { label: teamMessages.type, value: intl.formatMessage(typeMessages[team.type]) },
    { label: teamMessages.plan, value: intl.formatMessage(planMessages[team.plan]) },
    { label: teamMessages.link, value: team.link },
    { label: teamMessages.activeProjects, value: String(team.activeProjects.length) },
  ];

  async function leaveTeam() {
    if (!window.confirm(intl.formatMessage(teamMessages.leaveConfirm))) return;
    const result = await leave(team.id);
    if (result.error) return;
    dispatch(popupShown({ message: teamMessages.left, tone: 'success' }));
    void navigate(paths.start.href(), { replace: true });
  }

  return (
    <section className="card" aria-labelledby="team-details">
      <h2 id="team-details">{intl.formatMessage(teamMessages.details)}</h2>
      {team.planLapsed && !team.blocked && <p className="alert alert--info">{intl.formatMessage(teamMessages.lapsed)}</p>}
      <dl className="facts">
        {rows.map((row) => (
          <div key={row.label.id} className="facts__row">
            <dt>{intl.formatMessage(row.label)}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {team.level !== 'owner' && (
        <button type="button" className="button button--danger" disabled={isLoading} onClick={() => void leaveTeam()}>
          {intl.formatMessage(teamMessages.leave)}
        </button>
      )}
      <ApiErrorAlert error={error} />
    </section>
  );
}
