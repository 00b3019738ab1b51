import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

// The tab's name, typed like the other team tabs (no placeholders).
export const teamAppsTab = defineMessages({
  tab: { id: 'teams.apps.tab', defaultMessage: 'Bereiche', description: 'Team tab: the team\u2019s areas (apps)' },
});

export const teamAppsMessages = untyped(defineMessages({
  intro: { id: 'teams.apps.intro', defaultMessage: 'Alle Bereiche dieses Teams, die du öffnen darfst.', description: 'Intro of /team/{ccLink}/apps' },
  list: { id: 'teams.apps.list', defaultMessage: 'Bereiche des Teams', description: 'Label of the area list' },
  projects: { id: 'teams.apps.projects', defaultMessage: 'Projekte', description: 'Area: projects' },
  projectsText: { id: 'teams.apps.projectsText', defaultMessage: 'Listen zum Eintragen anlegen, teilen und auswerten.', description: 'What the projects area does' },
  presets: { id: 'teams.apps.presets', defaultMessage: 'Vorlagen', description: 'Area: presets' },
  presetsText: { id: 'teams.apps.presetsText', defaultMessage: 'Projekte und Spalten zum Wiederverwenden.', description: 'What the presets area does' },
  backups: { id: 'teams.apps.backups', defaultMessage: 'Sicherungen', description: 'Area: backups' },
  backupsText: { id: 'teams.apps.backupsText', defaultMessage: 'Frühere Stände ansehen, wiederherstellen oder rückgängig machen.', description: 'What the backups area does' },
  activity: { id: 'teams.apps.activity', defaultMessage: 'Aktivität', description: 'Area: activity log' },
  activityText: { id: 'teams.apps.activityText', defaultMessage: 'Wer hat wann was geändert.', description: 'What the activity area does' },
  members: { id: 'teams.apps.members', defaultMessage: 'Mitglieder', description: 'Area: members' },
  membersText: { id: 'teams.apps.membersText', defaultMessage: 'Mitglieder, Rollen, Einladungen und Anfragen.', description: 'What the members area does' },
  details: { id: 'teams.apps.details', defaultMessage: 'Über das Team', description: 'Area: team details' },
  detailsText: { id: 'teams.apps.detailsText', defaultMessage: 'Name, Logo, Plan und was der Plan bietet.', description: 'What the details area does' },
  countProjects: { id: 'teams.apps.countProjects', defaultMessage: '{count, plural, one {# Projekt} other {# Projekte}}', description: 'Count of projects' },
  countPresets: { id: 'teams.apps.countPresets', defaultMessage: '{count, plural, one {# Vorlage} other {# Vorlagen}}', description: 'Count of presets' },
  countMembers: { id: 'teams.apps.countMembers', defaultMessage: '{count, plural, one {# Mitglied} other {# Mitglieder}}', description: 'Count of members' },
}));
