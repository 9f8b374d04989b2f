/**
 * The client side of bench:engine's latency-under-load figure (L1), in a process of its own so that what
 * it allocates and computes never lands on the service's event loop (app.inject would: its request and
 * response objects survive the service's scavenges and turn 1 ms collections into 3-5 ms ones).
 *
 * Forked with IPC by bench/engine-speed.ts, which sends a `LoadPlan`. Over real keep-alive HTTP: warm the
 * cached keyed request, then per round: idle (`idle` requests one after another, timed), then loaded (the
 * same request timed one after another while `heavy` uncached requests run `lanes` at a time). Before each
 * phase it asks the parent to clear the operation cache and collect its heap (`{ clear: true }`, answered
 * `{ cleared: true }`), so every heavy request is uncached and neither phase pays for the other's garbage.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadPlan {
  base: string;
  key: string;
  queueUrl: string;
  heavyUrls: string[][];
  warm: number;
  idle: number;
  lanes: number;
}

export interface LoadResult {
  idle: number[][];
  loaded: number[][];
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function get(plan: LoadPlan, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${plan.base}${path}`, { agent, headers: { authorization: `Bearer ${plan.key}` } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function timed(plan: LoadPlan, path: string): Promise<number> {
  const s = performance.now();
  await get(plan, path);
  return performance.now() - s;
}

function parentClears(): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send!({ clear: true });
  });
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  for (let i = 0; i < plan.warm; i++) await get(plan, plan.queueUrl);
  const result: LoadResult = { idle: [], loaded: [] };
  for (const heavyUrls of plan.heavyUrls) {
    await parentClears();
    const idle: number[] = [];
    for (let i = 0; i < plan.idle; i++) idle.push(await timed(plan, plan.queueUrl));
    await parentClears();
    await get(plan, plan.queueUrl); // cached again before timing
    let next = 0;
    let done = false;
    const lane = async () => {
      while (next < heavyUrls.length) await get(plan, heavyUrls[next++]!);
    };
    const heavy = Promise.all(Array.from({ length: plan.lanes }, lane)).then(() => { done = true; });
    const loaded: number[] = [];
    while (!done) loaded.push(await timed(plan, plan.queueUrl));
    await heavy;
    result.idle.push(idle);
    result.loaded.push(loaded);
  }
  return result;
}

process.once('message', (plan: LoadPlan) => {
  run(plan).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (err: Error) => process.send!({ error: err.message }, () => process.exit(1)),
  );
});
