/**
 * CORS preflights (api/rest/http-basics.ts): a preflight offers the methods the path is served by, as the
 * registered routes say, and every request header the service reads, so a browser can create and delete an
 * alert and speak MCP; every answer still exposes the rate-limit headers and ETag.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { buildTestApp, createTestDeps } from '../../helpers/deps.js';

const ORIGIN = 'https://app.example';
type Injectable = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function preflight(app: Injectable, url: string, method: string, headers = 'authorization') {
  const res = await app.inject({
    method: 'OPTIONS', url,
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
  assert.equal(res.statusCode, 204, `${url}: ${res.body}`);
  assert.equal(res.headers['access-control-allow-origin'], '*');
  const list = (name: string) => String(res.headers[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return { methods: list('access-control-allow-methods'), headers: list('access-control-allow-headers').map((h) => h.toLowerCase()), res };
}

/** What a browser checks: the method asked is offered, and every header asked is allowed (names in any case). */
function assertAllows(got: { methods: string[]; headers: string[] }, method: string, headers: string) {
  assert.ok(got.methods.includes(method), `${method} offered: ${got.methods.join(', ')}`);
  for (const header of headers.split(',').map((h) => h.trim().toLowerCase())) {
    assert.ok(got.headers.includes(header), `${header} allowed: ${got.headers.join(', ')}`);
  }
}

describe('CORS preflight', () => {
  it('offers POST on /api/v1/alerts and DELETE on /api/v1/alerts/:id, with Idempotency-Key allowed', async (t) => {
    const { app } = await buildTestApp(t);
    const create = await preflight(app, '/api/v1/alerts', 'POST', 'authorization, content-type, idempotency-key');
    assertAllows(create, 'POST', 'authorization, content-type, idempotency-key');
    assert.deepEqual(create.methods, ['GET', 'HEAD', 'OPTIONS', 'POST'], 'what /api/v1/alerts serves: listing (GET, HEAD) and creating');

    const remove = await preflight(app, '/api/v1/alerts/5', 'DELETE', 'x-api-key');
    assertAllows(remove, 'DELETE', 'x-api-key');
    assert.deepEqual(remove.methods, ['DELETE', 'OPTIONS']);
    // The router's matching: a trailing slash and a query string name the same routes.
    assert.deepEqual((await preflight(app, '/api/v1/alerts/?x=1', 'POST')).methods, create.methods);
  });

  it('offers POST only on /mcp (its GET, DELETE, PUT and PATCH only refuse), with the MCP headers allowed', async (t) => {
    const { app } = await buildTestApp(t);
    const mcp = await preflight(app, '/mcp', 'POST', 'authorization, content-type, mcp-protocol-version');
    assertAllows(mcp, 'POST', 'authorization, content-type, mcp-protocol-version');
    assert.deepEqual(mcp.methods, ['OPTIONS', 'POST']);
    const refused = await app.inject({ method: 'GET', url: '/mcp' });
    assert.equal(refused.statusCode, 405, 'GET /mcp still refused');
    assert.equal(refused.headers.allow, 'POST');
  });

  it('offers GET and HEAD on a product, with the credential and conditional headers, and exposes the rate-limit headers and ETag', async (t) => {
    const { app } = await buildTestApp(t);
    for (const url of ['/api/v1/data/status', '/api/v1/data/queue?ppid=id_129', '/api/v1/data/border/PL/UA/car']) {
      const got = await preflight(app, url, 'GET', 'authorization, x-api-key, if-none-match');
      assertAllows(got, 'GET', 'authorization, x-api-key, if-none-match');
      assert.deepEqual(got.methods, ['GET', 'HEAD', 'OPTIONS'], url);
      const exposed = String(got.res.headers['access-control-expose-headers']);
      for (const header of ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id', 'ETag']) assert.ok(exposed.includes(header), header);
      assert.equal(got.res.headers['access-control-max-age'], '86400');
    }
    // A path nothing serves offers nothing but the preflight (whatever the browser sends then gets the 404 envelope).
    assert.deepEqual((await preflight(app, '/nowhere/at/all', 'DELETE')).methods, ['OPTIONS']);
  });

  it('reads the methods from the routes registered: a route added by any plugin is offered without a list to edit', async (t) => {
    const { deps } = createTestDeps(t);
    const app = buildApp(deps);
    t.after(() => app.close());
    app.register(async (child) => {
      child.patch('/api/v1/widgets/:id', async () => ({ ok: true }));
      child.put('/api/v1/widgets/:id', async () => ({ ok: true }));
    });
    await app.ready();
    assert.deepEqual((await preflight(app, '/api/v1/widgets/3', 'PATCH')).methods, ['OPTIONS', 'PATCH', 'PUT']);
    assert.deepEqual((await preflight(app, '/api/v1/alerts/3', 'DELETE')).methods, ['DELETE', 'OPTIONS'], 'other paths unchanged');
  });
});
