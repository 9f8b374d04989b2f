/**
 * The live feeds the service polls: for each upstream, where it is, how often, what it needs to be asked,
 * the format its answers are in (read by the same parser a file import of it uses: importers/ingest.ts),
 * and which products it supplies. Every URL and interval can be overridden (BDDS_FEED_<ENV>_URL,
 * BDDS_FEED_<ENV>_INTERVAL_S: api/config.ts); docs/feeds.md documents each source.
 */
import type { IngestDataset } from '../importers/ingest.js';

export interface FeedDefinition {
  /** The feed's name (`bdds feeds run <name>`, `/status`, `/metrics`). */
  name: string;
  /** Its part of the configuration variables: BDDS_FEED_<env>_URL and _INTERVAL_S. */
  env: string;
  title: string;
  /** The format its answers are in (a `bdds import` format). */
  format: string;
  dataset: IngestDataset;
  /** The source its rows are stored under, for formats that take one (default: the format's own). */
  source?: string;
  /** The URLs of one poll; their answers are imported together. */
  urls: readonly string[];
  intervalS: number;
  /** The requests of one poll for one configured URL (default: a GET of it). */
  requests?: (url: string, at: Date) => FeedRequest[];
  /** Headers the upstream requires beside the User-Agent. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Parsed and stored on a thread of its own in short transactions (services/feeds/ingest-thread.ts): the
   * large daily files, which would otherwise hold the event loop and the store's write lock for seconds.
   */
  offThread?: boolean;
  /** The largest answer accepted, in bytes. */
  maxBytes: number;
  timeoutS: number;
  /** The products it supplies (their `/status` reads its state). */
  products: readonly string[];
  /** Whom the data is credited to, under which licence. */
  licence: string;
  /**
   * Polled by default in production (BDDS_FEEDS unset); BDDS_FEEDS=on or naming a feed polls it anyway.
   */
  byDefault: boolean;
}

const MB = 1024 * 1024;

/** One request of a poll: a GET of a URL, or what a feed builds (granica: a SOAP POST per crossing). */
export interface FeedRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Readonly<Record<string, string>>;
  /** Names the answer in rejections and logs (the URL, and what was asked). */
  label: string;
}

/** The Polish Border Guard's crossings with Ukraine, as its waiting-times service names them. */
const GRANICA_CROSSINGS = ['dorohusk', 'zosin', 'dolhobyczow', 'hrebenne', 'budomierz', 'korczowa', 'medyka', 'malhowice', 'kroscienko'];

const warsawHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' });

/**
 * The waiting-times service's SOAP request for one crossing at the current hour in Warsaw
 * (`getCzasyWszystko`: the operation whose request takes the date and hour; the logger's INCIDENTS.md).
 */
export function granicaRequests(url: string, at: Date): FeedRequest[] {
  // Unpadded, as the logger that recorded our series asks (`str(now.month)`).
  const p = Object.fromEntries(warsawHour.formatToParts(at).map((x) => [x.type, String(Number(x.value))]));
  const field = (name: string, value: string) => `<${name} xsi:type="xsd:string">${value}</${name}>`;
  return GRANICA_CROSSINGS.map((crossing) => ({
    url, method: 'POST', label: `${url}#${crossing}`,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"getCzasyWszystko"' },
    body: '<?xml version="1.0" encoding="UTF-8"?>' +
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="granicaServiceOriginal" ' +
      'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'SOAP-ENV:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><SOAP-ENV:Body><ns1:getCzasyWszystko>' +
      `<dane_in_wszystko xsi:type="ns1:getCzasyReq">${field('jednostka', crossing)}${field('rok', p.year!)}${field('miesiac', p.month!)}` +
      `${field('dzien', p.day!)}${field('godzina', p.hour!)}</dane_in_wszystko></ns1:getCzasyWszystko></SOAP-ENV:Body></SOAP-ENV:Envelope>`,
  }));
}


/** The Commission's stable download addresses (the document ids stay, the file is replaced each week). */
const EC_DOCUMENT = 'https://energy.ec.europa.eu/document/download';

