/**
 * The derived place files of the bundle (build-places-bundle.ts): what each changes of the published file,
 * and a note per change for the build log. Nothing is added that the source does not say.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMimitStations } from '../importers/places/mimit.js';
import { OSM_TAGS_READ, parseOverpassJson } from '../importers/places/osm.js';
import { checkStationPositions } from '../importers/places/position-check.js';

type Derived = { text: string; notes: string[] };

/** Reasons counted by kind (numbers and names folded), then every station, for the log. */
function listed(unplaced: { reason: string }[]): string[] {
  const kinds = new Map<string, number>();
  for (const u of unplaced) {
    const kind = u.reason.replace(/^[^:]+: /, '').replace(/ is \d+ km from .*/, ' is more than 30 km from its stated town').replace(/[\d.,]+/g, 'N');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...[...kinds].map(([k, n]) => `${n} × kept without position: ${k}`), ...unplaced.map((u) => `  ${u.reason}`)];
}

/**
 * The ministry's station file with the positions that fail the checks of position-check.ts (a point shared
 * by stations of several towns, outside Italy, far from the stated comune) blanked: those stations ship
 * without a position. Every other byte is the published file's.
 */
export function withoutFailedPositions(text: string): Derived {
  const parsed = parseMimitStations(text, 'mimit-stations');
  checkStationPositions(parsed);
  const unplaced = parsed.unplaced ?? [];
  const lines = new Set(unplaced.map((u) => u.line));
  const out = text.split('\n').map((line, i) => {
    if (!lines.has(i + 1)) return line;
    const fields = line.replace(/\r$/, '').split('|');
    return [...fields.slice(0, -2), '', ''].join('|');
  });
  return { text: out.join('\n'), notes: listed(unplaced) };
}

/**
 * The Overpass answer cut to what the OSM importer reads (OSM_TAGS_READ) and to the elements it keeps,
 * with `addr:country=PL` on each node that states no country: the answer is the query
 * `node["amenity"="fuel"]` in Poland's area, so every node is in Poland (the nearest GeoNames place of
 * a node near the border may be across it). Elements whose position fails the checks are left out.
 */
export function compactOverpass(text: string): Derived {
  const doc = JSON.parse(text) as { version: unknown; generator: unknown; osm3s: unknown; elements: { type: string; id: number; lat: number; lon: number; tags?: Record<string, string> }[] };
  const elements = doc.elements.map((e) => {
    const tags: Record<string, string> = {};
    for (const key of OSM_TAGS_READ) if (e.tags?.[key] !== undefined) tags[key] = e.tags[key]!;
    tags['addr:country'] ??= 'PL';
    return { type: e.type, id: e.id, lat: e.lat, lon: e.lon, tags };
  });
  const parsed = parseOverpassJson(JSON.stringify({ elements }), 'osm-pl');
  checkStationPositions(parsed);
  const failed = new Set((parsed.unplaced ?? []).map((u) => u.line));
  const kept = elements.filter((_, i) => !failed.has(i + 1));
  const notes = [`${elements.length} nodes, tags cut to those the importer reads; addr:country=PL added where absent (${elements.filter((_, i) => !doc.elements[i]!.tags?.['addr:country']).length} nodes)`,
    ...(failed.size ? [`${failed.size} nodes left out, their position failing a check:`, ...listed(parsed.unplaced ?? [])] : [])];
  return { text: `${JSON.stringify({ version: doc.version, generator: doc.generator, osm3s: doc.osm3s, elements: kept })}\n`, notes };
}

/**
 * The maximum-price notices without those the shared folder flags `suspect_parse=1` (DERIVED_pl_max_prices_daily.csv):
 * their diesel value (7.66, in most with Pb95 6.21 and Pb98 6.81 too) repeats the notice of 2026-04-01, where the
 * neighbouring notices read ON about 6.2: the recorder's parser fell back on an old notice. They cannot be
 * checked against the cited PDF here, so they are dropped, each named in the log.
 */
export function withoutSuspectNotices(text: string, shared: string): Derived {
  const flags = readFileSync(join(shared, 'pl-max-fuel-prices/DERIVED_pl_max_prices_daily.csv'), 'utf8').trim().split('\n').slice(1)
    .map((l) => l.trim().split(',')).filter((f) => f.at(-1) === '1').map((f) => f[0]!);
  const suspect = new Set(flags);
  const notices = JSON.parse(text) as { effectiveDate: string; pb95: number; pb98: number; on: number; source: string }[];
  const dropped = notices.filter((n) => suspect.has(n.effectiveDate));
  return {
    text: `${JSON.stringify(notices.filter((n) => !suspect.has(n.effectiveDate)), null, 1)}\n`,
    notes: [`${dropped.length} notices dropped as suspect (the recorder's parser; values of 2026-04-01 repeated):`,
      ...dropped.map((n) => `  in force ${n.effectiveDate}: Pb95 ${n.pb95}, Pb98 ${n.pb98}, ON ${n.on} (${n.source})`)],
  };
}
