/** `fuel`: national average prices (mode=country), or stations near a point (nearest) or a checkpoint (border). */
import { creditsOf } from '../../data/credits.js';
import { COUNTRY_ISO2, countryName } from '../../models/codes.js';
import { badRequest } from '../../models/errors.js';
import { FuelInput, FuelOutput } from '../../models/fuel.js';
import { pointOf } from '../../models/lon-alias.js';
import { checkpointOr404 } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';
import { countryFuel } from '../places/country-prices.js';
import { coverageNote } from '../places/coverage.js';
import { stationIndex } from '../places/indexes.js';
import { nextQuarterHourMs } from '../places/pois.js';
import { stationCountries, stationsNear } from '../places/stations.js';
import { fuelStaleness, newestPriceAge, notCurrentNote } from '../places/price-age.js';

export const fuel = defineOperation({
  name: 'fuel',
  slug: 'fuel',
  summary: 'Fuel prices: national averages, or stations near a point or a checkpoint',
  description: '`mode=country`: the latest national average of each grade (EU Weekly Oil Bulletin with taxes, national daily ' +
    'series, and the mean of held stations\' latest reports), each with its date, currency and source; without `country`, every ' +
    'country held. `mode=nearest` (`lat`, `lon`) and `mode=border` (`ppid`): stations within `radius_km`, nearest first, at most ' +
    '`limit`; `fuel_type` keeps only stations selling that grade, cheapest first. A grade or country not held gives an empty list ' +
    'and a `note`, never another grade or a made-up price. A parameter of another mode (`fuel_type`, `radius_km` or `limit` ' +
    'with `mode=country`; `ppid` or `country` with `mode=nearest`; `lat`, `lon` or `country` with `mode=border`) is not used: ' +
    'it is named in `meta.ignored_params`, and `meta.ignored_notes` says where it applies.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: FuelInput,
  output: FuelOutput,
  cacheTtlMs: 10 * 60_000,
  // Stations' `open_now` and prices' age step with the clock.
  cacheUntilMs: (_input, deps) => nextQuarterHourMs(deps),
  dataVersion: (input, deps) => `${deps.versions.dataset('places')}|${input.mode === 'border' ? deps.repos.directory.version : ''}`,
  errors: ['not_found'],
  // Border mode exercises the checkpoint lookup and the station index at once.
  selfCheck: (deps) => ({ mode: 'border', ppid: deps.repos.directory.all()[0]?.ppid ?? 'id_0' }),
  staleness: fuelStaleness,
  handler(input, deps) {
    const lang = input.lang.lang;
    if (input.mode === 'country') {
      if (input.country) {
        const answer = countryFuel(deps, input.country, lang);
        return { data: { mode: 'country' as const, ...answer }, credits: creditsOf(answer.sources.map((s) => s.replace(/ stations$/, ''))) };
      }
      const countries = deps.repos.places.countries().map((c) => countryFuel(deps, c, lang));
      return {
        data: { mode: 'country' as const, countries, count: countries.length,
          note: `Prices are held for these countries only (${countries.map((c) => c.country).join(', ') || 'none'}); any other country is not held.` },
        credits: creditsOf(countries.flatMap((c) => c.sources.map((s) => s.replace(/ stations$/, '')))),
      };
    }
    let anchor: { lat: number; lon: number; ppid?: string; name?: string };
    let sides: string[] = [];
    if (input.mode === 'border') {
      if (!input.ppid) throw badRequest("Parameter 'ppid' is required for mode=border.", 'missing_parameter');
      const checkpoint = checkpointOr404(deps, input.ppid);
      anchor = { lat: checkpoint.lat, lon: checkpoint.lon, ppid: checkpoint.ppid, name: deps.repos.directory.name(checkpoint.location_id, lang) };
      sides = [COUNTRY_ISO2[checkpoint.origin], COUNTRY_ISO2[checkpoint.destination]].filter((c): c is string => c !== undefined);
    } else {
      const point = pointOf(input);
      if (!point) throw badRequest("Parameters 'lat' and 'lon' are required for mode=nearest.", 'missing_parameter');
      anchor = point;
    }
    const grade = input.fuel_type ?? null;
    const found = stationsNear(deps, anchor.lat, anchor.lon, input.radius_km, input.limit, grade);
    let note: string | undefined;
    const held = stationCountries(deps);
    if (found.total === 0) {
      note = grade && stationIndex(deps).count(anchor.lat, anchor.lon, input.radius_km) > 0
        ? `No station within ${input.radius_km} km reports a price for ${grade} (stations that sell it without a price are not listed).`
        : `No station is held within ${input.radius_km} km. Stations are held in: ${held.map((c) => `${c} (${countryName(c, lang)})`).join(', ') || 'none'}; ` +
          'an operator loads a region with `bdds import osm-overpass` (docs/import-formats.md).';
    } else {
      // Stations found, but none can be of a country whose stations are not held (at a Ukrainian border post, only
      // the Polish side's): said so, never left to read as "no station on this side".
      const missing = sides.filter((c) => !held.includes(c));
      note = input.mode === 'border'
        ? (missing.length ? `No fuel stations are held for ${missing.join(', ')} (this crossing's side${missing.length > 1 ? 's' : ''}): those listed are across the border; stations are held for: ${held.join(', ')}.` : undefined)
        : coverageNote(held, anchor, found.total, 'fuel stations', input.radius_km);
    }
    // Stations listed without any price (OpenStreetMap's Polish stations: a list of stations, not of prices): said so,
    // so that an empty `prices` never reads as a price of zero or a station that sells nothing.
    const priceless = found.stations.filter((st) => Object.keys(st.prices).length === 0);
    if (priceless.length > 0) {
      const where = [...new Set(priceless.map((st) => st.country_code))].sort();
      note = [note, `${priceless.length} of the ${found.stations.length} stations listed report no price (their source lists stations, not prices): ` +
        `their \`prices\` is empty; the national figure: ${where.map((c) => `fuel?mode=country&country=${c}`).join(', ')}.`].filter(Boolean).join(' ');
    }
    // How old the newest price listed is (of the grade asked, else of any grade): station reports can be months old.
    const age = newestPriceAge(found.stations.flatMap((s) => (grade ? [s.prices[grade]?.updated_at ?? ''] : Object.values(s.prices).map((p) => p.updated_at))), deps.now());
    note = [note, notCurrentNote(age)].filter(Boolean).join(' ') || undefined;
    return {
      data: { mode: input.mode, anchor: { ...anchor, radius_km: input.radius_km }, fuel_type: grade, stations: found.stations, total_found: found.total,
        ...age, ...(note ? { note } : {}) },
      // The checkpoint's name comes from the directory (DPSU).
      credits: [...creditsOf(found.sources), ...(input.mode === 'border' ? ['dpsu' as const] : [])],
    };
  },
});
