/**
 * Which side of Ukraine's border a point is on, from OpenStreetMap's boundary simplified to 10 m
 * (data/bundled/geo/ukraine-border.json.gz, built by data/scripts/build-ukraine-border.ts): the side decides
 * whether a trip leads out of Ukraine or into it. The map outline beside it (Natural Earth 1:50m, rounded to
 * about 1 km) put Medyka village, 1.2 km from the border, in Ukraine; a road-graph city nearest to a point at Shehyni
 * is across the border in Poland.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { insideRing } from '../../models/geo.js';
import { bundledPath } from '../seed.js';

type Ring = readonly (readonly [number, number])[];

/** The grid's cell, degrees: about 2 km; a cell the border does not pass through lies wholly on one side. */
const CELL_DEG = 0.02;
/** A cell's state: not yet known, wholly inside, wholly outside, or crossed by the border (cast the ray). */
const UNKNOWN = 0, INSIDE = 1, OUTSIDE = 2, CROSSED = 3;

interface Border {
  ring: Ring;
  box: [number, number, number, number];
  /** Per cell of the box, its state (filled lazily for cells the border does not cross). */
  cells: Uint8Array;
  columns: number;
}
let border: Border | null = null;

function load() {
  if (border) return border;
  const { ring } = JSON.parse(gunzipSync(readFileSync(bundledPath('geo/ukraine-border.json.gz'))).toString('utf8')) as { ring: [number, number][] };
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of ring) [w, s, e, n] = [Math.min(w, lon), Math.min(s, lat), Math.max(e, lon), Math.max(n, lat)];
  const columns = Math.ceil((e - w) / CELL_DEG) + 1;
  const cells = new Uint8Array(columns * (Math.ceil((n - s) / CELL_DEG) + 1));
  // Every cell a segment of the border passes through (sampled at a quarter cell) is crossed, and so are its
  // eight neighbours: a segment that clips a cell's corner between two samples still marks it.
  const rows = cells.length / columns;
  for (let i = 1; i < ring.length; i++) {
    const [ax, ay] = ring[i - 1]!;
    const [bx, by] = ring[i]!;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(bx - ax), Math.abs(by - ay)) / (CELL_DEG / 4)));
    for (let k = 0; k <= steps; k++) {
      const column = Math.floor((ax + ((bx - ax) * k) / steps - w) / CELL_DEG);
      const row = Math.floor((ay + ((by - ay) * k) / steps - s) / CELL_DEG);
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++) cells[r * columns + c] = CROSSED;
      }
    }
  }
  border = { ring, box: [w, s, e, n], cells, columns };
  return border;
}

/** Whether the point lies in Ukraine (its internationally recognised border, the territorial sea included). */
export function inUkraine(lat: number, lon: number): boolean {
  const { ring, box, cells, columns } = load();
  if (!(lon >= box[0] && lat >= box[1] && lon <= box[2] && lat <= box[3])) return false;
  // A cell the border does not cross is on one side throughout: one ray cast per cell (at its first point)
  // answers every later point in it; near the border, every point is cast (an import classifies millions).
  const cell = Math.floor((lat - box[1]) / CELL_DEG) * columns + Math.floor((lon - box[0]) / CELL_DEG);
  const state = cells[cell]!;
  if (state === INSIDE || state === OUTSIDE) return state === INSIDE;
  const inside = insideRing(ring, lon, lat);
  if (state === UNKNOWN) cells[cell] = inside ? INSIDE : OUTSIDE;
  return inside;
}

/**
 * A coarser country lookup (`lookup`: the nearest place's, a 1 km outline's) corrected by Ukraine's border:
 * Ukraine inside it; outside it, the lookup's country, or null where the lookup still says Ukraine (near the
 * border, the other side's place is often the nearest). The one rule for every product that asks which side
 * of the border a point is on.
 */
export function bySideOfUkraine(lookup: (lat: number, lon: number) => string | null): (lat: number, lon: number) => string | null {
  return (lat, lon) => {
    if (inUkraine(lat, lon)) return 'UA';
    const country = lookup(lat, lon);
    return country === 'UA' ? null : country;
  };
}

/** The border as one closed ring of [lon, lat] points (the land border and the territorial sea's edge). */
export const ukraineBorderRing = (): Ring => load().ring;
