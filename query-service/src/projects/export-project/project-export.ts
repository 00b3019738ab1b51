import type * as WriteExcelFile from 'write-excel-file/node' with { 'resolution-mode': 'import' };
import { DomainError, type SignupValue } from '@planwerk/events';
import { holdsPlace, type ProjectTreeDoc } from '@planwerk/projector';

// The export of a project, a phase (with its sub-groups) or a list (spec section 2: project,
// phase and list menus "export"): one row per sign-up, and one per item nobody signed up for,
// so free places show. Columns: the fixed ones, then every field label of the exported lists.

export type ExportCell = string | number | null;

export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
}

export type ExportScope = { phaseId?: string; listId?: string };

const FIXED_HEADER = ['Phase', 'Liste', 'Eintrag', 'Datum', 'Zeit', 'Plätze', 'Name', 'Status', 'Warteliste', 'Abstimmung', 'Eingetragen am', 'Anwesend'];
const STATUS_TEXT = { placed: 'eingetragen', waitlisted: 'Warteliste' } as const;
const BERLIN = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });

function valueText(value: SignupValue | undefined): ExportCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

/** The rows of the export; a phase or list that the project does not have is a 404. */
export function exportTable(doc: ProjectTreeDoc, scope: ExportScope, now: Date): ExportTable {
  const p = doc.project;
  let lists = p.lists;
  if (scope.listId !== undefined) {
    lists = lists.filter((l) => l.listId === scope.listId);
    if (lists.length === 0) throw new DomainError('not_found');
  }
  if (scope.phaseId !== undefined) {
    const phases = new Set(p.phases.filter((ph) => ph.phaseId === scope.phaseId || ph.folderId === scope.phaseId).map((ph) => ph.phaseId));
    if (!phases.has(scope.phaseId)) throw new DomainError('not_found');
    lists = lists.filter((l) => phases.has(l.phaseId));
  }
  // One column per field label: lists that ask the same thing share a column.
  const labels: string[] = [];
  for (const list of lists) for (const field of list.fields) if (!labels.includes(field.label)) labels.push(field.label);
  const phaseName = new Map(p.phases.map((ph) => [ph.phaseId, ph.name]));

  const rows: ExportCell[][] = [];
  for (const list of lists) {
    const labelOf = new Map(list.fields.map((f) => [f.fieldId, f.label]));
    const ended = list.window.endsAt !== null && now.getTime() >= Date.parse(list.window.endsAt);
    for (const item of p.items.filter((i) => i.listId === list.listId)) {
      const time = item.time ? `${item.time.from}–${item.time.to}` : null;
      const common: ExportCell[] = [phaseName.get(list.phaseId) ?? null, list.name, item.name, item.date, time, item.capacity];
      const signups = doc.signups.filter((s) => s.itemId === item.itemId);
      if (signups.length === 0) {
        rows.push([...common, ...FIXED_HEADER.slice(common.length).map(() => null), ...labels.map(() => null)]);
        continue;
      }
      let waiting = 0;
      for (const s of signups) {
        const position = s.status === 'waitlisted' ? (waiting += 1) : null;
        const attended = list.attendance === 'manual' ? s.attended : (holdsPlace(s) && ended ? true : null);
        const byLabel = new Map<string, ExportCell>();
        for (const [fieldId, value] of Object.entries(s.values ?? {})) {
          const label = labelOf.get(fieldId);
          if (label !== undefined) byLabel.set(label, valueText(value));
        }
        rows.push([
          ...common, s.name, STATUS_TEXT[s.status], position, s.vote, BERLIN.format(new Date(s.at)),
          attended === null ? null : attended ? 'ja' : 'nein',
          ...labels.map((label) => byLabel.get(label) ?? null),
        ]);
      }
    }
  }
  return { header: [...FIXED_HEADER, ...labels], rows };
}

/** A cell as German Excel reads `;`-separated CSV; a leading =, +, -, @ (a formula) is defused. */
export function csvCell(value: ExportCell): string {
  if (typeof value === 'number') return String(value);
  let text = value ?? '';
  // Also a phone number such as +49…: Excel would read it as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a BOM, `;` between cells, CRLF line ends (what Excel in Germany opens correctly). */
export function toCsv(table: ExportTable): string {
  return `\uFEFF${[table.header, ...table.rows].map((row) => `${row.map(csvCell).join(';')}\r\n`).join('')}`;
}

let writer: Promise<typeof WriteExcelFile> | null = null;

// write-excel-file ships CommonJS and ESM; its types are ESM only, so it is loaded with import(),
// which tsc keeps native in the CommonJS build.
export async function toXlsx(table: ExportTable, sheet: string): Promise<Buffer> {
  writer ??= import('write-excel-file/node');
  const { default: writeXlsxFile } = await writer;
  const header = table.header.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) => row.map((cell) => (cell === null ? null : { value: cell })));
  return writeXlsxFile([header, ...rows], { sheet: sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Export', stickyRowsCount: 1 }).toBuffer();
}
