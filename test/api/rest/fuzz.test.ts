import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { bearer, buildTestApp, makeKey } from '../../helpers/deps.js';
import { counted, weighed, withTestOperations } from '../../helpers/test-operations.js';
import { routePath } from '../../../api/rest/paths.js';

// Hostile values, written as they would appear on the wire (already percent-encoded or raw).
const NASTY = [
  '', 'NaN', 'Infinity', '-Infinity', '1e400', '0x10', '-0', '%201%20', '%', '%zz', '%E0%A4%A', '%ED%A0%80',
  '%E2%80%AE', '%E2%80%8D', '%00', 'a'.repeat(5000), '__proto__', 'constructor', 'id_1', 'id_', '5', '11', '-1',
  '1,2,3', ',,,', 'true', 'x%2Cy', '%F0%9F%98%80', 'Рава-Руська', '999999999999999999999',
  'id_119', 'id_999', '2026-11-21', '2026-02-30', '49.84', '-200', 'PL', 'DE,PL', 'all', '168', '24', '9', '4',
];
// Every parameter name any product takes, plus hostile ones.
const KEYS = [...new Set([...withTestOperations, counted, weighed].flatMap((op) => Object.keys(op.input.shape))),
  '__proto__', 'constructor', 'prototype', 'toString', '', '%', 'ppid%00'];

const value = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 30 }).map(encodeURIComponent));
const pair = fc.tuple(fc.constantFrom(...KEYS), value).map(([k, v]) => `${k}=${v}`);
const query = fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&'));

describe('bad input never yields a 5xx', () => {
  it('holds for every operation under random hostile query strings', async (t) => {
    const ops = [...withTestOperations.filter((op) => op.slug !== 'explode'), counted, weighed];
    const { app, deps } = await buildTestApp(t, { operations: ops });
    const big = 1_000_000;
    const { key } = makeKey(deps, { plan: 'payg', limits: { standard: big, forecast_stats: big, cheap: big, qps: big } });
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const paths = ops.flatMap((op) => op.versions.map((v) => routePath(op, v)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), query, async (path, qs) => {
        const res = await app.inject({ url: `${path}?${qs}`, headers: bearer(key) });
        if (/outcome=internal/.test(qs) && res.statusCode === 500) return; // the test product's own deliberate 500
        assert.ok(res.statusCode < 500, `${res.statusCode} for ${path}?${qs}: ${res.body.slice(0, 300)}`);
        const body = JSON.parse(res.body);
        if (res.statusCode >= 400) ErrorEnvelope.parse(body);
        assert.doesNotMatch(res.body, /\n\s+at |node_modules|\/work\/|SQLITE|ZodError/);
      }),
      { numRuns: 600 },
    );
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('cuts off a URL beyond the header limit with 431 before any route runs', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/data/probe?ppid=id_1&x=${'a'.repeat(20_000)}`);
    assert.equal(res.status, 431);
  });
});
