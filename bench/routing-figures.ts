/**
 * The figures of docs/routing.md (npm run bench:routing -- or npx tsx bench/routing-figures.ts): road
 * distances the product gives for city-crossing and crossing-crossing pairs on the PL, SK, HU, RO and MD
 * borders (the travel-matrix router on the car graph), and the ratio of route to straight line for every
 * pair of same-side crossings less than 100 km apart. Distances only: no timing here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDirectory } from '../data/directory/directory-repo.js';
import { bundledPath } from '../data/seed.js';
import { closeStore, openStore } from '../data/store.js';
import { COUNTRY_ISO2 } from '../models/codes.js';
import { haversineKm } from '../models/geo.js';
import { routerForType } from '../services/live/routing.js';
import { createWorkerContext } from '../services/worker/context.js';

const dir = mkdtempSync(join(tmpdir(), 'bdds-routing-'));
const dbPath = join(dir, 'figures.sqlite');
const db = openStore(dbPath);
loadDirectory(db, JSON.parse(readFileSync(bundledPath('directory.json'), 'utf8')));
const ctx = createWorkerContext({ dbPath, replay: true });
const { router, checkpoints } = routerForType(ctx, 4);
const at = (ppid: string) => checkpoints.find((c) => c.ppid === ppid)!;
const km = (origin: { lat: number; lon: number; country: string }, ppid: string) => {
  let d: number | null = null;
  router.routeEach(origin, [ppid], 4, (r) => void (d = r.distance_km));
  return d;
};

// [label, origin lat, lon, country, target ppid]
const PAIRS: [string, number, number, string, string][] = [
  ['Przemyśl - Medyka', 49.7838, 22.7677, 'PL', 'id_224'], ['Rzeszów - Korczowa', 50.0412, 21.999, 'PL', 'id_424'],
  ['Chełm - Zosin', 51.1431, 23.4716, 'PL', 'id_824'], ['Zamość - Hrebenne', 50.7231, 23.2519, 'PL', 'id_124'],
  ['Lviv - Shehyni', 49.8397, 24.0297, 'UA', 'id_214'], ['Lviv - Rava-Ruska', 49.8397, 24.0297, 'UA', 'id_114'],
  ['Lviv - Krakovets', 49.8397, 24.0297, 'UA', 'id_414'], ['Volodymyr - Ustyluh', 50.8479, 24.3196, 'UA', 'id_814'],
  ['Košice - Vyšné Nemecké', 48.7164, 21.2611, 'SK', 'id_1024'], ['Uzhhorod - Vyšné Nemecké', 48.6208, 22.2879, 'UA', 'id_1014'],
  ['Nyíregyháza - Záhony', 47.9495, 21.7244, 'HU', 'id_1324'], ['Mukachevo - Luzhanka', 48.4393, 22.7178, 'UA', 'id_1414'],
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

console.log('| pair | straight line km | product km |\n|---|---|---|');
for (const [label, lat, lon, country, ppid] of PAIRS) {
  const c = at(ppid);
  console.log(`| ${label} | ${haversineKm(lat, lon, c.lat, c.lon).toFixed(1)} | ${km({ lat, lon, country }, ppid)} |`);
}
for (const [label, a, b] of CROSSING_PAIRS) {
  const [ca, cb] = [at(a), at(b)];
  console.log(`| ${label} | ${haversineKm(ca.lat, ca.lon, cb.lat, cb.lon).toFixed(1)} | ${km({ lat: ca.lat, lon: ca.lon, country: COUNTRY_ISO2[ca.origin]! }, b)} |`);
}
console.log('\n| side | from | to | straight line km | route km | ratio |\n|---|---|---|---|---|---|');
const name = (id: number) => ctx.directory.name(id, 'en');
for (const a of checkpoints) {
  for (const b of checkpoints) {
    if (a.location_id >= b.location_id || a.origin !== b.origin) continue;
    const line = haversineKm(a.lat, a.lon, b.lat, b.lon);
    if (line >= 100) continue;
    const d = km({ lat: a.lat, lon: a.lon, country: COUNTRY_ISO2[a.origin]! }, b.ppid);
    console.log(`| ${COUNTRY_ISO2[a.origin]} | ${name(a.location_id)} | ${name(b.location_id)} | ${line.toFixed(1)} | ${d} | ${d === null ? '-' : (d / line).toFixed(2)} |`);
  }
}
closeStore(ctx.db);
closeStore(db);
rmSync(dir, { recursive: true, force: true });
