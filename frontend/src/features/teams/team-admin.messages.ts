import { defineMessage, defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

// Texts of the team screens for what the server had without a screen (issue 14): applying to a
// team, unlocking a blocked team, the activity retention, the plan overview and the access lists.

export const applyMessages = untyped(defineMessages({
  title: { id: 'teams.apply.title', defaultMessage: 'Diesem Team beitreten', description: 'Heading when a signed-in person opens a team they are not a member of' },
  intro: { id: 'teams.apply.intro', defaultMessage: 'Du bist (noch) kein Mitglied von „{link}“. Frage den Beitritt an: Inhaber*in oder Admins des Teams entscheiden darüber.', description: 'Explains applying to a team, link is the team link' },
  introUnnamed: { id: 'teams.apply.introUnnamed', defaultMessage: 'Du bist (noch) kein Mitglied dieses Teams. Frage den Beitritt an: Inhaber*in oder Admins des Teams entscheiden darüber.', description: 'Explains applying to a team whose name is unknown' },
  submit: { id: 'teams.apply.submit', defaultMessage: 'Beitritt anfragen', description: 'Sends a membership application' },
  sent: { id: 'teams.apply.sent', defaultMessage: 'Deine Anfrage ist gesendet. Sobald sie angenommen ist, findest du das Team unter „Deine Teams“.', description: 'Shown after the application was sent' },
  back: { id: 'teams.apply.back', defaultMessage: 'Zur Startseite', description: 'Link back to the start page' },
}));

export const applicationsEmptyMessages = defineMessages({
  linkLabel: { id: 'teams.applications.linkLabel', defaultMessage: 'Link zum Beitreten (zum Weitergeben)', description: 'Label of the link with which people outside the team apply' },
  copy: { id: 'teams.applications.copyLink', defaultMessage: 'Link kopieren', description: 'Copies the apply link' },
  hint: { id: 'teams.applications.emptyHint', defaultMessage: 'Wer diesen Link öffnet und kein Mitglied ist, kann den Beitritt anfragen. Anfragen erscheinen hier.', description: 'Next step under the empty list of applications' },
});

export const blockedMessages = untyped(defineMessages({
  title: { id: 'teams.blocked.title', defaultMessage: 'Team gesperrt: ein Projekt wählen', description: 'Heading of the banner of a blocked team' },
  ownerText: { id: 'teams.blocked.ownerText', defaultMessage: 'Der bezahlte Plan ist abgelaufen. Im kostenlosen Plan bleibt nur ein Projekt aktiv. Wähle das Projekt, das aktiv bleibt; die anderen bleiben erhalten, sind aber nicht mehr aktiv.', description: 'Banner text of a blocked team for the owner' },
  otherText: { id: 'teams.blocked.otherText', defaultMessage: 'Der bezahlte Plan ist abgelaufen. Bis die Inhaberin oder der Inhaber ein Projekt wählt, das aktiv bleibt, sind Eintragungen und Kommentare eingeschränkt.', description: 'Banner text of a blocked team for everyone but the owner' },
  choose: { id: 'teams.blocked.choose', defaultMessage: 'Welches Projekt bleibt aktiv?', description: 'Legend of the project choice' },
  submit: { id: 'teams.blocked.submit', defaultMessage: 'Dieses Projekt aktiv lassen', description: 'Unlocks the team keeping the chosen project' },
  unlocked: { id: 'teams.blocked.unlocked', defaultMessage: 'Das Team ist entsperrt. „{name}“ bleibt aktiv.', description: 'Popup after unlocking' },
  unnamed: { id: 'teams.blocked.unnamed', defaultMessage: 'Projekt ohne Namen', description: 'A project whose name is not (yet) known' },
}));

export const retentionMessages = untyped(defineMessages({
  title: { id: 'teams.retention.title', defaultMessage: 'Aufbewahrung des Aktivitätsprotokolls', description: 'Heading of the retention setting' },
  intro: { id: 'teams.retention.intro', defaultMessage: 'Wie lange das Protokoll festhält, wer was geändert hat. Ältere Einträge werden gelöscht.', description: 'Explains the retention setting' },
  label: { id: 'teams.retention.label', defaultMessage: 'Einträge aufbewahren', description: 'Label of the retention select' },
  forever: { id: 'teams.retention.forever', defaultMessage: 'Unbegrenzt', description: 'Retention option: keep everything' },
  save: { id: 'teams.retention.save', defaultMessage: 'Aufbewahrung speichern', description: 'Saves the retention' },
  saved: { id: 'teams.retention.saved', defaultMessage: 'Aufbewahrung gespeichert', description: 'Popup after saving the retention' },
  current: { id: 'teams.retention.current', defaultMessage: 'Zurzeit: {value}', description: 'The saved retention' },
}));

export const retentionDaysMessage = defineMessage<{ days: number }>({
  id: 'teams.retention.days', defaultMessage: '{days, plural, one {# Tag} other {# Tage}}', description: 'A retention in days',
});
export const retentionYearsMessage = defineMessage<{ years: number }>({
  id: 'teams.retention.years', defaultMessage: '{years, plural, one {# Jahr} other {# Jahre}}', description: 'A retention in whole years',
});

export const planOverviewMessages = untyped(defineMessages({
  title: { id: 'teams.plans.title', defaultMessage: 'Plan und Leistungen', description: 'Heading of the plan overview' },
  current: { id: 'teams.plans.current', defaultMessage: 'Dein Team nutzt den Plan „{plan}“.', description: 'The team plan' },
  lapsed: { id: 'teams.plans.lapsed', defaultMessage: 'Der Plan „{plan}“ ist abgelaufen; bis er wieder bezahlt ist, gilt der kostenlose Plan.', description: 'The plan lapsed' },
  yours: { id: 'teams.plans.yours', defaultMessage: 'Euer Plan', description: 'Marks the plan the team is on' },
  activeProjects: { id: 'teams.plans.activeProjects', defaultMessage: 'Aktive Projekte gleichzeitig', description: 'Row: active projects at once' },
  soloItems: { id: 'teams.plans.soloItems', defaultMessage: 'Einträge je Einzelliste', description: 'Row: items per solo list' },
  soloCols: { id: 'teams.plans.soloCols', defaultMessage: 'Spalten je Einzelliste', description: 'Row: columns per solo list' },
  paidFeatures: { id: 'teams.plans.paidFeatures', defaultMessage: 'Funktionen ab Prime', description: 'Row: functions that need a paid plan' },
  proFeatures: { id: 'teams.plans.proFeatures', defaultMessage: 'Pro-Funktionen', description: 'Row: functions that need Pro' },
  unlimited: { id: 'teams.plans.unlimited', defaultMessage: 'Unbegrenzt', description: 'A limit that is lifted' },
  upTo: { id: 'teams.plans.upTo', defaultMessage: 'bis {count}', description: 'A limit' },
  included: { id: 'teams.plans.included', defaultMessage: 'Enthalten', description: 'A function the plan includes' },
  notIncluded: { id: 'teams.plans.notIncluded', defaultMessage: 'Nicht enthalten', description: 'A function the plan lacks' },
  usage: { id: 'teams.plans.usage', defaultMessage: 'Aktive Projekte: {count} von {limit}', description: 'Active projects against the limit' },
  bookingLater: { id: 'teams.plans.bookingLater', defaultMessage: 'Buchung folgt: Pläne lassen sich hier buchen, sobald Zahlungen in Planwerk möglich sind. Bis dahin ändert sich euer Plan nicht von selbst.', description: 'No purchase yet: payments come later' },
}));

export const accessMessages = untyped(defineMessages({
  title: { id: 'teams.access.title', defaultMessage: 'Zugriffsrechte', description: 'Heading of the access-list editor' },
  intro: { id: 'teams.access.intro', defaultMessage: 'Wer außer Inhaber*in und Admins einen Bereich des Teams verwalten darf.', description: 'Explains the access-list editor' },
  area: { id: 'teams.access.area', defaultMessage: 'Bereich', description: 'Label of the area select' },
  project: { id: 'teams.access.project', defaultMessage: 'Projekt', description: 'Label of the project select' },
  noProjects: { id: 'teams.access.noProjects', defaultMessage: 'Das Team hat noch keine Projekte. Lege zuerst ein Projekt an.', description: 'No project to grant access to' },
  always: { id: 'teams.access.always', defaultMessage: 'Immer Zugriff: {names}', description: 'Owner and admins always have access' },
  listLabel: { id: 'teams.access.listLabel', defaultMessage: 'Personen mit Zugriff', description: 'Label of the list of people with access' },
  empty: { id: 'teams.access.empty', defaultMessage: 'Noch hat niemand sonst Zugriff auf diesen Bereich.', description: 'Nobody but owner and admins has access' },
  emptyAction: { id: 'teams.access.emptyAction', defaultMessage: 'Person hinzufügen', description: 'Moves to the add field' },
  person: { id: 'teams.access.person', defaultMessage: 'Person aus dem Team', description: 'Label of the member combobox' },
  personHint: { id: 'teams.access.personHint', defaultMessage: 'Namen eingeben und aus der Liste wählen.', description: 'Hint of the member combobox' },
  noMatch: { id: 'teams.access.noMatch', defaultMessage: 'Kein Mitglied mit diesem Namen.', description: 'The combobox finds nobody' },
  role: { id: 'teams.access.role', defaultMessage: 'Rolle', description: 'Label of the role select for a plain member' },
  add: { id: 'teams.access.add', defaultMessage: 'Zugriff geben', description: 'Grants access' },
  remove: { id: 'teams.access.remove', defaultMessage: 'Zugriff entziehen: {name}', description: 'Removes access of a person' },
  removeShort: { id: 'teams.access.removeShort', defaultMessage: 'Entziehen', description: 'Visible text of the remove button' },
  added: { id: 'teams.access.added', defaultMessage: '{name} hat jetzt Zugriff.', description: 'Popup after granting access' },
  removed: { id: 'teams.access.removed', defaultMessage: '{name} hat keinen Zugriff mehr.', description: 'Popup after removing access' },
  pickFirst: { id: 'teams.access.pickFirst', defaultMessage: 'Wähle eine Person aus der Liste.', description: 'Add pressed without a chosen person' },
}));

export const accessAreaMessages = defineMessages({
  manage_prj: { id: 'teams.access.area.projects', defaultMessage: 'Projekte (alle)', description: 'Access area manage_prj' },
  manage_backup: { id: 'teams.access.area.backups', defaultMessage: 'Sicherungen eines Projekts', description: 'Access area manage_backup' },
  manage_active: { id: 'teams.access.area.activity', defaultMessage: 'Aktivitätsprotokoll', description: 'Access area manage_active' },
  manage_contact: { id: 'teams.access.area.contacts', defaultMessage: 'Kontakte und Einladungen', description: 'Access area manage_contact' },
  manage_preset: { id: 'teams.access.area.presets', defaultMessage: 'Vorlagen', description: 'Access area manage_preset' },
});
