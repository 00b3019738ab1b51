import { defineMessages } from 'react-intl';
import type { FieldKind, VoteKind } from '@planwerk/events/constants';
import { untyped } from '../../../shared/untyped-messages';

export const editorDialogMessages = untyped(defineMessages({
  save: { id: 'projects.editor.save', defaultMessage: 'Speichern', description: 'Saves an editor dialog' },
  name: { id: 'projects.editor.name', defaultMessage: 'Name', description: 'Name field' },
  description: { id: 'projects.editor.description', defaultMessage: 'Beschreibung', description: 'Description field' },
  phaseNew: { id: 'projects.editor.phaseNew', defaultMessage: 'Neue Phase', description: 'Title: new phase' },
  groupNew: { id: 'projects.editor.groupNew', defaultMessage: 'Neue Untergruppe in {name}', description: 'Title: new sub-group' },
  phaseEdit: { id: 'projects.editor.phaseEdit', defaultMessage: 'Phase bearbeiten', description: 'Title: edit phase' },
  listNew: { id: 'projects.editor.listNew', defaultMessage: 'Neue Liste in {name}', description: 'Title: new list' },
  listEdit: { id: 'projects.editor.listEdit', defaultMessage: 'Liste bearbeiten', description: 'Title: edit list' },
  listType: { id: 'projects.editor.listType', defaultMessage: 'Art der Liste', description: 'List type field' },
  listTypeNormal: { id: 'projects.editor.listType.normal', defaultMessage: 'Normale Liste', description: 'List type 1' },
  listTypeFull: { id: 'projects.editor.listType.full', defaultMessage: 'Volle Liste (alle Einträge auf einmal)', description: 'List type 2' },
  window: { id: 'projects.editor.window', defaultMessage: 'Zeitraum der Eintragung', description: 'Legend of the sign-up window' },
  opensAt: { id: 'projects.editor.opensAt', defaultMessage: 'Eintragung ab', description: 'Window start' },
  closesAt: { id: 'projects.editor.closesAt', defaultMessage: 'Eintragung bis', description: 'Window limit date' },
  endsAt: { id: 'projects.editor.endsAt', defaultMessage: 'Ende der Liste', description: 'Window end' },
  attendance: { id: 'projects.editor.attendance', defaultMessage: 'Anwesenheit', description: 'Attendance field' },
  attendanceAutomatic: { id: 'projects.editor.attendance.automatic', defaultMessage: 'Automatisch am Ende der Liste bestätigen', description: 'Attendance automatic' },
  attendanceManual: { id: 'projects.editor.attendance.manual', defaultMessage: 'Von Admins bestätigen', description: 'Attendance manual' },
  waitlist: { id: 'projects.editor.waitlist', defaultMessage: 'Warteliste, wenn ein Eintrag voll ist', description: 'Waitlist switch' },
  anonymous: { id: 'projects.editor.anonymous', defaultMessage: 'Eintragung ohne Anmeldung erlauben (mit Namen)', description: 'Anonymous switch' },
  maxPerPerson: { id: 'projects.editor.maxPerPerson', defaultMessage: 'Höchstens so viele Eintragungen pro Person (leer: unbegrenzt)', description: 'maxPerPerson field' },
  showNames: { id: 'projects.editor.showNames', defaultMessage: 'Namen zeigen', description: 'showNames field' },
  showAll: { id: 'projects.editor.showNames.all', defaultMessage: 'Allen', description: 'showNames all' },
  showTeam: { id: 'projects.editor.showNames.team', defaultMessage: 'Mitgliedern des Teams', description: 'showNames team' },
  showAdmins: { id: 'projects.editor.showNames.admins', defaultMessage: 'Nur Admins', description: 'showNames admins' },
  fields: { id: 'projects.editor.fields', defaultMessage: 'Felder der Eintragung', description: 'Legend of the list fields' },
  fieldKind: { id: 'projects.editor.fieldKind', defaultMessage: 'Art des Feldes {index}', description: 'Field kind select' },
  fieldLabel: { id: 'projects.editor.fieldLabel', defaultMessage: 'Bezeichnung des Feldes {index}', description: 'Field label' },
  fieldRequired: { id: 'projects.editor.fieldRequired', defaultMessage: 'Pflichtfeld', description: 'Field required switch' },
  fieldOptions: { id: 'projects.editor.fieldOptions', defaultMessage: 'Auswahlmöglichkeiten (durch Komma getrennt)', description: 'Selection options' },
  scaleMin: { id: 'projects.editor.scaleMin', defaultMessage: 'Skala von', description: 'Scale min' },
  scaleMax: { id: 'projects.editor.scaleMax', defaultMessage: 'Skala bis', description: 'Scale max' },
  fieldAdd: { id: 'projects.editor.fieldAdd', defaultMessage: 'Feld hinzufügen', description: 'Adds a field' },
  fieldRemove: { id: 'projects.editor.fieldRemove', defaultMessage: 'Feld {index} entfernen', description: 'Removes a field' },
  fieldSaveColumn: { id: 'projects.editor.fieldSaveColumn', defaultMessage: 'Als Vorlagen-Spalte speichern', description: 'Saves a field as a preset column' },
  columnSaved: { id: 'projects.editor.columnSaved', defaultMessage: 'Gespeichert', description: 'A preset column was saved' },
  fromColumn: { id: 'projects.editor.fromColumn', defaultMessage: 'Feld aus Vorlagen-Spalte', description: 'Adds a field from a preset column' },
  itemNew: { id: 'projects.editor.itemNew', defaultMessage: 'Neuer Eintrag in {name}', description: 'Title: new item' },
  itemEdit: { id: 'projects.editor.itemEdit', defaultMessage: 'Eintrag bearbeiten', description: 'Title: edit item' },
  capacity: { id: 'projects.editor.capacity', defaultMessage: 'Plätze (leer: unbegrenzt)', description: 'Item capacity' },
  voteKind: { id: 'projects.editor.voteKind', defaultMessage: 'Abstimmung', description: 'Vote kind' },
  voteNone: { id: 'projects.editor.vote.none', defaultMessage: 'Keine Abstimmung', description: 'No vote' },
  voteOptions: { id: 'projects.editor.voteOptions', defaultMessage: 'Antworten der Umfrage (durch Komma getrennt)', description: 'Poll options' },
  date: { id: 'projects.editor.date', defaultMessage: 'Datum', description: 'Item date' },
  timeFrom: { id: 'projects.editor.timeFrom', defaultMessage: 'Von', description: 'Item time from' },
  timeTo: { id: 'projects.editor.timeTo', defaultMessage: 'Bis', description: 'Item time to' },
  moveTitle: { id: 'projects.editor.moveTitle', defaultMessage: 'Liste verschieben', description: 'Title: move list' },
  moveTarget: { id: 'projects.editor.moveTarget', defaultMessage: 'Ziel-Phase', description: 'Target phase' },
  move: { id: 'projects.editor.move', defaultMessage: 'Verschieben', description: 'Moves the list' },
  notifyTitle: { id: 'projects.editor.notifyTitle', defaultMessage: 'Eingetragene benachrichtigen', description: 'Title: notify list' },
  subject: { id: 'projects.editor.subject', defaultMessage: 'Betreff', description: 'Notice subject' },
  text: { id: 'projects.editor.text', defaultMessage: 'Nachricht', description: 'Notice text' },
  send: { id: 'projects.editor.send', defaultMessage: 'Senden', description: 'Sends the notice' },
  multiTitle: { id: 'projects.editor.multiTitle', defaultMessage: '{count, plural, one {# Liste} other {# Listen}} gemeinsam bearbeiten', description: 'Title: multi-edit' },
  unchanged: { id: 'projects.editor.unchanged', defaultMessage: 'Unverändert', description: 'Multi-edit: leave as is' },
  on: { id: 'projects.editor.on', defaultMessage: 'Ein', description: 'Switch on' },
  off: { id: 'projects.editor.off', defaultMessage: 'Aus', description: 'Switch off' },
  changeWindow: { id: 'projects.editor.changeWindow', defaultMessage: 'Zeitraum für alle setzen', description: 'Multi-edit: also set the window' },
}));

