/**
 * Italian Ministry of Enterprises (MIMIT) open data "prezzi praticati e anagrafica degli impianti",
 * IODL 2.0 (attribution: "Ministero delle Imprese e del Made in Italy"). Source `mimit`, country IT, EUR.
 * Both files are pipe-separated, unquoted, and may start with `Estrazione del YYYY-MM-DD` before the header.
 *
 * - `anagrafica_impianti_attivi.csv` (`idImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|
 *   Comune|Provincia|Latitudine|Longitudine`): one station per row. `Bandiera` is the brand (`Pompe
 *   Bianche`, Italian for unbranded independents, is no brand: null); `Tipo Impianto` `Autostradale` gives
 *   the service `motorway`. Empty coordinates keep the station with lat/lon null; coordinates that are
 *   present but not a position are rejected. Some names carry the tag ` | gestori.prezzibenzina.it`, whose
 *   pipe splits the row into 11 or 12 fields: the tag is joined back and dropped. Whitespace (tabs,
 *   double spaces) inside cells is collapsed.
 * - `prezzo_alle_8.csv` (`idImpianto|descCarburante|prezzo|isSelf|dtComu`): EUR per litre (per kg for
 *   Metano, GNL and L-GNC), `isSelf` 1 = self-service, 0 = served; `dtComu` (`dd/mm/YYYY HH:MM:SS`) is
 *   Europe/Rome wall-clock time, stored as UTC (a time in the hour repeated when summer time ends is
 *   read as the second one, standard time; a time in the hour skipped when it starts lands after the gap,
 *   like models/zoned-time.ts). `descCarburante` is mapped by exact name (MIMIT_GRADES); a name not in
 *   the table is rejected, never guessed. Prices outside 0.2 to 20 EUR are rejected (the file holds
 *   placeholders such as 0.100).
 */
