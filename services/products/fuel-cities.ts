/** `fuel-cities`: per major city of a country, the cheapest station of a grade and the mean of the five cheapest. */
import { creditsOf } from '../../data/credits.js';
import { countryName } from '../../models/codes.js';
import { CURRENT_PRICE_MAX_AGE_DAYS, FuelCitiesInput, FuelCitiesOutput } from '../../models/fuel.js';
import { defineOperation } from '../operation.js';
import { CITY_RADIUS_KM, cityPrices, MAJOR_CITY_POPULATION } from '../places/city-prices.js';
import { nextQuarterHourMs } from '../places/pois.js';
import { fuelStaleness, newestPriceAge, notCurrentNote } from '../places/price-age.js';
import { atTime, pricedCountries, stationCountries, stationsByCountry } from '../places/stations.js';

export const fuelCities = defineOperation({
  name: 'fuelCities',
  slug: 'fuel-cities',
  summary: 'Per major city: the cheapest station of a fuel grade and the mean of the five cheapest',
  description: `Major cities are the country's cities of at least ${MAJOR_CITY_POPULATION.toLocaleString('en')} inhabitants (GeoNames), named ` +
    'in `lang` where GeoNames\' names tell it (Cyrillic and Greek; Latin-script languages get GeoNames\' own name); a ' +
    `city's stations are the held stations within ${CITY_RADIUS_KM} km of its centre that report the grade; cities without one are ` +
    'left out. Only countries whose stations are held answer (`note` otherwise); `available_fuel_types` lists the grades held there. ' +
    `\`updated\` is the day of the newest price listed, \`age_days\` its age, and \`current\` false (with a \`note\`) when older than ${CURRENT_PRICE_MAX_AGE_DAYS} days.`,
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['geonames'],
  input: FuelCitiesInput,
  output: FuelCitiesOutput,
  cacheTtlMs: 10 * 60_000,
  cacheUntilMs: (_input, deps) => nextQuarterHourMs(deps),
  dataVersion: (_input, deps) => deps.versions.dataset('places'),
  selfCheck: () => ({ country: 'IT' }),
  staleness: fuelStaleness,
  handler(input, deps) {
    const { country, fuel_type: grade } = input;
    const name = countryName(country, input.lang.lang);
    const held = stationsByCountry(deps).get(country);
    const inCountry = held?.stations ?? [];
    const available = held?.grades ?? [];
    const { cities, sources } = cityPrices(deps, country, grade, input.lang.lang);
    // The cities' stations are kept per snapshot; their opening state is of this answer.
    const now = deps.now();
    const opened = <S extends { opening_hours: string | null; country_code: string }>(s: S) => ({ ...s, ...atTime(s.opening_hours, s.country_code, now) });
    const priced = pricedCountries(deps, grade);
    const elsewhere = `${grade} prices from stations are held in: ${priced.join(', ') || 'none'}; the national figure: fuel?mode=country&country=${country}`;
    // The newest price listed: a snapshot of station reports can be months old, and the answer says so.
    const age = newestPriceAge(cities.flatMap((c) => c.stations.map((s) => s.prices[grade]?.updated_at ?? '')), now);
    const note = inCountry.length === 0
      ? `No stations are held for ${name} (${country}); stations are held in: ${stationCountries(deps).join(', ') || 'none'}.`
      : available.length === 0 ? `${inCountry.length.toLocaleString('en')} stations of ${name} are held, but none reports a price (their source lists stations, not prices); ${elsewhere}.`
        : !available.includes(grade) ? `No station of ${name} reports a ${grade} price; held grades: ${available.join(', ')}.`
          : cities.length === 0 ? `No held station is within ${CITY_RADIUS_KM} km of a city of ${MAJOR_CITY_POPULATION.toLocaleString('en')} or more.`
            : notCurrentNote(age);
    return {
      data: {
        country, country_name: name, fuel_type: grade, available_fuel_types: available,
        currency: held?.currencies.get(grade) ?? null,
        cities: cities.map((c) => ({ ...c, cheapest: { ...c.cheapest, station: opened(c.cheapest.station) }, stations: c.stations.map(opened) })),
        count: cities.length,
        ...age,
        ...(note ? { note } : {}),
      },
      credits: creditsOf(sources),
    };
  },
});
