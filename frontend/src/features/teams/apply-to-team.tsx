import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, UserPlus } from '../../shared/icons';
import { paths } from '../../app/paths';
import { useApplyForMembershipMutation } from './teams.api';
import { applyMessages } from './team-admin.messages';
import './team-admin.css';

// A signed-in person opens a team link without being a member: the team answers like an unknown
// link (outsiders learn nothing), so the page offers to apply with the link they have.
export function ApplyToTeam({ link }: { link: string }) {
  const intl = useIntl();
  const [apply, { data, error, isLoading }] = useApplyForMembershipMutation();
  return (
    <section className="card team-apply" aria-labelledby="team-apply">
      <div className="team-empty__icon"><Icon of={UserPlus} /></div>
      <h1 id="team-apply">{intl.formatMessage(applyMessages.title)}</h1>
      {data ? (
        <p role="status" className="alert alert--success">{intl.formatMessage(applyMessages.sent)}</p>
      ) : (
        <>
          <p>{intl.formatMessage(applyMessages.intro, { link })}</p>
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
