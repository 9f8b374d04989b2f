/**
 * The same call gives the same envelope, the same status and the same count on every transport: REST,
 * tRPC, MCP (the SDK's client over HTTP) and the CLI (in process, on the same store). For every
 * operation, with an API key and with the internal token, and for each error class. Counters are read
 * from the store before and after each call, so a pipeline that skipped the quota step would fail here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { utcDay } from '../../../api/access/plans.js';
import type { AnyOperation } from '../../../services/operation.js';
import { operations } from '../../../services/registry.js';
import { createUsageRepo } from '../../../data/usage-repo.js';
import type { QuotaClass } from '../../../models/envelope.js';
import { importPlaces } from '../../../data/importers/places/run.js';
import { buildTestApp, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';
import { clearPlaces, feed, poi, price, station } from '../../helpers/places.js';
import { createHarness, TRANSPORTS, type Delivered, type RawInput, type TransportHarness, type TransportName } from '../../helpers/transports.js';

const DAY = utcDay(new Date(FIXED_NOW));
/**
 * Products: every keyed operation but those on a key's own things (alerts: below). `queueStream` answers
 * once here (no `Accept: text/event-stream`); its stream is tested in test/api/rest/event-stream.test.ts.
 */
const keyed = operations.filter((op) => op.access === 'keyed' && !op.needsKey);

/** What must be equal across transports: all but the request id and the counter, which move per call. */
function comparable(envelope: Record<string, unknown>) {
  const { usage, error, ...rest } = envelope as { usage?: Record<string, unknown>; error?: Record<string, unknown> };
  return {
    ...rest,
    ...(usage ? { usage: { ...usage, requests_today: '-', remaining: '-', used: '-' } } : {}),
    ...(error ? { error: { ...error, request_id: '-' } } : {}),
  };
}

