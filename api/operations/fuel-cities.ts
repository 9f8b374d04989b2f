/** `fuel-cities`: per major city of a country, the cheapest station of a grade and the mean of the five cheapest. */
import { creditsOf } from '../../data/credits.js';
import { majorCities } from '../../data/geo/gazetteer.js';
import { countryName } from '../../models/codes.js';
import { FuelCitiesInput, FuelCitiesOutput } from '../../models/fuel.js';
import { defineOperation } from '../operation.js';
import { stationIndex } from '../places/indexes.js';
import { priceOf, stationOut, stationCountries } from '../places/stations.js';

/** Cities of at least this many inhabitants (GeoNames) count as major. */
export const MAJOR_CITY_POPULATION = 50_000;
/** A city's stations are those within this distance of its centre. */
export const CITY_RADIUS_KM = 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

export const fuelCities = defineOperation({
  name: 'fuelCities',
  slug: 'fuel-cities',
  summary: 'Per major city: the cheapest station of a fuel grade and the mean of the five cheapest',
  description: `Major cities are the country's cities of at least ${MAJOR_CITY_POPULATION.toLocaleString('en')} inhabitants (GeoNames); a ` +
    `city's stations are the held stations within ${CITY_RADIUS_KM} km of its centre that report the grade; cities without one are ` +
    'left out. Only countries whose stations are held answer (`note` otherwise); `available_fuel_types` lists the grades held there.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['geonames'],
  input: FuelCitiesInput,
  output: FuelCitiesOutput,
  cacheTtlMs: 10 * 60_000,
  dataVersion: (_input, deps) => deps.versions.dataset('places'),
  selfCheck: () => ({ country: 'IT' }),
  handler(input, deps) {
    const { country, fuel_type: grade } = input;
    const name = countryName(country, input.lang.lang);
    const inCountry = deps.repos.places.stations().filter((s) => s.country === country);
    const available = [...new Set(inCountry.flatMap((s) => s.prices.map((p) => p.grade)))].sort();
    const index = stationIndex(deps);
    const cities = [];
    const sources = new Set<string>();
    for (const city of inCountry.length ? majorCities(country, MAJOR_CITY_POPULATION) : []) {
      const near = index.near(city.lat, city.lon, CITY_RADIUS_KM, Infinity, (s) => s.country === country)
        .flatMap((f) => {
          const p = priceOf(f.point, grade);
          return p ? [{ ...f, price: p.price }] : [];
        })
        .sort((a, b) => a.price - b.price || a.distanceKm - b.distanceKm);
      if (near.length === 0) continue;
      const top = near.slice(0, 5);
      top.forEach((f) => sources.add(f.point.source));
      const stations = top.map((f) => stationOut(f.point, f.distanceKm));
      cities.push({
        city_name: city.name, lat: city.lat, lon: city.lon,
        cheapest: { price: stations[0]!.prices[grade]!.price, station: stations[0]! },
        avg_price: round3(top.reduce((sum, f) => sum + f.price, 0) / top.length),
        stations,
      });
    }
    const note = inCountry.length === 0
      ? `No stations are held for ${name} (${country}); stations are held in: ${stationCountries(deps).join(', ') || 'none'}.`
      : !available.includes(grade) ? `No station of ${name} reports a ${grade} price; held grades: ${available.join(', ')}.`
        : cities.length === 0 ? `No held station is within ${CITY_RADIUS_KM} km of a city of ${MAJOR_CITY_POPULATION.toLocaleString('en')} or more.` : undefined;
    return {
      data: {
        country, country_name: name, fuel_type: grade, available_fuel_types: available,
        currency: inCountry.flatMap((s) => s.prices).find((p) => p.grade === grade)?.currency ?? null,
        cities, count: cities.length, ...(note ? { note } : {}),
      },
      credits: creditsOf(sources),
    };
  },
});
