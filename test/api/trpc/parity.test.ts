import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { runDayStats } from '../../../api/jobs/day-stats-job.js';
import { runForecastModels } from '../../../api/jobs/forecast-job.js';
import { runStatusChecks } from '../../../api/jobs/status-check.js';
import { operations } from '../../../api/registry.js';
import { bearer, buildTestApp, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const trpcUrl = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
const auth = { authorization: `Bearer ${INTERNAL_TOKEN}` };

describe('tRPC', () => {
  // One app with the recorded history and every job run, shared by the per-operation parity tests.
  const cleanups: (() => unknown)[] = [];
  let shared: Awaited<ReturnType<typeof buildTestApp>> & { key: string };
  before(async () => {
    const built = await buildTestApp({ after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext, { seed: { history: true } });
    await runDayStats(built.deps);
    await runForecastModels(built.deps);
    await runStatusChecks(operations, built.deps);
    shared = { ...built, key: makeKey(built.deps, { plan: 'payg', limits: { qps: 1000 } }).key };
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  for (const op of operations) {
    it(`returns the same data as REST for ${op.name}`, async () => {
      const { app, deps, key } = shared;
      const input = (op.selfCheck ? op.selfCheck(deps) : {}) as Record<string, string>;
      const pathParams = op.pathParams ?? [];
      const query = new URLSearchParams(Object.entries(input).filter(([k]) => !pathParams.includes(k))).toString();
      const path = pathParams.map((p) => `/${encodeURIComponent(input[p]!)}`).join('');
      const rest = await app.inject({ url: `/api/v${op.versions[0]}/data/${op.slug}${path}${query ? `?${query}` : ''}`, headers: bearer(key) });
      assert.equal(rest.statusCode, 200, rest.body);
      const trpc = await app.inject({ url: trpcUrl(op.name, input), headers: auth });
      assert.equal(trpc.statusCode, 200, trpc.body);
      assert.deepEqual(trpc.json().result.data, rest.json().data);
    });
  }

  it('refuses calls without the internal token', async (t) => {
    const { app } = await buildTestApp(t);
    const none = await app.inject(trpcUrl('status', {}));
    assert.equal(none.statusCode, 401);
    const wrong = await app.inject({ url: trpcUrl('status', {}), headers: { authorization: 'Bearer not-the-token-at-all' } });
    assert.equal(wrong.statusCode, 401);
  });

  it('maps bad input to BAD_REQUEST with the service reason', async (t) => {
    const { app } = await buildTestApp(t);
    const res = await app.inject({ url: trpcUrl('status', 'not-an-object'), headers: auth });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.data.serviceCode, 'bad_request');
  });
});
