/**
 * Main roads that the E-road city graph lacks: Ukraine's, and its neighbours' near the border. The E-road set
 * joins Ukraine's cities by a few long links (Kyiv-Kharkiv, Kyiv-Odesa) and misses whole corridors: Kharkiv
 * reached Poltava only round by Kropyvnytskyi, Vinnytsia to Odesa ran through Kyiv, Kropyvnytskyi to
 * Mykolaiv went round by Dnipro and Crimea, and Lutsk and Ivano-Frankivsk reached their own regions'
 * capitals only through local towns. Added here: the state roads of international and national importance
 * (the Cabinet of Ministers' list of public roads of state importance, resolution 712 of 2015, road numbers
 * as signposted) between the graph's cities, each road as the chain of cities it runs through, a link
 * between each two in a row counted as an E-road link (great-circle x the E-road link factor). Across the
 * neighbours, the roads between their towns near the border that the E-road set and the per-country local
 * network leave out: Košice to Chop-Záhony went by Budapest (675 km for 76 km of straight line), as the
 * graph had no road from Miskolc towards Záhony and none from Slovakia into Hungary near it.
 *
 * A city is named as the graph or GeoNames names it, with a point to tell namesakes apart (two Mykolaivs),
 * and its country (Ukraine unless given).
 */
import { haversineKm } from '../../models/geo.js';
import type { CityGraph } from './local-network.js';

export interface MainRoad {
  /** The road's number as signposted, with its E-road number where it carries one. */
  ref: string;
  /** The cities it runs through, in order: [name, lat, lon, country (ISO-2, default UA)] (the point only tells namesakes apart). */
  cities: City[];
}

type City = [string, number, number] | [string, number, number, string];

export const MAIN_ROADS: MainRoad[] = [
  { ref: 'M-03 (E40)', cities: [['Kiev', 50.45, 30.52], ['Poltava', 49.59, 34.55], ['Kharkiv', 49.99, 36.23]] },
  { ref: 'M-05 (E95)', cities: [['Kiev', 50.45, 30.52], ['Bila Tserkva', 49.8, 30.11], ['Uman', 48.75, 30.22], ['Odessa', 46.48, 30.73]] },
  { ref: 'M-19 (E85)', cities: [['Kovel', 51.21, 24.71], ['Lutsk', 50.76, 25.34], ['Dubno', 50.42, 25.73]] },
  { ref: 'H-02', cities: [['Lviv', 49.84, 24.03], ['Ternopil', 49.55, 25.59]] },
  { ref: 'H-03', cities: [['Zhytomyr', 50.25, 28.66], ['Khmelnytskyi', 49.42, 27.0], ['Kamianets-Podilskyi', 48.68, 26.59], ['Chernivtsi', 48.29, 25.94]] },
  { ref: 'H-09', cities: [['Lviv', 49.84, 24.03], ['Ivano-Frankivsk', 48.92, 24.71]] },
  { ref: 'H-10', cities: [['Stryj', 49.26, 23.85], ['Ivano-Frankivsk', 48.92, 24.71], ['Kolomyia', 48.53, 25.04]] },
  { ref: 'H-11', cities: [['Dnipropetrovsk', 48.45, 34.98], ['Kryvyi Rih', 47.91, 33.39], ['Mykolaiv', 46.97, 31.99]] },
  { ref: 'H-14', cities: [['Kirovohrad', 48.51, 32.26], ['Mykolaiv', 46.97, 31.99]] },
  { ref: 'H-18', cities: [['Ivano-Frankivsk', 48.92, 24.71], ['Ternopil', 49.55, 25.59]] },
  { ref: 'H-22', cities: [['Lutsk', 50.76, 25.34], ['Rivne', 50.62, 26.25]] },
  // The neighbours', near the border: Hungarian road 37 (Miskolc - Szerencs - Sárospatak - Sátoraljaújhely), the
  // Slovak road into it at Slovenské Nové Mesto, and Hungarian road 49 into Romania at Csengersima - Petea.
  { ref: 'HU 37', cities: [['Miskolc', 48.1, 20.78, 'HU'], ['Szerencs', 48.16, 21.2, 'HU'], ['Sárospatak', 48.32, 21.57, 'HU']] },
  { ref: 'SK 79 - HU 37 (Slovenské Nové Mesto - Sátoraljaújhely)', cities: [['Trebišov', 48.63, 21.72, 'SK'], ['Sátoraljaújhely', 48.39, 21.66, 'HU']] },
  { ref: 'HU 49 - RO DN19A (Csengersima - Petea)', cities: [['Csenger', 47.84, 22.68, 'HU'], ['Satu Mare', 47.79, 22.89, 'RO']] },
  // Poland's east, north of Dorohusk: the E-road set joined Brest only to Warsaw and Minsk, so Brest to Zosin
  // ran through Warsaw (577 km). E30 across the Bug at Terespol (Polish DK2), then the voivodeship roads DW812
  // (Biała Podlaska - Włodawa - Chełm - Krasnystaw, 151 km) and DW844 (Chełm - Hrubieszów - Dołhobyczów, at the
  // Ukrainian border), as the Lublin voivodeship's road authority numbers them.
  { ref: 'BY M1 - PL DK2 (E30: Brest - Terespol - Biała Podlaska)', cities: [['Brest', 52.1, 23.69, 'BY'], ['Terespol', 52.07, 23.62, 'PL'], ['Biała Podlaska', 52.03, 23.13, 'PL']] },
  { ref: 'PL DW812', cities: [['Biała Podlaska', 52.03, 23.13, 'PL'], ['Włodawa', 51.55, 23.55, 'PL'], ['Chełm', 51.14, 23.47, 'PL'], ['Krasnystaw', 50.98, 23.17, 'PL']] },
  { ref: 'PL DW844', cities: [['Chełm', 51.14, 23.47, 'PL'], ['Hrubieszów', 50.8, 23.89, 'PL'], ['Dołhobyczów', 50.59, 24.03, 'PL']] },
];

