/**
 * Ukrainian fuel networks' public station locators (ANP, OKKO, Ukrnafta, WOG), four JSON schemas, and one
 * brand-level price snapshot. Scraped copies carry no licence: fixtures and tests only, never shipped.
 *
 * `parseUaLocator` tells the network by the items' shape, never by the file name:
 * - ANP: `[{"№ п.п.", "Область", "Район", "Адреса", "Бренд", "Широта", "Довгота"}]`. The network also lists
 *   its partner brands (АВІАС, ЮКОН, ...), kept as each station's `brand`. `№ п.п.` is the row number of the
 *   list (1..n with no gaps), not a station id: a station added mid-list would renumber the rest. The id is
 *   therefore built from the network and the coordinates (`anp@49.238261,28.479269`), so a station without
 *   coordinates cannot be keyed and is rejected. `Адреса` is `0` for the Crimean stations: no address.
 * - OKKO: Strapi items `[{attributes: {Cod_AZK, Naselenyy_punkt, Typ_naselenogo_punktu, Adresa, coordinates,
 *   fuel_type[], restaurants, car_washes[], other_services[], electric_chargings[], *_tip_oplati}}]`; id
 *   `Cod_AZK`, name the `АЗК №NN` label that ends `Adresa` (taken out of the address). Where the locality type
 *   is a council (`с/р`, or a NUL byte with a `... с.р.` / `... м.р.` name) the council is not a city: it
 *   leads the address instead.
 * - Ukrnafta: `[{isShow, isNew, title, address, location: {lat, lng}, accuracy}]`; id `title` (`01/001`),
 *   the road + km addresses (`а/ш Львів-Кіровоград-Знам'янка 412 км+192 (праворуч)`) kept as the address;
 *   an item with `isShow: false` (hidden on the locator) is rejected.
 * - WOG: `[{link, city, coordinates: {latitude, longitude}, name, id, schedule}]`; id `id`, the English
 *   address is in `name` (kept as the address; no station name), city as given, the schedule ignored.
 *
 * City: OKKO's locality; for ANP and Ukrnafta the settlement named in the address (`м.`, `смт`, `с.`, `сщ.`,
 * `селище`), else null. The oblast (ANP `Область`) has no field in StationRecord and is not kept.
 * Services only where the schema states them, i.e. OKKO: `adblue` (fuel type `adblue` or
 * `adblue_tip_oplati`), `restaurant` (`restaurants`), `car_wash` (+ `truck_wash` for
 * `Avtomatychna_myjka_dlja_vantagyvok`), `ev_charging` (`electric_chargings` or `ischarge_tip_oplati`),
 * `currency_exchange` (`Obmin_valyt`). OKKO's `Bankomat` is an EasyPay payment terminal ("Термінал EasyPay"),
 * not a cash machine: not `atm`. The free-text `notification` is not read. ANP, Ukrnafta and WOG state none.
 *
 * Coordinates may be numbers or strings; absent (or 0,0) they are null and the station is kept (except for
 * ANP, see above); present but not a position inside Ukraine, the item is rejected naming them.
 * The line of an item is its 1-based index in the array.
 */
import type { CountryPriceRecord, FuelGrade, StationRecord } from '../../../models/places.js';
import { emptyPlaces, position, priceOf, type ParsedPlaces, type PlaceFormatOptions } from './parsed.js';

export const UA_BRANDS = ['anp', 'okko', 'ukrnafta', 'wog'] as const;
export type UaBrand = (typeof UA_BRANDS)[number];

/** The source id every record of a network is stored under. */
export const uaSource = (brand: UaBrand) => `ua-${brand}`;

/** The networks' names as they write them (stations' `brand` for OKKO, Ukrnafta and WOG; price labels). */
export const UA_BRAND_NAMES: Record<UaBrand, string> = { anp: 'ANP', okko: 'OKKO', ukrnafta: 'Ukrnafta', wog: 'WOG' };

type Item = Record<string, unknown>;

const isObject = (v: unknown): v is Item => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o: Item, ...keys: string[]) => keys.every((k) => k in o);

/** Each network's shape, by the keys its items carry. */
const SHAPES: Record<UaBrand, (o: Item) => boolean> = {
  anp: (o) => has(o, 'Широта', 'Довгота', 'Адреса'),
  okko: (o) => isObject(o.attributes) && has(o.attributes, 'Cod_AZK', 'Adresa'),
  ukrnafta: (o) => has(o, 'title', 'address', 'location'),
  wog: (o) => has(o, 'id', 'name', 'coordinates') && (has(o, 'link') || has(o, 'schedule')),
};

