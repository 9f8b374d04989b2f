/**
 * Requests for one documented operation, as fast-check arbitraries: valid ones (every documented
 * parameter given a value from its documented domain) and invalid ones (a valid request with one to
 * three hostile changes: the values, keys and path items RELIABILITY.md "Bad input" lists).
 *
 * The document says which parameters exist, where they go, which are required and their JSON type; it
 * does not enumerate domains (a ppid is `type: string`), so the valid values come from the service
 * itself (the checkpoint directory it answers), from the model constants behind the descriptions, and
 * from the ranges the descriptions state. A parameter this file does not know gets values by its type.
 */
import fc from 'fast-check';
import { COUNTRY_ISO2 } from '../../../models/codes.js';
import { LANGUAGES } from '../../../models/languages.js';
import { FUEL_GRADES, POI_TYPES } from '../../../models/places.js';
import { QUEUE_SECTIONS } from '../../../models/queue.js';
import { CONDITION_TYPES, SEVERITIES } from '../../../models/road-reports.js';
import { encode, paramConstants, paramTypes, type DocOperation, type DocParam, type WireRequest } from './document.js';

/** A checkpoint from the service's own directory, the anchor of one valid request. */
export interface SampleCheckpoint {
  ppid: string;
  name: string;
  origin: number;
  destination: number;
  crossing_type: number;
  lat: number;
  lon: number;
}

/**
 * What valid requests are drawn from: the checkpoints, and whether to use the whole of each domain
 * (every language, fuel grade, a date anywhere in three years, a point anywhere) or a few values of
 * each, so that in `npm test` the answer cache absorbs repeats of the slower products.
 */
export interface Domain {
  sample: readonly SampleCheckpoint[];
  wide: boolean;
}

/**
 * `bad_request`: a 400; `unauthenticated`: 401, 403 or 429 (a bad credential); `refused`: either (a bad
 * credential and a bad path item: which is found first is not part of the contract).
 */
export type Expectation = 'documented' | 'bad_request' | 'unauthenticated' | 'refused';

export interface FuzzCase {
  kind: 'valid' | 'invalid';
  request: WireRequest;
  /** The Authorization header to send: the test key (`key`), none, or this exact text. */
  auth: { kind: 'key' } | { kind: 'none' } | { kind: 'raw'; value: string };
  /** What the mutations make certain (beyond "a documented status"), worked out from the final request. */
  expect: Expectation;
  /** The mutations applied, for failure messages. */
  mutations: string[];
}

// ---------------------------------------------------------------------------------------------------
// Hostile material (RELIABILITY.md, "Bad input"), written as it travels on the wire.

const LONG = 'a'.repeat(5000);
/** Hostile values as they appear in a query string or path (percent-encoded or deliberately not). */
export const HOSTILE_WIRE: readonly string[] = [
  // empty, numbers in forms the parsers must refuse, padding
  '', 'NaN', 'nan', 'Infinity', '-Infinity', '%2BInfinity', '1e400', '-1e400', '1e3', '1E2', '0x10', '0X1F', '0b1', '0o7', '-0', '-0.0',
  '%201%20', '+1+', '%091', '1%0A', '+1', '%2B1', '1.', '.5', '1_000', '1%2C5', '%EF%BC%91' /* fullwidth 1 */, '%D9%A1%D9%A2' /* Arabic-Indic 12 */,
  '99999999999999999999', '9'.repeat(400), '0.0000000000000001', '-200', '200000', '4.9e-324', 'null', 'undefined', 'true', '[]', '{}',
  // malformed escapes
  '%', '%%', '%2', '%zz', '%G0', '%E0%A4%A', '%C0%AF', '%FF', '%F4%90%80%80', 'id_1%',
  // lone surrogates (CESU-8, as a client with a broken encoder sends them)
  '%ED%A0%80', '%ED%B0%80', 'id_11%ED%A0%804', '%ED%A0%BD%ED%B8%80',
  // bidi overrides, zero-width joiners and other invisibles
  '%E2%80%AE', '%E2%80%AEid_114', 'id_1%E2%80%AE14', '%E2%81%A6PL%E2%81%A9', '%E2%80%8D', 'id_1%E2%80%8D14', 'P%E2%80%8DL',
  '%E2%80%8B', '%EF%BB%BFid_114', '%E2%80%8F', '%00', 'id_114%00', '%0D%0A', '%1B%5B31m', '%EF%BF%BD', '%C2%A0',
  // prototype names as values
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  // overlong
  LONG, `id_${'1'.repeat(300)}`, Array.from({ length: 300 }, (_, i) => `id_${i}`).join(','), ','.repeat(500),
  // near misses and injections
  'id_', 'id_-1', 'ID_114', 'id_1.5', 'id_1e3', 'all', 'ALL', ',', ',,,', '%2C%2C', 'x%2Cy', 'XX', 'ZZ', 'AA', 'Q', 'PLN',
  '2026-02-30', '2026-13-01', '9999-99-99', '0000-00-00', '2026-1-1', '%27%3B%20DROP%20TABLE%20keys%3B--', '%22%3E%3Cscript%3E',
  '..%2F..%2Fetc%2Fpasswd', '%24%7Bx%7D', '%F0%9F%98%80', '%D0%A0%D0%B0%D0%B2%D0%B0', 'a%26b%3Dc', '%3D', '%26',
];