import type { FuelGrade } from '../../../models/places.js';
import { zonedToUtc } from '../../../models/zoned-time.js';
import { emptyPlaces, position, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const MIMIT_SOURCE = 'mimit';

/** Lowest and highest plausible pump price, EUR per litre (or kg). */
const MIN_PRICE = 0.2;
const MAX_PRICE = 20;

/**
 * Every `descCarburante` of the extraction of 2026-08-21, by grade (matched case-insensitively, spaces
 * collapsed). Branded or "special" diesels and petrols are the premium grades; the winter diesels
 * (artico, alpino, gelo) are ordinary diesel; everything named HVO is hvo. L-GNC (liquid-to-compressed
 * natural gas) is LNG stored at the station but dispensed to the vehicle as CNG, so it is cng; GNL is lng.
 * F101 (San Marco Petroli) is not said to be a diesel or a petrol: not mapped, so rejected.
 */
const GRADE_NAMES: Record<FuelGrade, string[]> = {
  e5: ['Benzina'],
  e5_premium: [
    'Blue Super', 'HiQ Perform+', 'HiQ Perform B100 Ottani', 'Benzina speciale', 'Benzina Speciale 98 Ottani', 'Benzina WR 100',
    'Benzina Shell V Power', 'V-Power', 'Benzina Energy 98 ottani', 'Benzina Plus 98', 'Benzina 100 ottani', 'Benzina 102 Ottani', 'Verde speciale',
  ],
  e10: [],
  e85: [],
  diesel: ['Gasolio', 'Gasolio artico', 'Gasolio Artico Igloo', 'Gasolio Gelo', 'Gasolio Alpino'],
  diesel_premium: [
    'Blue Diesel', 'Blu Diesel Alpino', 'Supreme Diesel', 'Hi-Q Diesel', 'Gasolio speciale', 'Gasolio Premium', 'Diesel Shell V Power', 'V-Power Diesel',
    'DieselMax', 'S-Diesel', 'Excellium Diesel', 'Gasolio Oro Diesel', 'GP DIESEL', 'Gasolio Energy D', 'E-DIESEL', 'Gasolio Ecoplus', 'Gasolio Prestazionale', 'Gasolio Plus',
  ],
  hvo: [
    'HVO', 'HVO100', 'HVOlution', 'HVOvolution', 'REHVO', 'BCHVO', 'Diesel HVO', 'Gasolio HVO', 'Gasolio Bio HVO', 'HVO eco diesel', 'HVO Future',
    'Diesel HVO Energy', 'HVO Energy Diesel',
  ],
  lpg: ['GPL'],
  cng: ['Metano', 'L-GNC'],
  lng: ['GNL'],
  adblue: [],
  hydrogen: [],
};

const nameKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

export const MIMIT_GRADES: ReadonlyMap<string, FuelGrade> = new Map(
  Object.entries(GRADE_NAMES).flatMap(([grade, names]) => names.map((name) => [nameKey(name), grade as FuelGrade] as const)),
);

/** Collapsed whitespace; null for an empty cell. */
function clean(cell: string | undefined): string | null {
  const text = (cell ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

const PORTAL_TAG = /\s*\|\s*gestori\.prezzibenzina\.it\s*$/i;

interface PipeFile {
  /** 1-based line of each data row and its fields. */
  rows: { line: number; fields: string[] }[];
  columns: Map<string, number>;
  headerLine: number;
}

/** Splits a pipe file into header columns and data rows, past an optional `Estrazione del` line. */
function readPipeFile(text: string): PipeFile | null {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const rows: { line: number; fields: string[] }[] = [];
  let columns: Map<string, number> | null = null;
  let headerLine = 0;
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i]!;
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (raw.trim() === '') continue;
    if (columns === null) {
      if (/^Estrazione del\b/i.test(raw.trim())) continue;
      columns = new Map(raw.split('|').map((name, index) => [name.trim(), index]));
      headerLine = i + 1;
      continue;
    }
    rows.push({ line: i + 1, fields: raw.split('|') });
  }
  return columns === null ? null : { rows, columns, headerLine };
}

/** The index of each required column; rejects the file at its header line when one is missing. */
function columnIndex<C extends string>(places: ParsedPlaces, pipe: PipeFile | null, required: readonly C[]): Record<C, number> | null {
  const missing = pipe === null ? [...required] : required.filter((c) => !pipe.columns.has(c));
  if (pipe === null || missing.length > 0) {
    places.rejected.push({ file: places.file, line: pipe?.headerLine || 1, reason: `header lacks column(s) ${missing.join(', ')}` });
    return null;
  }
  return Object.fromEntries(required.map((c) => [c, pipe.columns.get(c)!])) as Record<C, number>;
}

const STATION_COLUMNS = ['idImpianto', 'Gestore', 'Bandiera', 'Tipo Impianto', 'Nome Impianto', 'Indirizzo', 'Comune', 'Provincia', 'Latitudine', 'Longitudine'] as const;

/** `anagrafica_impianti_attivi.csv`: stations (country IT). */
export function parseMimitStations(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(MIMIT_SOURCE, file);
  const pipe = readPipeFile(text);
  const col = columnIndex(places, pipe, STATION_COLUMNS);
  if (pipe === null || col === null) return places;
  const width = pipe.columns.size;
  const seen = new Map<string, number>();
  for (const { line, fields: raw } of pipe.rows) {
    places.rowsRead++;
    const reject = (reason: string) => void places.rejected.push({ file, line, reason });
    // ` | gestori.prezzibenzina.it` after a name is a tag, not a column: join it back to its cell.
    const fields: string[] = [];
    for (const field of raw) {
      if (fields.length > 0 && /^\s*gestori\.prezzibenzina\.it\s*$/i.test(field)) fields[fields.length - 1] += `|${field}`;
      else fields.push(field);
    }
    if (fields.length !== width) {
      reject(`${fields.length} fields where the header has ${width}`);
      continue;
    }
    const cell = (column: (typeof STATION_COLUMNS)[number]) => fields[col[column]]!;
    const id = cell('idImpianto').trim();
    if (!/^\d{1,12}$/.test(id)) {
      reject(`idImpianto '${id}' is not a number`);
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      reject(`idImpianto '${id}' repeats line ${first}`);
      continue;
    }
    const lat = cell('Latitudine').trim();
    const lon = cell('Longitudine').trim();
    const where = lat === '' || lon === '' ? null : position(lat, lon);
    if ((lat !== '' || lon !== '') && where === null) {
      reject(`Latitudine '${lat}', Longitudine '${lon}' is not a position`);
      continue;
    }
    seen.set(id, line);
    const brand = clean(cell('Bandiera'));
    places.stations.push({
      line,
      record: {
        source_id: id,
        name: clean(cell('Nome Impianto').replace(PORTAL_TAG, '')),
        brand: brand !== null && brand.toLowerCase() === 'pompe bianche' ? null : brand,
        address: clean(cell('Indirizzo')),
        city: clean(cell('Comune')),
        country_code: 'IT',
        lat: where?.lat ?? null,
        lon: where?.lon ?? null,
        services: clean(cell('Tipo Impianto'))?.toLowerCase() === 'autostradale' ? ['motorway'] : [],
      },
    });
  }
  return places;
}

/**
 * The UTC instant (ms) of a Europe/Rome wall-clock hour. Rome's offset changes only on the hour, so
 * minutes and seconds are added to the hour's start, and hours are remembered: 92,811 prices have a
 * few thousand hours.
 */
function romeHourMs(hours: Map<number, number>, y: number, mo: number, d: number, h: number): number {
  const wall = Date.UTC(y, mo - 1, d, h);
  let utc = hours.get(wall);
  if (utc === undefined) {
    const iso = new Date(wall).toISOString();
    utc = zonedToUtc(iso.slice(0, 10), iso.slice(11, 16), 'Europe/Rome').getTime();
    hours.set(wall, utc);
  }
  return utc;
}

const PRICE_COLUMNS = ['idImpianto', 'descCarburante', 'prezzo', 'isSelf', 'dtComu'] as const;

const DT_COMU = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/** The UTC ms of a `dd/mm/YYYY HH:MM:SS` Europe/Rome time, or null when it is not one. */
function dtComuMs(hours: Map<number, number>, dt: string): number | null {
  const m = DT_COMU.exec(dt);
  if (m === null) return null;
  const d = Number(m[1]), mo = Number(m[2]), y = Number(m[3]), h = Number(m[4]), mi = Number(m[5]), s = Number(m[6]);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59 || new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return romeHourMs(hours, y, mo, d, h) + mi * 60_000 + s * 1000;
}

/** Why a MIMIT price row cannot be used, or null. */
function priceProblem(fields: string[], width: number, col: Record<(typeof PRICE_COLUMNS)[number], number>): string | null {
  if (fields.length !== width) return `${fields.length} fields where the header has ${width}`;
  const id = fields[col.idImpianto]!.trim();
  if (!/^\d{1,12}$/.test(id)) return `idImpianto '${id}' is not a number`;
  const localName = fields[col.descCarburante]!.trim();
  if (!MIMIT_GRADES.has(nameKey(localName))) return `descCarburante '${localName}' has no grade`;
  const priceCell = fields[col.prezzo]!.trim();
  if (priceCell === '') return 'prezzo is empty';
  if (!/^-?\d+(\.\d+)?$/.test(priceCell)) return `prezzo '${priceCell}' is not a number`;
  const price = Number(priceCell);
  if (!(price >= MIN_PRICE && price <= MAX_PRICE)) return `prezzo '${priceCell}' is not a plausible EUR price (${MIN_PRICE} to ${MAX_PRICE})`;
  const self = fields[col.isSelf]!.trim();
  if (self !== '1' && self !== '0') return `isSelf '${self}' is not 1 or 0`;
  return null;
}

/** `prezzo_alle_8.csv`: station prices in EUR, `reported_at` = `dtComu` in UTC. */
export function parseMimitPrices(text: string, file: string, _options?: PlaceFormatOptions): ParsedPlaces {
  const places = emptyPlaces(MIMIT_SOURCE, file);
  const pipe = readPipeFile(text);
  const col = columnIndex(places, pipe, PRICE_COLUMNS);
  if (pipe === null || col === null) return places;
  const width = pipe.columns.size;
  const hours = new Map<number, number>();
  for (const { line, fields } of pipe.rows) {
    places.rowsRead++;
    const problem = priceProblem(fields, width, col);
    if (problem !== null) {
      places.rejected.push({ file, line, reason: problem });
      continue;
    }
    const dt = fields[col.dtComu]!.trim();
    const at = dtComuMs(hours, dt);
    if (at === null) {
      places.rejected.push({ file, line, reason: `dtComu '${dt}' is not a dd/mm/YYYY HH:MM:SS time` });
      continue;
    }
    const localName = fields[col.descCarburante]!.trim();
    places.prices.push({
      line,
      record: {
        station_id: fields[col.idImpianto]!.trim(),
        grade: MIMIT_GRADES.get(nameKey(localName))!,
        local_name: localName,
        price: Number(fields[col.prezzo]),
        currency: 'EUR',
        reported_at: new Date(at).toISOString(),
        self_service: fields[col.isSelf]!.trim() === '1',
      },
    });
  }
  return places;
}
