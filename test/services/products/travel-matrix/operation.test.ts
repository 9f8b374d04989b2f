import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { inUkraine } from '../../../../data/geo/ukraine-border.js';
import { loadRoadGraph } from '../../../../data/seed.js';
import { appWithKey, bearer, buildTestApp, makeKey } from '../../../helpers/deps.js';

interface Leg { from_country: string; to_country: string; crossing: string | null; queue_minutes_at_arrival: number | null; path: string[] }
interface Result { ppid: string; total_minutes: number | null; drive_minutes: number; distance_km: number; status: string;
  queue_minutes_at_arrival: number | null; queue_basis: string | null; country: string; route: { legs: Leg[] } }

const cleanups: (() => unknown)[] = [];
let shared: Awaited<ReturnType<typeof buildTestApp>> & { get: (qs: string) => Promise<{ status: number; body: any }> };

/** Totals ascending, then results without a total, then crossings that are not open. */
function assertOrdered(results: Result[]) {
  const rank = (r: Result) => (r.status !== 'open' ? 2 : r.total_minutes === null ? 1 : 0);
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1]!, results[i]!];
    assert.ok(rank(a) <= rank(b), `${a.ppid} before ${b.ppid}`);
    if (rank(a) === 0 && rank(b) === 0) assert.ok(a.total_minutes! <= b.total_minutes!, `${a.ppid} ${a.total_minutes} > ${b.ppid} ${b.total_minutes}`);
  }
}

