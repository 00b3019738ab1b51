import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, UserPlus } from '../../shared/icons';
import { paths } from '../../app/paths';
import { useApplyForMembershipMutation } from './teams.api';
import { applyMessages } from './team-admin.messages';
import './team-admin.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A signed-in person opens a team link without being a member: the team answers like an unknown
// link (outsiders learn nothing), so the page offers to apply with the link they have.
export function ApplyToTeam({ link }: { link: string }) {
  const intl = useIntl();
  const [apply, { data, error, isLoading }] = useApplyForMembershipMutation();
  // Coming from the visitor's page the team's name comes along; a bare id is never shown.
  const state: unknown = useLocation().state;
  const named = typeof state === 'object' && state !== null && 'teamName' in state && typeof state.teamName === 'string' ? state.teamName : null;
  const team = named ?? (UUID.test(link) ? null : link);
  return (
    <section className="card team-apply" aria-labelledby="team-apply">
      <div className="team-empty__icon"><Icon of={UserPlus} /></div>
      <h1 id="team-apply">{intl.formatMessage(applyMessages.title)}</h1>
      {data ? (
        <p role="status" className="alert alert--success">{intl.formatMessage(applyMessages.sent)}</p>
      ) : (
        <>
          <p>{team === null ? intl.formatMessage(applyMessages.introUnnamed) : intl.formatMessage(applyMessages.intro, { link: team })}</p>
          <ApiErrorAlert error={error} />
          <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void apply(link)}>
            {intl.formatMessage(applyMessages.submit)}
          </button>
        </>
      )}
      <p><Link to={paths.start.href()}>{intl.formatMessage(applyMessages.back)}</Link></p>
    </section>
  );
}