/** Mainland Ukraine and Crimea, generously: a position outside is a swapped or broken pair. */
const UA_BOX = { minLat: 44, maxLat: 52.5, minLon: 22, maxLon: 40.5 };

const show = (v: unknown) => (typeof v === 'string' ? `'${v.slice(0, 40)}'` : String(JSON.stringify(v) ?? v).slice(0, 40));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Trimmed text with runs of white space made one, else null (numbers are not text: ANP's `0` address). */
function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/**
 * Latin brand names typed with Cyrillic look-alikes (`Rubіx`, `Sentosa Oіl` with U+0456) in Latin; a name in
 * Cyrillic is left alone.
 */
function latinBrand(name: string): string {
  const lookalikes = /[іІоОаАеЕсСрРхХ]/g;
  if (!/[A-Za-z]/.test(name) || /[\u0400-\u04FF]/.test(name.replace(lookalikes, ''))) return name;
  const latin: Record<string, string> = { і: 'i', І: 'I', о: 'o', О: 'O', а: 'a', А: 'A', е: 'e', Е: 'E', с: 'c', С: 'C', р: 'p', Р: 'P', х: 'x', Х: 'X' };
  return name.replace(lookalikes, (c) => latin[c] ?? c);
}

type Coordinates = { ok: true; lat: number | null; lon: number | null } | { ok: false; reason: string };

function coordinates(lat: unknown, lon: unknown): Coordinates {
  if (blank(lat) || blank(lon)) return { ok: true, lat: null, lon: null };
  const p = position(lat, lon);
  if (p === null) {
    if (Number(lat) === 0 && Number(lon) === 0) return { ok: true, lat: null, lon: null };
    return { ok: false, reason: `coordinates ${show(lat)}, ${show(lon)} are not a position` };
  }
  if (p.lat < UA_BOX.minLat || p.lat > UA_BOX.maxLat || p.lon < UA_BOX.minLon || p.lon > UA_BOX.maxLon) {
    return { ok: false, reason: `coordinates ${show(lat)}, ${show(lon)} are outside Ukraine` };
  }
  return { ok: true, ...p };
}

const SETTLEMENT = /(?<=^|\s)(?:сщ\.|смт\.?|селище|село|с\.|м\.)\s*/gu;
const STREET = /\s(?:вул\.|вулиця|пр\.|просп\.|пров\.|пл\.|б-р)/u;

/**
 * The settlement an address names: the first comma-separated part that starts with `м.`, `смт`, `с.`, `сщ.`,
 * `селище` or `село` (`м.Вінниця, ...`; `Львівська обл., Стрийський р-н, смт.Верхнє Синьовидне, ...`); of a
 * chain (`м. Івано-Франківськ с. Микитинці`) the last, the smallest; a street run on without a comma
 * (`м.Кам'янське вул.Дорожня`) cut off. Councils (`с/р`, `Сільська рада`) are not settlements: null.
 */
export function settlementOf(address: string | null): string | null {
  for (const part of (address ?? '').split(',')) {
    const segment = part.trim();
    const matches = [...segment.matchAll(SETTLEMENT)];
    if (matches[0]?.index !== 0) continue;
    const last = matches[matches.length - 1]!;
    const name = segment.slice(last.index + last[0].length).split(STREET)[0]!.trim();
    return name === '' ? null : name;
  }
  return null;
}

/** A station, or why the item cannot be one. */
type Read = { record: StationRecord } | { reason: string };

function station(fields: Omit<StationRecord, 'country_code' | 'lat' | 'lon' | 'services'> & { services?: string[] }, at: Coordinates): Read {
  if (!at.ok) return { reason: at.reason };
  const { services = [], ...rest } = fields;
  return { record: { ...rest, country_code: 'UA', lat: at.lat, lon: at.lon, services: [...new Set(services)].sort() } };
}

function readAnp(o: Item): Read {
  const at = coordinates(o['Широта'], o['Довгота']);
  if (at.ok && (at.lat === null || at.lon === null)) {
    return { reason: `no coordinates (Широта ${show(o['Широта'])}, Довгота ${show(o['Довгота'])}): ANP has no station id, the id is built from them` };
  }
  if (!at.ok) return { reason: at.reason };
  const brand = text(o['Бренд']);
  const address = text(o['Адреса']);
  // Id: network + coordinates (see the header); the list's `№ п.п.` is a row number, not an id.
  return station({
    source_id: `anp@${at.lat!.toFixed(6)},${at.lon!.toFixed(6)}`,
    name: null, brand: brand ? latinBrand(brand) : null, address, city: settlementOf(address),
  }, at);
}

/** Strapi relations: a list of `{attributes: {code, name}}`, or (OKKO's `restaurants`) a single one. */
function codes(v: unknown): string[] {
  const list = Array.isArray(v) ? v : isObject(v) ? [v] : [];
  return list.flatMap((x) => (isObject(x) && isObject(x.attributes) && typeof x.attributes.code === 'string' ? [x.attributes.code] : []));
}

function okkoServices(a: Item): string[] {
  const out: string[] = [];
  if (codes(a.fuel_type).some((c) => c.toLowerCase() === 'adblue') || a.adblue_tip_oplati === true) out.push('adblue');
  if (codes(a.restaurants).length > 0) out.push('restaurant');
  const washes = codes(a.car_washes);
  if (washes.length > 0) out.push('car_wash');
  if (washes.includes('Avtomatychna_myjka_dlja_vantagyvok')) out.push('truck_wash');
  if (codes(a.electric_chargings).length > 0 || a.ischarge_tip_oplati === true) out.push('ev_charging');
  if (codes(a.other_services).includes('Obmin_valyt')) out.push('currency_exchange');
  return out;
}

const SETTLEMENT_TYPES = new Set(['м.', 'смт.', 'смт', 'с.', 'сщ.', 'селище']);

function readOkko(o: Item): Read {
  const a = o.attributes as Item;
  const code = a.Cod_AZK;
  if (!(typeof code === 'number' && Number.isInteger(code) && code > 0) && !(typeof code === 'string' && /^\d+$/.test(code.trim()))) {
    return { reason: `Cod_AZK ${show(code)} is not a station code` };
  }
  const place = text(a.Naselenyy_punkt);
  const kind = typeof a.Typ_naselenogo_punktu === 'string' ? a.Typ_naselenogo_punktu.replace(/\u0000/g, '').trim() : '';
  const isSettlement = SETTLEMENT_TYPES.has(kind);
  let address = text(a.Adresa);
  let name: string | null = null;
  const label = address ? /\s*(АЗК\s*№\s*\S+)$/u.exec(address) : null;
  if (address && label) {
    name = label[1]!;
    address = text(address.slice(0, label.index).replace(/,\s*$/, ''));
  }
  // A council (`с/р`, or a blank type with a `... с.р.` name) is no city: it leads the address.
  if (place && !isSettlement) address = [kind && !place.includes(kind) ? `${kind} ${place}` : place, address].filter(Boolean).join(', ');
  const c = isObject(a.coordinates) ? a.coordinates : {};
  return station({
    source_id: String(code).trim(), name, brand: UA_BRAND_NAMES.okko, address, city: isSettlement ? place : null, services: okkoServices(a),
  }, coordinates(c.lat, c.lng));
}

function readUkrnafta(o: Item): Read {
  const id = text(o.title);
  if (!id) return { reason: `title ${show(o.title)} is not a station number` };
  if (o.isShow === false) return { reason: `station ${id} is hidden on the locator (isShow false)` };
  const address = text(o.address);
  const loc = isObject(o.location) ? o.location : {};
  return station({ source_id: id, name: null, brand: UA_BRAND_NAMES.ukrnafta, address, city: settlementOf(address) }, coordinates(loc.lat, loc.lng));
}

function readWog(o: Item): Read {
  const id = o.id;
  const ok = (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^\d+$/.test(id.trim()));
  if (!ok) return { reason: `id ${show(id)} is not a station id` };
  const c = isObject(o.coordinates) ? o.coordinates : {};
  return station({
    source_id: String(id).trim(), name: null, brand: UA_BRAND_NAMES.wog, address: text(o.name), city: text(o.city),
  }, coordinates(c.latitude, c.longitude));
}

const READERS: Record<UaBrand, (o: Item) => Read> = { anp: readAnp, okko: readOkko, ukrnafta: readUkrnafta, wog: readWog };

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
}

