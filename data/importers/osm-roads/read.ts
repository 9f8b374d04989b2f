/**
 * Reading an OSM extract: the highway ways of the routing classes and the coordinates of their nodes, in
 * two passes (ways first, then only the nodes they use) so a country-size file never holds every node.
 * `.osm.pbf` through osm-pbf-parser-node; `.osm` XML (optionally gzipped) through fast-xml-parser.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { createOSMStream } from 'osm-pbf-parser-node';
import { isRoadClass } from './speeds.js';

export interface OsmWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

export interface OsmRoads {
  ways: OsmWay[];
  coords: Map<number, [number, number]>;
}

type Item = { type: string; id: number; lat?: number; lon?: number; refs?: number[]; tags?: Record<string, string> };

async function* items(path: string, withTags: boolean): AsyncGenerator<Item> {
  const opts = { withTags: withTags ? { node: false, way: ['highway', 'oneway', 'maxspeed', 'junction'], relation: false } : false };
  for await (const chunk of createOSMStream(path, opts) as AsyncGenerator<Item | Item[]>) {
    if (Array.isArray(chunk)) yield* chunk;
    else yield chunk;
  }
}

async function readPbf(path: string): Promise<OsmRoads> {
  const ways: OsmWay[] = [];
  for await (const it of items(path, true)) {
    if (it.type === 'way' && isRoadClass(it.tags?.highway) && it.refs && it.refs.length > 1) ways.push({ id: it.id, refs: it.refs, tags: it.tags! });
  }
  const needed = new Set(ways.flatMap((w) => w.refs));
  const coords = new Map<number, [number, number]>();
  for await (const it of items(path, false)) {
    if (it.type === 'node' && needed.has(it.id)) coords.set(it.id, [it.lat!, it.lon!]);
    else if (it.type === 'way') break; // nodes come first in a PBF
  }
  return { ways, coords };
}

function readXml(path: string): OsmRoads {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Record<string, unknown>[];
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text) as { osm?: Record<string, unknown> };
  if (!doc.osm) throw new Error(`${path}: not an OSM XML file (no <osm> element)`);
  const ways: OsmWay[] = [];
  for (const w of list(doc.osm.way)) {
    const tags = Object.fromEntries(list(w.tag).map((t) => [String(t.k), String(t.v)]));
    const refs = list(w.nd).map((n) => Number(n.ref));
    if (isRoadClass(tags.highway) && refs.length > 1) ways.push({ id: Number(w.id), refs, tags });
  }
  const coords = new Map<number, [number, number]>();
  for (const n of list(doc.osm.node)) coords.set(Number(n.id), [Number(n.lat), Number(n.lon)]);
  return { ways, coords };
}

/** The routing classes' ways of an extract and their nodes' coordinates. */
export async function readOsmRoads(path: string): Promise<OsmRoads> {
  if (/\.pbf$/i.test(path)) return readPbf(path);
  if (/\.osm(\.gz)?$/i.test(path)) return readXml(path);
  throw new Error(`${path}: name an .osm.pbf or .osm file`);
}
