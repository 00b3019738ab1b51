import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

export const mySignupsMessages = untyped(defineMessages({
  title: { id: 'signups.mySignups.title', defaultMessage: 'Meine Einträge', description: 'Heading and navigation entry of the page with all my sign-ups' },
  intro: {
    id: 'signups.mySignups.intro',
    defaultMessage: 'Alles, wofür du dich eingetragen hast, in allen Teams – mit Belegen, wann du dich eingetragen, nachgerückt, geändert oder abgesagt hast.',
    description: 'Introduction of the my sign-ups page',
  },
  upcoming: { id: 'signups.mySignups.upcoming', defaultMessage: 'Demnächst', description: 'Section of coming sign-ups' },
  past: { id: 'signups.mySignups.past', defaultMessage: 'Vergangen', description: 'Section of sign-ups whose date has passed' },
  cancelled: { id: 'signups.mySignups.cancelled', defaultMessage: 'Abgesagt', description: 'Section of cancelled sign-ups' },
  noUpcoming: {
    id: 'signups.mySignups.noUpcoming',
    defaultMessage: 'Gerade steht nichts an. Neue Einträge erscheinen hier, sobald du dich in einem Projekt einträgst.',
    description: 'No coming sign-ups',
  },
  emptyTitle: { id: 'signups.mySignups.emptyTitle', defaultMessage: 'Noch keine Einträge', description: 'Heading of the empty state' },
  emptyText: {
    id: 'signups.mySignups.emptyText',
    defaultMessage: 'Öffne den Link eines Projekts, den dir dein Team geschickt hat, und trag dich für eine Aufgabe, einen Termin oder ein Mitbringsel ein. Deine Einträge sammeln sich dann hier.',
    description: 'Explanation when I have no sign-ups',
  },
  toStart: { id: 'signups.mySignups.toStart', defaultMessage: 'Zur Startseite', description: 'Link from the empty state to the home page' },
  loadFailed: { id: 'signups.mySignups.loadFailed', defaultMessage: 'Deine Einträge konnten nicht geladen werden.', description: 'Loading failed' },
  retry: { id: 'signups.mySignups.retry', defaultMessage: 'Erneut versuchen', description: 'Retry loading' },
  waitlisted: { id: 'signups.mySignups.waitlisted', defaultMessage: 'Warteliste', description: 'Badge: the sign-up is on the waitlist' },
  placed: { id: 'signups.mySignups.placed', defaultMessage: 'Eingetragen', description: 'Badge: the sign-up has a place' },
  undated: { id: 'signups.mySignups.undated', defaultMessage: 'Ohne Datum', description: 'The item has no date' },
  where: { id: 'signups.mySignups.where', defaultMessage: '{project} · {list}', description: 'Project and list of a sign-up' },
  change: { id: 'signups.mySignups.change', defaultMessage: 'Ändern oder absagen', description: 'Link to the project page where the sign-up is changed or cancelled' },
  open: { id: 'signups.mySignups.open', defaultMessage: 'Projekt öffnen', description: 'Link to the project page of a past or cancelled sign-up' },
  receipts: { id: 'signups.mySignups.receipts', defaultMessage: 'Verlauf', description: 'Accessible name of the list of receipts of a sign-up' },
  signedUp: { id: 'signups.mySignups.signedUp', defaultMessage: 'Eingetragen am {at}', description: 'Receipt: when I signed up' },
  promoted: { id: 'signups.mySignups.promoted', defaultMessage: 'Von der Warteliste nachgerückt am {at}', description: 'Receipt: moved from the waitlist to a place' },
  changed: { id: 'signups.mySignups.changed', defaultMessage: 'Zuletzt geändert am {at}', description: 'Receipt: last change' },
  cancelledSelf: { id: 'signups.mySignups.cancelledSelf', defaultMessage: 'Abgesagt am {at}', description: 'Receipt: I cancelled' },
  cancelledOrganiser: { id: 'signups.mySignups.cancelledOrganiser', defaultMessage: 'Vom Team ausgetragen am {at}', description: 'Receipt: the organiser removed my sign-up' },
  team: { id: 'signups.mySignups.team', defaultMessage: 'Team {name}', description: 'The team a sign-up belongs to' },
}));
