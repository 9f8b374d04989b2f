/**
 * Bus route networks read from one document, for the import path a live feed shares with file imports
 * (importers/ingest.ts): `gtfs`, a GTFS feed as its publisher serves it, one zip (FlixBus's
 * `gtfs_generic_eu.zip`), and `flixbus-network`, the FlixBus network JSON. A zip travels the import path
 * as Latin-1 text, one character per byte (places/document-text.ts), and is read back to its bytes here.
 * What is stored from a network (its routes placed at the checkpoints they cross) is the application's
 * (services/bus/route-network.ts); these only read.
 */
import { parseFlixbusNetwork } from './flixbus-network.js';
import { GTFS_FILES, parseGtfs, type ParsedBusNetwork } from './gtfs.js';
import { readZipEntries } from './zip.js';

/**
 * A GTFS zip's network: the five files the importer reads (gtfs.ts) taken from the archive's root (or its
 * one folder), the rest never inflated. Throws, importing nothing, when the body is not a whole zip or
 * lacks one of the five files; rejects then name `<file>/<name>.txt` and the line.
 */
export function parseGtfsZip(zip: Buffer, file: string, options?: { source?: string }): ParsedBusNetwork {
  const files = readZipEntries(zip, GTFS_FILES, file);
  const missing = GTFS_FILES.filter((name) => !files.has(name));
  if (missing.length > 0) throw new Error(`${file}: the zip lacks ${missing.join(', ')} (a GTFS feed needs ${GTFS_FILES.join(', ')})`);
  return parseGtfs(files, { ...(options?.source ? { source: options.source } : {}), prefix: `${file}/` });
}

export const NETWORK_FORMATS: Record<string, { summary: string; parse: (text: string, file: string, o: { source?: string }) => ParsedBusNetwork }> = {
  gtfs: { summary: 'a bus route network, GTFS as one zip (agency, stops, routes, trips, stop_times .txt)', parse: (t, f, o) => parseGtfsZip(Buffer.from(t, 'latin1'), f, o) },
  'flixbus-network': { summary: 'a bus route network, the FlixBus network JSON ({stops, routes})', parse: (t, f, o) => parseFlixbusNetwork(t, f, o) },
};
