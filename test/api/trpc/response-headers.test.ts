import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../../models/errors.js';
import type { Outcome } from '../../../api/pipeline/pipeline.js';
import { batchHeaders, callHeaders } from '../../../api/trpc/response-headers.js';

const POLICY = '"standard";q=200;w=86400, "qps";q=2;w=1';
/** A keyed call's outcome as the pipeline gives it (the meter's headers). */
function metered(status: number, remaining: number | null, units: number, extra: Record<string, string> = {}): Outcome {
  return {
    status, body: '{}', error: status >= 400 ? new ServiceError(status >= 500 ? 'internal_error' : 'not_found', 'x') : null,
    headers: {
      'content-type': 'application/json; charset=utf-8', etag: '"tag"', 'ratelimit-policy': POLICY, 'x-devapi-limit': '200', 'x-devapi-units': String(units),
      ...(remaining === null ? {} : { ratelimit: `"standard";r=${remaining};t=3600`, 'x-devapi-remaining': String(remaining) }),
      ...extra,
    },
  };
}

describe('tRPC response headers', () => {
  it('one call: the pipeline\'s headers but the content type (tRPC\'s body)', () => {
    const outcome = metered(200, 150, 1, { 'x-devapi-warning': 'ignored_params=x' });
    const { 'content-type': _type, ...rest } = outcome.headers;
    assert.deepEqual(callHeaders(outcome), rest);
  });

  it('a batch: no ETag, the units summed, what is left after the last item whatever the order the items ended in', () => {
    const headers = batchHeaders([metered(200, 197, 3, { 'x-devapi-warning': 'ignored_params=x' }), metered(200, 199, 1), metered(404, 198, 1)]);
    assert.deepEqual(headers, {
      'ratelimit-policy': POLICY, ratelimit: '"standard";r=197;t=3600', 'x-devapi-limit': '200', 'x-devapi-remaining': '197', 'x-devapi-units': '5',
    });
  });

  it('a batch with a 5xx in a class: what is left there is not known, so not said', () => {
    const headers = batchHeaders([metered(200, 197, 3), metered(503, 199, 0, { 'retry-after': '5' })]);
    assert.equal(headers.ratelimit, undefined);
    assert.equal(headers['x-devapi-remaining'], undefined);
    assert.equal(headers['x-devapi-units'], '3');
    assert.equal(headers['retry-after'], '5');
  });

  it('a batch over two classes: one RateLimit item each, no single-figure limit or remaining', () => {
    const cheap: Outcome = {
      status: 200, body: '{}', error: null,
      headers: { 'ratelimit-policy': '"cheap";q=1000;w=86400, "qps";q=2;w=1', ratelimit: '"cheap";r=990;t=3599', 'x-devapi-limit': '1000', 'x-devapi-remaining': '990', 'x-devapi-units': '1' },
    };
    const headers = batchHeaders([metered(200, 150, 1), cheap]);
    assert.equal(headers['ratelimit-policy'], '"cheap";q=1000;w=86400, "standard";q=200;w=86400, "qps";q=2;w=1');
    assert.equal(headers.ratelimit, '"cheap";r=990;t=3599, "standard";r=150;t=3600', 'the classes by name, whatever order the items ended in');
    assert.deepEqual(batchHeaders([cheap, metered(200, 150, 1)]), headers);
    assert.equal(headers['x-devapi-units'], '2');
    assert.equal(headers['x-devapi-limit'], undefined);
    assert.equal(headers['x-devapi-remaining'], undefined);
  });

  it('a batch with an item refused per second, one asked for a key, and public answers', () => {
    const qps: Outcome = {
      status: 429, body: '{}', error: new ServiceError('qps_exceeded', 'x'),
      headers: { 'content-type': 'application/json; charset=utf-8', 'ratelimit-policy': POLICY, ratelimit: '"qps";r=0;t=1', 'retry-after': '1' },
    };
    const unauthorized: Outcome = {
      status: 401, body: '{}', error: new ServiceError('missing_api_key', 'x'),
      headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer realm="bdds"' },
    };
    const anonymous: Outcome = { status: 200, body: '{}', error: null, headers: { 'content-type': 'application/json; charset=utf-8', etag: '"p"' } };
    assert.deepEqual(batchHeaders([metered(200, 150, 2), qps, unauthorized, anonymous]), {
      'www-authenticate': 'Bearer realm="bdds"', 'retry-after': '1', 'ratelimit-policy': POLICY,
      ratelimit: '"standard";r=150;t=3600, "qps";r=0;t=1', 'x-devapi-limit': '200', 'x-devapi-remaining': '150', 'x-devapi-units': '2',
    });
    assert.deepEqual(batchHeaders([anonymous, anonymous]), {}, 'public answers: nothing about a quota, and no tag');
  });
});
