import type { AccessArea } from '@planwerk/events/constants';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { useGetTeamAccessQuery } from '../../app/access.api';
import { paths } from '../../app/paths';
import { Activity, FolderKanban, History, Icon, Info, LayoutTemplate, Users, type LucideIcon } from '../../shared/icons';
import { backupPaths } from '../backups';
import { projectPaths, useListPresetsQuery, useListProjectsQuery } from '../projects';
import { useTeam } from './team-layout';
import { teamAppsMessages as m, teamAppsTab } from './team-apps.messages';
import { useListTeamMembersQuery } from './teams.api';
import './team-admin.css';

interface Area {
  key: string;
  /** The access area that opens it for space members; none = every manager. */
  area?: AccessArea;
  icon: LucideIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
  href: (link: string) => string;
}

const AREAS: readonly Area[] = [
  { key: 'projects', area: 'manage_prj', icon: FolderKanban, title: m.projects, text: m.projectsText, href: (link) => projectPaths.manageProjects.href(link) },
  { key: 'presets', area: 'manage_preset', icon: LayoutTemplate, title: m.presets, text: m.presetsText, href: (link) => projectPaths.presets.href(link) },
  { key: 'members', area: 'manage_member', icon: Users, title: m.members, text: m.membersText, href: (link) => paths.teamManage.href(link) },
  { key: 'backups', area: 'manage_backup', icon: History, title: m.backups, text: m.backupsText, href: (link) => backupPaths.backup.href(link) },
  { key: 'activity', area: 'manage_active', icon: Activity, title: m.activity, text: m.activityText, href: (link) => projectPaths.activity.href(link) },
  { key: 'details', icon: Info, title: m.details, text: m.detailsText, href: (link) => paths.teamDetails.href(link) },
];

// /team/{ccLink}/apps (spec section 2, owner, admin or space): the team's areas that exist,
// with an icon and, where there is one, a count, each linking to its screen. Space members see
// the areas their access lists.
export function TeamAppsPage() {
  const intl = useIntl();
  const team = useTeam();
  const { data: access } = useGetTeamAccessQuery(team.link);
  const full = team.level === 'owner' || team.level === 'admin';
  const granted = (area: Area) => full || area.area === undefined || (access?.member?.access[area.area] !== undefined);
  const shown = AREAS.filter(granted);
  const has = (key: string) => shown.some((area) => area.key === key);
  const projects = useListProjectsQuery({ teamId: team.id, filter: 'project' }, { skip: !has('projects') });
  const presets = useListPresetsQuery(team.id, { skip: !has('presets') });
  const members = useListTeamMembersQuery(team.id, { skip: !has('members') });
  const counts: Record<string, string | undefined> = {
    projects: projects.data ? intl.formatMessage(m.countProjects, { count: projects.data.length }) : undefined,
    presets: presets.data ? intl.formatMessage(m.countPresets, { count: presets.data.presets.length }) : undefined,
    members: members.data ? intl.formatMessage(m.countMembers, { count: members.data.length }) : undefined,
  };

  return (
    <section aria-labelledby="team-apps">
      <h2 id="team-apps" className="visually-hidden">{intl.formatMessage(teamAppsTab.tab)}</h2>
      <p>{intl.formatMessage(m.intro)}</p>
      <ul className="team-apps" aria-label={intl.formatMessage(m.list)}>
        {shown.map((area) => (
          <li key={area.key}>
            <Link className="team-app" to={area.href(team.link)}>
              <span className="team-app__icon"><Icon of={area.icon} /></span>
              <span className="team-app__text">
                <strong>{intl.formatMessage(area.title)}</strong>
                <span className="hint">{intl.formatMessage(area.text)}</span>
              </span>
              {counts[area.key] && <span className="badge team-app__count">{counts[area.key]}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
