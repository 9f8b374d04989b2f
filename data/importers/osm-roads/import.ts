/**
 * `bdds import osm-roads <extract>`: an OpenStreetMap extract read (read.ts), built into a routing network
 * (build.ts; countries from the bundled outline, countries.ts) and stored with its version (the file's
 * SHA-256 and the network's size) as the network the products route on (road-graph-repo.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { RoadGraphData } from '../../../models/engine-results.js';
import { saveRoadGraph } from '../../road-graph/road-graph-repo.js';
import type { Db } from '../../store.js';
import { buildOsmRoadGraph } from './build.js';
import { nodeCountryAt } from './node-country.js';
import { readOsmRoads } from './read.js';

export interface OsmRoadsSummary {
  file: string;
  version: string;
  ways: number;
  nodes: number;
  edges: number;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Reads and builds the network of an extract (nothing stored yet). */
export async function readOsmRoadGraph(path: string, countryAt = nodeCountryAt): Promise<{ graph: RoadGraphData; summary: OsmRoadsSummary }> {
  const [osm, digest] = await Promise.all([readOsmRoads(path), sha256(path)]);
  const built = buildOsmRoadGraph(osm, countryAt, '');
  if (built.edges.length === 0) throw new Error(`${path}: no road of the routing classes (motorway to tertiary and their links)`);
  const version = `osm-${digest.slice(0, 12)}-${built.nodes.length}n-${built.edges.length}e`;
  const graph: RoadGraphData = { version, nodes: built.nodes, edges: built.edges };
  return { graph, summary: { file: basename(path), version, ways: built.ways, nodes: graph.nodes.length, edges: graph.edges.length } };
}

/** Stores a network read by `readOsmRoadGraph`; `stored` is false when that very version was already held. */
export function storeOsmRoadGraph(db: Db, graph: RoadGraphData, summary: OsmRoadsSummary, at: Date): { stored: boolean } {
  return { stored: saveRoadGraph(db, graph, `osm:${summary.file}`, at) };
}
