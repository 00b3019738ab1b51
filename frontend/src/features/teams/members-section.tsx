import { useIntl } from 'react-intl';
import type { MemberLevel } from '@planwerk/events/access';
import { ApiErrorAlert } from '../../shared/form';
import { useAppSelector } from '../../app/hooks';
import {
  GRANTABLE_LEVELS, useChangeMemberLevelMutation, useDisconnectMemberMutation, useListTeamMembersQuery,
  type GrantableLevel, type TeamDetails, type TeamMember,
} from './teams.api';
import { levelMessages, levelOfMessage, memberCountMessage, memberLabelMessage, memberMessages, selfLabelMessage } from './teams.messages';
import { TableScroll } from '../../shared/table-scroll';

/**
 * Membership rules (ADR 0005): owner and admin change levels and remove members; only the
 * owner makes admins and removes admins; nobody changes or removes the owner.
 */
export function canChange(actor: MemberLevel, target: MemberLevel | undefined): boolean {
  if (target === undefined || target === 'owner') return false;
  if (actor === 'owner') return true;
  return actor === 'admin' && target !== 'admin';
}

export function grantableBy(actor: MemberLevel): readonly GrantableLevel[] {
  return actor === 'owner' ? GRANTABLE_LEVELS : GRANTABLE_LEVELS.filter((level) => level !== 'admin');
}

export function MembersSection({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const me = useAppSelector((state) => state.auth.user);
  const uid = me?.uid;
  const { data: members, error } = useListTeamMembersQuery(team.id);
  const [changeLevel, changeState] = useChangeMemberLevelMutation();
  const [disconnect, disconnectState] = useDisconnectMemberMutation();
  const showLevels = team.level === 'owner' || team.level === 'admin';
  const nameOf = (member: TeamMember) =>
    member.name ?? (member.userId === uid && me?.name ? me.name : null) ?? intl.formatMessage(memberLabelMessage, { id: member.userId.slice(0, 8) });
  // Everyone by name; the signed-in user marked, not replaced by "Du" (issue 14).
  const label = (member: TeamMember) =>
    member.userId === uid ? intl.formatMessage(selfLabelMessage, { name: nameOf(member) }) : nameOf(member);

  async function remove(member: TeamMember) {
    if (!window.confirm(intl.formatMessage(memberMessages.disconnectConfirm))) return;
    await disconnect({ teamId: team.id, userId: member.userId });
  }

  return (
    <section className="card" aria-labelledby="team-members">
      <h2 id="team-members">{intl.formatMessage(memberMessages.title)}</h2>
      {members && <p className="hint">{intl.formatMessage(memberCountMessage, { count: members.length })}</p>}
      {showLevels && <p className="hint">{intl.formatMessage(memberMessages.rules)}</p>}
      <ApiErrorAlert error={error ?? changeState.error ?? disconnectState.error} />
      {members && (
        <TableScroll label={intl.formatMessage(memberMessages.title)}>
          <table className="table" aria-label={intl.formatMessage(memberMessages.title)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(memberMessages.member)}</th>
                {showLevels && <th scope="col">{intl.formatMessage(memberMessages.level)}</th>}
                {showLevels && <th scope="col">{intl.formatMessage(memberMessages.joined)}</th>}
                {showLevels && <th scope="col"><span className="visually-hidden">{intl.formatMessage(memberMessages.actions)}</span></th>}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => {
                const editable = member.userId !== uid && canChange(team.level, member.level);
                return (
                  <tr key={member.userId} data-testid="team-member">
                    <td title={member.userId}>{label(member)}</td>
                    {showLevels && (
                      <td>
                        {editable && member.level ? (
                          <select
                            className="input"
                            aria-label={intl.formatMessage(levelOfMessage, { member: label(member) })}
                            value={member.level}
                            disabled={changeState.isLoading}
                            onChange={(event) => {
                              const level = GRANTABLE_LEVELS.find((candidate) => candidate === event.target.value);
                              if (level) void changeLevel({ teamId: team.id, userId: member.userId, level });
                            }}
                          >
                            {grantableBy(team.level).map((level) => <option key={level} value={level}>{intl.formatMessage(levelMessages[level])}</option>)}
                          </select>
                        ) : (
                          member.level && <span className="badge">{intl.formatMessage(levelMessages[member.level])}</span>
                        )}
                      </td>
                    )}
                    {showLevels && <td>{member.joinedAt ? intl.formatDate(member.joinedAt, { dateStyle: 'medium' }) : ''}</td>}
                    {showLevels && (
                      <td>
                        {editable && (
                          <button type="button" className="button" disabled={disconnectState.isLoading}
                            aria-label={`${intl.formatMessage(memberMessages.disconnect)}: ${label(member)}`}
                            onClick={() => void remove(member)}>
                            {intl.formatMessage(memberMessages.disconnect)}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
