/**
 * tRPC as an HTTP transport over the pipeline, against what REST does for the same request: conditional
 * requests, a batch's headers, the refusals that are tRPC's own (wrong method, a body that is not JSON, CORS
 * preflight), and the forms an API key may come in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { utcDay } from '../../../api/access/plans.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { appWithKey, bearer, FIXED_NOW, INTERNAL_TOKEN, makeKey } from '../../helpers/deps.js';

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const trpcUrl = (name: string, value: unknown) => `/trpc/${name}?input=${input(value)}`;

/** A response's headers but those that differ per request (its id, the date). */
function stableHeaders(res: LightMyRequestResponse) {
  const { 'x-request-id': _id, date: _date, ...rest } = res.headers;
  return rest;
}

/** A tRPC error body: tRPC's code and status, the contract's envelope (parsed: the contract's shape). */
function trpcError(res: LightMyRequestResponse) {
  assert.match(String(res.headers['content-type']), /^application\/json/, `a JSON error body: ${res.headers['content-type']}`);
  const body = res.json() as { error: { code: number; message: string; data: { code: string; httpStatus: number; envelope: unknown } } };
  const envelope = ErrorEnvelope.parse(body.error.data.envelope);
  assert.equal(body.error.data.httpStatus, res.statusCode);
  assert.equal(body.error.message, envelope.error.message);
  assert.equal(envelope.error.request_id, res.headers['x-request-id'], 'the envelope names the request');
  assert.equal(envelope.attribution, 'Data by Test Border Service');
  return { trpcCode: body.error.data.code, envelope };
}

describe('tRPC: conditional requests', () => {
  it('answers a single GET with a matching If-None-Match 304 as REST does: no body, not counted, the same headers', async (t) => {
    const { app, key } = await appWithKey(t);
    const url = trpcUrl('tradingSundays', { country: 'PL' });
    const first = await app.inject({ url, headers: bearer(key) });
    assert.equal(first.statusCode, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]{20,}"$/);
    assert.equal(first.json().result.data.usage.requests_today, 1);

    const trpc304 = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': etag } });
    assert.equal(trpc304.statusCode, 304, trpc304.body.slice(0, 200));
    assert.equal(trpc304.body, '');
    const rest304 = await app.inject({ url: '/api/v1/data/trading-sundays?country=PL', headers: { ...bearer(key), 'if-none-match': etag } });
    assert.equal(rest304.statusCode, 304, 'the same answer, the same tag on REST');
    assert.deepEqual(stableHeaders(trpc304), stableHeaders(rest304));
    assert.equal(trpc304.headers['x-devapi-units'], '0');
    assert.match(String(trpc304.headers.ratelimit), /^"standard";r=9999;t=\d+$/, 'the counter as it stands');

    const weak = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': `"other", W/${etag}` } });
    assert.equal(weak.statusCode, 304, 'compared weakly, a list taken, as on REST');
    const stale = await app.inject({ url, headers: { ...bearer(key), 'if-none-match': '"stale"' } });
    assert.equal(stale.statusCode, 200);
    assert.equal(stale.json().result.data.usage.requests_today, 2, 'the 304s were not counted; a full answer is');
  });

  it('keeps a batch unconditional: answered and counted, whatever If-None-Match says', async (t) => {
    const { app, key } = await appWithKey(t);
    const single = await app.inject({ url: trpcUrl('tradingSundays', { country: 'PL' }), headers: bearer(key) });
    const batch = await app.inject({
      url: `/trpc/tradingSundays?batch=1&input=${input({ 0: { country: 'PL' } })}`, headers: { ...bearer(key), 'if-none-match': '*' },
    });
    assert.equal(batch.statusCode, 200);
    assert.equal(batch.json()[0].result.data.usage.requests_today, 2);
    assert.equal(batch.headers.etag, undefined, 'a batch has no tag');
    assert.equal(single.json().result.data.usage.requests_today, 1);
  });

  it('does not answer 304 for an error, and counts it', async (t) => {
    const { app, key } = await appWithKey(t);
    const res = await app.inject({ url: trpcUrl('queue', { ppid: 'id_999999' }), headers: { ...bearer(key), 'if-none-match': '*' } });
    assert.equal(res.statusCode, 404);
    assert.equal(trpcError(res).envelope.usage?.requests_today, 1);
  });
});

