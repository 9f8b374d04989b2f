/**
 * The entries of a zip archive that a reader asks for, by name, read through the archive's central
 * directory (PKWARE APPNOTE 6.3: end of central directory record, ZIP64 where a field is full, central
 * file headers, local file headers), stored or deflated (node:zlib's raw inflate), each checked against
 * its CRC-32 and size. Only the entries asked for are inflated: FlixBus's GTFS holds a `shapes.txt` of
 * some 220 MB that the route network never reads. Anything that is not a whole zip throws, naming why:
 * an empty body, another kind of document, an archive cut short, an entry that does not inflate to what
 * the directory says.
 */
import * as zlib from 'node:zlib';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Inflated entries larger than this are refused (a string of the import path holds at most ~512 MB). */
export const MAX_ENTRY_BYTES = 400 * 1024 * 1024;

/** CRC-32 (IEEE 802.3, as zip uses): node:zlib's from Node 20.15, a table otherwise. */
const crc32: (data: Uint8Array) => number = typeof zlib.crc32 === 'function' ? (data) => zlib.crc32(data) : (() => {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  return (data: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of data) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
})();

interface Entry { name: string; method: number; flags: number; crc: number; compressed: number; size: number; offset: number }

/** The archive's entries as its central directory lists them. */
function centralDirectory(zip: Buffer, file: string): Entry[] {
  if (zip.length === 0) throw new Error(`${file}: the answer is empty, not a zip`);
  // A zip begins with its first entry's local header, or (no entries) with the end record.
  const magic = zip.length >= 4 ? zip.readUInt32LE(0) : -1;
  if (magic !== LOCAL && magic !== EOCD) {
    throw new Error(`${file}: not a zip (it begins ${JSON.stringify(zip.subarray(0, 16).toString('latin1'))})`);
  }
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file}: the zip has no end of central directory record (cut short?)`);
  let count = zip.readUInt16LE(end + 10);
  let size = zip.readUInt32LE(end + 12);
  let start = zip.readUInt32LE(end + 16);
  if ((count === 0xffff || size === 0xffffffff || start === 0xffffffff) && end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
    const at = Number(zip.readBigUInt64LE(end - 12));
    if (at + 56 > zip.length || zip.readUInt32LE(at) !== ZIP64_EOCD) throw new Error(`${file}: the zip's ZIP64 directory record is missing`);
    [count, size, start] = [Number(zip.readBigUInt64LE(at + 32)), Number(zip.readBigUInt64LE(at + 40)), Number(zip.readBigUInt64LE(at + 48))];
  }
  if (start + size > zip.length) throw new Error(`${file}: the zip's central directory lies past its end (cut short?)`);
  const entries: Entry[] = [];
  for (let at = start, n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new Error(`${file}: the zip's central directory is damaged at entry ${n + 1}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const entry: Entry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength), flags: zip.readUInt16LE(at + 8), method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16), compressed: zip.readUInt32LE(at + 20), size: zip.readUInt32LE(at + 24), offset: zip.readUInt32LE(at + 42),
    };
    // ZIP64 extended information: the full values of the fields written as 0xFFFFFFFF, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength;) {
      const id = zip.readUInt16LE(x);
      const length = zip.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let v = x + 4;
        for (const key of ['size', 'compressed', 'offset'] as const) {
          if (entry[key] === 0xffffffff && v + 8 <= x + 4 + length) (entry[key] = Number(zip.readBigUInt64LE(v)), v += 8);
        }
      }
      x += 4 + length;
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** One entry's bytes, inflated and checked. */
function contents(zip: Buffer, entry: Entry, file: string): Buffer {
  const where = `${file}: ${entry.name}`;
  if (entry.flags & 1) throw new Error(`${where} is encrypted`);
  if (entry.size > MAX_ENTRY_BYTES) throw new Error(`${where} inflates to ${entry.size} bytes, over the ${MAX_ENTRY_BYTES} read`);
  if (entry.offset + 30 > zip.length || zip.readUInt32LE(entry.offset) !== LOCAL) throw new Error(`${where}: no local header where the directory says (cut short?)`);
  const data = entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28);
  if (data + entry.compressed > zip.length) throw new Error(`${where} lies past the end of the zip (cut short?)`);
  const raw = zip.subarray(data, data + entry.compressed);
  let bytes: Buffer;
  if (entry.method === 0) bytes = raw;
  else if (entry.method === 8) {
    try {
      bytes = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (err) {
      throw new Error(`${where} does not inflate: ${(err as Error).message}`);
    }
  } else throw new Error(`${where} uses compression method ${entry.method} (stored and deflate are read)`);
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw new Error(`${where} is damaged (its size or CRC-32 differs from the directory's)`);
  return bytes;
}

/**
 * The named entries of a zip: name -> bytes, for those it holds. An entry is found at the archive's root,
 * or in one folder when the root lacks it (an archive of a folder); macOS's `__MACOSX/` copies are not.
 */
export function readZipEntries(zip: Buffer, names: readonly string[], file: string): Map<string, Buffer> {
  const entries = centralDirectory(zip, file).filter((e) => !e.name.startsWith('__MACOSX/') && !e.name.endsWith('/'));
  const found = new Map<string, Buffer>();
  for (const name of names) {
    const root = entries.find((e) => e.name === name);
    const nested = entries.filter((e) => /^[^/]+\/[^/]+$/.test(e.name) && e.name.endsWith(`/${name}`));
    if (!root && nested.length > 1) throw new Error(`${file}: ${name} is in ${nested.length} folders of the zip (${nested.map((e) => e.name).join(', ')})`);
    const entry = root ?? nested[0];
    if (entry) found.set(name, contents(zip, entry, file));
  }
  return found;
}