/**
 * Which network a locator file is: the one whose shape most items have (more than half, and no other
 * network's). Throws, naming the keys it saw, when the file is none of the four.
 */
export function detectUaLocator(items: unknown, file = ''): UaBrand {
  if (!Array.isArray(items)) throw new Error(`${file}: not a Ukrainian station locator: expected a JSON array of stations, got ${items === null ? 'null' : typeof items}`);
  const objects = items.filter(isObject);
  if (objects.length === 0) throw new Error(`${file}: not a Ukrainian station locator: no station objects to tell the network by`);
  const votes = UA_BRANDS.map((brand) => ({ brand, n: objects.filter(SHAPES[brand]).length })).sort((a, b) => b.n - a.n);
  const [best, second] = votes;
  if (!best || best.n * 2 <= items.length || (second && second.n === best.n)) {
    const keys = Object.keys(objects[0]!).slice(0, 8).join(', ');
    throw new Error(`${file}: not one of the ANP, OKKO, Ukrnafta or WOG locator shapes (first item's keys: ${keys})`);
  }
  return best.brand;
}

/** Stations of one network's locator file, under `ua-<brand>`. */
export function parseUaLocator(text: string, file: string, _options: PlaceFormatOptions): ParsedPlaces {
  const items = parseJson(text, file);
  const brand = detectUaLocator(items, file);
  const feed = emptyPlaces(uaSource(brand), file);
  const seen = new Map<string, number>();
  (items as unknown[]).forEach((item, i) => {
    const line = i + 1;
    feed.rowsRead++;
    if (!isObject(item) || !SHAPES[brand](item)) {
      const keys = isObject(item) ? Object.keys(item).slice(0, 8).join(', ') : show(item);
      return void feed.rejected.push({ file, line, reason: `not a ${UA_BRAND_NAMES[brand]} station (${keys})` });
    }
    const read = READERS[brand](item);
    if ('reason' in read) return void feed.rejected.push({ file, line, reason: read.reason });
    const first = seen.get(read.record.source_id);
    if (first !== undefined) return void feed.rejected.push({ file, line, reason: `station id '${read.record.source_id}' repeats item ${first}` });
    seen.set(read.record.source_id, line);
    feed.stations.push({ line, record: read.record });
  });
  return feed;
}

