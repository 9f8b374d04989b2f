/**
 * Road impediments on Polish national roads from the national roads authority (GDDKiA), XML feed `utrdane.xml`
 * (www.gddkia.gov.pl/dane/zima_html/utrdane.xml): `<utrudnienia gen="...">` with one `<utr>` per impediment.
 * Source `gddkia`, country PL, text in Polish (`pl`). The line of a report is the line of its `<utr>` tag.
 *
 * Elements (meanings as public code reading the feed names them: github.com/tomi77/python-gddkia-impediments-on-roads
 * `impediments/utils.py` and `constants.py`, MIT; kept raw in the description where their meaning is not known):
 * - `typ`: U impediment (utrudnienie), W accident (wypadek), K natural disaster (katastrofa), I other;
 * - `nr_drogi` road number (`A4`, `S7`, `1` = national road DK1), `woj` voivodeship, `km` start kilometre,
 *   `dl` length in km, `nazwa_odcinka` the section's name, `geo_lat`/`geo_long` the position (a Point);
 * - `data_powstania` / `data_likwidacji`: start and end, with a UTC offset (`2015-10-19T13:00:00+0200`); one without
 *   an offset would be Europe/Warsaw wall-clock time. An end of `DoTodwołania:00+0200` ("do odwołania", until further
 *   notice, as the feed mangles it) is null;
 * - `objazd`: the free text (the detour and what is going on), kept as published;
 * - `rodzaj/poz`: the kind of impediment, a code (GDDKIA_CODES);
 * - truck limits: `ogr_nosnosc` load capacity (t) -> max_weight_t, `ogr_nacisk` axle load (t) -> max_axle_load_t,
 *   `ogr_skrajnia_pionowa` vertical clearance (m) -> max_height_m, `ogr_skrajnia_pozioma` horizontal clearance (m) and
 *   `ogr_szerokosc` width (m) -> max_width_m (the smaller when both are given), `ogr_predkosc` (km/h) -> speed_limit_kmh;
 *   every stated limit is also written into the description; 0 (which public readers of the feed skip) is no limit;
 * - flags `droga_zamknieta` (road closed), `ruch_wahadlowy` (alternating one-lane traffic), `sygnalizacja_swietlna`
 *   (temporary traffic lights), `awaria_mostu` (bridge failure), `ruch_2_kierunkowy` (two-way traffic on one
 *   carriageway);
 * - `czasy_oczekiwania/czas_oczekiwania`: expected waits (`kierunek` direction as a code, `czas_od`-`czas_do` the hours,
 *   `pn_pt` / `so` / `ni` the wait on weekdays / Saturdays / Sundays as HH:MM): written into the description when any
 *   value is not 00:00.
 *
 * Condition type: `droga_zamknieta` true -> closure; `typ` W -> accident; `typ` K -> hazard; else by `rodzaj` code
 * (GDDKIA_CODES), an unknown code -> other (its code kept in the description). Severity, the highest that applies:
 * road closed -> critical; accident, natural disaster, bridge failure -> major; alternating traffic, two-way traffic on
 * one carriageway, traffic lights, a weight, axle, clearance or width limit -> moderate; else (a speed limit only, or
 * nothing stated) -> low.
 *
 * The feed has no id: an impediment is identified by its road, its start kilometre and its start time (`A4|333.832|
 * 2015-10-19T11:00:00.000Z`), what does not change while it lasts (its end, text and limits do).
 */
import { XMLParser } from 'fast-xml-parser';
import type { ConditionType, RoadReportRecord, Severity } from '../../../models/road-reports.js';
import {
  asList, asObject, cleanText, emptyReports, instantOf, keepReport, lineIndex, lonLat, numberOf, truckLimits, xmlText,
  type ParsedRoadReports, type RoadFormatOptions,
} from './parsed.js';

export const GDDKIA_SOURCE = 'gddkia';
const ZONE = 'Europe/Warsaw';

/** `typ`, as github.com/tomi77/python-gddkia-impediments-on-roads `impediments/constants.py` names the codes. */
export const GDDKIA_TYPES: Readonly<Record<string, string>> = { U: 'utrudnienie', W: 'wypadek', K: 'katastrofa', I: 'inne' };

/**
 * `rodzaj/poz` codes with a known meaning, as the one public reader that names them (a Leaflet map page, "Cyfrowy
 * Atlas Samochodowy", reading utrdane.xml) labels them, and the condition type each maps to. Only U33 and U42 occur in
 * the real sample. That page lists J04, R10, U42, K03 and I04 together as "Inne utrudnienie" (other impediment): other.
 * It gives I12 two meanings (increased traffic and protest): left out, so I12 is unknown. A code not in this table is
 * kept raw in the description and mapped to `other`, never guessed.
 */
