import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { ApiErrorAlert } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { teamLinks, useGetTeamSetupQuery, useListUserLinksQuery, type TeamSetupStatus } from './teams.api';
import { planMessages, setupMessages, teamMessages } from './teams.messages';

const STEP_LABELS = { logo: setupMessages.logo, contactUser: setupMessages.contactUser, paid_plan: setupMessages.paidPlan } as const;

// /team-setup (success, error, payment, invoice): the plan and the steps still missing for the
// team named by ?team=, else the first team the user owns or administers.
export function TeamSetupPage() {
  const intl = useIntl();
  const { step } = useParams();
  const [search] = useSearchParams();
  const title = intl.formatMessage(setupMessages.title);
  usePageTitle(title);
  const { data: links, isLoading } = useListUserLinksQuery();
  const managed = teamLinks(links).filter((entry) => entry.access.manage);
  const teamId = search.get('team') ?? managed[0]?.id ?? null;

  return (
    <div className="page">
      <h1>{title}</h1>
      {step === 'success' && <p className="alert alert--success" role="status">{intl.formatMessage(setupMessages.success)}</p>}
      {step === 'error' && <p className="alert alert--danger" role="alert">{intl.formatMessage(setupMessages.error)}</p>}
      {isLoading ? <ShellLoader /> : teamId ? <SetupStatus teamId={teamId} /> : <p>{intl.formatMessage(setupMessages.noTeam)}</p>}
    </div>
  );
}

function SetupStatus({ teamId }: { teamId: string }) {
  const intl = useIntl();
  const { data: status, error } = useGetTeamSetupQuery(teamId);
  if (error) return <ApiErrorAlert error={error} />;
  if (!status) return <ShellLoader />;
  return (
    <section className="card" aria-labelledby="setup-status">
      <h2 id="setup-status">{status.link}</h2>
      <p>
        {intl.formatMessage(teamMessages.plan)}: <span className="badge badge--primary">{intl.formatMessage(planMessages[status.plan])}</span>
      </p>
      {status.plan === 'free' && <p className="hint">{intl.formatMessage(setupMessages.free)}</p>}
      {status.blocked && <p className="alert alert--danger">{intl.formatMessage(teamMessages.blocked)}</p>}
      {status.planLapsed && !status.blocked && <p className="alert alert--info">{intl.formatMessage(teamMessages.lapsed)}</p>}
      <Steps status={status} />
      <Link className="button" to={paths.teamManage.href(status.link)}>{intl.formatMessage(setupMessages.toManage)}</Link>
    </section>
  );
}

function Steps({ status }: { status: TeamSetupStatus }) {
  const intl = useIntl();
  return (
    <ul aria-label={intl.formatMessage(setupMessages.steps)}>
      {(Object.keys(STEP_LABELS) as (keyof typeof STEP_LABELS)[]).map((step) => {
        const open = status.missing.includes(step);
        return (
          <li key={step}>
            {intl.formatMessage(STEP_LABELS[step])}: <strong>{intl.formatMessage(open ? setupMessages.open : setupMessages.done)}</strong>
          </li>
        );
      })}
    </ul>
  );
}
