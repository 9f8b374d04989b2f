/**
 * The figures of docs/routing.md (npx tsx bench/routing-figures.ts): road distances the product gives for
 * city-crossing and crossing-crossing pairs on the PL, SK, HU, RO and MD borders (the travel-matrix router
 * on the car graph) beside the published figure and its source where one was found, and the ratio of route
 * to straight line for every pair of same-side crossings less than 100 km apart (1.0-1.8 required).
 * ROAD_GRAPH_AFTER=<road-graph.json> adds a column routed on another build of the bundled graph (the
 * before/after of a rebuild). Distances only: no timing here.
 */
import { readFileSync } from 'node:fs';
import { bundledPath, loadRoadGraph } from '../data/seed.js';
import { buildRoutingGraph, type RoadGraphData } from '../engine/routing/graph.js';
import { createRouter } from '../engine/routing/router.js';
import { COUNTRY_ISO2 } from '../models/codes.js';
import { haversineKm } from '../models/geo.js';

interface Location { location_id: number; lat: number; lon: number; names: { lang: string; name: string; primary: boolean }[];
  checkpoints: { ppid: string; origin: number; destination: number; crossing_type: number }[] }
const { locations } = JSON.parse(readFileSync(bundledPath('directory.json'), 'utf8')) as { locations: Location[] };
const cars = locations.flatMap((l) => l.checkpoints.filter((c) => c.crossing_type === 4).map((c) => ({ ...c, location_id: l.location_id, lat: l.lat, lon: l.lon,
  from: COUNTRY_ISO2[c.origin]!, to: COUNTRY_ISO2[c.destination]!, name: (l.names.find((n) => n.lang === 'en' && n.primary) ?? l.names.find((n) => n.lang === 'en') ?? l.names[0]!).name })));
const at = (ppid: string) => cars.find((c) => c.ppid === ppid)!;
const routerOn = (data: RoadGraphData) => createRouter(buildRoutingGraph(data, cars));
const graphs = [routerOn(loadRoadGraph())];
if (process.env.ROAD_GRAPH_AFTER) graphs.push(routerOn(JSON.parse(readFileSync(process.env.ROAD_GRAPH_AFTER, 'utf8')) as RoadGraphData));
const km = (router: ReturnType<typeof routerOn>, origin: { lat: number; lon: number; country: string }, ppid: string) => {
  let d: number | null = null;
  router.routeEach(origin, [ppid], 4, (r) => void (d = r.distance_km));
  return d as number | null;
};

const SG_MEDYKA = 'https://bieszczadzki.strazgraniczna.pl/bie/oddzial/placowki/14369,PSG-w-Medyce.html';
const FR_ZAHONY = 'https://fr.wikipedia.org/wiki/Z%C3%A1hony (ViaMichelin shortest route; read at iiab.me/kiwix wikipedia_fr_all_maxi_2022-09)';
/** Published road distances found with their source; `null` = none found (the figure shown is unverified). */
const PUBLISHED: Record<string, { km: number; source: string } | { km: string; source: null }> = {
  'Przemyśl - Medyka': { km: 13, source: `Polish Border Guard, PSG w Medyce: "ok. 13 km od Przemyśla, w ciągu drogi krajowej nr 28" (${SG_MEDYKA})` },
  'Lviv - Shehyni': { km: 82, source: `same page: Mostyska 15 km from the border, Lviv 67 km from Mostyska (15 + 67) (${SG_MEDYKA})` },
  'Nyíregyháza - Záhony': { km: 66, source: `"par la route, Záhony se trouve à 66 km de Nyíregyháza" (${FR_ZAHONY})` },
  'Uzhhorod - Chop/Záhony': { km: 27, source: `to Záhony town, just past the crossing: "à 27 km de Oujhorod" by road (${FR_ZAHONY})` },
  'Nyíregyháza - Beregsurány': { km: 70, source: '"about 70 km from Nyíregyháza" (https://en.wikipedia.org/wiki/Beregsur%C3%A1ny)' },
};
const UNVERIFIED: Record<string, string> = {
  'Rzeszów - Korczowa': '~90 (A4)', 'Chełm - Zosin': '~70', 'Zamość - Hrebenne': '~60 (S17)', 'Lviv - Rava-Ruska': '~60 (M09)',
  'Lviv - Krakovets': '~70 (M10)', 'Volodymyr - Ustyluh': '~13', 'Košice - Vyšné Nemecké': '~95', 'Uzhhorod - Vyšné Nemecké': '~5',
  'Mukachevo - Luzhanka': '~45', 'Satu Mare - Halmeu': '~30', 'Suceava - Siret': '~45 (E85)', 'Chernivtsi - Porubne': '~40',
  'Chernivtsi - Mamalyha': '~55', 'Bălți - Otaci': '~110', 'Chișinău - Palanca': '~120', 'Odesa - Mayaky': '~55 (M15)', 'Izmail - Reni': '~70',
  'Medyka - Krakovets (UA side)': '~38', 'Medyka - Korczowa (PL side)': '~42', 'Hrebenne - Dołhobyczów (PL side)': '~60',
  'Dołhobyczów - Zosin (PL side)': '~35', 'Chop - Luzhanka (UA side)': '~55', 'Siret - Vicovu de Sus (RO side)': '~50',
};