export const GDDKIA_CODES: Readonly<Record<string, { name: string; condition: ConditionType }>> = {
  U33: { name: 'Roboty drogowe', condition: 'roadwork' },
  U27: { name: 'Remont mostu', condition: 'roadwork' },
  U42: { name: 'Inne utrudnienie', condition: 'other' },
  J04: { name: 'Inne utrudnienie', condition: 'other' },
  R10: { name: 'Inne utrudnienie', condition: 'other' },
  K03: { name: 'Inne utrudnienie', condition: 'other' },
  I04: { name: 'Inne utrudnienie', condition: 'other' },
  R14: { name: 'Awaria pojazdu', condition: 'hazard' },
  K01: { name: 'Katastrofa budowlana', condition: 'hazard' },
  K02: { name: 'Katastrofa ekologiczna', condition: 'hazard' },
  K04: { name: 'Pożar', condition: 'hazard' },
  J02: { name: 'Przerwa w ruchu', condition: 'other' },
  I02: { name: 'Blokada drogi', condition: 'other' },
  I05: { name: 'Rajd', condition: 'other' },
  I06: { name: 'Pielgrzymka', condition: 'other' },
  I07: { name: 'Zawody sportowe', condition: 'other' },
  I08: { name: 'Demonstracja', condition: 'other' },
  I09: { name: 'Uroczystość', condition: 'other' },
  I10: { name: 'Przejazd ważnej osobistości', condition: 'other' },
  I11: { name: 'Przejazd pojazdu nienormatywnego', condition: 'other' },
  S00: { name: 'Brak informacji', condition: 'other' },
};

const RANK: Record<Severity, number> = { low: 0, moderate: 1, major: 2, critical: 3 };
const highest = (levels: Severity[]): Severity => levels.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'low');

const xml = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false,
  captureMetaData: true, isArray: (name) => ['utr', 'poz', 'czas_oczekiwania', 'mapa'].includes(name),
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

/** "do odwołania" (until further notice) as the feed writes it: `DoTodwołania:00+0200`. */
const UNTIL_FURTHER_NOTICE = /^do\s*t?\s*odwo[łl]ania/i;

