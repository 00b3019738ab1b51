import {
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  type ProjectEvent,
  type ProjectTemplate,
  type TemplateItem,
  type TemplateLocale,
} from '@planwerk/events';

// A template of the gallery as the events of a new project stream: the same ProjectCreated,
// PhaseAdded, ListAdded and ItemAdded the editor appends, with dates and clock times counted
// from the chosen day and start time (pure: ids, time and offset come in).

export interface TemplateTarget {
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  shareHash: string;
  createdBy: string;
  createdAt: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** HH:MM */
  startTime: string;
  locale: TemplateLocale;
  /** ±HH:MM, the person's offset from UTC on that day. */
  utcOffset: string;
  /** A new id per key; the same key gives the same id (retries under one Idempotency-Key). */
  newId: (key: string) => string;
}

const DAY_MINUTES = 24 * 60;

export function templateProjectEvents(template: ProjectTemplate, target: TemplateTarget): ProjectEvent[] {
  const { projectId, locale } = target;
  const start = clockMinutes(target.startTime);
  const events: ProjectEvent[] = [{
    type: 'ProjectCreated',
    data: {
      projectId, teamId: target.teamId, link: target.link, name: target.name, colour: template.colour, status: 3, visibility: 'public',
      settings: DEFAULT_PROJECT_SETTINGS, shareHash: target.shareHash, startDate: target.startDate, createdBy: target.createdBy,
      createdAt: target.createdAt, copiedFrom: null,
    },
  }];
  for (const phase of template.phases) {
    const phaseId = target.newId(`phase:${phase.key}`);
    events.push({ type: 'PhaseAdded', data: { projectId, phaseId, name: phase.name[locale], description: '', folderId: null, copiedFrom: null } });
    for (const list of phase.lists) {
      const listId = target.newId(`list:${phase.key}:${list.key}`);
      events.push({
        type: 'ListAdded',
        data: {
          projectId, listId, phaseId, type: 1, name: list.name[locale], description: list.description[locale],
          window: {
            opensAt: null,
            closesAt: list.closesMinutesBefore === null ? null : instantAt(target.startDate, start - list.closesMinutesBefore, target.utcOffset),
            endsAt: null,
          },
          attendance: 'automatic',
          fields: list.fields.map((field, index) => ({
            fieldId: target.newId(`field:${phase.key}:${list.key}:${index}`), kind: field.kind, label: field.label[locale], required: field.required,
          })),
          // A template's lists are shared by link: visitors sign up with a name, no account needed.
          settings: { ...DEFAULT_LIST_SETTINGS, allowAnonymous: true, ...list.settings },
          copiedFrom: null,
        },
      });
      list.items.forEach((item, index) => {
        events.push({
          type: 'ItemAdded',
          data: {
            projectId, listId, itemId: target.newId(`item:${phase.key}:${list.key}:${index}`), name: item.name[locale], description: '',
            capacity: item.capacity, vote: null, ...when(item, target.startDate, start), copiedFrom: null,
          },
        });
      });
    }
  }
  return events;
}

/** An item's day and clock time: a slot that starts before midnight or after it moves to that day. */
function when(item: TemplateItem, startDate: string, start: number): { date: string; time: { from: string; to: string } | null } {
  if (item.time === null) return { date: startDate, time: null };
  const from = start + item.time.offsetMinutes;
  const dayShift = Math.floor(from / DAY_MINUTES);
  return { date: addDays(startDate, dayShift), time: { from: clockOf(from), to: clockOf(from + item.time.durationMinutes) } };
}

function clockMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function clockOf(minutes: number): string {
  const inDay = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

function addDays(day: string, days: number): string {
  if (days === 0) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The wall-clock time `minutes` after midnight of `day`, written with the person's UTC offset. */
function instantAt(day: string, minutes: number, utcOffset: string): string {
  const local = new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString().slice(0, 19);
  return `${local}${utcOffset}`;
}
