import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runDayStats } from '../../../api/jobs/day-stats-job.js';
import { runStatusChecks } from '../../../api/jobs/status-check.js';
import { operations } from '../../../api/registry.js';
import { bearer, buildTestApp, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const trpcUrl = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
const auth = { authorization: `Bearer ${INTERNAL_TOKEN}` };

describe('tRPC', () => {
  for (const op of operations) {
    it(`returns the same data as REST for ${op.name}`, async (t) => {
      const { app, deps } = await buildTestApp(t, { seed: { history: true } });
      await runDayStats(deps);
      await runStatusChecks(operations, deps);
      const { key } = makeKey(deps);
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