/** Keys a client should never be able to use to reach an object's prototype. */
export const PROTO_KEYS: readonly string[] = [
  '__proto__', 'constructor', 'prototype', '__proto__%5Bpolluted%5D', '__proto__[polluted]', '__proto__.polluted',
  'constructor[prototype][polluted]', 'constructor.prototype.polluted', '__proto__%2Epolluted', 'hasOwnProperty', 'toString',
  'valueOf', '__defineGetter__', '__lookupGetter__', 'isPrototypeOf',
];

/** Hostile parameter names (besides the prototype ones). */
const HOSTILE_KEYS: readonly string[] = [
  '', '%', '%zz', '%E2%80%AE', '%E2%80%AEppid', 'pp%E2%80%8Did', '%ED%A0%80', '%00', 'a'.repeat(1000), 'PPID', 'ppid%20', '%20ppid',
  'ppid[]', 'ppid[0]', 'p%70id', 'l%61ng', 'lim%69t', 'x', '%F0%9F%98%80', '%3D', '%26',
];

/** One character a careless parser trips on: any code point, lone surrogate halves, invisibles, delimiters. */
const hostileChar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('\u202E', '\u202D', '\u2066', '\u2069', '\u200D', '\u200B', '\u200F', '\uFEFF', '\u0000', '\u001F',
      '\u0085', '\uFFFD', ' ', '\t', '%', '&', '=', '+', ',', '/', '?', '#', '.', '-', '0', '1', '9', 'e', 'x', 'E'),
  },
);
/** A generated hostile value: random characters (any code point, lone surrogates, invisibles), percent-encoded. */
const generatedHostile = fc.string({ unit: hostileChar, maxLength: 24 }).map(encode);

export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_WIRE) },
  { weight: 1, arbitrary: generatedHostile },
);

// ---------------------------------------------------------------------------------------------------
// Valid values, per documented parameter.

const iso = (n: number) => COUNTRY_ISO2[n]!;
const COUNTRY_NUMBERS = Object.keys(COUNTRY_ISO2).map(Number);
/**
 * A few languages and tags (supported ones in Latin, Cyrillic and Greek script, regional tags, an
 * unsupported tag that falls back to English): few, so that the answer cache absorbs repeats.
 */
const LANG_TAGS = ['pl-PL', 'sr-Latn-RS', 'zz'];
const LANG_VALUES = [...(['en', 'uk', 'pl', 'el'] as const).filter((l) => LANGUAGES.includes(l)), ...LANG_TAGS];
const LANG_VALUES_WIDE = [...LANGUAGES, ...LANG_TAGS, 'EN', 'de-AT', 'uk-UA', 'tlh'];
const FUEL_VALUES = FUEL_GRADES.filter((g) => ['diesel', 'e5', 'lpg', 'adblue', 'hydrogen'].includes(g));
const CITIES = ['Lviv', 'Przemy%C5%9Bl', 'Krak%C3%B3w', 'Warszawa', 'Chernivtsi', 'Uzhhorod', 'Ko%C5%A1ice', 'Debrecen', 'Suceava',
  'Brest', 'Vilnius', 'Riga', 'Gent', 'Milano', '%D0%9B%D1%8C%D0%B2%D1%96%D0%B2', 'Atlantis'];
