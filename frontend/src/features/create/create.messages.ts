import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

export const createMessages = untyped(defineMessages({
  title: { id: 'create.page.title', defaultMessage: 'Erstellen', description: 'Heading of /create' },
  intro: { id: 'create.page.intro', defaultMessage: 'Was möchtest du anlegen?', description: 'Intro of /create' },
  team: { id: 'create.page.team', defaultMessage: 'Team', description: 'Label of the team choice' },
  choices: { id: 'create.page.choices', defaultMessage: 'Möglichkeiten', description: 'Label of the list of things to create' },
  newTitle: { id: 'create.page.newTitle', defaultMessage: 'Neues Projekt', description: 'Choice: empty project' },
  newText: { id: 'create.page.newText', defaultMessage: 'Ein leeres Projekt mit Name und Link; Listen und Einträge fügst du danach hinzu.', description: 'What a new project is' },
  setupTitle: { id: 'create.page.setupTitle', defaultMessage: 'Aus einer Vorlage', description: 'Choice: project from a preset' },
  setupText: { id: 'create.page.setupText', defaultMessage: 'Ein Projekt mit Listen und Spalten aus einer Vorlage deines Teams.', description: 'What a project from a preset is' },
  itemTitle: { id: 'create.page.itemTitle', defaultMessage: 'Eintrag in einem Projekt', description: 'Choice: add items to an existing project' },
  itemText: { id: 'create.page.itemText', defaultMessage: 'Eine Liste oder einen Eintrag in einem bestehenden Projekt anlegen.', description: 'What adding an item is' },
  back: { id: 'create.page.back', defaultMessage: 'Zurück zur Auswahl', description: 'Back to /create' },
  noTeam: { id: 'create.page.noTeam', defaultMessage: 'Zum Erstellen brauchst du ein Team, in dem du Projekte verwalten darfst.', description: 'No team with manage_prj' },
  createTeam: { id: 'create.page.createTeam', defaultMessage: 'Team erstellen', description: 'Link to team creation' },
  startNew: { id: 'create.page.startNew', defaultMessage: 'Projekt anlegen', description: 'Opens the create-project form' },
  presets: { id: 'create.page.presets', defaultMessage: 'Vorlagen von {team}', description: 'Label of the preset list' },
  noPresets: { id: 'create.page.noPresets', defaultMessage: 'Dieses Team hat noch keine Vorlagen. Jedes Projekt kannst du als Vorlage speichern.', description: 'No presets yet' },
  allPresets: { id: 'create.page.allPresets', defaultMessage: 'Alle Vorlagen verwalten', description: 'Link to the presets page' },
  gallery: { id: 'create.page.gallery', defaultMessage: 'Fertige Vorlagen aus der Galerie: Helferliste, Mitbring-Buffet, Turnier, Elternsprechtag, Schichtplan', description: 'Link to the template gallery of the product' },
  projects: { id: 'create.page.projects', defaultMessage: 'Projekte von {team}', description: 'Label of the project list' },
  noProjects: { id: 'create.page.noProjects', defaultMessage: 'Dieses Team hat noch keine Projekte.', description: 'No projects yet' },
  openEditor: { id: 'create.page.openEditor', defaultMessage: '{name} bearbeiten', description: 'Link to a project\u2019s editor' },
  usePreset: { id: 'create.page.usePreset', defaultMessage: 'Vorlage {name} verwenden', description: 'Link to a preset' },
}));
