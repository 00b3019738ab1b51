import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { CONTACT_IMPORT_LIMITS, type ContactImportFileError, type ContactImportFormat, type ImportCell } from '@planwerk/events';

// Reads an uploaded spreadsheet with the field's libraries (issue 15): exceljs for .xlsx,
// papaparse for CSV (delimiter detected; UTF-8 with or without BOM, UTF-16 with a BOM, else
// windows-1252), and for .ods the zip through fflate and its content.xml through the saxes
// SAX parser (no DTDs, no entity expansion; number-rows/columns-repeated honoured without
// materialising trailing empty repeats). What the bytes are decides the reader, not the name:
// a text file renamed to .xlsx is refused. Limits: 10 MB, 10,000 rows, 100 columns.

export interface Spreadsheet {
  format: ContactImportFormat;
  headers: string[];
  /** The data rows (after the header row), trailing empty cells cut; rowNumbers[i] is rows[i]'s row in the file. */
  rows: ImportCell[][];
  rowNumbers: number[];
}

export class SpreadsheetError extends Error {
  constructor(readonly reason: ContactImportFileError, readonly details: Record<string, number | string> = {}) {
    super(`spreadsheet refused: ${reason} ${JSON.stringify(details)}`);
  }
}

// A zip that unpacks to more than this is refused before it is unpacked (zip bombs).
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

export async function readSpreadsheet(bytes: Uint8Array, fileName: string): Promise<Spreadsheet> {
  if (bytes.byteLength > CONTACT_IMPORT_LIMITS.bytes) throw new SpreadsheetError('too_large', { limit: CONTACT_IMPORT_LIMITS.bytes, found: bytes.byteLength });
  if (bytes.byteLength === 0) throw new SpreadsheetError('empty');
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  let table: { format: ContactImportFormat; cells: RawTable };
  if (zip) {
    const kind = zipKind(bytes);
    if (kind === null) throw new SpreadsheetError('unreadable', { expected: extension || 'csv' });
    table = { format: kind, cells: kind === 'xlsx' ? await readXlsx(bytes) : readOds(bytes) };
  } else if (['xlsx', 'xlsm', 'ods', 'xls'].includes(extension) || looksBinary(bytes)) {
    // Not a zip but named like a workbook (a renamed text file, an old .xls): no guessing.
    throw new SpreadsheetError(extension === 'xls' ? 'unknown_format' : 'unreadable', { expected: extension || 'csv' });
  } else {
    table = { format: 'csv', cells: readCsv(decodeText(bytes)) };
  }
  return toSpreadsheet(table.format, table.cells);
}

/** Rows of cells as read, with their row numbers in the file, plus how many rows there were in all. */
interface RawTable {
  rows: Array<{ row: number; cells: ImportCell[] }>;
  /** Non-empty rows found, including those not kept past the limit. */
  count: number;
  width: number;
}

// One more than the limit is kept: the header plus 10,000 rows; beyond that only counted.
const KEEP_ROWS = CONTACT_IMPORT_LIMITS.rows + 1;

function toSpreadsheet(format: ContactImportFormat, table: RawTable): Spreadsheet {
  if (table.count === 0) throw new SpreadsheetError('empty');
  const dataRows = table.count - 1;
  if (dataRows > CONTACT_IMPORT_LIMITS.rows) throw new SpreadsheetError('too_many_rows', { limit: CONTACT_IMPORT_LIMITS.rows, found: dataRows });
  if (table.width > CONTACT_IMPORT_LIMITS.columns) throw new SpreadsheetError('too_many_columns', { limit: CONTACT_IMPORT_LIMITS.columns, found: table.width });
  const [header, ...rest] = table.rows;
  const headers = Array.from({ length: table.width }, (_, i) => {
    const cell = header?.cells[i] ?? '';
    return (typeof cell === 'string' ? cell : cell.formula).replace(/\s+/g, ' ').trim();
  });
  return { format, headers, rows: rest.map((r) => r.cells), rowNumbers: rest.map((r) => r.row) };
}