const SEARCH_EXTRA = ['Shehyni', '%D0%A8%D0%B5%D0%B3%D0%B8%D0%BD%D1%96', 'Szeginie', 'Hrushiv', 'Jagodzin', 'Atlantis', 'rava'];
/** Around the test clock (2026-11-22), with the DST days of 2026 (23 and 25 local hours) and a leap day. */
const DATES = ['2026-11-21', '2026-11-20', '2026-11-15', '2026-11-01', '2026-10-25', '2026-03-29', '2026-11-22', '2026-12-24', '2026-12-31',
  '2027-01-01', '2025-11-21', '2024-02-29'];
/** Points far from every checkpoint (the equator and meridian, the poles and the antimeridian). */
const FAR_POINTS: readonly [number, number][] = [[0, 0], [90, 180], [-90, -180]];

/** `[min, max]` a description states (`1-10`, `1 to 90`, `at most 200`), if any. */
export function describedRange(description: string | undefined): [number, number] | null {
  if (!description) return null;
  const between = /(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)/.exec(description);
  if (between) return [Number(between[1]), Number(between[2])];
  const atMost = /at most (\d+(?:\.\d+)?)/.exec(description);
  return atMost ? [1, Number(atMost[1])] : null;
}

const between = (range: [number, number], whole: boolean): fc.Arbitrary<string> => {
  const [min, max] = range;
  const picks = [min, max, (min + max) / 2, min + 1, Math.min(max, 5), Math.min(max, 25)].filter((v) => v >= min && v <= max);
  return whole ? fc.constantFrom(...picks.map((v) => String(Math.round(v)))) : fc.constantFrom(...picks.map((v) => String(Number(v.toFixed(2)))));
};

