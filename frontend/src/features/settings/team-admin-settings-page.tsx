import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import { ApiErrorAlert, Checkbox } from '../../shared/form';
import { SelectField } from '../../shared/form-fields';
import { CircleAlert, CircleCheck, Icon, Printer, LayoutTemplate, ShieldCheck, Sparkles, Users } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { useAdminTeams } from './admin-teams';
import { useAcceptTeamAgreementMutation, useGetTeamAgreementQuery, type TeamAgreement } from './team-agreement.api';
import { agreementText } from './team-agreement-text';
import { teamAdminSettingsMessages as m } from './team-admin-settings.messages';
import { useListUserLinksQuery } from '../teams';

type Acceptance = TeamAgreement['acceptances'][number];

const when = (intl: IntlShape, at: string) => intl.formatDate(at, { dateStyle: 'long', timeStyle: 'short' });
const who = (intl: IntlShape, acceptance: Acceptance) => acceptance.acceptedBy.name ?? intl.formatMessage(m.formerMember);

// /settings/admin/{ccLink} (spec section 2: "admin/{ccLink} and its agreement (owner or admin
// only)"): the team's administration entries and its data-processing agreement with the
// operator of this installation. Anyone else, and an unknown link, gets error-access.
export function TeamAdminSettingsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { ccLink = '' } = useParams();
  const { data: links, error: linksError } = useListUserLinksQuery();
  const teams = useAdminTeams();
  const titleId = useId();
  const pickerId = useId();
  const team = teams.find((entry) => entry.link === ccLink);

  if (links && !team) return <Navigate to={paths.errorAccess.href()} replace />;
  if (!team) return linksError ? <ApiErrorAlert error={linksError} /> : <Skeleton shape="page" />;

  return (
    <>
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="settings-block__title"><Icon of={Users} />{team.name}</h2>
        <p>{intl.formatMessage(m.intro)}</p>
        {teams.length > 1 && (
          <SelectField id={pickerId} label={intl.formatMessage(m.team)} value={team.link} onValueChange={(link) => navigate(paths.settingsAdminTeam.href(link))}>
            {teams.map((entry) => <option key={entry.id} value={entry.link}>{entry.name}</option>)}
          </SelectField>
        )}
        <ul className="link-list" aria-label={intl.formatMessage(m.links)}>
          <li><Link to={paths.teamManage.href(team.link)}><Icon of={Users} />{intl.formatMessage(m.members)}</Link></li>
          <li><Link to={paths.teamDetails.href(team.link)}><Icon of={Sparkles} />{intl.formatMessage(m.details)}</Link></li>
          <li><Link to={paths.teamApps.href(team.link)}><Icon of={LayoutTemplate} />{intl.formatMessage(m.apps)}</Link></li>
        </ul>
      </section>
      <AgreementSection teamId={team.id} teamName={team.name} />
    </>
  );
}

function AgreementSection({ teamId, teamName }: { teamId: string; teamName: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const headingId = useId();
  const { data, error, isLoading } = useGetTeamAgreementQuery(teamId);
  const [accept, acceptance] = useAcceptTeamAgreementMutation();
  const [confirmed, setConfirmed] = useState(false);
  const text = data ? agreementText(data.current, intl.locale, { team: teamName, operator: window.location.origin }) : null;
  const current = data?.acceptances.find((entry) => entry.version === data.current);
  const earlier = data?.acceptances.filter((entry) => entry.version !== data.current) ?? [];

  async function conclude() {
    if (!data || !confirmed || acceptance.isLoading) return;
    const result = await accept({ teamId, version: data.current });
    if (!('error' in result)) dispatch(popupShown({ message: m.concluded, tone: 'success' }));
  }

  return (
    <section className="card team-agreement" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-block__title"><Icon of={ShieldCheck} />{intl.formatMessage(m.agreement)}</h2>
      <p className="team-agreement__why">{intl.formatMessage(m.agreementWhy)}</p>
      <ApiErrorAlert error={error} />
      {isLoading && <Skeleton shape="list" rows={4} />}
      {data && (
        current ? (
          <p role="status" className="alert alert--success team-agreement__status">
            <Icon of={CircleCheck} />
            {intl.formatMessage(m.accepted, { date: when(intl, current.acceptedAt), name: who(intl, current), version: current.version })}
          </p>
        ) : (
          <p role="status" className="alert alert--info team-agreement__status">
            <Icon of={CircleAlert} />
            {intl.formatMessage(m.open, { version: data.current })}
          </p>
        )
      )}
      {earlier.length > 0 && (
        <section className="team-agreement__earlier" aria-label={intl.formatMessage(m.earlier)}>
          <h3>{intl.formatMessage(m.earlier)}</h3>
          <ul>
            {earlier.map((entry) => (
              <li key={entry.version}>{intl.formatMessage(m.earlierEntry, { version: entry.version, date: when(intl, entry.acceptedAt), name: who(intl, entry) })}</li>
            ))}
          </ul>
        </section>
      )}
      {data && !text && <p className="alert alert--danger" role="alert">{intl.formatMessage(m.unknownVersion)}</p>}
      {data && text && (
        <article className="team-agreement__text" lang={intl.locale}>
          <h3>{text.title}</h3>
          <p className="hint">{intl.formatMessage(m.version, { version: data.current })}</p>
          <p>{text.parties}</p>
          <ol>
            {text.sections.map((section) => (
              <li key={section.heading}>
                <h4>{section.heading}</h4>
                <p>{section.text}</p>
              </li>
            ))}
          </ol>
          <p>{text.closing}</p>
          {current && <p className="team-agreement__signature">{intl.formatMessage(m.accepted, { date: when(intl, current.acceptedAt), name: who(intl, current), version: current.version })}</p>}
        </article>
      )}
      {data && text && !current && (
        <div className="team-agreement__accept">
          <Checkbox label={intl.formatMessage(m.confirm, { team: teamName })} checked={confirmed} onChange={setConfirmed} />
          {isApiError(acceptance.error) && acceptance.error.intern === 'validation_failed' && acceptance.error.field === 'version'
            ? <p className="alert alert--danger" role="alert">{intl.formatMessage(m.stale)}</p>
            : <ApiErrorAlert error={acceptance.error} />}
          <button type="button" className="button button--primary" disabled={!confirmed || acceptance.isLoading} onClick={() => void conclude()}>
            <Icon of={ShieldCheck} />{intl.formatMessage(acceptance.isLoading ? m.concluding : m.conclude)}
          </button>
        </div>
      )}
      {data && text && (
        <div className="settings-page-actions team-agreement__actions">
          <button type="button" className="button" onClick={() => window.print()}><Icon of={Printer} />{intl.formatMessage(m.print)}</button>
        </div>
      )}
    </section>
  );
}
