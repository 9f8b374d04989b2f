/**
 * How a document's bytes become the text the import path carries. The formats are text (CSV, JSON, XML,
 * HTML) except spreadsheets, which are zips: those travel as Latin-1 text, one character per byte, so that
 * the XLSX reader (xlsx.ts) gets every byte back; UTF-8 decoding would replace the bytes it cannot read.
 */

/** A zip's local-file-header signature `PK\x03\x04`: the first bytes of every XLSX. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** A document's text for the import path: a zip byte for byte as Latin-1, anything else as UTF-8. */
export function documentText(bytes: Buffer): string {
  return bytes.toString(isZip(bytes) ? 'latin1' : 'utf8');
}