export const fieldKindMessages = untyped(defineMessages({
  text: { id: 'projects.fieldKind.text', defaultMessage: 'Text', description: 'Field kind' },
  textblock: { id: 'projects.fieldKind.textblock', defaultMessage: 'Textblock', description: 'Field kind' },
  number: { id: 'projects.fieldKind.number', defaultMessage: 'Zahl', description: 'Field kind' },
  selection: { id: 'projects.fieldKind.selection', defaultMessage: 'Auswahl', description: 'Field kind' },
  checkbox: { id: 'projects.fieldKind.checkbox', defaultMessage: 'Kontrollkästchen', description: 'Field kind' },
  scale: { id: 'projects.fieldKind.scale', defaultMessage: 'Skala', description: 'Field kind' },
  address: { id: 'projects.fieldKind.address', defaultMessage: 'Adresse', description: 'Field kind' },
  phone: { id: 'projects.fieldKind.phone', defaultMessage: 'Telefon', description: 'Field kind' },
  city: { id: 'projects.fieldKind.city', defaultMessage: 'Ort', description: 'Field kind' },
  street: { id: 'projects.fieldKind.street', defaultMessage: 'Straße', description: 'Field kind' },
  country: { id: 'projects.fieldKind.country', defaultMessage: 'Land', description: 'Field kind' },
  profile_picture: { id: 'projects.fieldKind.profilePicture', defaultMessage: 'Profilbild', description: 'Field kind' },
  date: { id: 'projects.fieldKind.date', defaultMessage: 'Datum', description: 'Field kind' },
  time: { id: 'projects.fieldKind.time', defaultMessage: 'Uhrzeit', description: 'Field kind' },
})) satisfies Record<FieldKind, unknown>;

export const voteKindMessages = untyped(defineMessages({
  yes_no_neutral: { id: 'projects.voteKind.yesNoNeutral', defaultMessage: 'Ja / Nein / Vielleicht', description: 'Vote kind' },
  yes_no: { id: 'projects.voteKind.yesNo', defaultMessage: 'Ja / Nein', description: 'Vote kind' },
  poll: { id: 'projects.voteKind.poll', defaultMessage: 'Umfrage', description: 'Vote kind' },
  like_dislike: { id: 'projects.voteKind.likeDislike', defaultMessage: 'Gefällt mir / Gefällt mir nicht', description: 'Vote kind' },
})) satisfies Record<VoteKind, unknown>;

// The labels of the choices of the list dialog and the multi-edit.
export const showNamesMessages = { all: editorDialogMessages.showAll, team: editorDialogMessages.showTeam, admins: editorDialogMessages.showAdmins } as const;
export const attendanceMessages = { automatic: editorDialogMessages.attendanceAutomatic, manual: editorDialogMessages.attendanceManual } as const;
export const listTypeMessages = { '1': editorDialogMessages.listTypeNormal, '2': editorDialogMessages.listTypeFull } as const;
export const onOffMessages = { on: editorDialogMessages.on, off: editorDialogMessages.off } as const;