describe('travel-matrix', () => {
  before(async () => {
    const built = await buildTestApp({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext, { seed: { history: true, models: true } });
    const { key } = makeKey(built.deps, { plan: 'payg', limits: { qps: 1000 } });
    shared = { ...built, get: async (qs) => {
      const res = await built.app.inject({ url: `/api/v1/data/travel-matrix?${qs}`, headers: bearer(key) });
      return { status: res.statusCode, body: res.json() };
    } };
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('from Lviv: crossings out of Ukraine, ordered by total, nearest plausible', async () => {
    const { status, body } = await shared.get('origin_lat=49.8397&origin_lon=24.0297&lang=en');
    assert.equal(status, 200);
    assert.equal(body.data.origin.country, 'UA');
    const results = body.data.results as Result[];
    assertOrdered(results);
    assert.ok(results.every((r) => r.route.legs.at(-1)!.from_country === 'UA'));
    // Lviv - Rava-Ruska is about 65 km of road; Lviv - Shehyni about 80 km.
    const hrebenne = results.find((r) => r.ppid === 'id_114')!;
    assert.ok(hrebenne.distance_km > 55 && hrebenne.distance_km < 90, String(hrebenne.distance_km));
    // The local links count great-circle x 1.46 (the measured circuity) even along the straight M11: long.
    const medyka = results.find((r) => r.ppid === 'id_214')!;
    assert.ok(medyka.distance_km > 70 && medyka.distance_km < 120, String(medyka.distance_km));
    assert.ok(results.some((r) => r.queue_minutes_at_arrival !== null), 'queues at arrival are given');
  });

  it('from Krakow: into Ukraine, with the forecast queue at the hour of arrival', async () => {
    const { body } = await shared.get('origin_lat=50.0647&origin_lon=19.9450&lang=en');
    assert.equal(body.data.origin.country, 'PL');
    const results = body.data.results as Result[];
    assertOrdered(results);
    // Krakow - Medyka is about 245 km of road, Krakow - Zosin about 400: the E-road links count motorways
    // at great-circle x 1.25 too, so the farthest comes out a little long.
    assert.ok(results.filter((r) => r.country === 'PL').every((r) => r.distance_km > 200 && r.distance_km < 480));
    assert.ok(results.some((r) => r.queue_basis === 'forecast'));
    for (const r of results.filter((x) => x.total_minutes !== null && x.route.legs.length === 1)) {
      assert.equal(r.total_minutes, r.drive_minutes + r.queue_minutes_at_arrival!);
    }
  });

  it('from Berlin with origin_country=DE: multi-leg through Poland, each leg listed', async () => {
    const { body } = await shared.get('origin_lat=52.52&origin_lon=13.405&origin_country=DE');
    const results = body.data.results as Result[];
    assertOrdered(results);
    const viaPoland = results.find((r) => r.ppid === 'id_224')!;
    assert.deepEqual(viaPoland.route.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['DE', 'PL', null], ['PL', 'UA', 'id_224']]);
    // Berlin - Medyka is about 900 km of road.
    assert.ok(viaPoland.distance_km > 800 && viaPoland.distance_km < 1100, String(viaPoland.distance_km));
    assert.ok(body.data.legs_used >= 2);
  });

  it('from Chisinau: into Ukraine from Moldova; crossings without data have no total and come after', async () => {
    const { body } = await shared.get('origin_lat=47.0105&origin_lon=28.8638');
    assert.equal(body.data.origin.country, 'MD');
    const results = body.data.results as Result[];
    assertOrdered(results);
    assert.ok(results[0]!.route.legs[0]!.from_country === 'MD');
    const moldovan = results.filter((r) => r.country === 'MD');
    assert.ok(moldovan.length >= 10 && moldovan.every((r) => r.total_minutes === null && r.drive_minutes > 0));
    // A total through Romania leaves out the Moldovan-Romanian border's queue, which no source gives: said so.
    const viaRomania = results.find((r) => r.total_minutes !== null && r.route.legs.some((l) => l.crossing === null && l.from_country === 'MD' && l.to_country === 'RO'));
    assert.ok(viaRomania, 'a known total through Romania');
    assert.match(body.data.note, /Totals leave out the wait at borders no source covers on the way \(MD-RO\): the queue there is unknown\.$/);
    // Berlin through Poland: a border inside the Schengen area, no checks, nothing left out.
    assert.doesNotMatch((await shared.get('origin_lat=52.52&origin_lon=13.405&origin_country=DE&limit=3')).body.data.note ?? '', /Totals leave out/);
  });

  it('says why there is nothing to route to: no pedestrian checkpoint is held', async () => {
    const { body } = await shared.get('origin_lat=49.84&origin_lon=24.03&type=7');
    assert.deepEqual([body.data.count, body.data.note], [0, 'No checkpoint of crossing type 7 out of Ukraine is held: nothing to route to.']);
  });

  it('keeps closed crossings listed with their status, last', async () => {
    shared.db.prepare("UPDATE checkpoints SET status = 'closed' WHERE ppid = 'id_114'").run();
    shared.deps.repos.directory.reload();
    shared.deps.cache.clear();
    const results = (await shared.get('origin_lat=49.8397&origin_lon=24.0297')).body.data.results as Result[];
    assert.equal(results.at(-1)!.ppid, 'id_114');
    assert.equal(results.at(-1)!.status, 'closed');
    shared.db.prepare("UPDATE checkpoints SET status = 'open' WHERE ppid = 'id_114'").run();
    shared.deps.repos.directory.reload();
  });

  it('from Przemysl: Medyka is a short local drive, not a detour through Jaroslaw', async () => {
    const results = (await shared.get('origin_lat=49.7838&origin_lon=22.7677&origin_country=PL')).body.data.results as Result[];
    const medyka = results.find((r) => r.ppid === 'id_224')!;
    assert.ok(medyka.distance_km < 25 && medyka.distance_km > 12, String(medyka.distance_km));
  });

  it('from Vinnytsia and Kharkiv: Ukraine\'s own main roads, not round by Kyiv (Uman - Odesa, Kyiv - Poltava - Kharkiv); from Košice and Brest, the neighbours\' roads near the border', async () => {
    // id_4014: Mayaky-Udobne - Palanca, cars out of Ukraine.
    const km = async (qs: string) => ((await shared.get(qs)).body.data.results as Result[]).find((r) => r.ppid === 'id_4014')!.distance_km;
    // Straight lines: Vinnytsia - Mayaky 340 km (by road about 470); Kharkiv - Mayaky 620 km (about 750).
    // The E-road set alone gave 1,140 and 1,300+ km, through Kyiv and round by Kropyvnytskyi.
    const vinnytsia = await km('origin_lat=49.233&origin_lon=28.468');
    assert.ok(vinnytsia > 340 && vinnytsia < 600, String(vinnytsia));
    const kharkiv = await km('origin_lat=49.99&origin_lon=36.23');
    assert.ok(kharkiv > 620 && kharkiv < 850, String(kharkiv));
    // Košice to Chop-Záhony (id_1324, cars into Ukraine from Hungary): 76 km of straight line, about 120 by road
    // through Slovenské Nové Mesto and Sátoraljaújhely; the E-road set alone went by Budapest (675 km).
    const kosice = ((await shared.get('origin_lat=48.7164&origin_lon=21.2611&origin_country=SK')).body.data.results as Result[]).find((r) => r.ppid === 'id_1324')!;
    assert.ok(kosice.distance_km > 76 && kosice.distance_km < 180, String(kosice.distance_km));
    // Brest to Ustyluh-Zosin (id_824, cars into Ukraine from Poland): 140 km of straight line, about 200-250 by road
    // along the Bug or by Włodawa and Chełm; with Brest joined only to Warsaw and Minsk it went by Warsaw (577 km).
    const brest = ((await shared.get('origin_lat=52.0976&origin_lon=23.6877&origin_country=BY')).body.data.results as Result[]).find((r) => r.ppid === 'id_824')!;
    assert.ok(brest.distance_km > 140 && brest.distance_km < 280, String(brest.distance_km));
  });

  it('takes the origin\'s side of Ukraine\'s border from the border, not from the nearest city across it', async () => {
    const at = async (qs: string) => (await shared.get(`${qs}&limit=3`)).body;
    // In the queue at Shehyni, 3 km inside Ukraine: the nearest city of the road graph is Przemysl, in Poland.
    const shehyni = await at('origin_lat=49.801&origin_lon=23.005');
    assert.deepEqual([shehyni.data.origin.country, shehyni.meta.direction], ['UA', 'out_of_ukraine']);
    assert.equal(shehyni.data.results[0].ppid, 'id_214', 'Shehyni-Medyka first');
    // Medyka village, 1.2 km outside it (the map outline puts it in Ukraine), and Zahony, 0.6 km outside it (beside Chop).
    assert.deepEqual([(await at('origin_lat=49.805&origin_lon=22.93')).data.origin.country, (await at('origin_lat=48.4087&origin_lon=22.1756')).data.origin.country], ['PL', 'HU']);
    const chop = await at('origin_lat=48.43&origin_lon=22.2');
    assert.equal(chop.data.origin.country, 'UA', 'Chop');
    // Its own crossing, a minute away, has no queue known: ranked after the Polish ones, and the answer says so.
    const best = chop.data.results[0];
    assert.ok(best.total_minutes > 60, JSON.stringify(best));
    assert.match(chop.data.note, new RegExp(`^No total is known \\(a queue on the way is unknown\\) for \\d+ crossings reached sooner than the best known total \\(${best.total_minutes} min\\): [^(]+\\(id_1314, 1 min drive\\).*; they rank after the crossings with a known total, beyond the 3 shown\\.$`));
    assert.ok(!chop.data.results.some((r: Result) => r.ppid === 'id_1314'), 'cut by the limit, as the note says');
    const whole = (await shared.get('origin_lat=48.43&origin_lon=22.2')).body.data;
    assert.match(whole.note, /\(id_1314, 1 min drive\).*; they are listed after the ranked ones\.$/, 'without a limit they are listed');
    assert.equal(shehyni.data.note, undefined, 'at Shehyni the first ranked is the nearest');
    // At sea beyond Ukraine's territorial waters, off Odesa (the nearest city is Odesa): outside Ukraine, never taken as in it.
    const sea = await at('origin_lat=46.2&origin_lon=31.2');
    assert.notEqual(sea.data.origin.country, 'UA');
    assert.equal(sea.meta.direction, 'into_ukraine');
    // A country given that puts the point on the other side is refused; within 0.5 km of the border it is taken.
    const lviv = await shared.get('origin_lat=49.84&origin_lon=24.03&origin_country=PL');
    assert.deepEqual([lviv.status, lviv.body.error.reason], [400, 'conflicting_parameters']);
    assert.match(lviv.body.error.message, /^The origin \(49\.84, 24\.03\) is in Ukraine, 57\.2 km from its border \(more than 0\.5 km\); origin_country PL puts it/);
    assert.equal((await shared.get('origin_lat=52.52&origin_lon=13.405&origin_country=UA')).status, 400, 'Berlin is not in Ukraine');
    // 0.3 km from the border on Zahony's side (0.6 km is refused).
    const atBorder = await at('origin_lat=48.4109&origin_lon=22.178&origin_country=UA');
    assert.deepEqual([atBorder.data.origin.country, atBorder.meta.direction], ['UA', 'out_of_ukraine'], 'at the border: as given');
    assert.match((await shared.get('origin_lat=48.4087&origin_lon=22.1756&origin_country=UA')).body.error.message, /is outside Ukraine, 0\.55 km from its border \(more than 0\.5 km\)/);
  });

  it('from Warsaw, for every vehicle type: no route enters Ukraine twice; each leg names its graph and speed', async () => {
    let routes = 0;
    for (const type of [4, 5, 6, 7, 8, 9]) {
      const { status, body } = await shared.get(`origin_lat=52.2297&origin_lon=21.0122&type=${type}`);
      assert.equal(status, 200);
      for (const r of body.data.results as (Result & { route: { legs: (Leg & { graph: string; speed_kmh: number })[] } })[]) {
        const entries = r.route.legs.filter((l) => l.to_country === 'UA').length;
        const countries = [r.route.legs[0]?.from_country, ...r.route.legs.map((l) => l.to_country)].filter(Boolean);
        assert.ok(r.status === 'unreachable' || entries === 1, `type ${type} ${r.ppid}: ${countries.join('>')}`);
        assert.ok(!countries.slice(0, -1).includes('UA'), `type ${type} ${r.ppid} is in Ukraine before its crossing: ${countries.join('>')}`);
        assert.equal(new Set(countries).size, countries.length, `type ${type} ${r.ppid} passes a country twice: ${countries.join('>')}`);
        for (const leg of r.route.legs) {
          assert.match(leg.graph, /^euroroad-.*\+local-/);
          assert.ok(leg.speed_kmh > 0);
        }
        routes++;
      }
    }
    assert.ok(routes > 100, `${routes} routes`);
  });

  it('drives to each crossing on the origin\'s side of the border: Uzhhorod to Malyi Bereznyi by Perechyn, not out by Vyšné Nemecké', async () => {
    // Vyšné Nemecké, 0.5 km inside Slovakia, was the bundled graph's UA: the drive went out past the Uzhhorod post to it
    // and back into Ukraine to Malyi Bereznyi's post (40.2 km). By road, Uzhhorod - Perechyn - Malyi Bereznyi.
    const uzhhorod = (await shared.get('origin_lat=48.6208&origin_lon=22.2879&type=4&dest=SK&lang=en')).body.data.results as Result[];
    const bereznyi = uzhhorod.find((r) => r.ppid === 'id_1214')!;
    assert.deepEqual(bereznyi.route.legs.map((l) => [l.from_country, l.to_country, l.crossing]), [['UA', 'SK', 'id_1214']]);
    assert.ok(!bereznyi.route.legs[0]!.path.includes('Vyšné Nemecké'));
    // 28 km of straight line, at least the local links' factor (1.25) over it.
    assert.ok(bereznyi.distance_km >= 35 && bereznyi.distance_km < 60, String(bereznyi.distance_km));
    // Every place a route passes on its way to its crossing is on the origin's side of Ukraine's border (a border
    // post by the side it is named for), from both sides of each neighbour.
    const places = new Map<string, [number, number][]>();
    for (const [, name, lat, lon] of loadRoadGraph().nodes) places.set(name, [...(places.get(name) ?? []), [lat, lon]]);
    const onSide = (place: string, ua: boolean) => {
      const post = /border post \((\w\w)\)$/.exec(place);
      return post ? (post[1] === 'UA') === ua : /^id_\d+$/.test(place) || places.get(place)!.some(([lat, lon]) => inUkraine(lat, lon) === ua);
    };
    let checked = 0;
    for (const [origin, ua] of [['48.6208&origin_lon=22.2879', true], ['48.44&origin_lon=22.72', true], ['49.84&origin_lon=24.03', true],
      ['48.29&origin_lon=25.94', true], ['45.35&origin_lon=28.84', true], ['48.7164&origin_lon=21.2611', false], ['49.7838&origin_lon=22.7677', false],
      ['47.79&origin_lon=22.88', false], ['47.95&origin_lon=21.72', false], ['47.0105&origin_lon=28.8638', false]] as const) {
      for (const type of [4, 9]) {
        const { body } = await shared.get(`origin_lat=${origin}&type=${type}&lang=en`);
        for (const r of body.data.results as Result[]) {
          const off = r.route.legs.flatMap((l) => l.path).filter((p) => !onSide(p, ua));
          assert.deepEqual(off, [], `from ${origin} (type ${type}) to ${r.ppid}: ${off.join(', ')} on the other side`);
          checked++;
        }
      }
    }
    assert.ok(checked > 300, `${checked} routes`);
  });

  it('takes type 5 (a tax-free car, EU to UA) into Ukraine only: refused from inside it; meta says the type asked', async () => {
    // From Lviv it drove out at Rava-Ruska and back in at Hrebenne, answered as type 4 into Ukraine beside data.type 5.
    for (const origin of ['origin_lat=49.83826&origin_lon=24.02324', 'origin_lat=49.801&origin_lon=23.005', 'origin_lat=49.84&origin_lon=24.03&origin_country=UA']) {
      const { status, body } = await shared.get(`${origin}&type=5&lang=en`);
      assert.deepEqual([status, body.error.code, body.error.reason], [400, 'bad_request', 'conflicting_parameters'], origin);
      assert.match(body.error.message, /^Type 5 \(a tax-free car, EU to UA\) leads only into Ukraine, and the origin \([\d.]+, [\d.]+\) is in Ukraine: ask type 4/);
    }
    const warsaw = (await shared.get('origin_lat=52.2297&origin_lon=21.0122&type=5&limit=3')).body;
    assert.deepEqual([warsaw.data.type, warsaw.meta.crossing_type, warsaw.meta.checkpoint_type, warsaw.meta.direction], [5, 5, 4, 'into_ukraine']);
    assert.ok((warsaw.data.results as Result[]).every((r) => r.route.legs.filter((l) => l.to_country === 'UA').length === 1));
    const lviv = (await shared.get('origin_lat=49.84&origin_lon=24.03&type=4&limit=3')).body;
    assert.deepEqual([lviv.data.type, lviv.meta.crossing_type, 'checkpoint_type' in lviv.meta, lviv.meta.direction], [4, 4, false, 'out_of_ukraine']);
  });

  it('takes dest as all in any case, or one country by number or ISO-2 in any case', async () => {
    const all = await shared.get('origin_lat=49.8397&origin_lon=24.0297&type=4&lang=en');
    for (const dest of ['all', 'ALL', 'All']) {
      const res = await shared.get(`origin_lat=49.8397&origin_lon=24.0297&type=4&lang=en&dest=${dest}`);
      assert.equal(res.status, 200, dest);
      assert.deepEqual(res.body.data.results.map((r: Result) => r.ppid), all.body.data.results.map((r: Result) => r.ppid), dest);
    }
    const pl = await shared.get('origin_lat=49.8397&origin_lon=24.0297&type=4&dest=pl');
    assert.equal(pl.status, 200);
    assert.ok(pl.body.data.results.length > 0 && pl.body.data.results.every((r: Result) => r.country === 'PL'));
  });

  it('refuses bad coordinates, types and destinations', async () => {
    assert.equal((await shared.get('origin_lat=91&origin_lon=24')).status, 400);
    assert.equal((await shared.get('origin_lon=24')).body.error.reason, 'missing_parameter');
    assert.equal((await shared.get('origin_lat=49.8&origin_lon=24&type=3')).status, 400);
    assert.equal((await shared.get('origin_lat=49.8&origin_lon=24&dest=7')).status, 400);
    // A code that names no country (or none of these) is unknown_country, with the message every country parameter gives.
    for (const [dest, reason] of [['XX', 'unknown_country'], ['xx', 'unknown_country'], ['DE', 'unknown_country'], ['7', 'unknown_country'],
      ['P1', 'malformed_country'], ['alle', 'malformed_country']] as const) {
      const res = await shared.get(`origin_lat=49.8&origin_lon=24&type=4&dest=${dest}`);
      assert.deepEqual([res.status, res.body.error.code, res.body.error.reason], [400, 'bad_request', reason], dest);
      assert.doesNotMatch(res.body.error.message, /Invalid input/, dest);
    }
    assert.equal((await shared.get('origin_lat=49.8&origin_lon=24&type=4&dest=XX')).body.error.message,
      "Parameter 'dest' 'XX' is not one of Ukraine and the neighbours whose crossings the matrix ranks (1 UA, 2 PL, 3 SK, 4 HU, 5 RO, 6 MD).");
    assert.match((await shared.get('origin_lat=49.8&origin_lon=24&dest=DE')).body.error.message,
      /^Parameter 'dest' 'DE' is not one of Ukraine and the neighbours/, 'a country, but not one the matrix ranks');
    assert.equal((await shared.get('origin_lat=50.06&origin_lon=19.94&dest=2')).body.error.reason, 'dest_unreachable');
    assert.equal((await shared.get('origin_lat=49.8&origin_lon=24&origin_country=Germany')).status, 400);
    // Berlin is Germany's, 70 km inside it: Italy contradicts the point (it was echoed while the route started in Germany).
    const berlinIt = await shared.get('origin_lat=52.52&origin_lon=13.405&origin_country=IT');
    assert.deepEqual([berlinIt.status, berlinIt.body.error.reason], [400, 'conflicting_parameters']);
    assert.match(berlinIt.body.error.message, /^The origin \(52\.52, 13\.405\) is in DE, \d+ km inside its border by the map outline; origin_country IT contradicts it/);
    // Beside a border (Görlitz on the Neisse, a few hundred metres from Poland) the outline's kilometre is no evidence: taken as given.
    assert.equal((await shared.get('origin_lat=51.153&origin_lon=14.99&origin_country=PL')).status, 200);
    assert.equal((await shared.get('origin_lat=52.52&origin_lon=13.405&origin_country=DE')).status, 200);
    // Far from every city of the network (the Gulf of Guinea, the North Pole): refused, not routed from the nearest city.
    for (const far of ['origin_lat=0&origin_lon=0', 'origin_lat=90&origin_lon=180']) {
      const res = await shared.get(far);
      assert.equal(res.status, 400, far);
      assert.equal(res.body.error.reason, 'origin_out_of_range');
      assert.match(res.body.error.message, /km from the nearest city of the road network/);
    }
  });
});

describe('travel-matrix with a limit', () => {
  it('gives exactly the fastest N of the full matrix, routing fewer crossings (exact pruning by a lower bound)', async (t) => {
    const { get } = await appWithKey(t, { seed: { history: true, models: true } });
    const origin = 'travel-matrix?origin_lat=50.06&origin_lon=19.94&type=4';
    const full = (await get(origin)).body;
    const top = (await get(`${origin}&limit=2`)).body;
    assert.deepEqual(top.data.results, full.data.results.slice(0, 2));
    assert.equal(top.data.count, 2);
    assert.ok(top.meta.routed < top.meta.candidates, `routed ${top.meta.routed} of ${top.meta.candidates}`);
    assert.equal(full.meta.routed, full.meta.candidates);
  });
});
