import type { FieldKind } from '../constants/entities.constants';
import type { ListSettings } from '../projects/project.events';

// The template gallery shipped with the product (issue 14, onboarding): ready-made projects as
// data. Applying one creates a real planning project in the team (POST
// /v5/team/{teamId}/template/{templateId}/project); its item dates and times are relative to
// the date and start time the person picks, its texts in the person's language.

export const TEMPLATE_LOCALES = ['de', 'en', 'fr', 'it'] as const;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];
export type Localized = Readonly<Record<TemplateLocale, string>>;

/** A slot relative to the chosen date and start time: minutes after the start, and its length. */
export interface TemplateTime {
  offsetMinutes: number;
  durationMinutes: number;
}

export interface TemplateItem {
  name: Localized;
  capacity: number | null;
  /** Null: the item is for the whole day (it gets the date, no clock time). */
  time: TemplateTime | null;
}

export interface TemplateField {
  kind: FieldKind;
  label: Localized;
  required: boolean;
}

export interface TemplateList {
  key: string;
  name: Localized;
  description: Localized;
  fields: readonly TemplateField[];
  settings: Partial<ListSettings>;
  /** Sign-ups close this many minutes before the start (null: open until the list ends). */
  closesMinutesBefore: number | null;
  items: readonly TemplateItem[];
}

export interface TemplatePhase {
  key: string;
  name: Localized;
  lists: readonly TemplateList[];
}

export const PROJECT_TEMPLATE_IDS = ['helpers', 'potluck', 'tournament', 'parent-teacher', 'shifts'] as const;
export type ProjectTemplateId = (typeof PROJECT_TEMPLATE_IDS)[number];

export interface ProjectTemplate {
  id: ProjectTemplateId;
  name: Localized;
  description: Localized;
  /** Colour id 1–9 of the new project (spec section 3). */
  colour: number;
  /** The start time the gallery suggests (HH:MM). */
  defaultStartTime: string;
  /** Whether the items have clock times (then the person picks a start time too). */
  timed: boolean;
  phases: readonly TemplatePhase[];
}

const t = (de: string, en: string, fr: string, it: string): Localized => ({ de, en, fr, it });
const none = t('', '', '', '');
const at = (offsetMinutes: number, durationMinutes: number): TemplateTime => ({ offsetMinutes, durationMinutes });
const phone: TemplateField = { kind: 'phone', label: t('Telefon', 'Phone', 'Téléphone', 'Telefono'), required: false };

/** `count` consecutive slots of `minutes` each, from the start, named by their number. */
function slots(count: number, minutes: number, capacity: number, name: (n: number) => Localized, gap = 0): TemplateItem[] {
  return Array.from({ length: count }, (_, i) => ({ name: name(i + 1), capacity, time: at(i * (minutes + gap), minutes) }));
}

const helpers: ProjectTemplate = {
  id: 'helpers',
  name: t('Helferliste', 'Helper roster', 'Liste des bénévoles', 'Elenco dei volontari'),
  description: t(
    'Wer hilft beim Aufbau, während des Festes und beim Abbau? Aufgaben mit Plätzen und Zeiten.',
    'Who helps to set up, during the event and to clear away? Tasks with places and times.',
    'Qui aide au montage, pendant la fête et au démontage ? Des tâches avec places et horaires.',
    'Chi aiuta nell’allestimento, durante la festa e nello smontaggio? Compiti con posti e orari.',
  ),
  colour: 1,
  defaultStartTime: '14:00',
  timed: true,
  phases: [{
    key: 'event',
    name: t('Fest', 'Event', 'Fête', 'Festa'),
    lists: [
      {
        key: 'setup', name: t('Aufbau', 'Setting up', 'Montage', 'Allestimento'), description: none, fields: [phone], settings: {}, closesMinutesBefore: null,
        items: [
          { name: t('Tische und Bänke aufstellen', 'Put up tables and benches', 'Installer tables et bancs', 'Montare tavoli e panche'), capacity: 4, time: at(-120, 60) },
          { name: t('Dekoration', 'Decoration', 'Décoration', 'Decorazione'), capacity: 2, time: at(-90, 90) },
        ],
      },
      {
        key: 'during', name: t('Während des Festes', 'During the event', 'Pendant la fête', 'Durante la festa'), description: none, fields: [phone], settings: {}, closesMinutesBefore: null,
        items: [
          { name: t('Kasse', 'Till', 'Caisse', 'Cassa'), capacity: 2, time: at(0, 120) },
          { name: t('Kasse', 'Till', 'Caisse', 'Cassa'), capacity: 2, time: at(120, 120) },
          { name: t('Getränke', 'Drinks', 'Boissons', 'Bevande'), capacity: 3, time: at(0, 240) },
          { name: t('Grill', 'Barbecue', 'Barbecue', 'Griglia'), capacity: 2, time: at(0, 240) },
        ],
      },
      {
        key: 'teardown', name: t('Abbau', 'Clearing away', 'Démontage', 'Smontaggio'), description: none, fields: [phone], settings: {}, closesMinutesBefore: null,
        items: [
          { name: t('Aufräumen und Abbau', 'Tidy up and clear away', 'Ranger et démonter', 'Riordinare e smontare'), capacity: 6, time: at(240, 90) },
        ],
      },
    ],
  }],
};