describe('one pipeline, four transports', () => {
  const cleanups: (() => unknown)[] = [];
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let harness: TransportHarness;
  let usage: ReturnType<typeof createUsageRepo>;
  let key: { key: string; id: number };

  before(async () => {
    built = await buildTestApp({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext, {
      seed: { history: true, models: true },
      // Every refused key below comes from one address; the lockout itself is tested in access/auth.test.ts.
      failedAuth: { max: 1_000_000, windowMs: 60_000 },
    });
    // A few places instead of the shipped tens of thousands: the CLI opens the store afresh on every call.
    clearPlaces(built.db);
    importPlaces(built.db, [feed('mimit', { stations: [station('s1', 46.07, 13.24)], prices: [price('s1', 'diesel', 1.7)] }),
      feed('osm', { pois: [poi('n1', 'restaurant', 51.05, 3.72), poi('n2', 'supermarket', 50.45, 30.52, { country_code: 'UA' })] })], { now: new Date(FIXED_NOW) });
    built.deps.versions.refresh();
    const url = await built.app.listen({ host: '127.0.0.1', port: 0 });
    harness = createHarness(built.app, url, built.dir);
    usage = createUsageRepo(built.db);
    const made = makeKey(built.deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    key = { key: made.key, id: made.record.id };
  });
  after(async () => {
    await harness.close();
    for (const fn of cleanups.reverse()) await fn();
  });

  const used = (keyId: number, cls: QuotaClass) => usage.used(keyId, DAY, cls);
  const inputOf = (op: AnyOperation) => (op.selfCheck ? op.selfCheck(built.deps) : {}) as RawInput;

  /** Calls `op` on every transport; asserts equal statuses and envelopes and each call's effect on the counter. */
  async function onEveryTransport(op: AnyOperation, input: RawInput, credential: string | null, expect: { status: number; units: number; keyId?: number },
    transports: readonly TransportName[] = TRANSPORTS): Promise<Delivered[]> {
    const results: Delivered[] = [];
    for (const transport of transports) {
      const before = expect.keyId === undefined ? 0 : await used(expect.keyId, op.quotaClass!);
      const delivered = await harness.call(transport, op, input, credential);
      const label = `${op.name} over ${transport}`;
      assert.equal(delivered.status, expect.status, `${label}: ${JSON.stringify(delivered.envelope).slice(0, 300)}`);
      if (expect.keyId !== undefined) {
        const after = await used(expect.keyId, op.quotaClass!);
        assert.equal(after - before, expect.units, `${label} counts ${expect.units} unit(s)`);
        if (delivered.envelope.usage) assert.equal(delivered.envelope.usage.requests_today, after, `${label}: usage is the stored counter`);
      }
      results.push(delivered);
    }
    for (let i = 1; i < results.length; i++) {
      assert.deepEqual(comparable(results[i]!.envelope), comparable(results[0]!.envelope), `${op.name}: ${transports[i]} delivers what ${transports[0]} does`);
    }
    return results;
  }

  for (const op of keyed) {
    it(`${op.name}: the same answer and one count per call (cost ${op.cost ? 'computed' : 1}) with a key`, async () => {
      const input = inputOf(op);
      const units = op.cost ? op.cost(op.input.parse(input), built.deps) : 1;
      const [first] = await onEveryTransport(op, input, key.key, { status: 200, units, keyId: key.id });
      assert.equal(first!.envelope.ok, true);
      assert.equal(first!.envelope.usage.class, op.quotaClass);
    });

    it(`${op.name}: the same answer, uncounted and without usage, with the internal token`, async () => {
      const input = inputOf(op);
      const before = await used(key.id, op.quotaClass!);
      const [first] = await onEveryTransport(op, input, INTERNAL_TOKEN, { status: 200, units: 0 });
      assert.equal(first!.envelope.usage, undefined);
      assert.equal(await used(key.id, op.quotaClass!), before);
    });

    it(`${op.name}: bad input is the same 400, counted once`, async () => {
      const name = Object.keys(op.input.shape)[0]!;
      const [first] = await onEveryTransport(op, { ...inputOf(op), [name]: '\u202e' }, key.key, { status: 400, units: 1, keyId: key.id });
      assert.equal(first!.envelope.error.code, 'bad_request');
      assert.match(first!.envelope.error.message, new RegExp(name));
    });

    if (Object.hasOwn(op.input.shape, 'ppid')) {
      it(`${op.name}: an unknown checkpoint is the same 404, counted once`, async () => {
        const [first] = await onEveryTransport(op, { ...inputOf(op), ppid: 'id_999999999' }, key.key, { status: 404, units: 1, keyId: key.id });
        assert.equal(first!.envelope.error.reason, 'unknown_ppid');
      });
    }

    it(`${op.name}: no key, a revoked key and a spent quota give the same 401, 403 and 429, none counted`, async () => {
      const input = inputOf(op);
      const none = await onEveryTransport(op, input, null, { status: 401, units: 0 });
      assert.equal(none[0]!.envelope.error.code, 'missing_api_key');

      const revoked = makeKey(built.deps, { plan: 'payg', limits: { qps: 1_000_000 } });
      built.deps.repos.keys.revoke(revoked.record.id, FIXED_NOW);
      const refused = await onEveryTransport(op, input, revoked.key, { status: 403, units: 0, keyId: revoked.record.id });
      assert.equal(refused[0]!.envelope.error.reason, 'revoked');

      const spent = makeKey(built.deps, { plan: 'payg', limits: { qps: 1_000_000, standard: 3, forecast_stats: 3, cheap: 3 } });
      await usage.consume(spent.record.id, DAY, op.quotaClass!, 3, 3);
      const over = await onEveryTransport(op, input, spent.key, { status: 429, units: 0, keyId: spent.record.id });
      assert.equal(over[0]!.envelope.error.code, 'quota_exceeded');
      assert.equal(over[0]!.envelope.usage.requests_today, 3);
    });

    it(`${op.name}: over the per-second limit is the same 429, not counted (HTTP transports share the limiter)`, async () => {
      // The clock is pinned, so a bucket of one token never refills: each transport's second call is over.
      // `bdds call` is one call per process; its limiter cannot be exceeded from outside.
      const input = inputOf(op);
      const results: Delivered[] = [];
      for (const transport of ['rest', 'trpc', 'mcp'] as const) {
        const slow = makeKey(built.deps, { plan: 'payg', limits: { qps: 1 } });
        assert.equal((await harness.call(transport, op, input, slow.key)).status, 200);
        const counted = await used(slow.record.id, op.quotaClass!);
        const second = await harness.call(transport, op, input, slow.key);
        assert.equal(second.status, 429, `${transport}: ${JSON.stringify(second.envelope).slice(0, 200)}`);
        assert.equal(second.envelope.error.code, 'qps_exceeded');
        assert.equal(await used(slow.record.id, op.quotaClass!), counted, `${transport}: a 429 is not counted`);
        results.push(second);
      }
      for (const r of results.slice(1)) assert.deepEqual(comparable(r.envelope), comparable(results[0]!.envelope));
    });
  }

  it('alerts: made, listed and deleted on every transport alike, each counted once; the operator token owns none', async () => {
    const [create, list, remove] = ['createAlert', 'listAlerts', 'deleteAlert'].map((name) => operations.find((op) => op.name === name)!);
    const owner = makeKey(built.deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    const body = { ppid: 'id_219', metric: 'wait_min', below: '180', webhook_url: 'https://93.184.216.34/hook' };
    const made: Delivered[] = [];
    for (const transport of TRANSPORTS) {
      const before = await used(owner.record.id, 'standard');
      const delivered = await harness.call(transport, create!, body, owner.key);
      // REST answers a creation 201 Created, and MCP's _meta.status says what HTTP would have sent; tRPC and the CLI keep 200.
      assert.equal(delivered.status, transport === 'rest' || transport === 'mcp' ? 201 : 200, `${transport}: ${JSON.stringify(delivered.envelope).slice(0, 300)}`);
      assert.equal(await used(owner.record.id, 'standard'), before + 1, `${transport} counts one standard unit`);
      made.push(delivered);
    }
    // Equal but for what each creation makes anew: its id and secret.
    const own = (envelope: { data: Record<string, unknown> }) => {
      const { id: _id, secret: _secret, ...rest } = envelope.data;
      return { ...comparable(envelope), data: rest };
    };
    for (const m of made.slice(1)) assert.deepEqual(own(m.envelope), own(made[0]!.envelope));
    const listed = await onEveryTransport(list!, {}, owner.key, { status: 200, units: 1, keyId: owner.record.id });
    assert.deepEqual(listed[0]!.envelope.data.alerts.map((a: { id: string }) => a.id), made.map((m) => m.envelope.data.id));
    for (const [i, transport] of TRANSPORTS.entries()) {
      const gone = await harness.call(transport, remove!, { id: made[i]!.envelope.data.id }, owner.key);
      assert.equal(gone.status, 200, `${transport}: ${JSON.stringify(gone.envelope).slice(0, 300)}`);
    }
    const refused = await onEveryTransport(list!, {}, INTERNAL_TOKEN, { status: 403, units: 0 });
    assert.equal(refused[0]!.envelope.error.reason, 'key_required');
    const bad = await onEveryTransport(create!, { ...body, below: '-5' }, owner.key, { status: 400, units: 1, keyId: owner.record.id });
    assert.equal(bad[0]!.envelope.error.reason, 'out_of_range');
  });

  it('status: public on every transport, with or without a key, never counted', async () => {
    const status = operations.find((op) => op.name === 'status')!;
    const results = await onEveryTransport(status, {}, null, { status: 200, units: 0 });
    assert.equal(results[0]!.envelope.usage, undefined);
    await onEveryTransport(status, {}, key.key, { status: 200, units: 0 });
  });

  it('counts internal calls in the metrics by transport, though they are not metered', async () => {
    const queue = operations.find((op) => op.name === 'queue')!;
    const count = (transport: string) => built.app.pipeline.metrics.snapshot()
      .filter((c) => c.operation === 'queue' && c.caller === 'internal' && c.transport === transport && c.status === 200)
      .reduce((n, c) => n + c.count, 0);
    const before = { rest: count('rest'), trpc: count('trpc'), mcp: count('mcp') };
    for (const transport of ['rest', 'trpc', 'mcp'] as const) await harness.call(transport, queue, inputOf(queue), INTERNAL_TOKEN);
    assert.deepEqual({ rest: count('rest'), trpc: count('trpc'), mcp: count('mcp') }, { rest: before.rest + 1, trpc: before.trpc + 1, mcp: before.mcp + 1 });
  });
});