const jitter = fc.constantFrom(0, 0.01, -0.02, 0.05, -0.1, 0.3);
const near = (v: number, bound: number) => jitter.map((d) => String(Number(Math.max(-bound, Math.min(bound, v + d)).toFixed(4))));
/** Any coordinate within ±bound, with up to 6 decimals. */
const anywhere = (bound: number) => fc.integer({ min: -bound * 1e6, max: bound * 1e6 }).map((n) => String(n / 1e6));
/** Any day of 2025-2027. */
const anyDate = fc.integer({ min: Date.UTC(2025, 0, 1) / 86_400_000, max: Date.UTC(2027, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const countryWire = (n: number) => fc.constantFrom(String(n), iso(n), iso(n).toLowerCase());
const commaJoin = (items: fc.Arbitrary<string[]>) => fc.tuple(items, fc.constantFrom(',', '%2C', ', ')).map(([list, sep]) => list.join(sep === ', ' ? ',%20' : sep));

/** Valid wire values for a parameter, given the checkpoint the request is about and its siblings. */
function validValue(op: DocOperation, param: DocParam, c: SampleCheckpoint, { sample, wide }: Domain): fc.Arbitrary<string> {
  const types = paramTypes(param.schema);
  const numeric = types.includes('number') || types.includes('integer');
  const constants = paramConstants(param.schema);
  const range = describedRange(param.description);
  const withConstants = (arb: fc.Arbitrary<string>) => (constants.length ? fc.oneof(arb, fc.constantFrom(...constants)) : arb);
  const anyCountry = fc.constantFrom(...COUNTRY_NUMBERS).chain(countryWire);
  switch (param.name) {
    case 'ppid':
      return /\ball\b/.test(param.description ?? '') ? fc.oneof({ weight: 5, arbitrary: fc.constant(c.ppid) }, { weight: 1, arbitrary: fc.constant('all') }) : fc.constant(c.ppid);
    case 'ppids':
      return commaJoin(fc.subarray(sample.map((s) => s.ppid), { minLength: 1, maxLength: 4 }).map((list) => [c.ppid, ...list]));
    case 'include':
      return commaJoin(fc.subarray(['queue', 'update-info'], { minLength: 1 }));
    case 'lang':
      return fc.constantFrom(...(wide ? LANG_VALUES_WIDE : LANG_VALUES));
    case 'name':
      return commaJoin(fc.array(fc.oneof(fc.constant(encode(c.name)), fc.constantFrom(...SEARCH_EXTRA), fc.constant(encode(c.name.slice(0, 5)))), { minLength: 1, maxLength: 3 }));
    case 'section':
      return fc.constantFrom(...QUEUE_SECTIONS);
    case 'origin':
      return countryWire(c.origin);
    case 'destination':
      // queue: must match the checkpoint; border: a country, a list, or all (the document's constant)
      return param.in === 'path'
        // (`all` from the schema's constants where it lists them, else as the description states it)
        ? fc.oneof(countryWire(c.destination), fc.constantFrom(...(constants.length ? constants : ['all'])), fc.constant(`${c.destination},${iso(c.origin === 2 ? 1 : 2)}`))
        : countryWire(c.destination);
    case 'crossing_type':
      return fc.oneof({ weight: 3, arbitrary: fc.constant(String(c.crossing_type)) }, { weight: 1, arbitrary: fc.integer({ min: 4, max: 9 }).map(String) });
    case 'type':
      return numeric ? fc.constantFrom('4', '4', '9', '6', '8', '5', '7') : fc.constantFrom(...POI_TYPES);
    case 'dest':
      return withConstants(fc.integer({ min: 1, max: 6 }).chain(countryWire));
    case 'origin_country':
      return countryWire(c.origin);
    case 'country':
      // truck-bans and trading-sundays take a comma list; the others one country (either form)
      return numeric ? fc.oneof(countryWire(c.origin), countryWire(c.destination), anyCountry)
        : commaJoin(fc.array(anyCountry, { minLength: 1, maxLength: 3 }));
    case 'date':
      return wide ? fc.oneof(fc.constantFrom(...DATES), anyDate) : fc.constantFrom(...DATES);
    case 'compare':
      return fc.constantFrom('1', '0', 'true', 'false');
    case 'prediction_steps':
      return fc.constantFrom('24', '168');
    case 'mode':
      return fc.constantFrom('country', 'nearest', 'border');
    case 'fuel_type':
      return fc.constantFrom(...(wide ? FUEL_GRADES : FUEL_VALUES));
    case 'condition_type':
      return fc.constantFrom(...CONDITION_TYPES);
    case 'severity':
      return fc.constantFrom(...SEVERITIES);
    case 'city':
      return fc.constantFrom(...CITIES);
    case 'lat':
    case 'origin_lat':
      return wide ? fc.oneof({ weight: 4, arbitrary: near(c.lat, 90) }, { weight: 1, arbitrary: anywhere(90) }) : near(c.lat, 90);
    case 'lon':
    case 'lng':
    case 'origin_lon':
      return wide ? fc.oneof({ weight: 4, arbitrary: near(c.lon, 180) }, { weight: 1, arbitrary: anywhere(180) }) : near(c.lon, 180);
    case 'radius':
    case 'radius_km':
      return between(range ?? [0.1, 50], false);
    case 'days':
    case 'limit':
      return between(range ?? [1, 20], true);
    case 'min_crossings':
      return fc.constantFrom('1', '2', '3', '10');
    default:
      // A parameter this file does not know yet: values by its documented type.
      if (constants.length) return fc.constantFrom(...constants);
      if (types.includes('boolean')) return fc.constantFrom('1', '0');
      if (numeric) return between(range ?? [1, 10], true);
      return fc.stringMatching(/^[a-z]{1,8}$/);
  }
}

/**
 * Which parameters go together, so that most valid requests are answerable: a coordinate comes with its
 * partner (one of `lon`/`lng`), `restaurants` takes a city or a point, `fuel`'s mode brings what it needs.
 */
function cohere(op: DocOperation, chosen: Map<string, string>, all: Map<string, string>): void {
  const has = (n: string) => op.params.some((p) => p.name === n);
  const take = (n: string) => {
    if (has(n) && !chosen.has(n)) chosen.set(n, all.get(n)!);
  };
  const lonName = has('lon') ? 'lon' : has('lng') ? 'lng' : null;
  if (chosen.has('lon') && chosen.has('lng')) chosen.delete('lng');
  if (op.slug === 'restaurants' && chosen.has('city')) for (const n of ['lat', 'lon', 'lng']) chosen.delete(n);
  if (op.slug === 'restaurants' && !chosen.has('city')) take('lat');
  if (op.slug === 'fuel') {
    const mode = chosen.get('mode') ?? 'country';
    const point = ['lat', 'lon', 'lng', 'radius_km', 'limit'];
    if (mode === 'nearest') {
      take('lat');
      chosen.delete('ppid');
    } else if (mode === 'border') {
      take('ppid');
      for (const n of ['lat', 'lon', 'lng']) chosen.delete(n);
    } else for (const n of [...point, 'ppid']) chosen.delete(n);
  }
  if (lonName && chosen.has('lat') && !chosen.has('lon') && !chosen.has('lng')) take(lonName);
  if (lonName && (chosen.has('lon') || chosen.has('lng'))) take('lat');
}

const DOC_PATH_ORDER = (op: DocOperation) => op.params.filter((p) => p.in === 'path');

/** A valid request: required parameters always, optional ones half the time, in a random order. */
export function validRequest(op: DocOperation, domain: Domain): fc.Arbitrary<WireRequest> {
  // now and then a point far from every checkpoint (the request's coordinates only; its ppid stays real)
  const far = fc.oneof({ weight: 11, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...FAR_POINTS) });
  const anchor = fc.tuple(fc.constantFrom(...domain.sample), far)
    .map(([c, far]) => (far ? { ...c, lat: far[0], lon: far[1] } : c));
  return anchor.chain((c) => {
    const values = fc.tuple(...op.params.map((p) => fc.tuple(p.required ? fc.constant(true) : fc.boolean(), validValue(op, p, c, domain))));
    return fc.tuple(values, fc.array(fc.double({ noNaN: true }), { minLength: op.params.length, maxLength: op.params.length }))
      .map(([chosenValues, order]) => {
        const all = new Map<string, string>();
        const chosen = new Map<string, string>();
        op.params.forEach((p, i) => {
          const [include, value] = chosenValues[i]!;
          all.set(p.name, value);
          if (include) chosen.set(p.name, value);
        });
        cohere(op, chosen, all);
        const path: Record<string, string> = {};
        for (const p of DOC_PATH_ORDER(op)) path[p.name] = chosen.get(p.name)!;
        const query = op.params
          .map((p, i) => ({ p, key: order[i]! }))
          .filter(({ p }) => p.in === 'query' && chosen.has(p.name))
          .sort((a, b) => a.key - b.key)
          .map(({ p }): [string, string | null] => [p.name, chosen.get(p.name)!]);
        return { path, query };
      });
  });
}

export function validCase(op: DocOperation, domain: Domain): fc.Arbitrary<FuzzCase> {
  return validRequest(op, domain).map((request) => ({
    kind: 'valid' as const, request, auth: op.keyed ? { kind: 'key' as const } : { kind: 'none' as const }, expect: 'documented' as const, mutations: [],
  }));
}

// ---------------------------------------------------------------------------------------------------
// Mutations.

type Mutable = { request: WireRequest; auth: FuzzCase['auth']; mutations: string[] };
type Mutation = (state: Mutable, pick: (n: number) => number, hostile: string, hostileKey: string) => void;

/** Text after the last path item that leaves the path matching no route (a 400 `malformed_path`). */
const NO_ROUTE_SUFFIXES = ['/x', '/%00', '/%2F', `/${LONG.slice(0, 300)}`, '/%E2%80%AE', '/4/4', '/%ED%A0%80'];
/** Text that may or may not (a client resolves dot segments; one trailing slash is ignored). */
const OTHER_SUFFIXES = ['//', '/..', '/.', '/', '/%2E'];

const cloneRequest = (r: WireRequest): WireRequest => ({ path: { ...r.path }, query: r.query.map(([k, v]) => [k, v]), ...(r.suffix ? { suffix: r.suffix } : {}) });

function mutations(op: DocOperation): { name: string; weight: number; apply: Mutation }[] {
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathParams = op.params.filter((p) => p.in === 'path');
  const list: { name: string; weight: number; apply: Mutation }[] = [
    {
      name: 'hostile value', weight: 8,
      apply: (s, pick, hostile) => {
        // a documented parameter (given or not), or one of the pairs already there
        const names = [...new Set([...queryParams.map((p) => p.name), ...s.request.query.map(([k]) => k)])];
        if (names.length === 0) {
          s.request.query.push(['x', hostile]);
          s.mutations.push(`x=${short(hostile)}`);
          return;
        }
        const name = names[pick(names.length)]!;
        const at = s.request.query.findIndex(([k]) => k === name);
        if (at >= 0) s.request.query[at] = [name, hostile];
        else s.request.query.splice(pick(s.request.query.length + 1), 0, [name, hostile]);
        s.mutations.push(`${name}=${short(hostile)}`);
      },
    },
    {
      name: 'repeated key', weight: 3,
      apply: (s, pick, hostile) => {
        if (s.request.query.length === 0) s.request.query.push([queryParams[0]?.name ?? 'x', '1']);
        const [key, value] = s.request.query[pick(s.request.query.length)]!;
        const again = pick(2) === 0 ? value : hostile;
        s.request.query.splice(pick(s.request.query.length + 1), 0, [key, again]);
        s.mutations.push(`repeat ${short(key)}`);
      },
    },
    {
      name: 'prototype key', weight: 3,
      apply: (s, pick, hostile) => {
        const key = PROTO_KEYS[pick(PROTO_KEYS.length)]!;
        const value = pick(3) === 0 ? hostile : pick(2) === 0 ? 'polluted' : (s.request.query[0]?.[1] ?? '1');
        s.request.query.splice(pick(s.request.query.length + 1), 0, [key, value]);
        s.mutations.push(`${key}=${short(value ?? '')}`);
      },
    },
    {
      name: 'hostile key', weight: 2,
      apply: (s, pick, hostile, hostileKey) => {
        const key = pick(2) === 0 ? HOSTILE_KEYS[pick(HOSTILE_KEYS.length)]! : hostileKey;
        s.request.query.splice(pick(s.request.query.length + 1), 0, [key, pick(2) === 0 ? '1' : hostile]);
        s.mutations.push(`key ${short(key)}`);
      },
    },
    {
      name: 'empty value', weight: 2,
      apply: (s, pick) => {
        const names = queryParams.map((p) => p.name);
        if (names.length === 0) return;
        const name = names[pick(names.length)]!;
        const bare = pick(2) === 0;
        s.request.query = s.request.query.filter(([k]) => k !== name);
        s.request.query.splice(pick(s.request.query.length + 1), 0, [name, bare ? null : '']);
        s.mutations.push(bare ? `bare ${name}` : `${name}=`);
      },
    },
    {
      name: 'drop a parameter', weight: 1,
      apply: (s, pick) => {
        if (s.request.query.length === 0) return;
        const [key] = s.request.query.splice(pick(s.request.query.length), 1)[0]!;
        s.mutations.push(`drop ${key}`);
      },
    },
    {
      name: 'many parameters', weight: 1,
      apply: (s, pick) => {
        const n = 50 + pick(250);
        for (let i = 0; i < n; i++) s.request.query.push([`p${i}`, String(i)]);
        s.mutations.push(`${n} unknown parameters`);
      },
    },
    {
      name: 'malformed query text', weight: 1,
      apply: (s, pick) => {
        const junk = ['&&&', '=', '==', '&=&', 'ppid==id_1', '%26%3D', '?', ';', '%', '&ppid'][pick(10)]!;
        s.request.query.splice(pick(s.request.query.length + 1), 0, [junk, null]);
        s.mutations.push(`junk ${junk}`);
      },
    },
  ];
  if (pathParams.length > 0) {
    list.push(
      {
        name: 'hostile path item', weight: 8,
        apply: (s, pick, hostile) => {
          const name = pathParams[pick(pathParams.length)]!.name;
          // a path item cannot hold a raw `/`, `?` or `#`: those are written encoded
          s.request.path[name] = hostile.replace(/\//g, '%2F').replace(/\?/g, '%3F').replace(/#/g, '%23');
          s.mutations.push(`path ${name}=${short(s.request.path[name]!)}`);
        },
      },
      {
        name: 'path parameter in the query', weight: 2,
        apply: (s, pick, hostile) => {
          const name = pathParams[pick(pathParams.length)]!.name;
          const value = pick(2) === 0 ? (s.request.path[name] ?? '1') : hostile;
          s.request.query.splice(pick(s.request.query.length + 1), 0, [name, value]);
          s.mutations.push(`query ${name}=${short(value)}`);
        },
      },
      {
        name: 'missing path item', weight: 2,
        apply: (s, pick) => {
          const name = pathParams[pick(pathParams.length)]!.name;
          delete s.request.path[name];
          s.mutations.push(`path without ${name}`);
        },
      },
      {
        name: 'extra path', weight: 2,
        apply: (s, pick) => {
          s.request.suffix = [...NO_ROUTE_SUFFIXES, ...OTHER_SUFFIXES][pick(NO_ROUTE_SUFFIXES.length + OTHER_SUFFIXES.length)]!;
          s.mutations.push(`suffix ${short(s.request.suffix)}`);
        },
      },
    );
  }
  if (op.keyed) {
    list.push({
      name: 'bad credential', weight: 1,
      apply: (s, pick) => {
        const choices: FuzzCase['auth'][] = [
          { kind: 'none' }, { kind: 'raw', value: '' }, { kind: 'raw', value: 'Bearer' }, { kind: 'raw', value: 'Bearer ' },
          { kind: 'raw', value: 'Basic dXNlcjpwYXNz' }, { kind: 'raw', value: `Bearer bdds_${'A'.repeat(40)}` },
          { kind: 'raw', value: `Bearer ${'x'.repeat(3000)}` }, { kind: 'raw', value: 'Bearer __proto__' }, { kind: 'raw', value: 'Bearer bdds_%00' },
        ];
        s.auth = choices[pick(choices.length)]!;
        s.mutations.push(`auth ${s.auth.kind === 'raw' ? short(s.auth.value) : 'none'}`);
      },
    });
  }
  return list;
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...(${text.length})` : text;
}

/** A valid request with one to three hostile changes; `expect` says what the result makes certain. */
export function invalidCase(op: DocOperation, domain: Domain): fc.Arbitrary<FuzzCase> {
  const all = mutations(op);
  const step = fc.tuple(
    fc.constantFrom(...all.flatMap((m) => Array.from({ length: m.weight }, () => m))),
    fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    hostileValue,
    fc.oneof(fc.constantFrom(...HOSTILE_KEYS), generatedHostile),
  );
  return fc.tuple(validRequest(op, domain), fc.array(step, { minLength: 1, maxLength: 3 })).map(([request, steps]) => {
    const state: Mutable = { request: cloneRequest(request), auth: op.keyed ? { kind: 'key' } : { kind: 'none' }, mutations: [] };
    for (const [mutation, randoms, hostile, hostileKey] of steps) {
      let i = 0;
      mutation.apply(state, (n) => (n <= 0 ? 0 : randoms[i++ % randoms.length]! % n), hostile, hostileKey);
    }
    return { kind: 'invalid' as const, request: state.request, auth: state.auth, expect: expectationOf(op, state), mutations: state.mutations };
  });
}

// ---------------------------------------------------------------------------------------------------
// The sweep: every value RELIABILITY.md lists, in every documented parameter (path ones too).

/** One value of each kind RELIABILITY.md lists, on the wire. */
export const LISTED_HOSTILE: readonly string[] = [
  '', 'NaN', 'Infinity', '1e400', '0x10', '-0', '%201%20', LONG, '%', '%zz', '%E2%80%AE', '%E2%80%8D', '%ED%A0%80', '__proto__', 'constructor',
];

/**
 * Deterministic cases on top of the random ones: on a valid request, each listed value in each parameter
 * in turn (given when it was absent), each parameter given twice and as a bare name, and the prototype
 * keys (the random cases put the other values under them).
 */
export function sweepCases(op: DocOperation, base: WireRequest): FuzzCase[] {
  const auth: FuzzCase['auth'] = op.keyed ? { kind: 'key' } : { kind: 'none' };
  const cases: FuzzCase[] = [];
  const add = (request: WireRequest, mutation: string) => {
    const state: Mutable = { request, auth, mutations: [mutation] };
    cases.push({ kind: 'invalid', request, auth, expect: expectationOf(op, state), mutations: [mutation] });
  };
  for (const p of op.params) {
    for (const value of LISTED_HOSTILE) {
      const request = cloneRequest(base);
      if (p.in === 'path') request.path[p.name] = value;
      else {
        request.query = request.query.filter(([k]) => k !== p.name);
        request.query.push([p.name, value]);
      }
      add(request, `${p.in} ${p.name}=${short(value)}`);
    }
    if (p.in === 'query') {
      const given = base.query.find(([k]) => k === p.name)?.[1] ?? '1';
      const twice = cloneRequest(base);
      twice.query.push([p.name, given]);
      add(twice, `repeat ${p.name}`);
      const bare = cloneRequest(base);
      bare.query = [...bare.query.filter(([k]) => k !== p.name), [p.name, null]];
      add(bare, `bare ${p.name}`);
    }
  }
  for (const key of ['__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype][polluted]']) {
    for (const value of ['polluted', '', '__proto__']) {
      const request = cloneRequest(base);
      request.query.unshift([key, value]);
      add(request, `${key}=${short(value)}`);
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// What a mutated request must get, worked out from the request alone (the documented contract).

const NUMBER_LIKE = /^-?\d+(\.\d+)?$/;
const ALPHA2 = /^[A-Za-z]{2}$/;
const FLAGS = new Set(['1', '0', 'true', 'false']);

/**
 * A value a number- or boolean-typed parameter can never take (so the call is a 400): not decimal digits,
 * not an ISO-2 code (country parameters take those too), not one of the document's constants (`all`).
 */
export function neverValid(param: DocParam, value: string): boolean {
  const types = paramTypes(param.schema);
  if (paramConstants(param.schema).includes(value)) return false;
  if (types.includes('string')) return false;
  if (types.includes('boolean')) return !FLAGS.has(value);
  if (types.includes('number') || types.includes('integer')) return !NUMBER_LIKE.test(value) && !ALPHA2.test(value);
  return false;
}

function expectationOf(op: DocOperation, s: Mutable): Expectation {
  const badCredential = s.auth.kind !== 'key' && op.keyed;
  // Path problems: some are found by the router, before the credential is looked at, others after it.
  for (const p of op.params) {
    if (p.in !== 'path') continue;
    const raw = s.request.path[p.name];
    if (raw === undefined || (s.request.suffix !== undefined && NO_ROUTE_SUFFIXES.includes(s.request.suffix))) return 'bad_request';
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return 'bad_request';
    }
    if (value.length > 200) return 'bad_request'; // the router's limit on a path item (app.ts maxParamLength)
    if (value === '' || value !== value.trim() || neverValid(p, value)) return badCredential ? 'refused' : 'bad_request';
  }
  // a path the router may or may not match: refused either way when the credential is bad
  if (badCredential) return s.request.suffix !== undefined && op.params.some((p) => p.in === 'path') ? 'refused' : 'unauthenticated';
  // The query as the server reads it (its parser is URLSearchParams), not as the pairs were built.
  const text = s.request.query.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');
  const keys = [...new URLSearchParams(text)];
  const seen = new Set<string>();
  for (const [k] of keys) {
    // given twice, or given in the query as well as in the path
    if (seen.has(k) || op.params.some((p) => p.in === 'path' && p.name === k)) return 'bad_request';
    seen.add(k);
  }
  for (const p of op.params) {
    if (p.in === 'path') continue;
    const given = keys.find(([k]) => k === p.name);
    if (!given) {
      if (p.required) return 'bad_request';
      continue;
    }
    if (neverValid(p, given[1])) return 'bad_request';
  }
  return 'documented';
}
