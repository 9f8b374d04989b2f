import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { defineOperation } from '../../../services/operation.js';
import { operations } from '../../../services/registry.js';
import { appWithKey, INTERNAL_TOKEN } from '../../helpers/deps.js';

const byName = (name: string) => operations.find((op) => op.name === name)!;

describe('request pipeline', () => {
  it('answers at once (no promise) only what needs no counter: a public or internal call seen before, answer cached', async (t) => {
    const { app, key } = await appWithKey(t);
    const { pipeline } = app;
    const status = { op: byName('status'), version: 1 as const, transport: 'rest' as const, requestId: 'r', authorization: undefined,
      address: '127.0.0.1', params: { values: {}, text: true }, rawKey: '/api/v1/data/status' };
    assert.equal(pipeline.callNow(status), null, 'never seen: parse and compute first');
    const first = await pipeline.call(status);
    const now = pipeline.callNow(status);
    assert.ok(now, 'seen and cached: answered at once');
    assert.deepEqual(now, first, 'the same outcome either way');

    const queue = { ...status, op: byName('queue'), params: { values: { ppid: 'id_129' }, text: true }, rawKey: '/api/v1/data/queue?ppid=id_129' };
    await pipeline.call({ ...queue, authorization: `Bearer ${key}` });
    assert.equal(pipeline.callNow({ ...queue, authorization: `Bearer ${key}` }), null, 'an API key is always counted: never at once');
    const internal = pipeline.callNow({ ...queue, authorization: `Bearer ${INTERNAL_TOKEN}` });
    assert.equal(internal?.status, 200, 'the internal token is not metered');
    assert.equal(JSON.parse(internal!.body!).usage, undefined);
    assert.equal(pipeline.callNow({ ...queue, authorization: 'Bearer not-the-token' }), null);
  });

  it('remembers a parse per raw form, never a failed one, and never lets a handler change a shared input', async (t) => {
    const { app, key } = await appWithKey(t);
    const bad = await app.inject({ url: '/api/v1/data/queue?ppid=nope', headers: { authorization: `Bearer ${key}` } });
    const again = await app.inject({ url: '/api/v1/data/queue?ppid=nope', headers: { authorization: `Bearer ${key}` } });
    assert.deepEqual([bad.statusCode, again.statusCode], [400, 400]);
    assert.equal(again.json().usage.requests_today, 2, 'each refused call counted');
    const a = await app.inject({ url: '/api/v1/data/multi?ppids=id_129,id_119&x=1', headers: { authorization: `Bearer ${key}` } });
    const b = await app.inject({ url: '/api/v1/data/multi?ppids=id_129,id_119&x=1', headers: { authorization: `Bearer ${key}` } });
    assert.deepEqual(b.json().meta, a.json().meta, 'ignored_params and units from the remembered parse');
    assert.deepEqual(a.json().meta.ignored_params, ['x']);
    assert.equal(b.json().usage.requests_today - a.json().usage.requests_today, a.json().meta.units_consumed);
  });
});

describe('engine failures', () => {
  it('answers 503 engine_failure and logs the worker\'s own error once, with the task and the request id', async (t) => {
    const failing = defineOperation({
      name: 'failing', slug: 'failing', summary: 'Sends a task the worker does not know (tests only)', versions: [1], access: 'keyed',
      quotaClass: 'standard', input: z.object({}), output: z.object({}), cacheTtlMs: 0, selfCheck: null,
      handler: async (_input, deps) => ({ data: (await (deps.engine.run as (task: string, arg: unknown) => Promise<unknown>)('noSuchTask', null)) as Record<string, never> }),
    });
    const { get, logLines } = await appWithKey(t, { operations: [...operations, failing] });
    const res = await get('failing');
    assert.deepEqual([res.status, res.body.error.reason], [503, 'engine_failure']);
    assert.doesNotMatch(JSON.stringify(res.body), /noSuchTask|unknown service task/, 'the client sees no internal text');
    const logged = logLines.map((l) => JSON.parse(l) as { msg: string; task?: string; reqId?: string; err?: { message: string } })
      .filter((l) => l.msg === 'engine task failed');
    assert.equal(logged.length, 1);
    assert.deepEqual([logged[0]!.task, logged[0]!.reqId], ['noSuchTask', res.body.error.request_id]);
    assert.match(logged[0]!.err!.message, /unknown service task: noSuchTask/);
  });
});
