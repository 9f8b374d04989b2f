/**
 * A synthetic country-size road network written as an OSM PBF, for timing `bdds import osm-roads` and the
 * travel matrix on a network of the size an operator imports (no country extract is on this machine). Not
 * a map: a jittered lattice of junctions `spacingKm` apart over a box, each lattice edge a road with one
 * shape node off its straight line; a road hierarchy by lattice line (every 40th line trunk, every 10th
 * primary, every 4th secondary, the rest tertiary, with `maxspeed` on some), and random gaps in the minor
 * roads (8 % of secondary, 22 % of tertiary edges missing) so junctions of degree 2 and dead ends occur.
 * Ways run along lattice lines for up to 25 edges, so the importer splits them at junctions and contracts
 * chains as it does on real extracts. Deterministic for a seed.
 *
 *   npx tsx bench/synthetic-road-network.ts <out.osm.pbf> [spacingKm]
 */
import { createPbfWriter, type PbfWay } from './osm-pbf-writer.js';

export interface SyntheticOptions {
  south: number;
  west: number;
  north: number;
  east: number;
  spacingKm: number;
  seed: number;
}

/** Poland and the whole monitored border of Ukraine (every crossing from Hrebenne to Palanca). */
export const REGION_BOX = { south: 45.0, west: 14.1, north: 54.8, east: 30.9 };

export interface SyntheticSummary {
  rows: number;
  cols: number;
  junctions: number;
  shapeNodes: number;
  roadEdges: number;
  ways: number;
  roadKm: number;
  areaKm2: number;
  fileBytes: number;
}

const KM_PER_DEG = 111.2;

export function writeSyntheticNetwork(path: string, o: SyntheticOptions): SyntheticSummary {
  const rand = (a: number, b: number, c: number) => {
    let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1) ^ o.seed;
    h ^= h >>> 16;
    h = Math.imul(h, 0x7feb352d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x846ca68b);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
  const midLat = (o.south + o.north) / 2;
  const dLat = o.spacingKm / KM_PER_DEG;
  const dLon = o.spacingKm / (KM_PER_DEG * Math.cos((midLat * Math.PI) / 180));
  const rows = Math.floor((o.north - o.south) / dLat) + 1;
  const cols = Math.floor((o.east - o.west) / dLon) + 1;
  const junction = (i: number, j: number) => 1 + i * cols + j;
  const jLat = (i: number, j: number) => o.south + (i + (rand(i, j, 1) - 0.5) * 0.6) * dLat;
  const jLon = (i: number, j: number) => o.west + (j + (rand(i, j, 2) - 0.5) * 0.6) * dLon;
  const shapeBase = rows * cols + 1;
  const shape = (i: number, j: number, dir: 0 | 1) => shapeBase + 2 * (i * cols + j) + dir;
  // A lattice line's class: rows carry the east-west roads, columns the north-south ones.
  const classOf = (line: number) => (line % 40 === 0 ? 'trunk' : line % 10 === 0 ? 'primary' : line % 4 === 0 ? 'secondary' : 'tertiary');
  const kept = (i: number, j: number, dir: 0 | 1) => {
    if (dir === 0 ? j + 1 >= cols : i + 1 >= rows) return false;
    const cls = classOf(dir === 0 ? i : j);
    return cls === 'trunk' || cls === 'primary' || rand(i, j, 3 + dir) >= (cls === 'secondary' ? 0.08 : 0.22);
  };
  const shapeAt = (i: number, j: number, dir: 0 | 1): [number, number] => {
    const [i2, j2] = dir === 0 ? [i, j + 1] : [i + 1, j];
    const off = (rand(i, j, 5 + dir) - 0.5) * 0.3; // across the edge, a share of the spacing
    return [(jLat(i, j) + jLat(i2, j2)) / 2 + (dir === 0 ? off * dLat : 0), (jLon(i, j) + jLon(i2, j2)) / 2 + (dir === 1 ? off * dLon : 0)];
  };

  const out = createPbfWriter(path);
  const BLOCK = 8000;
  let ids: number[] = [];
  let lat: number[] = [];
  let lon: number[] = [];
  const flush = () => {
    if (ids.length) out.nodes(ids, lat, lon);
    ids = [];
    lat = [];
    lon = [];
  };
  const node = (id: number, la: number, lo: number) => {
    ids.push(id);
    lat.push(la);
    lon.push(lo);
    if (ids.length === BLOCK) flush();
  };
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) node(junction(i, j), jLat(i, j), jLon(i, j));
  let shapeNodes = 0;
  let roadEdges = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      for (const dir of [0, 1] as const) {
        if (!kept(i, j, dir)) continue;
        const [la, lo] = shapeAt(i, j, dir);
        node(shape(i, j, dir), la, lo);
        shapeNodes++;
        roadEdges++;
      }
    }
  }
  flush();

  let wayId = 1;
  let ways = 0;
  let batch: PbfWay[] = [];
  const emit = (refs: number[], cls: string, line: number) => {
    if (refs.length < 3) return;
    const tags: Record<string, string> = { highway: cls };
    if (cls === 'trunk' && line % 80 === 0) tags.maxspeed = '120';
    else if (cls === 'secondary' && line % 8 === 0) tags.maxspeed = '70';
    batch.push({ id: wayId++, refs, tags });
    ways++;
    if (batch.length === 2000) {
      out.ways(batch);
      batch = [];
    }
  };
  // Ways along each row (east) and each column (north): runs of kept edges, at most 25 edges each.
  for (const dir of [0, 1] as const) {
    const lines = dir === 0 ? rows : cols;
    const along = dir === 0 ? cols : rows;
    for (let line = 0; line < lines; line++) {
      let refs: number[] = [];
      for (let k = 0; k < along - 1; k++) {
        const [i, j] = dir === 0 ? [line, k] : [k, line];
        const [i2, j2] = dir === 0 ? [line, k + 1] : [k + 1, line];
        if (!kept(i, j, dir)) {
          emit(refs, classOf(line), line);
          refs = [];
          continue;
        }
        if (refs.length === 0) refs.push(junction(i, j));
        refs.push(shape(i, j, dir), junction(i2, j2));
        if (refs.length >= 51) {
          emit(refs, classOf(line), line);
          refs = [junction(i2, j2)];
        }
      }
      emit(refs, classOf(line), line);
    }
  }
  if (batch.length) out.ways(batch);
  const fileBytes = out.close();
  const heightKm = (o.north - o.south) * KM_PER_DEG;
  const widthKm = (o.east - o.west) * KM_PER_DEG * Math.cos((midLat * Math.PI) / 180);
  return { rows, cols, junctions: rows * cols, shapeNodes, roadEdges, ways, roadKm: Math.round(roadEdges * o.spacingKm * 1.02),
    areaKm2: Math.round(heightKm * widthKm), fileBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: npx tsx bench/synthetic-road-network.ts <out.osm.pbf> [spacingKm]');
  const spacingKm = Number(process.argv[3] ?? 2);
  console.log(writeSyntheticNetwork(path, { ...REGION_BOX, spacingKm, seed: 30 }));
}
