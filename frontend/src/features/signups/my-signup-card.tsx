import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ItemWhen, projectPaths } from '../projects';
import type { MySignup } from './my-signups.api';
import { mySignupsMessages as m } from './my-signups.messages';

const STAMP = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** When I signed up, was moved from the waitlist, changed or cancelled: the receipts from the log. */
export function SignupReceipts({ signup }: { signup: MySignup }) {
  const intl = useIntl();
  const at = (instant: string) => intl.formatDate(instant, STAMP);
  const receipts = [
    { key: 'signedUp', text: intl.formatMessage(m.signedUp, { at: at(signup.at) }) },
    signup.promotedAt && { key: 'promoted', text: intl.formatMessage(m.promoted, { at: at(signup.promotedAt) }) },
    signup.changedAt && { key: 'changed', text: intl.formatMessage(m.changed, { at: at(signup.changedAt) }) },
    signup.cancelledAt && {
      key: 'cancelled',
      text: intl.formatMessage(signup.cancelledBy === 'organiser' ? m.cancelledOrganiser : m.cancelledSelf, { at: at(signup.cancelledAt) }),
    },
  ].filter((receipt) => !!receipt);
  return (
    <ol className="receipts" aria-label={intl.formatMessage(m.receipts)}>
      {receipts.map((receipt) => <li key={receipt.key}>{receipt.text}</li>)}
    </ol>
  );
}

/** One sign-up of mine: what, when, where, its state and receipts, and the way to the project's page. */
export function MySignupCard({ signup, teamName, changeable }: { signup: MySignup; teamName: string | null; changeable: boolean }) {
  const intl = useIntl();
  const titleId = useId();
  const waitlisted = signup.status === 'waitlisted' && signup.cancelledAt === null;
  return (
    <article className={signup.cancelledAt ? 'my-signup my-signup--cancelled' : 'my-signup'} aria-labelledby={titleId}>
      <div className="my-signup__head">
        <h3 id={titleId} className="my-signup__title">{signup.itemName}</h3>
        {signup.cancelledAt === null && (
          <span className={waitlisted ? 'badge my-signup__badge--waitlisted' : 'badge badge--primary'}>
            {intl.formatMessage(waitlisted ? m.waitlisted : m.placed)}
          </span>
        )}
      </div>
      <p className="my-signup__when">
        {signup.date || signup.time ? <ItemWhen item={signup} /> : intl.formatMessage(m.undated)}
      </p>
      <p className="my-signup__where">
        {intl.formatMessage(m.where, { project: signup.projectName, list: signup.listName })}
        {teamName && <span className="my-signup__team"> · {intl.formatMessage(m.team, { name: teamName })}</span>}
      </p>
      <SignupReceipts signup={signup} />
      <Link className={changeable ? 'button button--small' : 'my-signup__open'} to={projectPaths.projectView.href(signup.projectLink)}>
        {intl.formatMessage(changeable ? m.change : m.open)}
      </Link>
    </article>
  );
}