function collector() {
  const table: RawTable = { rows: [], count: 0, width: 0 };
  return {
    table,
    add(row: number, cells: ImportCell[], repeat = 1) {
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      if (cells.length === 0) return;
      table.width = Math.max(table.width, cells.length);
      for (let i = 0; i < repeat; i += 1) {
        if (table.rows.length >= KEEP_ROWS) {
          table.count += repeat - i;
          return;
        }
        table.count += 1;
        table.rows.push({ row: row + i, cells: i === 0 ? cells : [...cells] });
      }
    },
  };
}

function zipKind(bytes: Uint8Array): 'xlsx' | 'ods' | null {
  let unpacked = 0;
  const names = new Set<string>();
  let mimetype = '';
  try {
    const files = unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        names.add(file.name);
        return file.name === 'mimetype' && file.originalSize < 200;
      },
    });
    const mime = files.mimetype;
    if (mime) mimetype = new TextDecoder().decode(mime).trim();
  } catch {
    return null;
  }
  if (unpacked > MAX_UNPACKED_BYTES) throw new SpreadsheetError('too_large', { limit: MAX_UNPACKED_BYTES, found: unpacked });
  if (mimetype === ODS_MIME && names.has('content.xml')) return 'ods';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return null;
}

function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  // NUL bytes outside a UTF-16 text (which starts with its BOM) mean a binary file.
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  return head.includes(0);
}