export const FEEDS: readonly FeedDefinition[] = Object.freeze<FeedDefinition[]>([
  {
    name: 'echerha', env: 'ECHERHA', title: 'eCherha electronic queue (Ukraine): booked trucks and buses and the wait per queue',
    format: 'echerha-live', dataset: 'observations',
    // 1 = trucks, 2 = buses (the web client's workload views; the answer holds every neighbouring country).
    urls: ['https://back.echerha.gov.ua/api/v4/workload/1', 'https://back.echerha.gov.ua/api/v4/workload/2'],
    intervalS: 300,
    // The public workload view answers 401 without the web client's locale and client headers.
    headers: { 'x-client-locale': 'uk', 'x-user-agent': 'UABorder/3.0 Web/1.1.0 User/guest' },
    maxBytes: 2 * MB, timeoutS: 20,
    products: ['queue', 'update-info', 'multi', 'border', 'alternatives', 'travel-matrix', 'bus-carriers'],
    licence: 'eCherha (State Customs Service and Ministry of Development of Ukraine); a public service, no licence stated',
    byDefault: true,
  },
  {
    name: 'granica', env: 'GRANICA', title: 'Polish Border Guard waits at the crossings with Ukraine (granica.gov.pl), cars, buses and trucks',
    format: 'granica-live', dataset: 'observations',
    // A SOAP service, one POST per crossing for the current hour (the host without www.: with it, 500).
    urls: ['https://granica.gov.pl/Services/czasyService/soap_granica.php'], requests: granicaRequests,
    intervalS: 900, maxBytes: 64 * 1024, timeoutS: 30,
    products: ['queue', 'update-info', 'multi', 'border', 'alternatives', 'travel-matrix', 'bus-carriers'],
    licence: 'Straż Graniczna (granica.gov.pl); a public service, no licence stated',
    byDefault: true,
  },
  {
    name: 'dpsu', env: 'DPSU', title: 'State Border Guard Service of Ukraine map: cars and trucks waiting, cars cleared per hour (dpsu.gov.ua)',
    format: 'dpsu-live', dataset: 'observations',
    // An HTML page (about 610 KB); its readings carry the source's own update time (every 2.5-3 hours), so
    // repeated polls of one update are stored once. Behind Cloudflare, which refuses large cloud providers'
    // addresses: there, point BDDS_FEED_DPSU_URL at a proxy.
    urls: ['https://dpsu.gov.ua/uk/map'], headers: { 'accept-language': 'uk' },
    intervalS: 1800, maxBytes: 4 * MB, timeoutS: 60,
    products: ['queue', 'update-info', 'multi', 'border', 'alternatives', 'travel-matrix'],
    licence: 'State Border Guard Service of Ukraine, CC BY 4.0',
    byDefault: true,
  },
  {
    name: 'gddkia', env: 'GDDKIA', title: 'GDDKiA road impediments on Polish national roads (utrdane.xml)',
    format: 'gddkia', dataset: 'road',
    urls: ['https://www.gddkia.gov.pl/dane/zima_html/utrdane.xml'],
    intervalS: 900, maxBytes: 20 * MB, timeoutS: 60,
    products: ['road-conditions'],
    licence: 'Generalna Dyrekcja Dróg Krajowych i Autostrad, public information (re-use of public sector information)',
    byDefault: true,
  },
  {
    name: 'lt-roads', env: 'LT_ROADS', title: 'Via Lietuva restrictions on Lithuanian state roads (restrictions.eismoinfo.lt)',
    format: 'lt-eismoinfo-live', dataset: 'road',
    // One GET, no parameters or headers (as the public code reading it does).
    urls: ['https://restrictions.eismoinfo.lt/'],
    intervalS: 900, maxBytes: 20 * MB, timeoutS: 60,
    products: ['road-conditions'],
    licence: 'AB Via Lietuva (eismoinfo.lt); reuse allowed naming the road administration or eismoinfo.lt as the source',
    // Not polled by default until a recorded answer confirms the shape the parser reads (its test fixture is
    // constructed from what public code reads of the feed: docs/feeds.md): a misread time would show a
    // closure when it is not in force.
    byDefault: false,
  },
  {
    name: 'mimit-stations', env: 'MIMIT_STATIONS', title: 'Italian fuel stations (MIMIT, anagrafica_impianti_attivi.csv)',
    format: 'mimit-stations', dataset: 'places',
    urls: ['https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv'],
    intervalS: 86_400, maxBytes: 50 * MB, timeoutS: 300, offThread: true,
    products: ['fuel', 'fuel-cities', 'pois'],
    licence: 'Ministero delle Imprese e del Made in Italy, IODL 2.0',
    byDefault: true,
  },
  {
    name: 'mimit-prices', env: 'MIMIT_PRICES', title: 'Italian fuel prices at 8:00 (MIMIT, prezzo_alle_8.csv)',
    format: 'mimit-prices', dataset: 'places',
    urls: ['https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv'],
    intervalS: 86_400, maxBytes: 50 * MB, timeoutS: 300, offThread: true,
    products: ['fuel', 'fuel-cities'],
    licence: 'Ministero delle Imprese e del Made in Italy, IODL 2.0',
    byDefault: true,
  },
  {
    name: 'eu-oil-bulletin', env: 'EU_OIL_BULLETIN', title: 'EU Weekly Oil Bulletin: national average prices with and without taxes, EUR and national currencies (history workbook, XLSX)',
    format: 'eu-bulletin-xlsx', dataset: 'places',
    // "Price developments 2005 onwards" (about 4.4 MB): every week since 2005, so a missed week comes in with
    // the next; the weekly "prices with taxes" file (…/264c2d0f-f161-4ea3-a777-78faae59bea0_en) reads too, EUR only.
    urls: [`${EC_DOCUMENT}/906e60ca-8b6a-44e7-8589-652854d2fd3f_en?filename=Weekly_Oil_Bulletin_Prices_History_maticni_4web.xlsx`],
    intervalS: 604_800, maxBytes: 20 * MB, timeoutS: 120, offThread: true,
    products: ['fuel'],
    licence: 'European Commission, Weekly Oil Bulletin, CC BY 4.0',
    // Not polled by default until a recorded workbook confirms the layout the parser reads (its test fixture
    // is built from what public code reads of the file: docs/feeds.md).
    byDefault: false,
  },
  {
    name: 'ecb-rates', env: 'ECB_RATES', title: 'ECB euro foreign exchange reference rates (eurofxref-daily.xml)',
    format: 'ecb-rates', dataset: 'places',
    // Published on TARGET working days around 16:00 CET; eurofxref-hist-90d.xml (the last 90 days) reads the same.
    urls: ['https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'],
    intervalS: 86_400, maxBytes: 8 * MB, timeoutS: 30,
    products: ['fuel'],
    licence: 'European Central Bank, euro foreign exchange reference rates; re-use allowed with the ECB named as the source',
    byDefault: true,
  },
  {
    name: 'flixbus-gtfs', env: 'FLIXBUS_GTFS', title: 'FlixBus route network, its public GTFS (gtfs_generic_eu.zip): the carriers whose routes cross each checkpoint',
    format: 'gtfs', dataset: 'bus',
    // Stored as the network the service ships (source `flixbus-network`, derived from this same GTFS): a poll
    // replaces it whole, its credit (data/credits.ts) follows, and no route is listed twice.
    source: 'flixbus-network',
    // The zip FlixBus links as its open data (as public code downloading it reads it: docs/feeds.md): about
    // 32.5 MB (2026-08-04; 40 MB in 2023), of which shapes.txt inflates to some 220 MB and is never inflated
    // here. FlixBus states no schedule; Transitland has archived over 100 versions of it: asked daily.
    urls: ['https://gtfs.gis.flix.tech/gtfs_generic_eu.zip'],
    intervalS: 86_400, maxBytes: 128 * MB, timeoutS: 300, offThread: true,
    products: ['bus-carriers'],
    licence: 'FlixMobility Tech GmbH, ODbL 1.0',
    // On by default: GTFS is a published standard and the importer (data/importers/bus/gtfs.ts) reads only its
    // required files and fields (agency_name; stop_id, stop_lat, stop_lon; route_id; trip_id, route_id;
    // trip_id, stop_id, stop_sequence), as the public readers of this very zip do (stops.txt, trips.txt and
    // stop_times.txt at the archive's root, UTF-8 with a BOM allowed); a zip without them is refused whole.
    byDefault: true,
  },
]);

export const feedNamed = (name: string): FeedDefinition | undefined => FEEDS.find((f) => f.name === name);

/** A feed as configured: the catalog's, or the URLs and interval the operator set (api/config.ts). */
export interface FeedSetting {
  name: string;
  urls: readonly string[];
  intervalS: number;
  /** The time budget of one fetch (default: the catalog's); tests shorten it. */
  timeoutS?: number;
}
