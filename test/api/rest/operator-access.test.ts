/**
 * The operator's routes that are not products (the admin routes, `/metrics`) answer one rule
 * (`requireOperator`): 404 with no token configured, 401 without a credential, 403 for any other; and the
 * HTTP transports read the credential by one rule (`headerCredential`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { headerCredential, requireOperator } from '../../../api/pipeline/caller.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { isServiceError } from '../../../models/errors.js';
import { bearer, buildTestApp, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const ROUTES = [
  { method: 'GET' as const, url: '/api/v1/admin/road-reports', what: /^Operator routes need the internal token/ },
  { method: 'POST' as const, url: '/api/v1/admin/road-reports/1/approve', what: /^Operator routes need the internal token/ },
  { method: 'GET' as const, url: '/metrics', what: /^Metrics need the internal token/ },
];

/** What `requireOperator` throws, as `[status, code, reason]`; null when it lets the call through. */
function refusal(authorization: string | undefined, token: string | null) {
  try {
    requireOperator(authorization, token, 'Metrics');
    return null;
  } catch (err) {
    assert.ok(isServiceError(err));
    return [err.status, err.code, err.reason];
  }
}

describe('operator access', () => {
  it('requireOperator: the token passes; otherwise 404 with no token configured, 401 without a credential, 403 for another', () => {
    assert.equal(refusal(`Bearer ${INTERNAL_TOKEN}`, INTERNAL_TOKEN), null);
    assert.deepEqual(refusal(undefined, INTERNAL_TOKEN), [401, 'missing_api_key', undefined]);
    assert.deepEqual(refusal('Bearer nope', INTERNAL_TOKEN), [403, 'forbidden', 'operator_only']);
    assert.deepEqual(refusal(INTERNAL_TOKEN, INTERNAL_TOKEN), [403, 'forbidden', 'operator_only'], 'the token without its scheme');
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${INTERNAL_TOKEN}`]) {
      assert.deepEqual(refusal(authorization, null), [404, 'not_found', 'unknown_path'], 'no operator: no route');
      assert.deepEqual(refusal(authorization, ''), [404, 'not_found', 'unknown_path']);
    }
  });

  it('answers every operator route by that rule, in the envelope', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const off = buildApp({ ...deps, settings: { ...deps.settings, internalToken: null } });
    t.after(() => off.close());
    const { key } = makeKey(deps);
    for (const route of ROUTES) {
      const none = await app.inject({ method: route.method, url: route.url });
      assert.equal(none.statusCode, 401, route.url);
      assert.equal(ErrorEnvelope.parse(none.json()).error.code, 'missing_api_key');
      assert.match(none.json().error.message, route.what);
      const keyed = await app.inject({ method: route.method, url: route.url, headers: bearer(key) });
      assert.equal(keyed.statusCode, 403, route.url);
      assert.equal(ErrorEnvelope.parse(keyed.json()).error.reason, 'operator_only');
      for (const headers of [{}, bearer(INTERNAL_TOKEN)]) {
        const absent = await off.inject({ method: route.method, url: route.url, headers });
        assert.equal(absent.statusCode, 404, route.url);
        assert.equal(ErrorEnvelope.parse(absent.json()).error.reason, 'unknown_path');
      }
    }
    assert.equal((await app.inject({ url: '/api/v1/admin/road-reports', headers: bearer(INTERNAL_TOKEN) })).statusCode, 200);
  });

  it('headerCredential: Authorization as sent, else X-API-Key as Bearer, else none', () => {
    assert.equal(headerCredential({ authorization: 'Bearer a', 'x-api-key': 'b' }), 'Bearer a');
    assert.equal(headerCredential({ 'x-api-key': 'b' }), 'Bearer b');
    assert.equal(headerCredential({ 'x-api-key': '' }), undefined);
    assert.equal(headerCredential({ 'x-api-key': ['b', 'c'] }), undefined, 'a repeated header is no credential');
    assert.equal(headerCredential({}), undefined);
  });

  it('refuses GET and DELETE on /mcp with 405, Allow: POST and the envelope', async (t) => {
    const { app } = await buildTestApp(t);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/mcp' });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'POST');
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      const body = ErrorEnvelope.parse(res.json());
      assert.deepEqual({ ok: body.ok, api_version: body.api_version, product: body.product, code: body.error.code, reason: body.error.reason },
        { ok: false, api_version: '1', product: 'unknown', code: 'method_not_allowed', reason: 'method_not_allowed' });
      assert.ok(body.error.request_id.length > 0);
    }
  });
});
