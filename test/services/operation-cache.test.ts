import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOperationCache } from '../../services/operation-cache.js';
import { canonicalJson } from '../../services/canonical-json.js';
import { runOperation } from '../../services/run-operation.js';
import { operations } from '../../services/registry.js';
import { buildTestApp } from '../helpers/deps.js';
import { probeCalls, withTestOperations } from '../helpers/test-operations.js';

describe('operation cache', () => {
  it('computes once for concurrent identical misses', async () => {
    const cache = createOperationCache();
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 30));
      return { result: {}, fragment: `"data":${computed}`, etag: `"${computed}"` };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', 1_000, compute)));
    assert.equal(computed, 1);
    assert.ok(answers.every((a) => a === answers[0]));
  });

  it('never caches a failure', async () => {
    const cache = createOperationCache();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('boom');
    };
    await assert.rejects(cache.get('k', 1_000, failing));
    await assert.rejects(cache.get('k', 1_000, failing));
    assert.equal(calls, 2);
  });

  it("lets an answer live for its time on the service's clock", async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const cache = createOperationCache({ now: () => new Date(clock) });
    let computed = 0;
    const compute = async () => ({ result: {}, fragment: `"data":${++computed}`, etag: `"${computed}"` });
    await cache.get('k', 60_000, compute);
    clock += 59_000;
    assert.equal((await cache.get('k', 60_000, compute)).fragment, '"data":1', 'within its minute');
    clock += 2_000;
    await new Promise((r) => setTimeout(r, 5)); // lru-cache reads the clock at most once a millisecond
    assert.equal(cache.peek('k'), undefined, 'expired by the clock, not by the wall');
    assert.equal((await cache.get('k', 60_000, compute)).fragment, '"data":2');
  });

  it('stays within its byte bound', async () => {
    const cache = createOperationCache({ maxBytes: 10_000 });
    for (let i = 0; i < 100; i++) {
      await cache.get(`k${i}`, 60_000, async () => ({ result: {}, fragment: 'x'.repeat(1_000), etag: `"${i}"` }));
    }
    assert.ok(cache.size <= 10, `kept ${cache.size} entries of ~1 KB under a 10 KB bound`);
    assert.ok(cache.size >= 7, `kept ${cache.size}: the bound is used`);
  });

  it('counts a string beyond Latin-1 at two bytes a character, as V8 holds it', async () => {
    const cache = createOperationCache({ maxBytes: 20_000 });
    for (let i = 0; i < 100; i++) {
      await cache.get(`k${i}`, 60_000, async () => ({ result: {}, fragment: `"data":"${'Я'.repeat(1_000)}"`, etag: `"${i}"` }));
    }
    assert.ok(cache.size <= 10, `kept ${cache.size} entries of ~2 KB (1,000 Cyrillic characters) under a 20 KB bound`);
  });

  it('keeps an answer once, as its fragment: not its data object nor the worker\'s string beside it', async (t) => {
    const { deps } = await buildTestApp(t, { seed: { history: true, models: true } });
    for (const [name, raw, check] of [
      ['queue', { ppid: 'id_119' }, (data: { hourly: unknown[] }) => data.hourly.length > 0],
      ['forecast', { ppid: 'id_119' }, (data: unknown[]) => data.length === 24],
    ] as const) {
      const op = operations.find((o) => o.name === name)!;
      const answer = await runOperation(op, op.input.parse(raw), deps);
      assert.deepEqual(Object.keys(answer.result).filter((k) => !['meta', 'credits'].includes(k)), [], `${name} keeps only meta and credits beside the fragment`);
      assert.ok(!('data' in answer.result) && !('dataJson' in answer.result));
      assert.ok((check as (d: unknown) => boolean)(JSON.parse(`{${answer.fragment}}`).data), `${name}: the fragment holds the data`);
    }
  });

  it('keys inputs canonically whatever their key order', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } }), canonicalJson({ a: { c: [3, { e: 0, f: 1 }], d: 2 }, b: 1 }));
  });

  it('serves concurrent identical HTTP requests from one computation', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const before = probeCalls.count;
    const urls = ['/api/v1/data/probe?ppid=id_9&limit=3', '/api/v1/data/probe?limit=3&ppid=id_9', '/api/v2/data/probe?ppid=id_9&limit=3'];
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => app.inject(urls[i % 3]!)));
    assert.ok(responses.every((r) => r.statusCode === 200));
    assert.equal(probeCalls.count - before, 1, 'one handler call for twelve requests');
    assert.equal(new Set(responses.map((r) => r.json().data.call)).size, 1);
  });
});
