/** The formats `bdds import` reads, each a parser from file text to a parsed feed. */
import { parseDpsu } from './dpsu.js';
import { parseDpsuLive } from './dpsu-live.js';
import { parseEcherhaCsv, parseEcherhaLive } from './echerha.js';
import type { ParsedFeed } from './feed.js';
import { parseGenericCsv, parseGenericNdjson } from './generic.js';
import { parseGranica } from './granica.js';
import { parseGranicaLive } from './granica-live.js';

export interface FormatOptions {
  /** When a live snapshot was fetched (echerha-live states no time). */
  at: Date;
  /** Source name for generic rows without a `source` column. */
  source: string;
}

export const FORMATS: Record<string, { summary: string; parse: (text: string, file: string, o: FormatOptions) => ParsedFeed }> = {
  granica: { summary: 'Polish Border Guard waits (border-queue-logger CSV)', parse: (t, f) => parseGranica(t, f) },
  echerha: { summary: 'eCherha e-queue (border-queue-logger CSV)', parse: (t, f) => parseEcherhaCsv(t, f) },
  dpsu: { summary: 'DPSU map counts and processing rate (border-queue-logger CSV)', parse: (t, f) => parseDpsu(t, f) },
  'granica-live': { summary: 'Polish Border Guard waits, granica.gov.pl getCzasyWszystko SOAP answer for one crossing (use --at for when it was fetched)', parse: (t, f, o) => parseGranicaLive(t, f, o.at) },
  'dpsu-live': { summary: 'DPSU border map page, dpsu.gov.ua/uk/map HTML (use --at for when it was fetched)', parse: (t, f, o) => parseDpsuLive(t, f, o.at) },
  'echerha-live': { summary: 'eCherha workload API JSON snapshot (use --at for when it was fetched)', parse: (t, f, o) => parseEcherhaLive(t, f, o.at) },
  csv: { summary: 'generic observations, CSV (docs/import-formats.md)', parse: (t, f, o) => parseGenericCsv(t, f, o.source) },
  ndjson: { summary: 'generic observations, NDJSON (docs/import-formats.md)', parse: (t, f, o) => parseGenericNdjson(t, f, o.source) },
};