/** The headers a HEAD must carry as the GET does (README: HEAD is answered as GET would be, without a body). */
const GET_HEADERS = ['content-type', 'etag', 'cache-control', 'retry-after', 'ratelimit-policy', 'x-devapi-limit', 'www-authenticate', 'vary'];
const getHeaders = (res: LightMyRequestResponse) => Object.fromEntries(GET_HEADERS.filter((name) => res.headers[name] !== undefined).map((name) => [name, res.headers[name]]));

describe('tRPC: HEAD answers as GET would, without a body, never counted (as on REST)', () => {
  it('answers a query 200 with the GET\'s ETag and rate-limit headers, the counter as it stands, and 304 for a matching tag', async (t) => {
    const { app, key } = await appWithKey(t);
    const url = trpcUrl('tradingSundays', { country: 'PL' });
    const head = await app.inject({ method: 'HEAD', url, headers: bearer(key) });
    const get = await app.inject({ url, headers: bearer(key) });
    assert.equal(get.statusCode, 200);
    assert.equal(head.statusCode, 200, 'the GET\'s status, not 204');
    assert.equal(head.body, '');
    assert.match(String(get.headers.etag), /^"[A-Za-z0-9_-]{20,}"$/);
    assert.deepEqual(getHeaders(head), getHeaders(get));
    assert.equal(head.headers['x-devapi-units'], '0', 'not counted');
    assert.match(String(head.headers.ratelimit), /^"standard";r=10000;t=\d+$/, 'the counter as it stands');
    assert.equal(get.json().result.data.usage.requests_today, 1, 'the HEAD before it was not counted');
    // REST's HEAD of the same call: the same tag and policy.
    const rest = await app.inject({ method: 'HEAD', url: '/api/v1/data/trading-sundays?country=PL', headers: bearer(key) });
    assert.deepEqual([rest.statusCode, rest.headers.etag, rest.headers['x-devapi-units']], [200, get.headers.etag, '0']);

    const notModified = await app.inject({ method: 'HEAD', url, headers: { ...bearer(key), 'if-none-match': String(get.headers.etag) } });
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.headers.etag, get.headers.etag);
    const after = await app.inject({ url, headers: bearer(key) });
    assert.equal(after.json().result.data.usage.requests_today, 2, 'only the GETs counted');
  });

  it('answers HEAD with the GET\'s compression headers (Content-Encoding, Vary) and no body', async (t) => {
    const { app, key } = await appWithKey(t);
    const url = trpcUrl('checkpoints', {});
    const headers = { ...bearer(key), 'accept-encoding': 'gzip' };
    const get = await app.inject({ url, headers });
    const head = await app.inject({ method: 'HEAD', url, headers });
    assert.equal(get.headers['content-encoding'], 'gzip', 'the directory is over the 1 KB threshold');
    assert.deepEqual([head.statusCode, head.headers['content-encoding'], head.headers.vary, head.headers['content-length']],
      [200, 'gzip', get.headers.vary, get.headers['content-length']]);
    assert.equal(head.body, '');
  });

  it('answers a refusal as GET does: a spent quota 429 with Retry-After, no key 401, an unknown procedure 404; a batch as its GET', async (t) => {
    const { app, deps } = await appWithKey(t);
    const url = trpcUrl('tradingSundays', { country: 'PL' });
    const { key, record } = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000, standard: 2 } });
    const day = utcDay(new Date(FIXED_NOW));
    await deps.counters.consume(record.id, day, 'standard', 2, 2);
    const both = async (target: string, headers: Record<string, string>) => {
      const get = await app.inject({ url: target, headers });
      const head = await app.inject({ method: 'HEAD', url: target, headers });
      assert.equal(head.statusCode, get.statusCode, `${target}: ${get.body.slice(0, 200)}`);
      assert.equal(head.body, '');
      assert.deepEqual(getHeaders(head), getHeaders(get), target);
      return { get, head };
    };
    const spent = await both(url, bearer(key));
    assert.equal(spent.head.statusCode, 429);
    assert.ok(Number(spent.head.headers['retry-after']) > 0);
    assert.equal(spent.head.headers.ratelimit, spent.get.headers.ratelimit);
    assert.equal((await both(url, {})).head.statusCode, 401);
    assert.equal((await both('/trpc/noSuchProcedure', bearer(key))).head.statusCode, 404);
    assert.equal(await deps.counters.used(record.id, day, 'standard'), 2, 'nothing counted');

    const fresh = makeKey(deps, { plan: 'payg', limits: { qps: 1_000_000 } });
    const batchUrl = `/trpc/tradingSundays,tradingSundays?batch=1&input=${input({ 0: { country: 'PL' }, 1: { country: 'DE' } })}`;
    const head = await app.inject({ method: 'HEAD', url: batchUrl, headers: bearer(fresh.key) });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers.etag, undefined, 'a batch has no tag');
    assert.equal(head.headers['x-devapi-units'], '0');
    assert.equal(await deps.counters.used(fresh.record.id, day, 'standard'), 0, 'a batch HEAD counts nothing either');
  });
});