const potluck: ProjectTemplate = {
  id: 'potluck',
  name: t('Mitbring-Buffet', 'Potluck', 'Buffet partagé', 'Buffet condiviso'),
  description: t(
    'Jede und jeder bringt etwas mit: Salate, Hauptgerichte, Desserts und Getränke, damit nichts doppelt kommt.',
    'Everyone brings something: salads, mains, desserts and drinks, so nothing comes twice.',
    'Chacun apporte quelque chose : salades, plats, desserts et boissons, sans doublons.',
    'Ognuno porta qualcosa: insalate, piatti principali, dolci e bevande, senza doppioni.',
  ),
  colour: 3,
  defaultStartTime: '18:00',
  timed: false,
  phases: [{
    key: 'buffet',
    name: t('Buffet', 'Buffet', 'Buffet', 'Buffet'),
    lists: [{
      key: 'bring',
      name: t('Was bringst du mit?', 'What are you bringing?', 'Qu’apportes-tu ?', 'Cosa porti?'),
      description: t(
        'Trag dich bis zum Vortag ein und schreib dazu, was genau du mitbringst.',
        'Sign up by the day before and add what exactly you bring.',
        'Inscris-toi jusqu’à la veille et précise ce que tu apportes.',
        'Iscriviti entro il giorno prima e scrivi cosa porti esattamente.',
      ),
      fields: [{ kind: 'text', label: t('Was genau?', 'What exactly?', 'Quoi exactement ?', 'Cosa esattamente?'), required: false }],
      settings: {},
      closesMinutesBefore: 24 * 60,
      items: [
        { name: t('Salat', 'Salad', 'Salade', 'Insalata'), capacity: 4, time: null },
        { name: t('Hauptgericht', 'Main dish', 'Plat principal', 'Piatto principale'), capacity: 3, time: null },
        { name: t('Dessert', 'Dessert', 'Dessert', 'Dolce'), capacity: 3, time: null },
        { name: t('Brot und Gebäck', 'Bread and pastries', 'Pain et viennoiseries', 'Pane e prodotti da forno'), capacity: 2, time: null },
        { name: t('Getränke', 'Drinks', 'Boissons', 'Bevande'), capacity: 3, time: null },
        { name: t('Geschirr und Besteck', 'Plates and cutlery', 'Vaisselle et couverts', 'Piatti e posate'), capacity: 2, time: null },
      ],
    }],
  }],
};

const tournament: ProjectTemplate = {
  id: 'tournament',
  name: t('Turnier', 'Tournament', 'Tournoi', 'Torneo'),
  description: t(
    'Startplätze für Mannschaften mit Teamname und dazu Schiedsrichter und Helfer für den Turniertag.',
    'Places for teams with their team name, plus referees and helpers for the day.',
    'Des places pour les équipes avec leur nom, plus arbitres et bénévoles pour la journée.',
    'Posti per le squadre con il loro nome, più arbitri e volontari per la giornata.',
  ),
  colour: 7,
  defaultStartTime: '10:00',
  timed: true,
  phases: [{
    key: 'tournament',
    name: t('Turnier', 'Tournament', 'Tournoi', 'Torneo'),
    lists: [
      {
        key: 'teams',
        name: t('Mannschaften', 'Teams', 'Équipes', 'Squadre'),
        description: t('Eine Eintragung pro Mannschaft.', 'One sign-up per team.', 'Une inscription par équipe.', 'Un’iscrizione per squadra.'),
        fields: [{ kind: 'text', label: t('Teamname', 'Team name', 'Nom de l’équipe', 'Nome della squadra'), required: true }, phone],
        settings: { maxPerPerson: 1 },
        closesMinutesBefore: 3 * 24 * 60,
        items: Array.from({ length: 8 }, (_, i) => ({
          name: t(`Startplatz ${i + 1}`, `Place ${i + 1}`, `Place ${i + 1}`, `Posto ${i + 1}`), capacity: 1, time: null,
        })),
      },
      {
        key: 'crew',
        name: t('Schiedsrichter und Helfer', 'Referees and helpers', 'Arbitres et bénévoles', 'Arbitri e volontari'),
        description: none, fields: [phone], settings: {}, closesMinutesBefore: null,
        items: [
          { name: t('Schiedsrichter', 'Referee', 'Arbitre', 'Arbitro'), capacity: 4, time: at(0, 480) },
          { name: t('Turnierleitung', 'Tournament desk', 'Direction du tournoi', 'Direzione del torneo'), capacity: 2, time: at(-60, 540) },
          { name: t('Verpflegung', 'Catering', 'Restauration', 'Ristoro'), capacity: 3, time: at(0, 480) },
        ],
      },
    ],
  }],
};

