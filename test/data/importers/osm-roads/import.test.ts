import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { readOsmRoadGraph, storeOsmRoadGraph } from '../../../../data/importers/osm-roads/import.js';
import { onewayOf, parseMaxspeed, waySpeeds } from '../../../../data/importers/osm-roads/speeds.js';
import { latestRoadGraph } from '../../../../data/road-graph/road-graph-repo.js';
import { closeStore } from '../../../../data/store.js';
import { createWorkerContext } from '../../../../services/worker/context.js';
import { appWithKey, tempDir } from '../../../helpers/deps.js';

const MONACO = new URL('../../../fixtures/osm/monaco.osm.pbf', import.meta.url).pathname;

/** readOsmRoadGraph(path, () => null) on a thread of its own (read-graph-thread.mjs says why). */
function readOnThread(path: string): Promise<Awaited<ReturnType<typeof readOsmRoadGraph>>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./read-graph-thread.mjs', import.meta.url), { workerData: { path } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the reading thread exited with ${code}`)));
  });
}

describe('osm-roads: reading an extract', () => {
  it('builds a contracted network from a real extract (Monaco, OSRM test data)', async () => {
    const { graph, summary } = await readOnThread(MONACO);
    assert.match(graph.version, /^osm-[0-9a-f]{12}-\d+n-\d+e$/);
    assert.ok(summary.ways > 500 && graph.edges.length > 500, JSON.stringify(summary));
    // Contracted: far fewer junctions than the ways' nodes, and every link at least its straight line.
    assert.ok(graph.nodes.length < summary.ways * 2);
    const byId = new Map(graph.nodes.map((n) => [n[0], n]));
    for (const [a, b, km, oneway, car, truck] of graph.edges as [number, number, number, 0 | 1, number, number][]) {
      assert.ok(byId.has(a) && byId.has(b) && km > 0 && (oneway === 0 || oneway === 1));
      assert.ok(car >= 30 && car <= 120 && truck >= 30 && truck <= car, `${car} ${truck}`);
    }
    assert.ok(graph.edges.some((e) => e[3] === 1), 'one-way roads kept one-way');
  });
  it('reads speeds and one-way as OSM writes them', () => {
    assert.equal(parseMaxspeed('90'), 90);
    assert.equal(parseMaxspeed('50 mph'), 80);
    assert.equal(parseMaxspeed('PL:urban'), null);
    assert.deepEqual(waySpeeds('motorway', '140'), { car: 120, truck: 80 });
    assert.deepEqual(waySpeeds('primary', '50'), { car: 50, truck: 50 });
    assert.deepEqual(waySpeeds('secondary', undefined), { car: 60, truck: 50 });
    assert.equal(onewayOf({ highway: 'motorway' }), 1);
    assert.equal(onewayOf({ highway: 'primary', oneway: '-1' }), -1);
    assert.equal(onewayOf({ highway: 'primary', junction: 'roundabout' }), 1);
    assert.equal(onewayOf({ highway: 'motorway', oneway: 'no' }), 0);
  });
});

/**
 * A constructed road on the Ukrainian side from Medyka-Shehyni round by Mostyska to Krakovets (about 45 km),
 * with short side roads at either end (a crossing and an origin snap to their nearest few junctions).
 */
function medykaKrakovets(path: string) {
  const pts = [[49.8005, 22.965], [49.795, 23.02], [49.79, 23.08], [49.79, 23.15], [49.83, 23.19], [49.88, 23.2], [49.93, 23.17], [49.955, 23.135],
    [49.805, 22.975], [49.81, 22.97], [49.797, 22.972], [49.96, 23.14], [49.95, 23.145]];
  const way = (id: number, refs: number[], cls: string) => `  <way id="${id}">${refs.map((r) => `<nd ref="${r}"/>`).join('')}<tag k="highway" v="${cls}"/></way>`;
  writeFileSync(path, `<?xml version="1.0"?>\n<osm version="0.6">\n${pts.map(([lat, lon], i) => `  <node id="${i + 1}" lat="${lat}" lon="${lon}"/>`).join('\n')}
${way(1, [1, 2, 3, 4, 5, 6, 7, 8], 'secondary')}\n${way(2, [1, 9], 'tertiary')}\n${way(3, [1, 10], 'tertiary')}\n${way(4, [1, 11], 'tertiary')}
${way(5, [8, 12], 'tertiary')}\n${way(6, [8, 13], 'tertiary')}\n</osm>\n`);
}

describe('osm-roads: the products route on an imported network', () => {
  it('changes alternatives at Medyka-Shehyni, and the store keeps it for the next start', async (t) => {
    const extract = join(tempDir(t), 'medyka.osm');
    medykaKrakovets(extract);
    const { graph, summary } = await readOsmRoadGraph(extract);
    assert.equal(graph.nodes.length, 7, 'the main road is contracted to its two ends, beside the five side roads\' ends');
    assert.equal(graph.edges.length, 6);
    assert.ok(graph.nodes.every((n) => n[4] === 'UA'), 'countries from the bundled outline');

    const { get, db, deps, dir } = await appWithKey(t, { seed: { history: false } });
    const krakovets = async () => ((await get('alternatives?ppid=id_214&limit=10')).body.data.alternatives as { ppid: string; distance_km: number }[])
      .find((r) => r.ppid === 'id_414')!.distance_km;
    const before = await krakovets();
    assert.ok(before < 45, `bundled graph: ${before} km`);
    assert.equal(storeOsmRoadGraph(db, graph, summary, new Date()).stored, true);
    assert.equal(latestRoadGraph(db)!.version, summary.version);
    deps.cache.clear();
    const after = await krakovets();
    assert.notEqual(after, before);
    // The drawn road (about 34 km along its points) plus the short snaps at either end.
    const roadKm = Math.max(...graph.edges.map((e) => e[2]!));
    assert.ok(roadKm > 30 && after >= roadKm && after < roadKm + 5, `imported network: ${after} km for a ${roadKm} km road`);

    // A restart: a worker opening the store anew routes on the imported network, not the bundled graph.
    const worker = createWorkerContext({ dbPath: join(dir, 'bdds.sqlite'), replay: true });
    t.after(() => closeStore(worker.db));
    assert.equal(worker.roadGraph.version, summary.version);
  });
});
