import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

export const startMessages = untyped(defineMessages({
  title: { id: 'start.startPage.title', defaultMessage: 'Willkommen bei Planwerk', description: 'Heading of the start page' },
  intro: {
    id: 'start.startPage.intro',
    defaultMessage: 'Plane Projekte, Listen, Formulare und Kalender gemeinsam mit deinem Team.',
    description: 'Introduction on the start page for visitors',
  },
  login: { id: 'start.startPage.login', defaultMessage: 'Anmelden', description: 'Link to the login on the start page for visitors' },
  register: { id: 'start.startPage.register', defaultMessage: 'Konto erstellen', description: 'Link to the registration on the start page for visitors' },
  visitorHint: {
    id: 'start.startPage.visitorHint',
    defaultMessage: 'Du hast einen Link zu einem Projekt bekommen? Öffne ihn direkt – zum Eintragen brauchst du kein Konto.',
    description: 'Hint for visitors who came to sign up',
  },
  greeting: { id: 'start.startPage.greeting', defaultMessage: 'Hallo {name}, das steht für dich an.', description: 'Intro of the home page for a signed-in person' },
  feedback: { id: 'start.startPage.feedback', defaultMessage: 'Feedback geben', description: 'Link to the feedback page' },
}));

export const homeMessages = untyped(defineMessages({
  next: { id: 'start.home.next', defaultMessage: 'Als Nächstes', description: 'Card: my upcoming sign-ups' },
  allSignups: { id: 'start.home.allSignups', defaultMessage: 'Alle meine Einträge', description: 'Link to the my sign-ups page' },
  noSignups: {
    id: 'start.home.noSignups',
    defaultMessage: 'Du bist gerade für nichts eingetragen. Trägst du dich über den Link eines Projekts ein, siehst du hier, was als Nächstes ansteht.',
    description: 'Empty state of the upcoming sign-ups',
  },
  undated: { id: 'start.home.undated', defaultMessage: 'Ohne Datum', description: 'A sign-up for an item without date' },
  waitlisted: { id: 'start.home.waitlisted', defaultMessage: 'Warteliste', description: 'Badge: the sign-up is on the waitlist' },
  where: { id: 'start.home.where', defaultMessage: '{project} · {list}', description: 'Project and list of a sign-up' },
  teams: { id: 'start.home.teams', defaultMessage: 'Meine Teams', description: 'Card: my teams' },
  noTeamsTitle: { id: 'start.home.noTeamsTitle', defaultMessage: 'Noch kein Team', description: 'Empty state title: no team' },
  noTeams: {
    id: 'start.home.noTeams',
    defaultMessage: 'In einem Team planst du Projekte, Listen und Termine und lädst andere dazu ein. Lege dein eigenes an – oder öffne den Einladungslink, den du bekommen hast.',
    description: 'Empty state of the teams card',
  },
  createTeam: { id: 'start.home.createTeam', defaultMessage: 'Team erstellen', description: 'Button: create a team' },
  owner: { id: 'start.home.owner', defaultMessage: 'Inhaber', description: 'My role in a team: owner' },
  admin: { id: 'start.home.admin', defaultMessage: 'Admin', description: 'My role in a team: admin' },
  space: { id: 'start.home.space', defaultMessage: 'Bereichsverwaltung', description: 'My role in a team: space manager' },
  item: { id: 'start.home.item', defaultMessage: 'Mitglied mit Freigaben', description: 'My role in a team: member with item access' },
  others: { id: 'start.home.others', defaultMessage: 'Mitglied', description: 'My role in a team: member' },
  applications: {
    id: 'start.home.applications',
    defaultMessage: '{count, plural, one {# offener Mitgliedsantrag} other {# offene Mitgliedsanträge}}',
    description: 'Badge on a team: open membership applications',
  },
  needsYou: { id: 'start.home.needsYou', defaultMessage: 'Wartet auf dich', description: 'Card: things I should act on (applications)' },
  applicationsIn: {
    id: 'start.home.applicationsIn',
    defaultMessage: '{count, plural, one {# Person möchte} other {# Personen möchten}} {team} beitreten.',
    description: 'Open applications of a team I manage',
  },
  decide: { id: 'start.home.decide', defaultMessage: 'Anträge ansehen', description: 'Link to the applications of a team' },
  projects: { id: 'start.home.projects', defaultMessage: 'Neu in deinen Projekten', description: 'Card: projects with changes since I last looked' },
  projectsHint: { id: 'start.home.projectsHint', defaultMessage: 'Was andere geändert haben, seit du zuletzt reingeschaut hast.', description: 'Explanation of the projects card' },
  changes: {
    id: 'start.home.changes',
    defaultMessage: '{count, plural, one {# neue Änderung} other {# neue Änderungen}}',
    description: 'Badge: changes in a project since I last looked',
  },
  manyChanges: { id: 'start.home.manyChanges', defaultMessage: '999+ neue Änderungen', description: 'Badge above 999 changes' },
  nothingNew: { id: 'start.home.nothingNew', defaultMessage: 'Nichts Neues', description: 'Badge: no changes since I last looked' },
  allProjects: { id: 'start.home.allProjects', defaultMessage: 'Alle Projekte in {team}', description: 'Link to the project list of a team' },
  noProjects: {
    id: 'start.home.noProjects',
    defaultMessage: 'In {team} gibt es noch kein Projekt. Ein Projekt sammelt Listen, in die sich andere eintragen – für Helferdienste, Mitbringsel oder Termine.',
    description: 'Empty state: a team I manage has no project yet',
  },
  firstProject: { id: 'start.home.firstProject', defaultMessage: 'Erstes Projekt anlegen', description: 'Button: create the first project of a team' },
  fromTemplate: { id: 'start.home.fromTemplate', defaultMessage: 'Aus einer Vorlage starten', description: 'Button: the template gallery, for the first project of a team' },
}));