describe('tRPC: a batch\'s headers', () => {
  it('carry no ETag, and the units and what is left after the whole batch', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const inputs = { 0: { country: 'PL' }, 1: { ppid: 'id_129' }, 2: { ppids: 'id_129,id_119,id_131' }, 3: { ppid: 'id_999999' } };
    const res = await app.inject({ url: `/trpc/truckBans,queue,multi,queue?batch=1&input=${input(inputs)}`, headers: bearer(key) });
    assert.equal(res.statusCode, 207, 'three answers and a 404');
    const items = res.json() as ({ result: { data: { usage: { requests_today: number } } } } | { error: { data: { envelope: { usage: { requests_today: number } } } } })[];
    const used = items.map((item) => ('result' in item ? item.result.data.usage : item.error.data.envelope.usage).requests_today);
    const total = Math.max(...used);
    assert.ok(total > 4, `multi costs more than one unit (used: ${used})`);
    assert.equal(res.headers.etag, undefined);
    assert.equal(res.headers['x-devapi-warning'], undefined);
    assert.equal(res.headers['x-devapi-units'], String(total), 'the batch charged every unit the fresh key has used');
    assert.equal(res.headers['x-devapi-remaining'], String(10_000 - total));
    assert.equal(res.headers['x-devapi-limit'], '10000');
    assert.match(String(res.headers.ratelimit), new RegExp(`^"standard";r=${10_000 - total};t=\\d+$`));
    assert.equal(res.headers['ratelimit-policy'], '"standard";q=10000;w=86400, "qps";q=10000;w=1');

    // What is left, as the next call sees it.
    const next = await app.inject({ url: '/api/v1/data/trading-sundays?country=PL', headers: bearer(key) });
    assert.equal(next.json().usage.requests_today, total + 1);
  });

  it('name each quota class a batch used, and leave the single-figure headers out when there are two', async (t) => {
    const { app, key } = await appWithKey(t);
    const res = await app.inject({ url: `/trpc/tradingSundays,listAlerts?batch=1&input=${input({ 0: { country: 'PL' }, 1: {} })}`, headers: bearer(key) });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['x-devapi-units'], '2');
    assert.match(String(res.headers.ratelimit), /^"cheap";r=\d+;t=\d+, "standard";r=9999;t=\d+$/);
    assert.match(String(res.headers['ratelimit-policy']), /^"cheap";q=\d+;w=86400, "standard";q=10000;w=86400, "qps";q=10000;w=1$/);
    assert.equal(res.headers['x-devapi-limit'], undefined);
    assert.equal(res.headers['x-devapi-remaining'], undefined);
  });

  it('keep a single call\'s headers as the pipeline gave them', async (t) => {
    const { app, key } = await appWithKey(t);
    const trpc = await app.inject({ url: trpcUrl('tradingSundays', { country: 'PL' }), headers: bearer(key) });
    const rest = await app.inject({ url: '/api/v1/data/trading-sundays?country=PL', headers: bearer(key) });
    assert.equal(trpc.headers.etag, rest.headers.etag);
    assert.equal(trpc.headers['x-devapi-units'], '1');
    assert.equal(trpc.headers['x-devapi-remaining'], '9999');
  });
});

