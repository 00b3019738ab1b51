import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { errorCodeOf } from '../../app/api-error';
import { contactPaths, ContactAvatar } from '../contacts';
import { useManagedTeam } from '../projects';
import { ApiErrorAlert } from '../../shared/form';
import { ArrowLeft, History, Icon } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { untyped } from '../../shared/untyped-messages';
import { MemberEndDialog } from './member-end-dialog';
import { memberPaths } from './member.paths';
import { useGetMemberQuery, type MemberView } from './members.api';
import { formatDay, formatFee, MEMBER_STATUS_LABEL, memberFieldMessages, memberMessages } from './members.messages';
import './members.css';

const messages = untyped(defineMessages({
  back: { id: 'members.page.back', defaultMessage: 'Zu den Mitgliedern', description: 'Link back to the member list' },
  edit: { id: 'members.page.edit', defaultMessage: 'Mitgliedschaft bearbeiten', description: 'Opens the membership form' },
  end: { id: 'members.page.end', defaultMessage: 'Mitgliedschaft beenden', description: 'Opens the dialog that ends the membership' },
  contact: { id: 'members.page.contact', defaultMessage: 'Kontakt und Verlauf ansehen', description: 'Link to the contact page with the full history' },
  contactHint: { id: 'members.page.contactHint', defaultMessage: 'Adresse, Telefon und der ganze Verlauf stehen beim Kontakt.', description: 'Says where the contact data and the history are' },
  details: { id: 'members.page.details', defaultMessage: 'Mitgliedschaft', description: 'Heading of the membership data' },
  notFound: { id: 'members.page.notFound', defaultMessage: 'Dieses Mitglied gibt es nicht (mehr).', description: 'The member does not exist or was deleted' },
  noExit: { id: 'members.page.noExit', defaultMessage: 'noch Mitglied', description: 'The exit date of a member who has not left' },
}));

/** /manage/{ccLink}/member/{memberId}: one membership with its fee, change and end. */
export function MemberPage() {
  const team = useManagedTeam();
  const { memberId = '' } = useParams();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <MemberScreen teamId={team.teamId} ccLink={team.link} memberId={memberId} />;
}

function MemberScreen({ teamId, ccLink, memberId }: { teamId: string; ccLink: string; memberId: string }) {
  const intl = useIntl();
  const { data: member, error, isLoading } = useGetMemberQuery({ teamId, contactId: memberId });
  usePageTitle(member?.displayName || intl.formatMessage(memberMessages.list));
  const back = <Link className="button" to={memberPaths.list.href(ccLink)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link>;

  if (isLoading) return <div className="page members"><Skeleton shape="page" rows={2} /></div>;
  if (!member) {
    return (
      <div className="page members">
        {errorCodeOf(error) === 'not_found' ? <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.notFound)}</p> : <ApiErrorAlert error={error} />}
        <div className="actions">{back}</div>
      </div>
    );
  }
  return (
    <div className="page members">
      <div className="member-back">{back}</div>
      <MemberBody teamId={teamId} ccLink={ccLink} member={member} />
    </div>
  );
}

function MemberBody({ teamId, ccLink, member }: { teamId: string; ccLink: string; member: MemberView }) {
  const intl = useIntl();
  const [ending, setEnding] = useState(false);
  const name = member.displayName !== '' ? member.displayName : intl.formatMessage(memberMessages.unnamed);
  const fee = member.fee && member.feeInterval ? formatFee(intl, member.fee, member.feeInterval) : null;
  const rows: { label: string; value: string }[] = [
    { label: intl.formatMessage(memberFieldMessages.memberNumber), value: String(member.memberNumber) },
    { label: intl.formatMessage(memberFieldMessages.status), value: intl.formatMessage(MEMBER_STATUS_LABEL[member.status]) },
    { label: intl.formatMessage(memberFieldMessages.entryDate), value: formatDay(intl, member.entryDate) },
    { label: intl.formatMessage(memberFieldMessages.exitDate), value: member.exitDate ? formatDay(intl, member.exitDate) : intl.formatMessage(messages.noExit) },
    { label: intl.formatMessage(memberFieldMessages.feeCategory), value: member.feeCategoryName ?? intl.formatMessage(memberMessages.noCategory) },
    ...(fee ? [{ label: intl.formatMessage(memberFieldMessages.fee), value: fee }] : []),
    ...(member.email ? [{ label: intl.formatMessage(memberFieldMessages.email), value: member.email }] : []),
  ];
  return (
    <>
      <header className="page-head member-head-block">
        <ContactAvatar name={name} large />
        <div className="member-title">
          <h1><Link to={contactPaths.contact.href(ccLink, member.contactId)}>{name}</Link></h1>
          <p className="member-title__chips">
            <span className="badge">{intl.formatMessage(memberMessages.memberNumberLabel, { number: String(member.memberNumber) })}</span>
            <span className={`badge member-status member-status--${member.status}`}>{intl.formatMessage(MEMBER_STATUS_LABEL[member.status])}</span>
          </p>
        </div>
        <div className="actions">
          <Link className="button button--primary" to={memberPaths.settings.href(ccLink, member.contactId)}>{intl.formatMessage(messages.edit)}</Link>
          {member.status !== 'left' && (
            <button type="button" className="button button--danger" onClick={() => setEnding(true)}>{intl.formatMessage(messages.end)}</button>
          )}
        </div>
      </header>
      <section className="card" aria-labelledby="member-details-title">
        <h2 id="member-details-title">{intl.formatMessage(messages.details)}</h2>
        <dl className="member-details">
          {rows.map((row) => (
            <div key={row.label} className="member-details__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card member-contact">
        <p>{intl.formatMessage(messages.contactHint)}</p>
        <Link className="button" to={contactPaths.contact.href(ccLink, member.contactId)}><Icon of={History} /> {intl.formatMessage(messages.contact)}</Link>
      </section>
      {ending && <MemberEndDialog teamId={teamId} member={member} name={name} onClose={() => setEnding(false)} />}
    </>
  );
}
