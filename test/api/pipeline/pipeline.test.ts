import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { integer, oneOf, onlyWhen } from '../../../models/query.js';
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

describe('parameters that apply in some modes only', () => {
  // One operation with a mode: `grade` applies with mode=station only, `size` (with a default) with mode=list only.
  let calls = 0;
  const moded = defineOperation({
    name: 'moded', slug: 'moded', summary: 'Echoes its input; parameters per mode (tests only)', versions: [1], access: 'keyed',
    quotaClass: 'standard', cacheTtlMs: 60_000, selfCheck: null,
    input: z.object({
      mode: oneOf(['list', 'station']).default('list'),
      grade: onlyWhen(oneOf(['diesel', 'lpg']).optional().describe('mode=station: a grade'), 'mode', ['station']),
      size: onlyWhen(integer(1, 9).default(3), 'mode', ['list']),
    }),
    output: z.object({ echo: z.unknown(), call: z.number() }),
    handler: (input) => ({ data: { echo: input, call: ++calls } }),
  });

  it('echoes a parameter of another mode in meta.ignored_params with a note, never hands it to the handler, and caches as without it', async (t) => {
    const { app, key } = await appWithKey(t, { operations: [...operations, moded] });
    const get = (qs: string) => app.inject({ url: `/api/v1/data/moded?${qs}`, headers: { authorization: `Bearer ${key}` } });
    const plain = await get('mode=list');
    assert.equal(plain.json().meta, undefined, 'nothing ignored, nothing said');
    const extra = await get('mode=list&grade=diesel&colour=red');
    assert.equal(extra.statusCode, 200);
    assert.deepEqual(extra.json().meta.ignored_params, ['colour', 'grade'], 'unknown names first, then those of another mode');
    assert.deepEqual(extra.json().meta.ignored_notes, ["'grade' applies only with mode=station (this call: mode=list); it was ignored."]);
    assert.equal(extra.headers['x-devapi-warning'], 'ignored_params=colour,grade');
    assert.deepEqual(extra.json().data.echo, { mode: 'list', size: 3 }, 'the handler never sees grade');
    assert.equal(extra.json().data.call, plain.json().data.call, 'the same answer from the cache as the call without it');
    assert.equal(extra.headers.etag, plain.headers.etag);

    // A parameter with a default is put back to it; the mode's own default decides (mode absent = list).
    const station = await get('mode=station&grade=lpg&size=7');
    assert.deepEqual(station.json().data.echo, { mode: 'station', grade: 'lpg', size: 3 });
    assert.deepEqual(station.json().meta.ignored_params, ['size']);
    assert.deepEqual((await get('grade=lpg')).json().meta.ignored_params, ['grade'], 'the default mode decides');
    // The value of a known parameter is still checked in any mode.
    assert.equal((await get('mode=list&grade=petrol')).json().error.reason, 'invalid_value');
  });

  it('does the same on a JSON transport (the pipeline, not REST, decides)', async (t) => {
    const { app, key } = await appWithKey(t, { operations: [...operations, moded] });
    const outcome = await app.pipeline.call({
      op: moded, transport: 'trpc', requestId: 'r', authorization: `Bearer ${key}`, address: '127.0.0.1',
      params: { values: { mode: 'list', grade: 'diesel', '': 1 }, text: false },
    });
    const body = JSON.parse(outcome.body!);
    assert.deepEqual(body.meta.ignored_params, ['', 'grade']);
    assert.equal(body.meta.ignored_notes.length, 2);
    assert.match(body.meta.ignored_notes[0], /empty name/);
  });

  it('says how many unknown names it did not list past the first 20, never cutting the list silently', async (t) => {
    const { app, key } = await appWithKey(t, { operations: [...operations, moded] });
    const params = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`a${i + 1}`, 1]));
    const outcome = await app.pipeline.call({
      op: moded, transport: 'trpc', requestId: 'r', authorization: `Bearer ${key}`, address: '127.0.0.1',
      params: { values: { mode: 'list', ...params }, text: false },
    });
    const meta = JSON.parse(outcome.body!).meta;
    assert.deepEqual(meta.ignored_params, Array.from({ length: 20 }, (_, i) => `a${i + 1}`));
    assert.deepEqual(meta.ignored_notes, ['3 more unknown parameters ignored, not listed (the list stops at 20).']);
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