// ---- Brand price snapshot -------------------------------------------------------------------------------

/** UAH per litre above this is not a pump price. */
export const MAX_UAH_PER_LITRE = 200;

/**
 * A network's price entry -> grade. `name` is the fuel (`ДП`, `95`, `A-95+`, `Gas`, `AdBlue`), `variant` the
 * sub-brand or product code (OKKO `brand`/`fuel_code`: `pulls`/`Pulls Diesel`, `euro`/`A-95`; WOG `brand`:
 * `Євро5`, `Mustang`, `Mustang+`). Premium lines (`+`, Pulls, Mustang) -> `*_premium`. 92-octane has no
 * normalised grade (E5 is 95 RON): such entries are rejected naming the grade.
 */
export function uaGrade(name: string, variant = ''): { grade: FuelGrade } | { reason: string } {
  const n = name.trim().toUpperCase().replace(/\s+/g, ' ');
  const v = variant.trim().toLowerCase();
  const premium = n.endsWith('+') || /pulls|mustang/.test(v);
  if (['ДП', 'DP', 'ДТ', 'DIESEL', 'ДИЗЕЛЬНЕ ПАЛЬНЕ', 'ДИЗЕЛЬ'].includes(n.replace(/\+$/, ''))) return { grade: premium ? 'diesel_premium' : 'diesel' };
  if (/^([AА]-?)?95\+?$/.test(n) || /^(PULLS|MUSTANG) 95$/.test(n)) return { grade: premium || /^(PULLS|MUSTANG)/.test(n) ? 'e5_premium' : 'e5' };
  if (/^([AА]-?)?92\+?$/.test(n)) return { reason: `grade '${name}' (92 octane) has no normalised grade` };
  if (['ГАЗ', 'GAS', 'LPG', 'СПБТ', 'SPBT', 'АВТОГАЗ'].includes(n)) return { grade: 'lpg' };
  if (n === 'ADBLUE') return { grade: 'adblue' };
  return { reason: `grade '${name}'${variant ? ` (${variant})` : ''} is not a known fuel` };
}

