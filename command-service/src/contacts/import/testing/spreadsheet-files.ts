import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';

// Real spreadsheet files built in the test: .xlsx written by exceljs, .ods zipped by fflate
// with an OpenDocument content.xml (mimetype stored first and uncompressed, as the format asks).

export type FixtureCell = string | number | Date | { formula: string; result?: string | number };

export async function xlsxFile(rows: FixtureCell[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kontakte');
  for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === 'object' && !(cell instanceof Date) ? { formula: cell.formula, result: cell.result } : cell)));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One OpenDocument table cell (as LibreOffice writes them). */
export type OdsCell =
  | string
  | { float: number }
  | { date: string }
  | { formula: string; cached?: string }
  | { repeat: number; text?: string };

function odsCell(cell: OdsCell): string {
  if (typeof cell === 'string') return cell === '' ? '<table:table-cell/>' : `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`;
  if ('float' in cell) return `<table:table-cell office:value-type="float" office:value="${cell.float}"><text:p>${cell.float}</text:p></table:table-cell>`;
  if ('date' in cell) return `<table:table-cell office:value-type="date" office:date-value="${cell.date}"><text:p>${cell.date}</text:p></table:table-cell>`;
  if ('formula' in cell) {
    return cell.cached === undefined
      ? `<table:table-cell table:formula="of:${escapeXml(cell.formula)}"/>`
      : `<table:table-cell table:formula="of:${escapeXml(cell.formula)}" office:value-type="string" office:string-value="${escapeXml(cell.cached)}"><text:p>${escapeXml(cell.cached)}</text:p></table:table-cell>`;
  }
  return cell.text === undefined
    ? `<table:table-cell table:number-columns-repeated="${cell.repeat}"/>`
    : `<table:table-cell table:number-columns-repeated="${cell.repeat}" office:value-type="string"><text:p>${escapeXml(cell.text)}</text:p></table:table-cell>`;
}

/** rows: cells, or { repeatRows, cells } for table:number-rows-repeated. */
export function odsFile(rows: Array<OdsCell[] | { repeatRows: number; cells: OdsCell[] }>): Uint8Array {
  const body = rows.map((row) => (Array.isArray(row)
    ? `<table:table-row>${row.map(odsCell).join('')}</table:table-row>`
    : `<table:table-row table:number-rows-repeated="${row.repeatRows}">${row.cells.map(odsCell).join('')}</table:table-row>`)).join('');
  const content = '<?xml version="1.0" encoding="UTF-8"?>'
    + '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">'
    + `<office:body><office:spreadsheet><table:table table:name="Kontakte">${body}`
    // LibreOffice ends a sheet with the rest of its million rows as one repeated empty row.
    + '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    + '</table:table></office:spreadsheet></office:body></office:document-content>';
  const manifest = '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
    + '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    + '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/** A CSV in windows-1252 (German Excel's "CSV (Trennzeichen-getrennt)"): one byte per character. */
export function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Uint8Array.from([...text].map((ch) => table[ch] ?? (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f)));
}
