/**
 * Spreadsheets (XLSX) as the place formats read them: the text the import path carries (a zip as Latin-1
 * text: document-text.ts) turned back into bytes and read with SheetJS (`@e965/xlsx`, the SheetJS release
 * republished on npm: synchronous, as the parsers are, and without dependencies).
 */
import * as XLSX from '@e965/xlsx';
import { isZip } from './document-text.js';

/** One sheet as rows of cells (null for an empty cell), as SheetJS reads the values: numbers, text, booleans. */
export type SheetRows = (string | number | boolean | null)[][];

/**
 * The sheets of an XLSX document (text from `documentText`), by name, in workbook order; only those
 * `wanted` says when it is given (the others are not parsed). Throws when the text is not an XLSX: the
 * message names the file.
 */
export function readSheets(text: string, file: string, wanted?: (name: string, index: number) => boolean): Map<string, SheetRows> {
  const bytes = Buffer.from(text, 'latin1');
  if (!isZip(bytes)) throw new Error(`${file}: not an XLSX workbook (no zip signature; an HTML error page, or an empty answer?)`);
  let names: string[];
  let book: XLSX.WorkBook;
  try {
    names = XLSX.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames;
    const sheets = wanted ? names.filter((n, i) => wanted(n, i)) : names;
    book = XLSX.read(bytes, { type: 'buffer', sheets, dense: true, cellHTML: false, cellText: false });
  } catch (err) {
    // UTF-8 decoding replaced the bytes it could not read with U+FFFD: the workbook was read as text.
    const hint = text.includes('\uFFFD') ? '; it was decoded as UTF-8 text: read its bytes as Latin-1 (document-text.ts)' : '';
    throw new Error(`${file}: not a readable XLSX workbook (${(err as Error).message})${hint}`);
  }
  const out = new Map<string, SheetRows>();
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    out.set(name, XLSX.utils.sheet_to_json<SheetRows[number]>(sheet, { header: 1, raw: true, defval: null, blankrows: true }));
  }
  return out;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A day from a spreadsheet cell: an Excel serial day number (the 1900 system, as Excel writes it:
 * 46258 = 2026-08-24), `dd/mm/yyyy` (or `dd/mm/yy`), or `YYYY-MM-DD`; null for anything else.
 */
export function dayOfCell(cell: unknown): string | null {
  if (typeof cell === 'number') {
    // 1990 to 2100: a price week, not a price or a count read as a date.
    if (!(cell >= 32_874 && cell < 73_051)) return null;
    return new Date(EXCEL_EPOCH_MS + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  let iso: string | null = null;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (dmy) iso = `${dmy[3]!.length === 2 ? `20${dmy[3]}` : dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A number from a cell: a number as is, text like `1,841.00` or `1841.5`; null when empty, undefined when not a number. */
export function numberOfCell(cell: unknown): number | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}