const parentTeacher: ProjectTemplate = {
  id: 'parent-teacher',
  name: t('Elternsprechtag', 'Parent-teacher day', 'Rencontres parents-enseignants', 'Colloqui con i genitori'),
  description: t(
    'Gesprächstermine zu je 10 Minuten, ein Termin pro Familie; nur das Team sieht die Namen.',
    'Ten-minute meetings, one per family; only the team sees the names.',
    'Des entretiens de 10 minutes, un par famille ; seule l’équipe voit les noms.',
    'Colloqui di 10 minuti, uno per famiglia; solo il team vede i nomi.',
  ),
  colour: 6,
  defaultStartTime: '16:00',
  timed: true,
  phases: [{
    key: 'meetings',
    name: t('Gespräche', 'Meetings', 'Entretiens', 'Colloqui'),
    lists: [{
      key: 'slots',
      name: t('Gesprächstermine', 'Meeting slots', 'Créneaux d’entretien', 'Orari dei colloqui'),
      description: none,
      fields: [{ kind: 'text', label: t('Name des Kindes', 'Child’s name', 'Nom de l’enfant', 'Nome del figlio'), required: true }],
      settings: { maxPerPerson: 1, showNames: 'team' },
      closesMinutesBefore: 2 * 60,
      items: slots(12, 10, 1, (n) => t(`Termin ${n}`, `Slot ${n}`, `Créneau ${n}`, `Colloquio ${n}`), 5),
    }],
  }],
};

const shifts: ProjectTemplate = {
  id: 'shifts',
  name: t('Schichtplan', 'Shift plan', 'Planning des équipes', 'Piano dei turni'),
  description: t(
    'Zwei-Stunden-Schichten für Einlass und Bar mit festen Zeiten und Plätzen pro Schicht.',
    'Two-hour shifts for the entrance and the bar, with set times and places per shift.',
    'Des créneaux de deux heures pour l’entrée et le bar, avec horaires et places fixes.',
    'Turni di due ore per l’ingresso e il bar, con orari e posti fissi per turno.',
  ),
  colour: 8,
  defaultStartTime: '18:00',
  timed: true,
  phases: [{
    key: 'shifts',
    name: t('Schichten', 'Shifts', 'Créneaux', 'Turni'),
    lists: [
      {
        key: 'entrance', name: t('Einlass', 'Entrance', 'Entrée', 'Ingresso'), description: none, fields: [phone], settings: { waitlist: true }, closesMinutesBefore: null,
        items: slots(4, 120, 2, (n) => t(`Schicht ${n}`, `Shift ${n}`, `Créneau ${n}`, `Turno ${n}`)),
      },
      {
        key: 'bar', name: t('Bar', 'Bar', 'Bar', 'Bar'), description: none, fields: [phone], settings: { waitlist: true }, closesMinutesBefore: null,
        items: slots(4, 120, 3, (n) => t(`Schicht ${n}`, `Shift ${n}`, `Créneau ${n}`, `Turno ${n}`)),
      },
    ],
  }],
};

export const PROJECT_TEMPLATES: readonly ProjectTemplate[] = [helpers, potluck, tournament, parentTeacher, shifts];

export function findProjectTemplate(id: string): ProjectTemplate | undefined {
  return PROJECT_TEMPLATES.find((template) => template.id === id);
}

/** What a template contains, for the gallery's cards. */
export function templateSummary(template: ProjectTemplate): { lists: number; items: number; places: number } {
  const lists = template.phases.flatMap((phase) => phase.lists);
  const items = lists.flatMap((list) => list.items);
  return { lists: lists.length, items: items.length, places: items.reduce((sum, item) => sum + (item.capacity ?? 0), 0) };
}
