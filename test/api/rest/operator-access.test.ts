/**
 * The operator's routes that are not products (the admin routes, `/metrics`) answer one rule
 * (`requireOperator`): 404 with no token configured, 401 without a credential, 403 for any other; and the
 * HTTP transports read the credential by one rule (`headerCredential`). Wrong tokens are throttled per
 * address by one throttle for every such check, the dashboard's log-in included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { createOperatorFailures } from '../../../api/access/operator-failures.js';
import { headerCredential, isInternalToken, requireOperator } from '../../../api/pipeline/caller.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { isServiceError } from '../../../models/errors.js';
import { bearer, buildTestApp, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const ROUTES = [
  { method: 'GET' as const, url: '/api/v1/admin/road-reports', what: /^Operator routes need the internal token/ },
  { method: 'POST' as const, url: '/api/v1/admin/road-reports/1/approve', what: /^Operator routes need the internal token/ },
  { method: 'GET' as const, url: '/metrics', what: /^Metrics need the internal token/ },
];

/** What `requireOperator` throws, as `[status, code, reason]`; null when it lets the call through. */
function refusal(authorization: string | undefined, token: string | null) {
  try {
    requireOperator(authorization, token, 'Metrics', { failures: createOperatorFailures(() => new Date(FIXED_NOW)), address: '192.0.2.1' });
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

  it('throttles wrong internal tokens on /metrics, the admin routes and the dashboard\'s log-in alike, per address, failures only', async (t) => {
    const { app, setNow, deps } = await buildTestApp(t);
    const get = (url: string, address: string, token: string) => app.inject({ url, remoteAddress: address, headers: bearer(token) });
    const guesser = '192.0.2.50';
    for (let i = 0; i < 5; i++) assert.equal((await get('/metrics', guesser, `guess-${i}`)).statusCode, 403);
    for (let i = 5; i < 10; i++) assert.equal((await get('/api/v1/admin/road-reports', guesser, `guess-${i}`)).statusCode, 403);
    const refused = await get('/metrics', guesser, 'guess-10');
    assert.equal(refused.statusCode, 429, 'the eleventh guess, wherever it is made');
    assert.equal(ErrorEnvelope.parse(refused.json()).error.reason, 'too_many_failed_authentications');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await get('/api/v1/admin/road-reports', guesser, INTERNAL_TOKEN)).statusCode, 429, 'the blocked address learns nothing, not even from the right token');
    const login = await app.inject({ method: 'POST', url: '/dashboard/login', remoteAddress: guesser, payload: `token=${INTERNAL_TOKEN}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(login.statusCode, 429, 'the dashboard\'s log-in shares the throttle');
    // Another address: the operator's right token is never refused for the guesser's failures.
    assert.equal((await get('/metrics', '198.51.100.3', INTERNAL_TOKEN)).statusCode, 200);
    assert.equal((await get('/api/v1/admin/road-reports', '198.51.100.3', INTERNAL_TOKEN)).statusCode, 200);
    // Failures only: the right token, however often, never blocks its address.
    for (let i = 0; i < 30; i++) assert.equal((await get('/metrics', '198.51.100.4', INTERNAL_TOKEN)).statusCode, 200);
    // Wrong dashboard log-ins count for /metrics as well.
    for (let i = 0; i < 10; i++) {
      const wrong = await app.inject({ method: 'POST', url: '/dashboard/login', remoteAddress: '198.51.100.5', payload: `token=wrong-${i}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(wrong.statusCode, 401);
    }
    assert.equal((await get('/metrics', '198.51.100.5', INTERNAL_TOKEN)).statusCode, 429);
    setNow(deps.now().getTime() + 15 * 60_000 + 1_000);
    assert.equal((await get('/metrics', guesser, INTERNAL_TOKEN)).statusCode, 200, 'the block ends with the window');
  });

  it('headerCredential: Authorization as sent, else X-API-Key as Bearer, else none', () => {
    assert.equal(headerCredential({ authorization: 'Bearer a', 'x-api-key': 'b' }), 'Bearer a');
    assert.equal(headerCredential({ 'x-api-key': 'b' }), 'Bearer b');
    assert.equal(headerCredential({ 'x-api-key': '' }), undefined);
    assert.equal(headerCredential({ 'x-api-key': ['b', 'c'] }), undefined, 'a repeated header is no credential');
    assert.equal(headerCredential({}), undefined);
    assert.equal(headerCredential({ authorization: 'bearer  a', 'x-api-key': 'b' }), 'bearer  a', 'a Bearer header in any form');
    assert.equal(headerCredential({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': 'b' }), 'Bearer b', 'another scheme carries no key');
    assert.equal(headerCredential({ authorization: 'Basic dXNlcjpwYXNz' }), 'Basic dXNlcjpwYXNz', 'as sent: the pipeline says missing_api_key');
  });

  it('isInternalToken: Bearer in any case, one or more spaces', () => {
    for (const header of [`Bearer ${INTERNAL_TOKEN}`, `bearer  ${INTERNAL_TOKEN}`, `BEARER\t${INTERNAL_TOKEN}`]) {
      assert.equal(isInternalToken(header, INTERNAL_TOKEN), true, header);
    }
    for (const header of [`Basic ${INTERNAL_TOKEN}`, `Bearer ${INTERNAL_TOKEN}x`, 'Bearer', undefined]) {
      assert.equal(isInternalToken(header, INTERNAL_TOKEN), false, String(header));
    }
    assert.equal(isInternalToken(`Bearer ${INTERNAL_TOKEN}`, null), false, 'no token configured');
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
