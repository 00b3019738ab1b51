import { defineMessages, type MessageDescriptor } from 'react-intl';
import { untyped } from '../../../shared/untyped-messages';
import type { ContactImportProblem, ImportFileRefusal } from './contact-import.api';

// The import's words: the steps, what a row's problem is, why a file is refused.
export const importMessages = untyped(defineMessages({
  title: { id: 'contacts.import.title', defaultMessage: 'Kontakte importieren', description: 'Title of the contact import page' },
  entry: { id: 'contacts.import.entry', defaultMessage: 'Importieren', description: 'Opens the contact import from the contact list' },
  intro: {
    id: 'contacts.import.intro',
    defaultMessage: 'Eine Tabelle aus Excel (.xlsx), LibreOffice (.ods) oder eine CSV-Datei: höchstens 10.000 Zeilen, 100 Spalten und 10 MB. Die erste Zeile nennt die Spalten.',
    description: 'What files the import takes',
  },
  file: { id: 'contacts.import.file', defaultMessage: 'Datei', description: 'Label of the file chooser' },
  upload: { id: 'contacts.import.upload', defaultMessage: 'Datei lesen', description: 'Reads the chosen file' },
  reading: { id: 'contacts.import.reading', defaultMessage: 'Die Datei wird gelesen …', description: 'While the file is read' },
  fileFacts: { id: 'contacts.import.fileFacts', defaultMessage: '{fileName}: {rows, plural, one {# Zeile} other {# Zeilen}}', description: 'The read file and its row count' },
  mapping: { id: 'contacts.import.mapping', defaultMessage: 'Spalten zuordnen', description: 'Heading of the column mapping' },
  mappingHint: { id: 'contacts.import.mappingHint', defaultMessage: 'Wähle für jede Spalte das Feld des Kontakts. Die Vorschau zeigt die ersten Zeilen.', description: 'How to map columns' },
  column: { id: 'contacts.import.column', defaultMessage: 'Spalte', description: 'Column header of the mapping table' },
  field: { id: 'contacts.import.field', defaultMessage: 'Feld', description: 'Column header of the mapping table' },
  preview: { id: 'contacts.import.preview', defaultMessage: 'Vorschau', description: 'Column header of the mapping table' },
  fieldFor: { id: 'contacts.import.fieldFor', defaultMessage: 'Feld für Spalte „{header}“', description: 'Accessible name of a column\'s field choice' },
  skipColumn: { id: 'contacts.import.skipColumn', defaultMessage: 'nicht importieren', description: 'A column that is not imported' },
  noHeader: { id: 'contacts.import.noHeader', defaultMessage: 'Spalte {n}', description: 'A column without a header' },
  check: { id: 'contacts.import.check', defaultMessage: 'Prüfen', description: 'Runs the dry run' },
  checking: { id: 'contacts.import.checking', defaultMessage: 'Wird geprüft …', description: 'While the dry run runs' },
  result: { id: 'contacts.import.result', defaultMessage: 'Probelauf', description: 'Heading of the dry run\'s result' },
  resultFacts: {
    id: 'contacts.import.resultFacts',
    defaultMessage: '{valid, plural, one {# Zeile} other {# Zeilen}} fehlerfrei, {problems, plural, =0 {keine mit Fehlern} one {# mit Fehlern} other {# mit Fehlern}}.',
    description: 'How many rows of the dry run are valid and how many have problems',
  },
  problems: { id: 'contacts.import.problems', defaultMessage: 'Fehler', description: 'Heading of the list of row problems' },
  problemAt: { id: 'contacts.import.problemAt', defaultMessage: 'Zeile {row}, Spalte „{header}“: {problem}', description: 'A problem of a row in one column' },
  problemRow: { id: 'contacts.import.problemRow', defaultMessage: 'Zeile {row}: {problem}', description: 'A problem of a whole row' },
  moreProblems: { id: 'contacts.import.moreProblems', defaultMessage: '… und {count, plural, one {# weiterer} other {# weitere}}', description: 'More problems than listed' },
  duplicates: { id: 'contacts.import.duplicates', defaultMessage: 'Dubletten', description: 'Heading of the duplicates' },
  duplicateEmail: { id: 'contacts.import.duplicateEmail', defaultMessage: 'Gleiche E-Mail ({count})', description: 'Duplicates by e-mail, with their count' },
  duplicateName: { id: 'contacts.import.duplicateName', defaultMessage: 'Gleicher Name und Geburtsdatum ({count})', description: 'Duplicates by name and birth date' },
  duplicateOf: { id: 'contacts.import.duplicateOf', defaultMessage: 'Zeile {row}: wie {name}', description: 'A row that matches an existing contact' },
  duplicateOfRow: { id: 'contacts.import.duplicateOfRow', defaultMessage: 'Zeile {row}: wie Zeile {other}', description: 'A row that matches an earlier row of the file' },
  skip: { id: 'contacts.import.skip', defaultMessage: 'Überspringen', description: 'Duplicates of this kind are not imported' },
  importAnyway: { id: 'contacts.import.importAnyway', defaultMessage: 'Trotzdem importieren', description: 'Duplicates of this kind are imported' },
  noDuplicates: { id: 'contacts.import.noDuplicates', defaultMessage: 'Keine Dubletten gefunden.', description: 'The dry run found no duplicates' },
  validOnly: { id: 'contacts.import.validOnly', defaultMessage: 'Nur die fehlerfreien Zeilen importieren', description: 'Imports only the rows without problems' },
  blocked: { id: 'contacts.import.blocked', defaultMessage: 'Solange Zeilen Fehler haben, wird nichts importiert. Korrigiere die Datei oder importiere nur die fehlerfreien Zeilen.', description: 'Why the import cannot start' },
  start: { id: 'contacts.import.start', defaultMessage: '{count, plural, one {# Kontakt importieren} other {# Kontakte importieren}}', description: 'Starts the import' },
  again: { id: 'contacts.import.again', defaultMessage: 'Andere Datei', description: 'Starts over with another file' },
  another: { id: 'contacts.import.another', defaultMessage: 'Weitere Datei importieren', description: 'After an import: starts over with the next file' },
  running: { id: 'contacts.import.running', defaultMessage: 'Import läuft', description: 'Heading while the import runs' },
  progress: { id: 'contacts.import.progress', defaultMessage: '{processed} von {total} Zeilen', description: 'Progress of the import' },
  progressLabel: { id: 'contacts.import.progressLabel', defaultMessage: 'Fortschritt des Imports', description: 'Accessible name of the progress bar' },
  done: { id: 'contacts.import.done', defaultMessage: 'Import abgeschlossen', description: 'Heading when the import is finished' },
  summary: {
    id: 'contacts.import.summary',
    defaultMessage: '{imported, plural, one {# Kontakt importiert} other {# Kontakte importiert}}, {skipped} übersprungen, {failed} fehlgeschlagen.',
    description: 'Summary of a finished import',
  },
  failedJob: { id: 'contacts.import.failedJob', defaultMessage: 'Der Import ist abgebrochen. Die bereits importierten Kontakte bleiben erhalten.', description: 'The import job failed' },
  toList: { id: 'contacts.import.toList', defaultMessage: 'Zur Kontaktliste', description: 'Link to the contact list' },
}));

