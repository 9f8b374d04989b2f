/**
 * Builds the bundled directory from the published source tables: the list of Ukrainian road
 * crossings (master list, names, coordinates), the DPSU table of the Polish crossings (vehicle-type
 * texts, official names) and the eCherha truck and bus queues (which crossings take which trucks).
 * Each checkpoint says why it is listed (`types_basis`).
 */
import { countryCodeOf } from '../../models/codes.js';
import { haversineKm } from '../../models/geo.js';
import type { Directory, DirectoryLocation } from '../../models/directory.js';
import { namesFor } from './names.js';
import { typesFromDpsuText, typesFromEcherhaTitle } from './vehicle-types.js';

export interface TrackerRow { neighbour_iso2: string; name_en: string; name_label_en: string; name_uk: string; lat: string; lng: string }
export interface DpsuRow { crossing_id: string; name_pl: string; dpsu_name_uk: string; lat: string; lng: string; character_uk: string; category_uk: string }
export interface EcherhaQueueRow { echerha_id: string; title_uk: string; neighbour_country_iso2: string; lat: string; lng: string }
/** Vehicle types a pl-ua series reports non-zero values for, per crossing id (evidence of service). */
export type SeriesEvidence = Record<string, { types: Set<number>; series: string }>;

export const TIMEZONES: Record<string, string> = {
  UA: 'Europe/Kyiv', PL: 'Europe/Warsaw', SK: 'Europe/Bratislava', HU: 'Europe/Budapest', RO: 'Europe/Bucharest', MD: 'Europe/Chisinau',
};

const fold = (s: string) => s.toLowerCase().replace(/[ʼ'’`]/g, '').replace(/\s+/g, ' ');
/** The first place name of a crossing title: `Чоп (Тиса) – Захонь (...)` -> `чоп`. */
const firstPlace = (title: string) => fold(title.split(/\s+[–-]\s+|\s*\(|\./)[0]!.trim());
const cleanTitle = (title: string) => title.replace(/\s*\(.*$/, '').replace(/\.\s.*$/, '').trim();

/** eCherha queues seen in the pl-ua series (buses among them), located by the series' crossing id. */
export interface SeriesQueue { echerha_id: number; title: string; crossing_id: string }

export function buildDirectory(tracker: TrackerRow[], dpsu: DpsuRow[], echerha: EcherhaQueueRow[], evidence: SeriesEvidence,
  seriesQueues: SeriesQueue[] = []): Directory {
  const unmatched: string[] = [];
  const locations: DirectoryLocation[] = tracker.map((row, i) => ({
    location_id: i + 1,
    key: fold(row.name_en).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    neighbour: row.neighbour_iso2,
    lat: Number(row.lat),
    lon: Number(row.lng),
    names: [],
    source_ids: { echerha: [] },
    checkpoints: [],
  }));
  const nearest = (lat: number, lon: number, iso2: string, maxKm: number) => {
    let best: { loc: DirectoryLocation; km: number } | null = null;
    for (const loc of locations) {
      if (loc.neighbour !== iso2) continue;
      const km = haversineKm(lat, lon, loc.lat, loc.lon);
      if (km <= maxKm && (!best || km < best.km)) best = { loc, km };
    }
    return best?.loc ?? null;
  };

  const types = new Map<number, Map<number, string>>(); // location -> type -> basis
  const addType = (loc: DirectoryLocation, type: number, basis: string) => {
    const m = types.get(loc.location_id) ?? new Map<number, string>();
    if (!m.has(type)) m.set(type, basis);
    types.set(loc.location_id, m);
  };
  const published = new Map<number, { lang: string; name: string; official: boolean; method: string }[]>();
  const publish = (loc: DirectoryLocation, lang: string, name: string, official: boolean, method: string) =>
    published.set(loc.location_id, [...(published.get(loc.location_id) ?? []), { lang, name, official, method }]);

  for (const row of dpsu) {
    const loc = nearest(Number(row.lat), Number(row.lng), 'PL', 3);
    if (!loc) { unmatched.push(`dpsu ${row.crossing_id}: no listed crossing within 3 km`); continue; }
    loc.source_ids.pl_ua = row.crossing_id;
    publish(loc, 'uk', row.dpsu_name_uk, true, 'source:dpsu');
    publish(loc, 'pl', row.name_pl, true, 'source:granica');
    for (const t of typesFromDpsuText(row.character_uk, row.category_uk)) addType(loc, t, `DPSU: "${row.character_uk}; ${row.category_uk}"`);
    const seen = evidence[row.crossing_id];
    if (seen) for (const t of seen.types) addType(loc, t, `published ${seen.series} series report this vehicle type`);
  }

  for (const row of echerha) {
    const iso2 = row.neighbour_country_iso2;
    const place = firstPlace(row.title_uk);
    const byName = locations.find((l) => l.neighbour === iso2 && fold(tracker[l.location_id - 1]!.name_uk).startsWith(place));
    const loc = byName ?? nearest(Number(row.lat), Number(row.lng), iso2, 5);
    if (!loc) { unmatched.push(`eCherha queue ${row.echerha_id} "${row.title_uk}": no listed crossing matches`); continue; }
    const { types: queueTypes, special } = typesFromEcherhaTitle(row.title_uk);
    for (const t of queueTypes) {
      loc.source_ids.echerha.push({ id: Number(row.echerha_id), crossing_type: t, special });
      addType(loc, t, `eCherha queue ${row.echerha_id}: "${row.title_uk}"`);
    }
    publish(loc, 'uk', cleanTitle(row.title_uk), true, 'source:echerha');
  }

  for (const q of seriesQueues) {
    const loc = locations.find((l) => l.source_ids.pl_ua === q.crossing_id);
    if (!loc || loc.source_ids.echerha.some((e) => e.id === q.echerha_id)) continue;
    const { types: queueTypes, special } = typesFromEcherhaTitle(q.title);
    for (const t of queueTypes) {
      loc.source_ids.echerha.push({ id: q.echerha_id, crossing_type: t, special });
      addType(loc, t, `eCherha queue ${q.echerha_id}: "${q.title}"`);
    }
  }

  for (const loc of locations) {
    const row = tracker[loc.location_id - 1]!;
    if (loc.neighbour !== 'PL') addType(loc, 4, 'listed as a road crossing for passenger traffic (UA-Refugee-Migration-Tracker)');
    publish(loc, 'en', row.name_en, false, 'source:tracker');
    if (row.name_label_en) publish(loc, 'en', row.name_label_en, false, 'source:tracker');
    publish(loc, 'uk', row.name_uk, false, 'source:tracker');
    loc.names = namesFor(published.get(loc.location_id) ?? [], row.name_uk);
    const ua = countryCodeOf('UA')!;
    const other = countryCodeOf(loc.neighbour)!;
    for (const [type, basis] of [...(types.get(loc.location_id) ?? [])].sort((a, b) => a[0] - b[0])) {
      for (const [dir, origin, destination] of [[1, ua, other], [2, other, ua]] as const) {
        loc.checkpoints.push({
          ppid: `id_${loc.location_id}${dir}${type}`,
          origin, destination, crossing_type: type,
          timezone: TIMEZONES[dir === 1 ? 'UA' : loc.neighbour]!,
          status: 'open',
          types_basis: basis,
        });
      }
    }
  }
  return { built_from: [], locations, unmatched };
}
