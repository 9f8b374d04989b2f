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
  /** The URLs of one poll; their answers are imported together. */
  urls: readonly string[];
  intervalS: number;
  /** Headers the upstream requires beside the User-Agent. */
  headers?: Readonly<Record<string, string>>;
  /** The largest answer accepted, in bytes. */
  maxBytes: number;
  timeoutS: number;
  /** The products it supplies (their `/status` reads its state). */
  products: readonly string[];
  /** Whom the data is credited to, under which licence. */
  licence: string;
  /**
   * Polled by default in production (BDDS_FEEDS unset). The daily MIMIT files are not, yet: their import is
   * one transaction of 24,000 stations or 93,000 prices (measured here 0.9 and 2.3 s of parsing and writing
   * on the event loop, the store's write lock held 0.4 and 1.6 s: counted calls would be refused meanwhile);
   * BDDS_FEEDS=on or naming them polls them.
   */
  byDefault: boolean;
}

const MB = 1024 * 1024;

export const FEEDS: readonly FeedDefinition[] = Object.freeze([
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
    name: 'gddkia', env: 'GDDKIA', title: 'GDDKiA road impediments on Polish national roads (utrdane.xml)',
    format: 'gddkia', dataset: 'road',
    urls: ['https://www.gddkia.gov.pl/dane/zima_html/utrdane.xml'],
    intervalS: 900, maxBytes: 20 * MB, timeoutS: 60,
    products: ['road-conditions'],
    licence: 'Generalna Dyrekcja Dróg Krajowych i Autostrad, public information (re-use of public sector information)',
    byDefault: true,
  },
  {
    name: 'mimit-stations', env: 'MIMIT_STATIONS', title: 'Italian fuel stations (MIMIT, anagrafica_impianti_attivi.csv)',
    format: 'mimit-stations', dataset: 'places',
    urls: ['https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv'],
    intervalS: 86_400, maxBytes: 50 * MB, timeoutS: 300,
    products: ['fuel', 'fuel-cities', 'pois'],
    licence: 'Ministero delle Imprese e del Made in Italy, IODL 2.0',
    byDefault: false,
  },
  {
    name: 'mimit-prices', env: 'MIMIT_PRICES', title: 'Italian fuel prices at 8:00 (MIMIT, prezzo_alle_8.csv)',
    format: 'mimit-prices', dataset: 'places',
    urls: ['https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv'],
    intervalS: 86_400, maxBytes: 50 * MB, timeoutS: 300,
    products: ['fuel', 'fuel-cities'],
    licence: 'Ministero delle Imprese e del Made in Italy, IODL 2.0',
    byDefault: false,
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
