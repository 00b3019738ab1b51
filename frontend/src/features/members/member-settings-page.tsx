import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { isApiError } from '../../app/api-error';
import { useManagedTeam } from '../projects';
import { ApiErrorAlert } from '../../shared/form';
import { ArrowLeft, Icon } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { untyped } from '../../shared/untyped-messages';
import {
  fieldOf, membershipProblems, MembershipFields, parseMemberNumber, serverProblemText, useServerField, type MembershipDraft, type MembershipField,
} from './member-fields';
import { memberPaths } from './member.paths';
import {
  useChangeMembershipMutation, useGetMemberQuery, useGetMemberSettingsQuery, type ChangeMembershipBody, type MemberView, type OpenStatus,
} from './members.api';
import { memberMessages } from './members.messages';
import './members.css';

const messages = untyped(defineMessages({
  title: { id: 'members.edit.title', defaultMessage: 'Mitgliedschaft von {name}', description: 'Title of the membership form' },
  back: { id: 'members.edit.back', defaultMessage: 'Zum Mitglied', description: 'Link back to the member page' },
  save: { id: 'members.edit.save', defaultMessage: 'Speichern', description: 'Saves the membership' },
  cancel: { id: 'members.edit.cancel', defaultMessage: 'Abbrechen', description: 'Leaves the membership form without saving' },
  left: { id: 'members.edit.left', defaultMessage: 'Dieses Mitglied ist ausgetreten; Nummer, Eintritt und Beitragsart lassen sich weiter berichtigen.', description: 'Note on the form of a member who left' },
  conflict: {
    id: 'members.edit.conflict',
    defaultMessage: 'Jemand anderes hat die Mitgliedschaft inzwischen geändert. Die Seite zeigt jetzt den neuen Stand; deine Eingaben sind noch da. Bitte prüfe sie und speichere erneut.',
    description: 'The membership was changed by someone else meanwhile (409)',
  },
}));

/** /manage/{ccLink}/member/{memberId}/settings: the membership's form; only changed fields are sent, with the version read. */
export function MemberSettingsPage() {
  const team = useManagedTeam();
  const { memberId = '' } = useParams();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <MemberSettingsScreen teamId={team.teamId} ccLink={team.link} memberId={memberId} />;
}

function MemberSettingsScreen({ teamId, ccLink, memberId }: { teamId: string; ccLink: string; memberId: string }) {
  const intl = useIntl();
  const { data: member, error, isLoading } = useGetMemberQuery({ teamId, contactId: memberId });
  const name = member ? (member.displayName || intl.formatMessage(memberMessages.unnamed)) : '';
  usePageTitle(member ? intl.formatMessage(messages.title, { name }) : intl.formatMessage(memberMessages.list));
  const back = <Link className="button" to={memberPaths.member.href(ccLink, memberId)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link>;
  if (isLoading) return <div className="page members"><Skeleton shape="page" rows={2} /></div>;
  if (!member) {
    return (
      <div className="page members">
        <ApiErrorAlert error={error} />
        <div className="actions">{back}</div>
      </div>
    );
  }
  return (
    <div className="page members">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title, { name })}</h1>
        <div className="actions">{back}</div>
      </header>
      {member.status === 'left' && <p className="alert alert--info">{intl.formatMessage(messages.left)}</p>}
      <MembershipEditor teamId={teamId} ccLink={ccLink} member={member} />
    </div>
  );
}

function draftOf(member: MemberView): MembershipDraft {
  return {
    memberNumber: String(member.memberNumber),
    entryDate: member.entryDate,
    feeCategoryId: member.feeCategoryId ?? '',
    status: member.status === 'left' ? 'active' : member.status,
  };
}

/** What differs from the member as read; the status only while the member has not left. */
export function changesOf(member: MemberView, draft: MembershipDraft): Omit<ChangeMembershipBody, 'version'> {
  const number = parseMemberNumber(draft.memberNumber);
  return {
    ...(number !== undefined && number !== null && number !== member.memberNumber ? { memberNumber: number } : {}),
    ...(draft.entryDate !== member.entryDate ? { entryDate: draft.entryDate } : {}),
    ...((draft.feeCategoryId || null) !== member.feeCategoryId ? { feeCategoryId: draft.feeCategoryId || null } : {}),
    ...(member.status !== 'left' && draft.status !== member.status ? { status: draft.status as OpenStatus } : {}),
  };
}

function MembershipEditor({ teamId, ccLink, member }: { teamId: string; ccLink: string; member: MemberView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { data: settings } = useGetMemberSettingsQuery({ teamId });
  const [draft, setDraft] = useState(() => draftOf(member));
  const [tried, setTried] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const [change, { isLoading, error }] = useChangeMembershipMutation();
  const server = useServerField(error);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const problems = membershipProblems(draft);
  const problemOf = (field: MembershipField): string | null => {
    const own = tried ? problems[field] : undefined;
    if (own) return intl.formatMessage(memberMessages[own]);
    return field === server.field ? serverProblemText(intl, error) : null;
  };
  // 409 without a field: someone else changed the membership (a taken number names its field).
  const conflict = isApiError(error) && error.status === 409 && fieldOf(error) === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (isLoading) return;
    if (Object.keys(problems).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    const changes = changesOf(member, draft);
    const done = () => void navigate(memberPaths.member.href(ccLink, member.contactId));
    if (Object.keys(changes).length === 0) {
      done();
      return;
    }
    const answer = await change({ teamId, contactId: member.contactId, body: { ...changes, version: member.version } }).unwrap().catch(() => null);
    if (answer) done();
  }

  // A member who left keeps that status here (leaving is its own action); the rest can be corrected.
  const categories = settings?.feeCategories ?? [];
  return (
    <form ref={formRef} className="form form--wide member-form member-form--edit" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
      {conflict && <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.conflict)}</p>}
      <div className="member-form__membership">
        <MembershipFields
          draft={draft}
          onChange={(field, value) => { server.clear(field); setDraft((current) => ({ ...current, [field]: value })); }}
          categories={categories}
          problemOf={problemOf}
          withStatus={member.status !== 'left'}
        />
      </div>
      {server.field === null && !conflict && <ApiErrorAlert error={error} />}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(messages.save)}</button>
        <Link className="button" to={memberPaths.member.href(ccLink, member.contactId)}>{intl.formatMessage(messages.cancel)}</Link>
      </div>
    </form>
  );
}
