/**
 * The place formats `bdds import` reads (fuel stations and prices, national averages, driver places),
 * each a parser from file text to one or more parsed feeds that `importPlaces` writes. docs/import-formats.md
 * describes each; a format whose data carries no licence is still importable by an operator who holds
 * the right to it, but is never shipped.
 */
import { parseDatex2Json, parseDatex2Parking } from './datex2.js';
import { parseEcbRates } from './ecb-rates.js';
import { parseEuBulletinLong, parseEuBulletinWob } from './eu-bulletin.js';
import { parseEuBulletinXlsx } from './eu-bulletin-xlsx.js';
import { parseMimitPrices, parseMimitStations } from './mimit.js';
import { parseOsmExtract, parseOsmGeoJson, parseOverpassJson } from './osm.js';
import type { ParsedPlaces, PlaceFormatOptions } from './parsed.js';
import { checkStationPositions } from './position-check.js';
import { rejectPriceOutliers } from './price-outliers.js';
import { parsePlMaxPrices } from './pl-max-prices.js';
import { parseRoNational, parseRoPrices, parseRoStations } from './ro-fuel.js';
import { parseStationCsv } from './station-csv.js';
import { parseTankerkoenig } from './tankerkoenig.js';
import { parseA6Csv, parseA6GeoJson } from './truck-parking-a6.js';
import { parseUaLocator, parseUaPrices } from './ua-locators.js';

export interface PlaceFormat {
  summary: string;
  parse: (text: string, file: string, options: PlaceFormatOptions) => ParsedPlaces[];
}

type One = (text: string, file: string, options: PlaceFormatOptions) => ParsedPlaces;
/**
 * Whatever the format, stations' positions are checked (position-check.ts: a failing one is kept without it)
 * and prices far from their file's median rejected (price-outliers.ts).
 */
const checked = (parsed: ParsedPlaces, options: PlaceFormatOptions): ParsedPlaces => {
  if (parsed.stations.length > 0 && !options.positionsChecked) checkStationPositions(parsed);
  if (parsed.prices.length > 0) rejectPriceOutliers(parsed);
  return parsed;
};
const one = (summary: string, parse: One): PlaceFormat => ({ summary, parse: (t, f, o) => [checked(parse(t, f, o), o)] });

export const PLACE_FORMATS: Readonly<Record<string, PlaceFormat>> = Object.freeze({
  'fuel-csv': one('fuel stations and their prices, CSV (docs/import-formats.md; --source names them)', parseStationCsv),
  'eu-bulletin-long': one('EU Weekly Oil Bulletin, long CSV: national prices with taxes since 2005', parseEuBulletinLong),
  'eu-bulletin-wob': one('EU Weekly Oil Bulletin, wob CSV: national prices with and without taxes, national currencies', parseEuBulletinWob),
  'eu-bulletin-xlsx': { summary: 'EU Weekly Oil Bulletin as the Commission publishes it, XLSX: the history workbook (with and without taxes, national currencies) or the weekly prices with taxes',
    parse: (t, f, o) => parseEuBulletinXlsx(t, f, o) },
  'ecb-rates': one('ECB euro reference rates, eurofxref XML (daily, 90-day or full history)', parseEcbRates),
  'mimit-stations': one('Italian stations (MIMIT anagrafica_impianti_attivi.csv)', parseMimitStations),
  'mimit-prices': one('Italian station prices (MIMIT prezzo_alle_8.csv; import the stations first)', parseMimitPrices),
  tankerkoenig: one('German stations and prices (Tankerkoenig API list, detail or prices JSON; --at = fetched)', parseTankerkoenig),
  'pl-max-prices': one('Polish official maximum retail prices (the ceny-paliw prices.json of the Minister of Energy\'s notices; a legal ceiling)', parsePlMaxPrices),
  'ro-stations': one('Romanian stations (price monitor stations.csv)', parseRoStations),
  'ro-prices': one('Romanian station prices (price monitor prices CSV)', parseRoPrices),
  'ro-national': one('Romanian national daily averages (price monitor CSV)', parseRoNational),
  'ua-locator': one('Ukrainian network station locator JSON (ANP, OKKO, Ukrnafta, WOG)', parseUaLocator),
  'ua-prices': { summary: 'Ukrainian network price snapshot JSON (--at = fetched)', parse: (t, f, o) => parseUaPrices(t, f, o).map((p) => checked(p, o)) },
  'datex2-parking': one('truck parkings, DATEX II ParkingTablePublication XML', parseDatex2Parking),
  'datex2-json': one('truck parkings, the Flemish DATEX II JSON', parseDatex2Json),
  'osm-overpass': one('OpenStreetMap places, Overpass API JSON (out center)', parseOverpassJson),
  'osm-geojson': one('OpenStreetMap places, GeoJSON (overpass-turbo, osmtogeojson)', parseOsmGeoJson),
  'osm-extract': one('OpenStreetMap supermarkets, the extract JSON', parseOsmExtract),
  'a6-csv': one('motorway truck spaces on the A6/A81 (rastplaetze.csv)', parseA6Csv),
  'a6-geojson': one('motorway truck spaces on the A6/A81 (rast.json)', parseA6GeoJson),
});