// [label, origin lat, lon, country, target ppid]
const PAIRS: [string, number, number, string, string][] = [
  ['Przemyśl - Medyka', 49.7838, 22.7677, 'PL', 'id_224'], ['Rzeszów - Korczowa', 50.0412, 21.999, 'PL', 'id_424'],
  ['Chełm - Zosin', 51.1431, 23.4716, 'PL', 'id_824'], ['Zamość - Hrebenne', 50.7231, 23.2519, 'PL', 'id_124'],
  ['Lviv - Shehyni', 49.8397, 24.0297, 'UA', 'id_214'], ['Lviv - Rava-Ruska', 49.8397, 24.0297, 'UA', 'id_114'],
  ['Lviv - Krakovets', 49.8397, 24.0297, 'UA', 'id_414'], ['Volodymyr - Ustyluh', 50.8479, 24.3196, 'UA', 'id_814'],
  ['Košice - Vyšné Nemecké', 48.7164, 21.2611, 'SK', 'id_1024'], ['Uzhhorod - Vyšné Nemecké', 48.6208, 22.2879, 'UA', 'id_1014'],
  ['Uzhhorod - Chop/Záhony', 48.6208, 22.2879, 'UA', 'id_1314'],
  ['Nyíregyháza - Záhony', 47.9495, 21.7244, 'HU', 'id_1324'], ['Nyíregyháza - Beregsurány', 47.9495, 21.7244, 'HU', 'id_1424'],
  ['Mukachevo - Luzhanka', 48.4393, 22.7178, 'UA', 'id_1414'],
  ['Satu Mare - Halmeu', 47.7928, 22.885, 'RO', 'id_1924'], ['Suceava - Siret', 47.6514, 26.2556, 'RO', 'id_2124'],
  ['Chernivtsi - Porubne', 48.2915, 25.9403, 'UA', 'id_2114'], ['Chernivtsi - Mamalyha', 48.2915, 25.9403, 'UA', 'id_2614'],
  ['Bălți - Otaci', 47.7617, 27.9289, 'MD', 'id_2924'], ['Chișinău - Palanca', 47.0105, 28.8638, 'MD', 'id_4024'],
  ['Odesa - Mayaky', 46.4825, 30.7233, 'UA', 'id_4014'], ['Izmail - Reni', 45.3515, 28.8364, 'UA', 'id_3214'],
];
const CROSSING_PAIRS: [string, string, string][] = [
  ['Medyka - Krakovets (UA side)', 'id_214', 'id_414'], ['Medyka - Korczowa (PL side)', 'id_224', 'id_424'],
  ['Hrebenne - Dołhobyczów (PL side)', 'id_124', 'id_724'], ['Dołhobyczów - Zosin (PL side)', 'id_724', 'id_824'],
  ['Chop - Luzhanka (UA side)', 'id_1314', 'id_1414'], ['Siret - Vicovu de Sus (RO side)', 'id_2124', 'id_2324'],
];

const after = graphs.length > 1 ? ' after rebuild km |' : '';
console.log(`| pair | straight line km | product km |${after} published km | source |\n|---|---|---|${after ? '---|' : ''}---|---|`);
const row = (label: string, line: number, origin: { lat: number; lon: number; country: string }, ppid: string) => {
  const p = PUBLISHED[label];
  const cells = graphs.map((r) => km(r, origin, ppid));
  const published = p ? String(p.km) : `${UNVERIFIED[label] ?? '-'} (unverified)`;
  const source = p?.source ?? 'none found; approximate, not checked against a route planner';
  console.log(`| ${label} | ${line.toFixed(1)} | ${cells.join(' | ')} | ${published} | ${source} |`);
};
for (const [label, lat, lon, country, ppid] of PAIRS) row(label, haversineKm(lat, lon, at(ppid).lat, at(ppid).lon), { lat, lon, country }, ppid);
for (const [label, a, b] of CROSSING_PAIRS) {
  const [ca, cb] = [at(a), at(b)];
  row(label, haversineKm(ca.lat, ca.lon, cb.lat, cb.lon), { lat: ca.lat, lon: ca.lon, country: ca.from }, b);
}

for (const [g, router] of graphs.entries()) {
  const lines: string[] = [];
  let lo = Infinity;
  let hi = 0;
  for (const a of cars) {
    for (const b of cars) {
      if (a.location_id >= b.location_id || a.origin !== b.origin) continue;
      const line = haversineKm(a.lat, a.lon, b.lat, b.lon);
      if (line >= 100) continue;
      const d = km(router, { lat: a.lat, lon: a.lon, country: a.from }, b.ppid);
      if (d !== null) [lo, hi] = [Math.min(lo, d / line), Math.max(hi, d / line)];
      lines.push(`| ${a.from} | ${a.name} | ${b.name} | ${line.toFixed(1)} | ${d} | ${d === null ? '-' : (d / line).toFixed(2)} |`);
    }
  }
  console.log(`\n${g === 0 ? 'Bundled graph as shipped' : `Rebuilt graph (${process.env.ROAD_GRAPH_AFTER})`}: ${lines.length} same-side pairs under 100 km, ` +
    `route over straight line ${lo.toFixed(2)}-${hi.toFixed(2)} (1.0-1.8 required: ${lo >= 1 && hi <= 1.8 ? 'met' : 'NOT met'})`);
  if (g === 0) console.log(`\n| side | from | to | straight line km | route km | ratio |\n|---|---|---|---|---|---|\n${lines.join('\n')}`);
}
