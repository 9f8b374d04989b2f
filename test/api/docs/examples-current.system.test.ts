/**
 * The reference's examples (api/docs/examples.json) are what the generator gives today: the products are
 * called again over the tests' `models` store template, built from the bundled data at the instant the
 * examples are computed at, and the answers compared (in the system lane: it runs every product, the
 * pooled ones included, about 8 s).
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { createDeps } from '../../../api/create-deps.js';
import { collectExamples } from '../../../api/docs/collect-examples.js';
import { docsExamples, EXAMPLES_NOW, EXAMPLES_SERVICE_NAME, type DocsExamples } from '../../../api/docs/examples.js';
import { closeStore, openStore } from '../../../data/store.js';
import { operations } from '../../../services/registry.js';
import { createServicePool } from '../../../services/worker/pool.js';
import { FIXED_NOW, tempDir } from '../../helpers/deps.js';
import { storeTemplate } from '../../helpers/store-templates.js';

type StatusProduct = { status: string; reason: string | null; detail: string | null };
type StatusData = { products: Record<string, StatusProduct>; summary: { online: number; degraded: number } };

/**
 * The examples without what no two status rounds share: each product's measured `latency_ms` in the
 * `status` answer, whether a check ran past the threshold of `slow` (a loaded machine: such a product is
 * compared as the answer it gave, online, and the summary counted again), and so that answer's ETag (every
 * ETag is left out: each is a digest of its body, compared).
 */
function steady(value: DocsExamples): unknown {
  const copy = JSON.parse(JSON.stringify(value, (key, v) => (key === 'latency_ms' ? 0 : key === 'etag' ? 'etag' : v)));
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const data = node as Partial<StatusData>;
    if (data.products && data.summary) {
      for (const p of Object.values(data.products)) {
        if (p.reason === 'slow') Object.assign(p, { status: 'online', reason: null, detail: null });
      }
      const all = Object.values(data.products);
      data.summary.online = all.filter((p) => p.status === 'online').length;
      data.summary.degraded = all.filter((p) => p.status === 'degraded').length;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(copy);
  return copy;
}

describe('the reference\'s examples', () => {
  it('are what the generator gives today over the bundled data', async (t) => {
    assert.equal(EXAMPLES_NOW, FIXED_NOW, 'the examples are computed where the template is');
    const path = join(tempDir(t), 'bdds.sqlite');
    copyFileSync(storeTemplate('models'), path);
    const db = openStore(path, { integrityCheck: false });
    const engine = createServicePool({ dbPath: path, replay: true }, { threads: 1, lazy: true });
    const { deps } = createDeps({
      db, engine, log: pino({ level: 'silent' }), now: () => new Date(EXAMPLES_NOW),
      settings: { serviceName: EXAMPLES_SERVICE_NAME, internalToken: null, demoReplay: true },
    });
    t.after(async () => {
      await engine.close();
      await deps.counters.close?.();
      closeStore(db);
    });
    const fresh = await collectExamples(operations, deps);
    assert.deepEqual(steady(fresh), steady(docsExamples()), 'api/docs/examples.json is stale: run npx tsx api/docs/build-examples.ts');
  });
});
