import { useMemo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { CalendarCheck } from 'lucide-react';
import { EmptyState } from '../../shared/empty-state';
import { Skeleton } from '../../shared/skeleton';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { teamLinks, useListUserLinksQuery } from '../teams';
import { MySignupCard } from './my-signup-card';
import { groupSignups, localDay } from './my-signups';
import { useListMySignupsQuery, type MySignup } from './my-signups.api';
import { mySignupsMessages as m } from './my-signups.messages';
import './my-signups.css';

function Group({ title, signups, teams, changeable }: {
  title: MessageDescriptor; signups: MySignup[]; teams: ReadonlyMap<string, string>; changeable: boolean;
}) {
  const intl = useIntl();
  if (signups.length === 0) return null;
  const heading = intl.formatMessage(title);
  return (
    <section className="my-signups__group" aria-label={heading}>
      <h2>{heading} <span className="my-signups__count">({signups.length})</span></h2>
      <div className="my-signups__list">
        {signups.map((signup) => (
          <MySignupCard key={signup.signupId} signup={signup} teamName={teams.get(signup.teamId) ?? null} changeable={changeable} />
        ))}
      </div>
    </section>
  );
}

// /task: every sign-up of mine across teams, coming ones first, with their receipts (issue 14).
export function MySignupsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { data, isError, isLoading, refetch } = useListMySignupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: links } = useListUserLinksQuery();
  const teams = useMemo(() => new Map(teamLinks(links).map((team) => [team.id, team.name])), [links]);
  const groups = useMemo(() => groupSignups(data ?? [], localDay(new Date())), [data]);

  return (
    <div className="page my-signups">
      <h1>{intl.formatMessage(m.title)}</h1>
      <p className="hint">{intl.formatMessage(m.intro)}</p>
      {isLoading && <Skeleton shape="cards" />}
      {isError && (
        <div className="alert alert--danger" role="alert">
          <p className="alert__text">{intl.formatMessage(m.loadFailed)}</p>
          <button type="button" className="button button--small" onClick={() => void refetch()}>{intl.formatMessage(m.retry)}</button>
        </div>
      )}
      {data && data.length === 0 && (
        <EmptyState icon={CalendarCheck} title={intl.formatMessage(m.emptyTitle)} text={intl.formatMessage(m.emptyText)}>
          <Link className="button button--primary" to={paths.start.href()}>{intl.formatMessage(m.toStart)}</Link>
        </EmptyState>
      )}
      {data && data.length > 0 && (
        <>
          {groups.upcoming.length === 0 && <p className="hint">{intl.formatMessage(m.noUpcoming)}</p>}
          <Group title={m.upcoming} signups={groups.upcoming} teams={teams} changeable />
          <Group title={m.past} signups={groups.past} teams={teams} changeable={false} />
          <Group title={m.cancelled} signups={groups.cancelled} teams={teams} changeable={false} />
        </>
      )}
    </div>
  );
}