/** How far a named city may lie from its point (km): the graph's cities sit at the E-road set's points. */
const NEAR_KM = 60;

export interface MainRoadsResult extends CityGraph {
  /** Links added, as "ref: from - to". */
  added: string[];
  /** Cities the roads brought in (not in the graph before). */
  cities: string[];
}

/**
 * Adds MAIN_ROADS to `graph`: each city is the graph's node of that name and country nearest its point
 * (within NEAR_KM), or else a new node at `place(name)`'s namesake of that country nearest the point;
 * a link is added between each two cities in a row that the graph does not already join directly.
 * Throws when a city is found nowhere (a misspelt name must fail the build, not drop a road).
 */
export function addMainRoads(graph: CityGraph, place: (name: string) => { lat: number; lon: number; country: string }[],
  roads: readonly MainRoad[] = MAIN_ROADS): MainRoadsResult {
  const nodes = [...graph.nodes];
  const edges = [...graph.edges];
  let nextId = Math.max(0, ...nodes.map((n) => n[0])) + 1;
  const added: string[] = [];
  const cities: string[] = [];
  const joined = new Set(edges.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
  const resolve = ([name, lat, lon, country = 'UA']: City) => {
    const km = (p: { lat: number; lon: number }) => haversineKm(lat, lon, p.lat, p.lon);
    const inGraph = nodes.filter((n) => n[1] === name && n[4] === country && km({ lat: n[2], lon: n[3] }) <= NEAR_KM)
      .sort((a, b) => km({ lat: a[2], lon: a[3] }) - km({ lat: b[2], lon: b[3] }))[0];
    if (inGraph) return inGraph;
    const found = place(name).filter((p) => p.country === country && km(p) <= NEAR_KM).sort((a, b) => km(a) - km(b))[0];
    if (!found) throw new Error(`main road city ${name} (${lat}, ${lon}): no place of that name in ${country} within ${NEAR_KM} km`);
    const node: CityGraph['nodes'][number] = [nextId++, name, Math.round(found.lat * 1e5) / 1e5, Math.round(found.lon * 1e5) / 1e5, country];
    nodes.push(node);
    cities.push(name);
    return node;
  };
  for (const road of roads) {
    const chain = road.cities.map(resolve);
    for (let i = 1; i < chain.length; i++) {
      const [a, b] = [chain[i - 1]![0], chain[i]![0]];
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (a === b || joined.has(key)) continue;
      joined.add(key);
      edges.push([a, b]);
      added.push(`${road.ref}: ${chain[i - 1]![1]} - ${chain[i]![1]}`);
    }
  }
  return { nodes, edges, added, cities };
}