describe('tRPC: its own refusals follow the contract', () => {
  it('answers a POST to a query 405 method_not_allowed, as REST answers another method on a product', async (t) => {
    const { app, key } = await appWithKey(t);
    const res = await app.inject({ method: 'POST', url: '/trpc/queue', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET');
    const { trpcCode, envelope } = trpcError(res);
    assert.equal(trpcCode, 'METHOD_NOT_SUPPORTED');
    const rest = ErrorEnvelope.parse((await app.inject({ method: 'POST', url: '/api/v1/data/queue', headers: bearer(key) })).json());
    assert.deepEqual([envelope.error.code, envelope.error.reason], [rest.error.code, rest.error.reason]);
    assert.equal(envelope.error.code, 'method_not_allowed');
    assert.equal(envelope.error.message, 'Only GET is supported on /trpc/queue.');
    assert.equal(envelope.product, 'queue');
    assert.equal(envelope.usage, undefined, 'never reached the pipeline: not counted');

    const get = await app.inject({ url: '/trpc/createAlert', headers: bearer(key) });
    assert.equal(get.statusCode, 405);
    assert.equal(get.headers.allow, 'POST');
    assert.equal(trpcError(get).envelope.error.message, 'Only POST is supported on /trpc/createAlert.');
  });

  it('answers other methods 405 (an unknown procedure 404) in JSON, with the request id', async (t) => {
    const { app } = await appWithKey(t);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const [name, allow] of [['queue', 'GET'], ['createAlert', 'POST']]) {
        const res = await app.inject({ method, url: `/trpc/${name}`, headers: { 'content-type': 'text/plain' }, payload: '{}' });
        assert.equal(res.statusCode, 405, `${method} ${name}: ${res.body}`);
        assert.equal(res.headers.allow, allow);
        const { trpcCode, envelope } = trpcError(res);
        assert.equal(trpcCode, 'METHOD_NOT_SUPPORTED');
        assert.deepEqual([envelope.error.code, envelope.error.reason], ['method_not_allowed', 'method_not_allowed']);
      }
    }
    const xml = await app.inject({ method: 'PUT', url: '/trpc/queue', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    assert.equal(xml.statusCode, 405, 'a body Fastify has no parser for: still this route\'s answer');
    assert.equal(trpcError(xml).envelope.error.code, 'method_not_allowed');
    const unknown = await app.inject({ method: 'PUT', url: '/trpc/nothing' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(trpcError(unknown).envelope.error.code, 'unknown_product');
  });

  it('answers a POST whose body is not JSON 415 with a clear message, in JSON, with the request id', async (t) => {
    const { app, key } = await appWithKey(t);
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const res = await app.inject({ method: 'POST', url: '/trpc/createAlert', headers: { ...bearer(key), 'content-type': type }, payload: '{}' });
      assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
      const { trpcCode, envelope } = trpcError(res);
      assert.equal(trpcCode, 'UNSUPPORTED_MEDIA_TYPE');
      assert.deepEqual([envelope.error.code, envelope.error.reason], ['bad_request', 'unsupported_media_type']);
      assert.match(envelope.error.message, /Content-Type: application\/json/);
      assert.equal(envelope.product, 'alerts');
    }
    const toQuery = await app.inject({ method: 'POST', url: '/trpc/queue', headers: { 'content-type': 'text/plain' }, payload: '{}' });
    assert.equal(toQuery.statusCode, 405, 'a query is never POSTed, whatever the body');
    const json = await app.inject({ method: 'POST', url: '/trpc/listAlerts', headers: { ...bearer(key), 'content-type': 'application/json; charset=utf-8' }, payload: '{}' });
    assert.equal(json.statusCode, 405, 'listAlerts is a query (REST: GET)');
    const big = await app.inject({
      method: 'POST', url: '/trpc/createAlert', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    });
    assert.equal(big.statusCode, 413, 'a body over the limit: refused by Fastify, answered in tRPC\'s shape');
    assert.equal(trpcError(big).envelope.error.code, 'payload_too_large');
  });

  it('answers OPTIONS with the preflight every path gets (http-basics.ts), offering what /trpc serves', async (t) => {
    const { app } = await appWithKey(t);
    const preflight = (url: string, method: string) => app.inject({
      method: 'OPTIONS', url, headers: { origin: 'https://dashboard.example', 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
    });
    const list = (res: LightMyRequestResponse, name: string) => String(res.headers[name] ?? '').split(',').map((s) => s.trim().toLowerCase());
    for (const [trpc, method] of [['/trpc/queue', 'GET'], ['/trpc/createAlert', 'POST'], ['/trpc/queue,status?batch=1', 'GET']] as const) {
      const res = await preflight(trpc, method);
      assert.equal(res.statusCode, 204, `${trpc}: ${res.body}`);
      assert.equal(res.body, '');
      assert.ok(list(res, 'access-control-allow-methods').includes(method.toLowerCase()), `${trpc}: ${res.headers['access-control-allow-methods']}`);
      assert.ok(!list(res, 'access-control-allow-methods').includes('put'), 'a method only refused is not offered');
      for (const header of ['authorization', 'x-api-key', 'content-type', 'if-none-match']) assert.ok(list(res, 'access-control-allow-headers').includes(header), header);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(res.headers['access-control-allow-headers'], (await preflight('/api/v1/data/queue', 'GET')).headers['access-control-allow-headers'], 'as REST');
    }
    const bare = await app.inject({ method: 'OPTIONS', url: '/trpc/queue' });
    assert.equal(bare.statusCode, (await app.inject({ method: 'OPTIONS', url: '/api/v1/data/queue' })).statusCode, 'a bare OPTIONS as on REST');
  });

  it('gives the request id to what tRPC refuses before any call (a batch mixing queries and mutations)', async (t) => {
    const { app } = await appWithKey(t);
    const res = await app.inject({ url: `/trpc/queue,createAlert?batch=1&input=${input({ 0: {}, 1: {} })}` });
    assert.equal(res.statusCode, 400);
    const { envelope } = trpcError(res);
    assert.deepEqual([envelope.error.code, envelope.error.reason], ['bad_request', 'malformed_request']);
    // And what tRPC refuses in a call (unparsable input, a batch's input not an object): the same, per call.
    for (const url of ['/trpc/queue?input=%7Bnot-json', '/trpc/status,queue?batch=1&input=%5B', '/trpc/noSuchProcedure']) {
      const refused = await app.inject({ url });
      assert.ok(refused.statusCode === 400 || refused.statusCode === 404, `${url}: ${refused.statusCode}`);
      const body = refused.json() as { error: { data: { envelope: unknown } } } | { error: { data: { envelope: unknown } } }[];
      for (const item of [body].flat()) {
        const parsed = ErrorEnvelope.parse(item.error.data.envelope);
        assert.equal(parsed.error.request_id, refused.headers['x-request-id'], url);
        assert.equal(parsed.attribution, 'Data by Test Border Service', url);
      }
    }
  });
});

describe('tRPC: the forms an API key may come in', () => {
  it('takes X-API-Key and ?key= as REST does, and never the internal token in the URL', async (t) => {
    const { app, key } = await appWithKey(t);
    const url = trpcUrl('tradingSundays', { country: 'PL' });
    const header = await app.inject({ url, headers: { 'x-api-key': key } });
    assert.equal(header.statusCode, 200, header.body.slice(0, 300));
    assert.equal(header.json().result.data.usage.requests_today, 1);
    const query = await app.inject({ url: `${url}&key=${encodeURIComponent(key)}` });
    assert.equal(query.statusCode, 200, query.body.slice(0, 300));
    assert.equal(query.json().result.data.usage.requests_today, 2);
    const mutationForm = await app.inject({ url: `/trpc/listAlerts?key=${encodeURIComponent(key)}` });
    assert.equal(mutationForm.statusCode, 200, 'a key-owned operation too');
    const batch = await app.inject({ url: `/trpc/tradingSundays?batch=1&input=${input({ 0: { country: 'PL' } })}`, headers: { 'x-api-key': key } });
    assert.equal(batch.json()[0].result.data.usage.requests_today, 3, 'listAlerts counted on its own class (cheap)');

    const token = await app.inject({ url: `${url}&key=${encodeURIComponent(INTERNAL_TOKEN)}` });
    assert.equal(token.statusCode, 401, 'the internal token is refused from a URL, as on REST');
    assert.equal(trpcError(token).envelope.error.code, 'invalid_api_key');
    assert.equal((await app.inject({ url, headers: { 'x-api-key': INTERNAL_TOKEN } })).json().result.data.usage, undefined,
      'in a header it is the operator (not metered)');

    const none = await app.inject({ url });
    assert.equal(none.statusCode, 401);
    assert.match(trpcError(none).envelope.error.message, /X-API-Key: <key>, or \?key=<key>/, 'the message names forms that work here');

    // A key given twice is that, as on REST, not a missing key (whose advice names ?key=), and nothing is counted.
    const twice = await app.inject({ url: `${url}&key=${encodeURIComponent(key)}&key=${encodeURIComponent(key)}` });
    assert.equal(twice.statusCode, 400);
    assert.deepEqual([trpcError(twice).envelope.error.reason, trpcError(twice).envelope.error.message],
      ['repeated_parameter', "Parameter 'key' is given more than once: send the API key once (or in the Authorization header)."]);
    assert.equal((await app.inject({ url, headers: { 'x-api-key': key } })).json().result.data.usage.requests_today, 4, 'the refusal was not counted');
  });
});
