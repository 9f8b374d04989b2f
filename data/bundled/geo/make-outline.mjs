// Builds data/bundled/geo/outline.geojson, the dashboard map's only background: the country outlines of
// Natural Earth 1:50m (public domain), as redistributed by the `world-atlas` package (TopoJSON, ISC),
// converted with `topojson-client`, cut to the region around the crossings and rounded to 0.01 degrees
// (about 1 km). Natural Earth's default edition draws Crimea inside Russia (de facto control); this
// outline shows Ukraine's internationally recognised border (UN General Assembly resolution 68/262): the
// peninsula's polygon is taken out of Russia and merged into Ukraine (no line across the isthmus).
// Run from the repository root: node data/bundled/geo/make-outline.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, merge } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const atlasVersion = JSON.parse(readFileSync(require.resolve('world-atlas/package.json'), 'utf8')).version;

/** West, south, east, north: the crossings lie within 20-30 E, 45-52 N. */
export const BBOX = [12, 40, 42, 57];
const [W, S, E, N] = BBOX;
const round = (v) => Math.round(v * 100) / 100;

/** Sutherland-Hodgman: a ring clipped to the box (closed again), or null when nothing is left. */
function clipRing(ring) {
  let points = ring.slice(0, -1);
  const edges = [
    [(p) => p[0] >= W, (a, b) => [W, a[1] + ((b[1] - a[1]) * (W - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= E, (a, b) => [E, a[1] + ((b[1] - a[1]) * (E - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= S, (a, b) => [a[0] + ((b[0] - a[0]) * (S - a[1])) / (b[1] - a[1]), S]],
    [(p) => p[1] <= N, (a, b) => [a[0] + ((b[0] - a[0]) * (N - a[1])) / (b[1] - a[1]), N]],
  ];
  for (const [inside, cut] of edges) {
    const out = [];
    for (let i = 0; i < points.length; i++) {
      const cur = points[i];
      const prev = points[(i + points.length - 1) % points.length];
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    points = out;
    if (points.length === 0) return null;
  }
  const rounded = [];
  for (const p of points) {
    const q = [round(p[0]), round(p[1])];
    const last = rounded[rounded.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) rounded.push(q);
  }
  if (rounded.length < 3) return null;
  rounded.push(rounded[0]);
  return rounded;
}

/** The polygon of a MultiPolygon lying wholly inside a box (west, south, east, north). */
function polygonWithin(geometry, [w, s, e, n]) {
  const polygons = feature(topology, geometry).geometry.coordinates;
  const found = polygons.findIndex((polygon) => polygon[0].every(([x, y]) => x >= w && x <= e && y >= s && y <= n));
  if (found < 0) throw new Error('no polygon of that geometry lies in the box');
  return found;
}
const geometries = topology.objects.countries.geometries;
const russia = geometries.find((g) => g.properties.name === 'Russia');
const ukraine = geometries.find((g) => g.properties.name === 'Ukraine');
const crimea = polygonWithin(russia, [32, 44, 37, 46.5]);
const crimeaArcs = russia.arcs[crimea];
const countries = geometries.map((g) => {
  if (g === russia) return feature(topology, { ...g, arcs: g.arcs.filter((_, i) => i !== crimea) });
  if (g === ukraine) return { type: 'Feature', properties: g.properties, geometry: merge(topology, [g, { type: 'Polygon', arcs: crimeaArcs }]) };
  return feature(topology, g);
});

const features = [];
for (const f of countries) {
  const polygons = f.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry?.type === 'MultiPolygon' ? f.geometry.coordinates : [];
  const kept = [];
  for (const polygon of polygons) {
    const outer = clipRing(polygon[0]);
    if (!outer) continue;
    kept.push([outer, ...polygon.slice(1).map(clipRing).filter(Boolean)]);
  }
  if (kept.length === 0) continue;
  features.push({ type: 'Feature', properties: { name: f.properties.name },
    geometry: kept.length === 1 ? { type: 'Polygon', coordinates: kept[0] } : { type: 'MultiPolygon', coordinates: kept } });
}
features.sort((a, b) => a.properties.name.localeCompare(b.properties.name));
const out = {
  type: 'FeatureCollection',
  bbox: BBOX,
  attribution: `Made with Natural Earth (public domain): Admin 0 countries 1:50m, v4.1.0, via world-atlas ${atlasVersion}; Crimea shown as part of Ukraine`,
  features,
};
const path = new URL('./outline.geojson', import.meta.url);
writeFileSync(path, `${JSON.stringify(out)}\n`);
console.log(`wrote ${features.length} countries, ${readFileSync(path).length} bytes`);
