import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDashboardClient, errorCodeOf, queueTiles } from '../../../docs/examples/trpc-client.js';
import { buildTestApp, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

describe('tRPC with the typed client (docs/examples/trpc-client.ts)', () => {
  it('returns the REST envelope, typed from the registry, batched over a real listener', async (t) => {
    const { app } = await buildTestApp(t, { seed: { history: true } });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = createDashboardClient(url, INTERNAL_TOKEN);
    const answer = await client.queue.query({ ppid: 'id_129', section: 'hourly' });
    // Typed: `data.hourly` is the queue product's list; a wrong field would not compile.
    const firstWait: number | null | undefined = answer.data.hourly?.[0]?.wait_time;
    assert.equal(answer.ok, true);
    assert.equal(answer.product, 'queue');
    assert.equal(answer.data.hourly?.length, 24);
    assert.ok(firstWait === null || typeof firstWait === 'number');
    assert.equal(answer.usage, undefined, 'the internal token is not metered');
    const rest = await app.inject({ url: '/api/v1/data/queue?ppid=id_129&section=hourly', headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    assert.deepEqual(answer, rest.json());
    const tiles = await queueTiles(client, ['id_129', 'id_119']);
    assert.deepEqual(tiles.map((x) => x.ppid), ['id_129', 'id_119']);
    assert.ok(tiles.every((x) => x.product === 'queue'));
    // @ts-expect-error: an unknown parameter does not compile (the input type is the operation's schema)
    await client.queue.query({ ppidd: 'id_129' }).catch(() => null);
  });

  it('gives errors the contract code, the HTTP status and the pipeline headers', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const explorer = makeKey(deps).key; // Explorer: 2 requests per second; the clock is pinned
    const client = createDashboardClient(url, explorer);
    const first = await client.checkpoints.query({ country: '2' });
    assert.equal(first.usage?.requests_today, 1);
    await client.checkpoints.query({});
    const err = await client.checkpoints.query({}).then(() => null, (e: unknown) => e);
    assert.equal(errorCodeOf(err), 'qps_exceeded');
    assert.equal((err as { data: { httpStatus: number } }).data.httpStatus, 429);

    const res = await fetch(`${url}/trpc/queue?input=${encodeURIComponent(JSON.stringify({ ppid: 'id_999999' }))}`,
      { headers: { authorization: `Bearer ${makeKey(deps, { plan: 'payg' }).key}` } });
    assert.equal(res.status, 404);
    assert.match(res.headers.get('ratelimit') ?? '', /^"standard";r=\d+;t=\d+$/);
    const body = await res.json() as { error: { data: { envelope: { error: { code: string; reason: string }; usage: { requests_today: number } } } } };
    assert.deepEqual([body.error.data.envelope.error.code, body.error.data.envelope.error.reason], ['not_found', 'unknown_ppid']);
    assert.equal(body.error.data.envelope.usage.requests_today, 1, 'a 404 counts, as on REST');

    const none = await fetch(`${url}/trpc/queue?input=${encodeURIComponent(JSON.stringify({ ppid: 'id_129' }))}`);
    assert.equal(none.status, 401);
    const unknown = await fetch(`${url}/trpc/nothing`, { headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { error: { data: { envelope: { error: { code: string } } } } }).error.data.envelope.error.code, 'unknown_product');
  });
});
