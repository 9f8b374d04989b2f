/**
 * The road-report formats `bdds import` reads. A format says how its reports enter: an official feed's
 * are approved at once; the generic CSV carries drivers' and partners' reports, pending until a moderator
 * approves them (unless the operator imports it with --approve). A snapshot format lists everything in
 * force: importing it ends the reports of its source that it no longer lists.
 */
import { parseDatex2Situations } from './datex2-situation.js';
import { parseGddkia } from './gddkia.js';
import { parseLtClosures } from './lt-closures.js';
import { parseLtEismoinfoLive } from './lt-eismoinfo-live.js';
import type { RoadReportParser } from './parsed.js';
import { parseReportCsv } from './report-csv.js';

export interface RoadFormat {
  summary: string;
  parse: RoadReportParser;
  official: boolean;
  snapshot: boolean;
}

export const ROAD_FORMATS: Readonly<Record<string, RoadFormat>> = Object.freeze({
  'lt-closures': { summary: 'Lithuanian road closures, eismoinfo CSV snapshot (polylines; ends what the next snapshot drops)', parse: parseLtClosures, official: true, snapshot: true },
  'lt-eismoinfo-live': { summary: 'Lithuanian road restrictions, live eismoinfo JSON (restrictions.eismoinfo.lt: closures, roadworks, limits; ends what it drops)', parse: parseLtEismoinfoLive, official: true, snapshot: true },
  gddkia: { summary: 'Polish GDDKiA road impediments, utrdane.xml (truck limits; a full feed: ends what it drops)', parse: parseGddkia, official: true, snapshot: true },
  'datex2-situation': { summary: 'DATEX II SituationPublication XML (v2/v3; records with coordinates)', parse: parseDatex2Situations, official: true, snapshot: false },
  'road-csv': { summary: 'road reports, CSV (docs/import-formats.md): pending until approved, or --approve', parse: parseReportCsv, official: false, snapshot: false },
});