/** UTF-8 (BOM or valid bytes), UTF-16 with a BOM, else windows-1252; never throws. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(text: string): RawTable {
  // Papa's guess on the first lines without empty ones; then every line, so row numbers stay the file's.
  const guess = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t', '|'], skipEmptyLines: 'greedy', preview: 50 });
  const result = Papa.parse<string[]>(text, { delimiter: guess.meta.delimiter, skipEmptyLines: false });
  const rows = collector();
  result.data.forEach((cells, index) => {
    // A CSV has no formulas; a cell that starts with '=' would become one in Excel: reported, not imported.
    rows.add(index + 1, cells.map((cell) => (cell.startsWith('=') ? { formula: cell } : cell.replace(/\u0000/g, ''))));
  });
  return rows.table;
}

async function readXlsx(bytes: Uint8Array): Promise<RawTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new SpreadsheetError('unreadable', { expected: 'xlsx' });
  }
  const sheet = workbook.worksheets[0];
  const rows = collector();
  if (!sheet) return rows.table;
  if (sheet.actualRowCount > KEEP_ROWS + 1) {
    throw new SpreadsheetError('too_many_rows', { limit: CONTACT_IMPORT_LIMITS.rows, found: sheet.actualRowCount - 1 });
  }
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: ImportCell[] = [];
    const values = row.values as unknown[];
    for (let column = 1; column < values.length; column += 1) cells.push(xlsxCell(values[column]));
    rows.add(rowNumber, cells);
  });
  return rows.table;
}

function xlsxCell(value: unknown): ImportCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    const v = value as { formula?: string; sharedFormula?: string; result?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: string };
    if (v.formula !== undefined || v.sharedFormula !== undefined) {
      // The cached value where the file has one; else the cell is reported.
      if (v.result === undefined || v.result === null || (typeof v.result === 'object' && !(v.result instanceof Date))) {
        return { formula: `=${v.formula ?? v.sharedFormula ?? ''}` };
      }
      return xlsxCell(v.result);
    }
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (typeof v.text === 'string') return v.text;
    if (v.text !== undefined) return xlsxCell(v.text);
    if (v.error !== undefined) return { formula: String(v.error) };
  }
  return '';
}

function isoDay(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

// OpenDocument: office:document-content/office:body/office:spreadsheet/table:table (the first).
function readOds(bytes: Uint8Array): RawTable {
  let content: Uint8Array | undefined;
  try {
    content = unzipSync(bytes, { filter: (file) => file.name === 'content.xml' })['content.xml'];
  } catch {
    throw new SpreadsheetError('unreadable', { expected: 'ods' });
  }
  if (!content) throw new SpreadsheetError('unreadable', { expected: 'ods' });
  const rows = collector();
  const parser = new SaxesParser({ xmlns: false });
  let tableDepth = 0;
  let done = false;
  let rowNumber = 1;
  let rowRepeat = 1;
  let cells: ImportCell[] | null = null;
  let pendingEmpty = 0;
  let cell: { repeat: number; value: string | null; formula: string | null; text: string[]; inP: boolean } | null = null;
  let paragraphs = 0;
  parser.on('opentag', (tag) => {
    if (done) return;
    const a = tag.attributes as Record<string, string>;
    switch (tag.name) {
      case 'table:table':
        tableDepth += 1;
        break;
      case 'table:table-row':
        if (tableDepth !== 1) break;
        cells = [];
        pendingEmpty = 0;
        rowRepeat = Math.max(1, Number(a['table:number-rows-repeated'] ?? 1) || 1);
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (cells === null) break;
        const type = a['office:value-type'];
        const value = type === undefined ? null
          : type === 'date' ? (a['office:date-value'] ?? '').replace(/T00:00:00(\.0+)?$/, '').replace('T', ' ')
            : type === 'boolean' ? ((a['office:boolean-value'] ?? '') === 'true' ? 'TRUE' : 'FALSE')
              : type === 'string' ? null
                : type === 'time' ? null
                  : (a['office:value'] ?? null);
        cell = { repeat: Math.max(1, Number(a['table:number-columns-repeated'] ?? 1) || 1), value, formula: a['table:formula'] ?? null, text: [], inP: false };
        // A formula with a value type has its cached value; without one it was never calculated.
        if (cell.formula !== null && type === undefined) cell.value = null;
        paragraphs = 0;
        break;
      }
      case 'text:p':
        if (cell) {
          if (paragraphs > 0) cell.text.push('\n');
          paragraphs += 1;
          cell.inP = true;
        }
        break;
      case 'text:s':
        if (cell?.inP) cell.text.push(' '.repeat(Math.min(1000, Math.max(1, Number(a['text:c'] ?? 1) || 1))));
        break;
      case 'text:tab':
        if (cell?.inP) cell.text.push('\t');
        break;
      case 'text:line-break':
        if (cell?.inP) cell.text.push('\n');
        break;
      default:
        break;
    }
  });
  parser.on('text', (text) => {
    if (cell?.inP) cell.text.push(text);
  });
  parser.on('closetag', (tag) => {
    if (done) return;
    switch (tag.name) {
      case 'text:p':
        if (cell) cell.inP = false;
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (cells === null || cell === null) break;
        const text = cell.text.join('');
        const read: ImportCell = cell.formula !== null && cell.value === null && text === '' ? { formula: cell.formula.replace(/^of:/, '') }
          : cell.value ?? text;
        if (read === '') pendingEmpty += cell.repeat;
        else {
          if (cells.length + pendingEmpty + cell.repeat > CONTACT_IMPORT_LIMITS.columns * 2) {
            throw new SpreadsheetError('too_many_columns', { limit: CONTACT_IMPORT_LIMITS.columns, found: cells.length + pendingEmpty + cell.repeat });
          }
          for (let i = 0; i < pendingEmpty; i += 1) cells.push('');
          pendingEmpty = 0;
          for (let i = 0; i < cell.repeat; i += 1) cells.push(read);
        }
        cell = null;
        break;
      }
      case 'table:table-row':
        if (tableDepth !== 1 || cells === null) break;
        rows.add(rowNumber, cells, rowRepeat);
        rowNumber += rowRepeat;
        cells = null;
        break;
      case 'table:table':
        tableDepth -= 1;
        if (tableDepth === 0) done = true;
        break;
      default:
        break;
    }
  });
  try {
    parser.write(new TextDecoder('utf-8').decode(content)).close();
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('unreadable', { expected: 'ods' });
  }
  return rows.table;
}
