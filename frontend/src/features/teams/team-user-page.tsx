import { AccessListEditor } from './access-list-editor';
import { ApplicationsSection } from './applications-section';
import { InvitesSection } from './invites-section';
import { MembersSection } from './members-section';
import { useTeam } from './team-layout';

// team-user: members with their levels; owner and admin also invite, decide applications and
// edit who may manage which area (access lists).
export function TeamUserPage() {
  const team = useTeam();
  const admin = team.level === 'owner' || team.level === 'admin';
  return (
    <>
      <MembersSection team={team} />
      {admin && <InvitesSection team={team} />}
      {admin && <ApplicationsSection team={team} />}
      {admin && <AccessListEditor team={team} />}
    </>
  );
}
