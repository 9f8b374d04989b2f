/**
 * Errors around the edges of HTTP: what Node's parser refuses (raw UTF-8 in a URL is recovered, oversized
 * headers answered in the envelope), what the router refuses, other methods, the root, WWW-Authenticate,
 * echoed values, and the client address behind a proxy (BDDS_TRUST_PROXY).
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app.js';
import { ConfigError, loadConfig } from '../../../api/config.js';
import { reencodeRequest } from '../../../api/rest/client-errors.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { appWithKey, bearer, buildTestApp, createTestDeps, makeKey } from '../../helpers/deps.js';
import { withTestOperations } from '../../helpers/test-operations.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function listen(t: TestContext, app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.after(() => app.close());
  return (app.server.address() as net.AddressInfo).port;
}

/** Sends `request` as raw bytes (UTF-8 unencoded, as curl does) and reads the answer until the server closes. */
function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(typeof request === 'string' ? Buffer.from(request, 'utf8') : request));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

const get = (target: string, headers: Record<string, string> = {}) =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`;

function assertEnvelope(res: RawResponse, status: number, code: string, reason?: string) {
  assert.equal(res.status, status, res.body);
  assert.match(res.headers['content-type'] ?? '', /^application\/json; charset=utf-8/);
  const body = ErrorEnvelope.parse(JSON.parse(res.body));
  assert.equal(body.error.code, code);
  if (reason !== undefined) assert.equal(body.error.reason, reason);
  assert.match(res.headers['x-request-id'] ?? '', /^[0-9a-f-]{36}$/);
  assert.equal(body.error.request_id, res.headers['x-request-id']);
  assert.equal(res.headers['access-control-allow-origin'], '*');
  return body;
}

describe('unencoded UTF-8 in the URL', () => {
  it('reaches the route with the decoded text (raw bytes on a real socket, as curl sends them)', async (t) => {
    const { app, key } = await appWithKey(t);
    const port = await listen(t, app);
    const res = await rawRequest(port, get('/api/v1/data/search?name=medyka,Шегині', bearer(key)));
    assert.equal(res.status, 200, res.body);
    const body = JSON.parse(res.body);
    assert.equal(body.ok, true);
    assert.deepEqual(body.data.results.map((r: { query: string }) => r.query), ['medyka', 'Шегині']);
    assert.equal(res.headers.connection, 'close', 'a recovered request closes its connection');
  });

  it('keeps the client address, and answers a raw path with the envelope', async (t) => {
    const { deps } = createTestDeps(t);
    const app = buildApp(deps, { operations: withTestOperations });
    const seen: string[] = [];
    app.addHook('onRequest', async (request) => {
      seen.push(request.ip);
    });
    const port = await listen(t, app);
    const probe = await rawRequest(port, get('/api/v1/data/probe?ppid=id_1&names=Краківець,Рава-Руська'));
    assert.equal(probe.status, 200, probe.body);
    assert.deepEqual(JSON.parse(probe.body).data.echo.names, ['Краківець', 'Рава-Руська']);
    assert.deepEqual(seen, ['127.0.0.1']);
    const path = await rawRequest(port, get('/api/v1/data/Шегині'));
    const body = assertEnvelope(path, 404, 'unknown_product');
    assert.match(body.error.message, /'Шегині'/);
  });

  it('refuses in the envelope what is still not a request once encoded', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const port = await listen(t, app);
    // A raw control byte stays invalid after the UTF-8 is encoded: the second parse refuses it.
    assertEnvelope(await rawRequest(port, get('/api/v1/data/probe?ppid=id_1&names=Ш\x01')), 400, 'bad_request', 'malformed_url');
    // No HTTP version: nothing to recover.
    assertEnvelope(await rawRequest(port, 'GET /api/v1/data/probe?names=Ш\r\nHost: x\r\n\r\n'), 400, 'bad_request', 'malformed_url');
    assertEnvelope(await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n'), 400, 'bad_request', 'malformed_request');
  });

  it('re-encodes only whole requests without a body that start the chunk', () => {
    const packet = (text: string) => Buffer.from(text, 'utf8');
    const at = (buf: Buffer) => buf.findIndex((b) => b >= 0x80);
    const ok = packet('GET /a?q=Ш HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal(reencodeRequest(ok, at(ok))?.toString('latin1'), 'GET /a?q=%D0%A8 HTTP/1.1\r\nConnection: close\r\nHost: x\r\n\r\n');
    const bare = packet('GET /Ш HTTP/1.1\r\n\r\n');
    assert.equal(reencodeRequest(bare, at(bare))?.toString('latin1'), 'GET /%D0%A8 HTTP/1.1\r\nConnection: close\r\n\r\n');
    for (const text of [
      'GET /a?q=Ш HTTP/1.1\r\nHost: x\r\n', // headers not complete
      'POST /a?q=Ш HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi', // a body
      'POST /a?q=Ш HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
      'GET /ok HTTP/1.1\r\n\r\nGET /a?q=Ш HTTP/1.1\r\n\r\n', // an earlier request in the same chunk
      'a?q=Ш HTTP/1.1\r\nHost: x\r\n\r\n', // the request line began in an earlier chunk
    ]) {
      const buf = packet(text);
      assert.equal(reencodeRequest(buf, at(buf)), null, JSON.stringify(text));
    }
  });
});

describe('errors before routing', () => {
  it('answers a malformed %-escape in the path with bad_request malformed_url', async (t) => {
    const { app } = await buildTestApp(t);
    const res = await app.inject('/api/v1/data/que%ZZue');
    assert.equal(res.statusCode, 400);
    const body = ErrorEnvelope.parse(res.json());
    assert.equal(body.error.code, 'bad_request');
    assert.equal(body.error.reason, 'malformed_url');
    assert.equal(body.error.request_id, res.headers['x-request-id']);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const port = await listen(t, app);
    assertEnvelope(await rawRequest(port, get('/api/v1/data/que%ZZue')), 400, 'bad_request', 'malformed_url');
  });

  it('answers an oversized URL or header with 431 header_too_large in the envelope, and counts nothing', async (t) => {
    const { app, key } = await appWithKey(t);
    const port = await listen(t, app);
    const longUrl = await rawRequest(port, get(`/api/v1/data/queue?ppid=id_1&pad=${'a'.repeat(20_000)}`, bearer(key)));
    const body = assertEnvelope(longUrl, 431, 'header_too_large');
    assert.equal(body.product, 'queue');
    assert.equal(body.usage, undefined);
    assertEnvelope(await rawRequest(port, get('/api/v1/data/queue?ppid=id_1', { ...bearer(key), 'X-Pad': 'b'.repeat(20_000) })), 431, 'header_too_large');
    // Nothing was counted: the next call is the key's first.
    const next = await app.inject({ url: '/api/v1/data/status', headers: bearer(key) });
    assert.equal(next.statusCode, 200);
    const counted = await app.inject({ url: '/api/v1/data/search?name=Medyka', headers: bearer(key) });
    assert.equal(counted.statusCode, 200, counted.body);
    assert.equal(counted.json().usage.requests_today, 1);
  });
});

describe('methods, the root and authentication headers', () => {
  it('answers another method on a product with 405 method_not_allowed and Allow', async (t) => {
    const { app } = await buildTestApp(t);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/v1/data/queue' });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.equal(ErrorEnvelope.parse(res.json()).error.code, 'method_not_allowed');
    }
  });

  it('points from / to the docs, and answers /favicon.ico with a 404 envelope', async (t) => {
    const { app } = await buildTestApp(t);
    const root = await app.inject('/');
    assert.equal(root.statusCode, 200);
    const body = root.json();
    assert.deepEqual(Object.keys(body), ['ok', 'service', 'docs', 'openapi', 'status', 'get_a_key']);
    assert.equal(body.ok, true);
    assert.equal(body.service, 'Test Border Service');
    assert.equal(body.docs, '/docs');
    assert.equal(body.openapi, '/api/openapi.json');
    assert.equal(body.status, '/api/v1/data/status');
    assert.match(body.get_a_key, /\/portal/);
    assert.ok(root.headers['x-request-id']);
    const icon = await app.inject('/favicon.ico');
    assert.equal(icon.statusCode, 404);
    assert.equal(ErrorEnvelope.parse(icon.json()).error.code, 'not_found');
  });

  it('sends WWW-Authenticate on every 401, not on other errors', async (t) => {
    const { app, deps } = await buildTestApp(t);
    const missing = await app.inject('/api/v1/data/queue?ppid=id_1');
    assert.equal(missing.statusCode, 401);
    assert.equal(missing.headers['www-authenticate'], 'Bearer realm="bdds"');
    const invalid = await app.inject({ url: '/api/v1/data/queue?ppid=id_1', headers: bearer('not-a-key') });
    assert.equal(invalid.statusCode, 401);
    assert.equal(invalid.headers['www-authenticate'], 'Bearer realm="bdds"');
    const { key } = makeKey(deps);
    const bad = await app.inject({ url: '/api/v1/data/queue?ppid=nope', headers: bearer(key) });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.headers['www-authenticate'], undefined);
  });
});

describe('echoed values', () => {
  it('writes bidi and control characters as visible escapes in ignored_params and messages', async (t) => {
    const { app, key } = await appWithKey(t, { operations: withTestOperations });
    const ignored = await app.inject('/api/v1/data/probe?ppid=id_1&%E2%80%AEevil=1');
    assert.equal(ignored.statusCode, 200);
    assert.deepEqual(ignored.json().meta.ignored_params, ['\\u202Eevil']);

    const cases: [string, RegExp][] = [
      ['/api/v1/data/search?name=a%E2%80%AEb', /'a\\u202Eb'/],
      ['/api/v1/data/search?name=id&%E2%80%AEx%00=1&%E2%80%AEx%00=2', /'\\u202Ex\\u0000'/],
      ['/api/v1/data/%E2%80%AEnope', /'\\u202Enope'/],
    ];
    for (const [url, echo] of cases) {
      const res = await app.inject({ url, headers: bearer(key) });
      assert.ok(res.statusCode >= 400, url);
      assert.doesNotMatch(res.body, /\u202E|(?<!\\)\\u0000/, url); // neither raw nor JSON-escaped NUL
      const message = ErrorEnvelope.parse(res.json()).error.message;
      assert.match(message, echo, `${url}: ${message}`);
      assert.doesNotMatch(message, /[\u0000-\u001F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/, url);
    }
  });
});

describe('the client address behind a proxy (BDDS_TRUST_PROXY)', () => {
  it('is validated by the configuration', () => {
    assert.equal(loadConfig({}).trustProxy, null);
    assert.equal(loadConfig({ BDDS_TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ BDDS_TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ BDDS_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy,
      ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['0', '99', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', '1.2.3', ',', 'true']) {
      assert.throws(() => loadConfig({ BDDS_TRUST_PROXY: bad }), (err: unknown) => err instanceof ConfigError && /BDDS_TRUST_PROXY/.test(err.message), bad);
    }
  });

  const lockout = async (t: TestContext, trustProxy: number | string[] | null) => {
    const { deps } = createTestDeps(t, { failedAuth: { max: 3, windowMs: 60_000 } });
    const app = buildApp(deps, { trustProxy });
    t.after(() => app.close());
    await app.ready();
    const call = (client: string) => app.inject({
      url: '/api/v1/data/queue?ppid=id_1', remoteAddress: '10.0.0.1',
      headers: { ...bearer('not-a-key'), 'x-forwarded-for': client },
    });
    for (let i = 0; i < 3; i++) assert.equal((await call('203.0.113.5')).statusCode, 401);
    return { first: (await call('203.0.113.5')).statusCode, other: (await call('198.51.100.7')).statusCode };
  };

  it('limits failed authentications per client when the proxy is trusted (by address or by hops)', async (t) => {
    for (const trust of [['10.0.0.0/8'], 1]) {
      const { first, other } = await lockout(t, trust);
      assert.equal(first, 429, `trust ${trust}: the client with the failures is locked out`);
      assert.equal(other, 401, `trust ${trust}: another client behind the same proxy is not`);
    }
  });

  it('ignores X-Forwarded-For without trust (and from an untrusted peer)', async (t) => {
    for (const trust of [null, ['192.0.2.1']]) {
      const { first, other } = await lockout(t, trust);
      assert.equal(first, 429);
      assert.equal(other, 429, `trust ${trust}: the address is the socket's, shared by both clients`);
    }
  });
});
