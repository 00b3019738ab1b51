import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { projectPaths } from '../projects';
import { groupSignups, localDay, useListMySignupsQuery, type MySignup } from '../signups';
import { homeMessages as m } from './start.messages';
import { EmptyState } from '../../shared/empty-state';
import { CalendarDays } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';

const SHOWN = 5;

function When({ signup }: { signup: MySignup }) {
  const intl = useIntl();
  if (!signup.date) return <span className="home-when home-when--undated">{intl.formatMessage(m.undated)}</span>;
  const day = new Date(`${signup.date}T12:00:00`);
  return (
    <span className="home-when">
      <span className="home-when__day">{intl.formatDate(day, { day: 'numeric' })}</span>
      <span className="home-when__month">{intl.formatDate(day, { month: 'short' })}</span>
      <span className="home-when__weekday">{intl.formatDate(day, { weekday: 'short' })}</span>
    </span>
  );
}

// "Als Nächstes": my coming sign-ups, the next date first (GET /v5/user/signups).
export function HomeSignups() {
  const intl = useIntl();
  const { data, isLoading } = useListMySignupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const upcoming = useMemo(() => groupSignups(data ?? [], localDay(new Date())).upcoming.slice(0, SHOWN), [data]);
  return (
    <section className="card home-card" aria-labelledby="home-next">
      <h2 id="home-next">{intl.formatMessage(m.next)}</h2>
      {isLoading && <Skeleton shape="list" rows={2} />}
      {data && upcoming.length === 0 && <EmptyState icon={CalendarDays} title={intl.formatMessage(m.noSignups)} headingLevel={3} compact />}
      {upcoming.length > 0 && (
        <ul className="home-list">
          {upcoming.map((signup) => (
            <li key={signup.signupId} className="home-signup">
              <When signup={signup} />
              <div className="home-signup__text">
                <Link to={projectPaths.projectView.href(signup.projectLink)} className="home-signup__item">{signup.itemName}</Link>
                <span className="home-muted">
                  {signup.time && `${signup.time.from}–${signup.time.to} · `}
                  {intl.formatMessage(m.where, { project: signup.projectName, list: signup.listName })}
                </span>
              </div>
              {signup.status === 'waitlisted' && <span className="badge home-badge--waitlisted">{intl.formatMessage(m.waitlisted)}</span>}
            </li>
          ))}
        </ul>
      )}
      {data && data.length > 0 && (
        <Link className="home-more" to={paths.mySignups.href()}>{intl.formatMessage(m.allSignups)}</Link>
      )}
    </section>
  );
}