/**
 * One network's section of `prices.json` (`{"okko": [{price, name, brand?, fuel_code?}], "wog": [...], ...}`):
 * the network's posted retail price per litre in UAH, one per product, with no station and no date. These
 * are neither station reports nor national averages; the model has no brand-price record, so they come as
 * CountryPriceRecords (UA, with taxes, no EUR price) under the network's own source `ua-<brand>` (the same
 * source as its stations, so the products can tell whose price it is), the network and product in
 * `local_name` (`OKKO ДП (Pulls Diesel)`), dated `options.at` (the snapshot states no date: the caller
 * passes the day it was taken). One source per network keeps the four networks' diesel from overwriting
 * each other under the store's key (source, country, grade, date, with_taxes, currency).
 * Line: the entry's 1-based index within its network's list. A section that is absent throws.
 */
export function uaPriceParser(brand: UaBrand): (text: string, file: string, options: PlaceFormatOptions) => ParsedPlaces {
  return (text, file, options) => {
    const data = parseJson(text, file);
    if (!isObject(data) || !UA_BRANDS.some((b) => Array.isArray(data[b]))) {
      throw new Error(`${file}: not the Ukrainian brand price snapshot: expected {"okko"|"wog"|"ukrnafta"|"anp": [{price, name}]}`);
    }
    const entries = data[brand];
    if (!Array.isArray(entries)) throw new Error(`${file}: no '${brand}' price list`);
    return readBrandPrices(brand, entries, file, options.at);
  };
}

function readBrandPrices(brand: UaBrand, entries: unknown[], file: string, at: Date): ParsedPlaces {
  const feed = emptyPlaces(uaSource(brand), file);
  const date = at.toISOString().slice(0, 10);
  const byGrade = new Map<FuelGrade, number>();
  entries.forEach((entry, i) => {
    const line = i + 1;
    feed.rowsRead++;
    if (!isObject(entry)) return void feed.rejected.push({ file, line, reason: `${brand} price entry ${show(entry)} is not an object` });
    const name = text(entry.name);
    if (!name) return void feed.rejected.push({ file, line, reason: `${brand} price entry without a fuel name (${show(entry.name)})` });
    const variant = [text(entry.brand), text(entry.fuel_code)].filter(Boolean).join(' ');
    const label = text(entry.fuel_code) ?? text(entry.brand);
    const local = `${UA_BRAND_NAMES[brand]} ${name}${label ? ` (${label})` : ''}`;
    const mapped = uaGrade(name, variant);
    if ('reason' in mapped) return void feed.rejected.push({ file, line, reason: `${local}: ${mapped.reason}` });
    const price = priceOf(entry.price);
    if (price === null || price >= MAX_UAH_PER_LITRE) {
      return void feed.rejected.push({ file, line, reason: `${local}: price ${show(entry.price)} is not a positive UAH price below ${MAX_UAH_PER_LITRE}` });
    }
    const first = byGrade.get(mapped.grade);
    if (first !== undefined) return void feed.rejected.push({ file, line, reason: `${local}: a second ${mapped.grade} price (first at entry ${first})` });
    byGrade.set(mapped.grade, line);
    const record: CountryPriceRecord = { country_code: 'UA', grade: mapped.grade, local_name: local, price, currency: 'UAH', price_eur: null, date, with_taxes: true };
    feed.countryPrices.push({ line, record });
  });
  return feed;
}

/**
 * Every network's section of the snapshot, one feed each (source `ua-<brand>`), for `importPlaces`. A
 * section of a network that is not one of the four throws (it has no source to be stored under).
 */
export function parseUaPrices(text: string, file: string, options: PlaceFormatOptions): ParsedPlaces[] {
  const data = parseJson(text, file);
  if (!isObject(data)) throw new Error(`${file}: not the Ukrainian brand price snapshot: expected a JSON object of networks`);
  const unknown = Object.keys(data).filter((k) => !(UA_BRANDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw new Error(`${file}: price lists of unknown networks: ${unknown.join(', ')} (known: ${UA_BRANDS.join(', ')})`);
  const feeds = UA_BRANDS.filter((b) => b in data).map((b) => {
    if (!Array.isArray(data[b])) throw new Error(`${file}: '${b}' is not a list of prices`);
    return readBrandPrices(b, data[b] as unknown[], file, options.at);
  });
  if (feeds.length === 0) throw new Error(`${file}: not the Ukrainian brand price snapshot: no anp, okko, ukrnafta or wog list`);
  return feeds;
}
