/**
 * Imported routing networks (bdds import osm-roads), stored whole as gzipped JSON with their version: the
 * newest is the one the products route on. `currentRoadGraph` gives it, else the bundled city graph, and
 * keeps what it parsed until the stored version moves (one small query per call).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { RoadGraphData } from '../../models/engine-results.js';
import { loadRoadGraph } from '../seed.js';
import type { Db } from '../store.js';

export interface StoredRoadGraph {
  version: string;
  source: string;
  imported_at: string;
  nodes: number;
  edges: number;
}

/** Stores a network; storing the same version again changes nothing (returns false). */
export function saveRoadGraph(db: Db, graph: RoadGraphData, source: string, at: Date): boolean {
  const data = gzipSync(JSON.stringify(graph));
  const info = db.prepare(`INSERT INTO road_graphs (version, source, imported_at, nodes, edges, data) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (version) DO NOTHING`).run(graph.version, source, at.toISOString(), graph.nodes.length, graph.edges.length, data);
  return info.changes > 0;
}

export function latestRoadGraph(db: Db): StoredRoadGraph | null {
  return (db.prepare('SELECT version, source, imported_at, nodes, edges FROM road_graphs ORDER BY id DESC LIMIT 1').get() as StoredRoadGraph | undefined) ?? null;
}

/** A reader of the network to route on: the newest import, else the bundled graph; parsed once per version. */
export function createRoadGraphSource(db: Db): () => RoadGraphData {
  let held: RoadGraphData | null = null;
  const latest = db.prepare('SELECT version FROM road_graphs ORDER BY id DESC LIMIT 1').pluck();
  const load = db.prepare('SELECT data FROM road_graphs WHERE version = ?').pluck();
  return () => {
    const version = latest.get() as string | undefined;
    if (version === undefined) return loadRoadGraph();
    if (held?.version !== version) held = JSON.parse(gunzipSync(load.get(version) as Buffer).toString('utf8')) as RoadGraphData;
    return held;
  };
}
