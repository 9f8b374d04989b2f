/** `search`: checkpoint identifiers by name, in any language and script, grouped by vehicle type. */
import { SearchInput, SearchOutput } from '../../models/checkpoints.js';
import { countryCodeOf } from '../../models/codes.js';
import { defineOperation } from '../operation.js';
import { AT_TOWN_KM, crossingsAtTown } from '../places/crossings-at-town.js';

export const search = defineOperation({
  name: 'search',
  slug: 'search',
  summary: 'Find checkpoint identifiers by name',
  description: 'Searches the names of every location in all 24 languages, folding case, diacritics and Cyrillic/Latin ' +
    'spellings (`Rava Ruska`, `Рава-Руська` and `rawa ruska` find the same place). Returns every ppid at each ' +
    'matching location, grouped by vehicle type 4-9 (`by_type`) and as one row per checkpoint (`ppid`); `count` counts ' +
    'matching locations, `ppid_count` checkpoints. A name no crossing is known by is looked up among GeoNames\' names of ' +
    `towns (\`Csap\`, Hungarian for Chop; \`Ungvár\`): the crossings within ${AT_TOWN_KM} km of such a town match, nearest first, ` +
    '`matched_name` being the name asked. Up to 20 comma-separated names.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  credits: ['dpsu'],
  input: SearchInput,
  output: SearchOutput,
  cacheTtlMs: 10 * 60_000,
  selfCheck: () => ({ name: 'Hrebenne' }),
  handler(input, deps) {
    const dir = deps.repos.directory;
    const ua = countryCodeOf('UA')!;
    const results = input.name.map((query) => {
      const named = dir.search(query);
      const found = named.length > 0 ? named : crossingsAtTown(dir, query).map((location_id) => ({ location_id, matched_name: query }));
      const matches = found.map((m) => {
        const here = dir.atLocation(m.location_id);
        const by_type: Record<string, string[]> = {};
        for (const c of here) (by_type[String(c.crossing_type)] ??= []).push(c.ppid);
        const ppid = here.map((c) => ({ ppid: c.ppid, crossing_type: c.crossing_type, origin: c.origin, destination: c.destination, status: c.status }));
        const neighbour = here[0] ? (here[0].origin === ua ? here[0].destination : here[0].origin) : ua;
        return {
          location_id: m.location_id,
          name: dir.name(m.location_id, input.lang.lang),
          matched_name: m.matched_name,
          country_pair: [ua, neighbour] as [number, number],
          by_type,
          ppid,
        };
      });
      return { query, count: matches.length, ppid_count: matches.reduce((n, m) => n + m.ppid.length, 0), matches };
    });
    return { data: { results } };
  },
});