/** The road impediments feed `utrdane.xml`. Throws when the text is not XML or has no `<utrudnienia>` root. */
export function parseGddkia(text: string, file: string, _options?: RoadFormatOptions): ParsedRoadReports {
  const doc = asObject(xml.parse(text));
  if (!('utrudnienia' in doc)) throw new Error(`${file}: not a GDDKiA impediments feed (no <utrudnienia> root)`);
  const parsed = emptyReports(GDDKIA_SOURCE, file);
  const lineOf = lineIndex(text);
  const seen = new Map<string, number>();
  asList(asObject(doc.utrudnienia).utr).forEach((item, i) => {
    parsed.rowsRead++;
    const start = (item as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex;
    const line = typeof start === 'number' ? lineOf(start) : i + 1;
    keepReport(parsed, seen, line, impedimentOf(asObject(item)));
  });
  return parsed;
}

const LIMITS = [
  ['ogr_nosnosc', 'nośność', 't'],
  ['ogr_nacisk', 'nacisk osi', 't'],
  ['ogr_skrajnia_pionowa', 'skrajnia pionowa', 'm'],
  ['ogr_skrajnia_pozioma', 'skrajnia pozioma', 'm'],
  ['ogr_szerokosc', 'szerokość', 'm'],
  ['ogr_predkosc', 'prędkość', 'km/h'],
] as const;

const FLAGS = [
  ['droga_zamknieta', 'Droga zamknięta'],
  ['ruch_wahadlowy', 'Ruch wahadłowy'],
  ['sygnalizacja_swietlna', 'Sygnalizacja świetlna'],
  ['awaria_mostu', 'Awaria mostu'],
  ['ruch_2_kierunkowy', 'Ruch dwukierunkowy'],
] as const;

/** One `<utr>` as a report, or why it cannot be used (every bad value named). */
function impedimentOf(u: Record<string, unknown>): RoadReportRecord | string {
  const t = (name: string) => xmlText(u[name]);
  const problems: string[] = [];

  const lat = numberOf(t('geo_lat'));
  const lon = numberOf(t('geo_long'));
  const point = typeof lat === 'number' && typeof lon === 'number' ? lonLat(lat, lon) : null;
  if (!point) problems.push(`geo_lat '${t('geo_lat')}', geo_long '${t('geo_long')}' is not a position`);

  const startText = t('data_powstania');
  const endText = t('data_likwidacji');
  const startsAt = startText === '' ? null : instantOf(startText, ZONE);
  const expiresAt = endText === '' || UNTIL_FURTHER_NOTICE.test(endText) ? null : instantOf(endText, ZONE);
  if (startText !== '' && startsAt === null) problems.push(`data_powstania '${startText}' is not a date-time`);
  if (endText !== '' && !UNTIL_FURTHER_NOTICE.test(endText) && expiresAt === null) problems.push(`data_likwidacji '${endText}' is not a date-time`);

  const limit: Partial<Record<(typeof LIMITS)[number][0], number>> = {};
  for (const [name] of LIMITS) {
    const value = numberOf(t(name));
    if (value === undefined || (typeof value === 'number' && value < 0)) problems.push(`${name} '${t(name)}' is not a positive number`);
    else if (value !== null && value > 0) limit[name] = value;
  }
  const flags: Partial<Record<(typeof FLAGS)[number][0], boolean>> = {};
  for (const [name] of FLAGS) {
    const value = t(name).toLowerCase();
    if (value !== '' && value !== 'true' && value !== 'false') problems.push(`${name} '${t(name)}' is not true or false`);
    flags[name] = value === 'true';
  }
  for (const [name] of [['km'], ['dl']] as const) {
    if (numberOf(t(name)) === undefined) problems.push(`${name} '${t(name)}' is not a number`);
  }
  if (problems.length > 0 || !point) return problems.join('; ');

  const typ = t('typ');
  const codes = asList(asObject(u.rodzaj).poz).map(xmlText).filter(Boolean);
  const known = codes.map((c) => GDDKIA_CODES[c]).find((k) => k !== undefined);
  const condition: ConditionType = flags.droga_zamknieta ? 'closure' : typ === 'W' ? 'accident' : typ === 'K' ? 'hazard' : (known?.condition ?? 'other');
  const severity = highest([
    flags.droga_zamknieta ? 'critical' : 'low',
    typ === 'W' || typ === 'K' || flags.awaria_mostu ? 'major' : 'low',
    flags.ruch_wahadlowy || flags.ruch_2_kierunkowy || flags.sygnalizacja_swietlna ? 'moderate' : 'low',
    ['ogr_nosnosc', 'ogr_nacisk', 'ogr_skrajnia_pionowa', 'ogr_skrajnia_pozioma', 'ogr_szerokosc'].some((n) => n in limit) ? 'moderate' : 'low',
  ]);

  const widths = [limit.ogr_skrajnia_pozioma, limit.ogr_szerokosc].filter((w): w is number => w !== undefined);
  const road = cleanText(t('nr_drogi'));
  return {
    source_id: `${road ?? ''}|${t('km')}|${startsAt ?? ''}`,
    condition_type: condition,
    severity,
    description: describe(u, typ, codes, flags, limit),
    lang: 'pl',
    road_name: road === null ? null : /^\d+$/.test(road) ? `DK${road}` : road,
    direction: null,
    country_code: 'PL',
    geometry: { type: 'Point', coordinates: point },
    starts_at: startsAt,
    expires_at: expiresAt,
    applies_to: null,
    truck_limits: truckLimits({
      max_weight_t: limit.ogr_nosnosc, max_axle_load_t: limit.ogr_nacisk, max_height_m: limit.ogr_skrajnia_pionowa,
      max_width_m: widths.length > 0 ? Math.min(...widths) : undefined, speed_limit_kmh: limit.ogr_predkosc,
    }),
  };
}

/**
 * The Polish description: where (section, kilometre, length, voivodeship), what (the kind, with its code; the type
 * when it is not a plain impediment), the published text, the flags, the limits, the expected waits and any
 * `skutki` (effects) text, one per line.
 */
function describe(
  u: Record<string, unknown>, typ: string, codes: string[], flags: Partial<Record<string, boolean>>, limit: Partial<Record<string, number>>,
): string {
  const t = (name: string) => cleanText(xmlText(u[name]));
  const lines: string[] = [];
  const where = [t('nazwa_odcinka'), t('km') && `km ${t('km')}${t('dl') ? ` (${t('dl')} km)` : ''}`, t('woj') && `woj. ${t('woj')}`];
  lines.push(where.filter(Boolean).join(', '));
  const kinds = codes.map((c) => (GDDKIA_CODES[c] ? `${GDDKIA_CODES[c]!.name} (${c})` : `rodzaj ${c}`));
  if (typ !== 'U') kinds.unshift(GDDKIA_TYPES[typ] ? `${GDDKIA_TYPES[typ]} (typ ${typ})` : `typ ${typ}`);
  if (kinds.length > 0) lines.push(kinds.join(', '));
  const detour = t('objazd');
  if (detour) lines.push(detour);
  const set = FLAGS.filter(([name]) => flags[name]).map(([, label]) => label);
  if (set.length > 0) lines.push(set.join(', '));
  const limits = LIMITS.filter(([name]) => limit[name] !== undefined).map(([name, label, unit]) => `${label} ${limit[name]} ${unit}`);
  if (limits.length > 0) lines.push(`Ograniczenia: ${limits.join(', ')}`);
  for (const wait of asList(asObject(u.czasy_oczekiwania).czas_oczekiwania).map(asObject)) {
    const w = (name: string) => xmlText(wait[name]);
    const values = ['czas_od', 'czas_do', 'pn_pt', 'so', 'ni'].map(w);
    if (values.every((v) => v === '' || v === '00:00')) continue;
    lines.push(`Czas oczekiwania (kierunek ${w('kierunek')}, ${w('czas_od')}-${w('czas_do')}): pn-pt ${w('pn_pt')}, so ${w('so')}, ni ${w('ni')}`);
  }
  const effects = cleanText(xmlText(u.skutki));
  if (effects) lines.push(`Skutki: ${effects}`);
  return lines.filter((l) => l !== '').join('\n');
}