const problemMessages = untyped(defineMessages({
  name_required: { id: 'contacts.import.problem.name_required', defaultMessage: 'kein Vorname, Nachname oder Firma', description: 'Row problem' },
  invalid_email: { id: 'contacts.import.problem.invalid_email', defaultMessage: 'keine gültige E-Mail-Adresse', description: 'Row problem' },
  invalid_phone: { id: 'contacts.import.problem.invalid_phone', defaultMessage: 'keine gültige Telefonnummer', description: 'Row problem' },
  invalid_postcode: { id: 'contacts.import.problem.invalid_postcode', defaultMessage: 'keine gültige Postleitzahl', description: 'Row problem' },
  unknown_country: { id: 'contacts.import.problem.unknown_country', defaultMessage: 'unbekanntes Land', description: 'Row problem' },
  invalid_date: { id: 'contacts.import.problem.invalid_date', defaultMessage: 'kein gültiges Datum', description: 'Row problem' },
  invalid_type: { id: 'contacts.import.problem.invalid_type', defaultMessage: 'unbekannte Art (Kontakt, Mitglied, Mitarbeiter/in)', description: 'Row problem' },
  too_long: { id: 'contacts.import.problem.too_long', defaultMessage: 'zu lang', description: 'Row problem' },
  formula: { id: 'contacts.import.problem.formula', defaultMessage: 'eine Formel ohne gespeicherten Wert', description: 'Row problem: a formula cell' },
  invalid_text: { id: 'contacts.import.problem.invalid_text', defaultMessage: 'ungültiger Text', description: 'Row problem' },
}));
export const PROBLEM_LABEL: Record<ContactImportProblem['code'], MessageDescriptor> = problemMessages;

const refusalMessages = untyped(defineMessages({
  too_large: { id: 'contacts.import.refused.too_large', defaultMessage: 'Die Datei ist größer als {limit} MB.', description: 'File refused: too large' },
  too_many_rows: {
    id: 'contacts.import.refused.too_many_rows',
    defaultMessage: 'Die Datei hat {found} Zeilen; höchstens {limit} lassen sich auf einmal importieren. Teile sie auf.',
    description: 'File refused: too many rows',
  },
  too_many_columns: { id: 'contacts.import.refused.too_many_columns', defaultMessage: 'Die Datei hat {found} Spalten; höchstens {limit} sind möglich.', description: 'File refused: too many columns' },
  unreadable: {
    id: 'contacts.import.refused.unreadable',
    defaultMessage: 'Die Datei lässt sich nicht als Tabelle lesen. Ist sie wirklich eine .xlsx-, .ods- oder CSV-Datei?',
    description: 'File refused: not what its name says',
  },
  empty: { id: 'contacts.import.refused.empty', defaultMessage: 'Die Datei ist leer.', description: 'File refused: empty' },
  unknown_format: {
    id: 'contacts.import.refused.unknown_format',
    defaultMessage: 'Dieses Format wird nicht unterstützt. Speichere die Tabelle als .xlsx, .ods oder CSV.',
    description: 'File refused: an old .xls or another format',
  },
}));
export const REFUSAL_LABEL: Record<ImportFileRefusal['reason'], MessageDescriptor> = refusalMessages;
