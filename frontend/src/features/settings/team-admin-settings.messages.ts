import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

// /settings/admin/{ccLink}: the team's administration in the settings, with its data-processing agreement.
export const teamAdminSettingsMessages = untyped(defineMessages({
  nav: { id: 'settings.adminTeam.nav', defaultMessage: 'Team-Verwaltung', description: 'Settings nav entry: the administration of a team the person owns or administers' },
  intro: { id: 'settings.adminTeam.intro', defaultMessage: 'Was Inhaber und Admins für das Team regeln: Mitglieder und Rechte, die Bereiche des Teams und den Vertrag zur Auftragsverarbeitung.', description: 'What the team administration settings page is for' },
  team: { id: 'settings.adminTeam.team', defaultMessage: 'Team', description: 'Label: choose which of the person\'s admin teams the page shows' },
  links: { id: 'settings.adminTeam.links', defaultMessage: 'Bereiche der Team-Verwaltung', description: 'Label of the list of links to the team\'s admin screens' },
  members: { id: 'settings.adminTeam.members', defaultMessage: 'Mitglieder, Einladungen und Rechte', description: 'Link to the team\'s member management' },
  details: { id: 'settings.adminTeam.details', defaultMessage: 'Übersicht und Tarif des Teams', description: 'Link to the team\'s overview with its plan' },
  apps: { id: 'settings.adminTeam.apps', defaultMessage: 'Bereiche des Teams', description: 'Link to the team\'s areas (apps)' },
  agreement: { id: 'settings.adminTeam.agreement', defaultMessage: 'Vertrag zur Auftragsverarbeitung', description: 'Heading: the team\'s data-processing agreement (GDPR Art. 28)' },
  agreementWhy: { id: 'settings.adminTeam.agreementWhy', defaultMessage: 'Wenn euer Team in Planwerk personenbezogene Daten verarbeitet – von Mitgliedern, Kontakten oder Personen, die sich eintragen –, verlangt die DSGVO einen Vertrag zur Auftragsverarbeitung mit dem Betreiber.', description: 'Why a team needs the data-processing agreement' },
  accepted: { id: 'settings.adminTeam.accepted', defaultMessage: 'Abgeschlossen am {date} von {name} (Fassung {version}).', description: 'Status: the current agreement is concluded, when, by whom, which version' },
  open: { id: 'settings.adminTeam.open', defaultMessage: 'Für euer Team ist noch kein Vertrag in der aktuellen Fassung ({version}) abgeschlossen.', description: 'Status: the current version is not concluded yet' },
  earlier: { id: 'settings.adminTeam.earlier', defaultMessage: 'Frühere Fassungen', description: 'Heading: acceptances of earlier versions' },
  earlierEntry: { id: 'settings.adminTeam.earlierEntry', defaultMessage: 'Fassung {version}: abgeschlossen am {date} von {name}', description: 'An acceptance of an earlier version' },
  formerMember: { id: 'settings.adminTeam.formerMember', defaultMessage: 'einem ehemaligen Mitglied', description: 'Who accepted, when the person has been erased (dative after "von")' },
  confirm: { id: 'settings.adminTeam.confirm', defaultMessage: 'Ich habe den Vertrag gelesen und bin berechtigt, ihn für {team} abzuschließen.', description: 'Checkbox before concluding the agreement' },
  conclude: { id: 'settings.adminTeam.conclude', defaultMessage: 'Vertrag abschließen', description: 'Button: conclude the agreement for the team' },
  concluding: { id: 'settings.adminTeam.concluding', defaultMessage: 'Wird abgeschlossen …', description: 'Button while the agreement is being concluded' },
  concluded: { id: 'settings.adminTeam.concluded', defaultMessage: 'Der Vertrag zur Auftragsverarbeitung ist abgeschlossen.', description: 'Toast after concluding the agreement' },
  stale: { id: 'settings.adminTeam.stale', defaultMessage: 'Der Vertrag hat inzwischen eine neue Fassung. Bitte lade die Seite neu und lies die aktuelle Fassung, bevor du ihn abschließt.', description: 'The server refused the version: the text shown is outdated' },
  print: { id: 'settings.adminTeam.print', defaultMessage: 'Drucken oder als PDF sichern', description: 'Button: print the agreement' },
  version: { id: 'settings.adminTeam.version', defaultMessage: 'Fassung {version}', description: 'The version of the agreement text' },
  unknownVersion: { id: 'settings.adminTeam.unknownVersion', defaultMessage: 'Diese Fassung des Vertrags kennt die Konsole noch nicht. Bitte lade die Seite neu.', description: 'The server names a version this console has no text for (an older console after an update)' },
}));
