import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorEnvelope, successEnvelope } from '../../../models/envelope.js';
import { StatusOutput } from '../../../models/status.js';
import { buildTestApp } from '../../helpers/deps.js';
import { explode, probe, SECRET_TEXT, withTestOperations } from '../../helpers/test-operations.js';
import { runStatusChecks } from '../../../services/jobs/status-check.js';
import { operations } from '../../../services/registry.js';

describe('REST envelope and errors', () => {
  it('wraps a product answer in the envelope', async (t) => {
    const { app, deps } = await buildTestApp(t);
    await runStatusChecks(operations.filter((op) => op.slug === 'queue' || op.slug === 'status'), deps); // a stored round for status to read
    const res = await app.inject('/api/v1/data/status');
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /application\/json; charset=utf-8/);
    const body = successEnvelope(StatusOutput).parse(res.json());
    assert.equal(body.api_version, '1');
    assert.equal(body.product, 'status');
    assert.equal(body.attribution, 'Data by Test Border Service');
    assert.equal(body.usage, undefined, 'status is never counted and carries no usage');
    assert.ok(body.data.products.status, 'the products checked are listed');
  });

  it('answers unknown products under both roots with 404 unknown_product in the envelope', async (t) => {
    const { app } = await buildTestApp(t);
    for (const url of ['/api/v1/data/nope', '/api/v2/data/nope', '/api/v1/data/']) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 404, url);
      const body = ErrorEnvelope.parse(res.json());
      assert.equal(body.error.code, 'unknown_product');
    }
    const wrongRoot = ErrorEnvelope.parse((await app.inject('/api/v2/data/status')).json());
    assert.equal(wrongRoot.api_version, '2');
    assert.match(wrongRoot.error.message, /\/api\/v1\/data\//, 'the message names the right root');
  });

  it('answers other paths, wrong shapes and other methods with envelope errors', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const other = await app.inject('/elsewhere');
    assert.equal(other.statusCode, 404);
    assert.equal(ErrorEnvelope.parse(other.json()).error.code, 'not_found');
    const extra = await app.inject('/api/v1/data/status/extra');
    assert.equal(extra.statusCode, 400);
    assert.equal(ErrorEnvelope.parse(extra.json()).error.reason, 'malformed_path');
    const post = await app.inject({ method: 'POST', url: '/api/v1/data/status' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  it('refuses a repeated parameter and echoes unknown ones', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const repeated = await app.inject('/api/v1/data/probe?ppid=id_1&ppid=id_2');
    assert.equal(repeated.statusCode, 400);
    const err = ErrorEnvelope.parse(repeated.json()).error;
    assert.equal(err.reason, 'repeated_parameter');
    assert.match(err.message, /'ppid'/);
    // The key given twice is that, not a missing key (authentication runs before the parameters), on a keyed product too.
    const twice = ErrorEnvelope.parse((await app.inject('/api/v1/data/queue?ppid=id_219&key=a&key=b')).json()).error;
    assert.deepEqual([twice.reason, twice.message], ['repeated_parameter', "Parameter 'key' is given more than once: send the API key once (or in the Authorization header)."]);

    const ok = await app.inject('/api/v1/data/probe?ppid=id_1&colour=red&__proto__=x&constructor=y');
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json().meta.ignored_params, ['colour', '__proto__', 'constructor']);
    assert.equal(({} as Record<string, unknown>).x, undefined, 'no prototype was touched');
  });

  it('echoes a parameter with an empty name (`=x`) in ignored_params and says so in ignored_notes, never silently', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    for (const url of ['/api/v1/data/probe?ppid=id_1&=x', '/api/v1/data/probe?=&ppid=id_1']) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 200, url);
      assert.deepEqual(res.json().meta.ignored_params, [''], url);
      assert.equal(res.json().meta.ignored_notes.length, 1, url);
      assert.match(res.json().meta.ignored_notes[0], /empty name/, url);
    }
    // Empty segments (`&&`, a trailing `&`) are no parameters at all: nothing to echo.
    assert.equal((await app.inject('/api/v1/data/probe?ppid=id_1&&')).json().meta?.ignored_params, undefined);
    assert.equal((await app.inject('/api/v1/data/probe?ppid=id_1&=a&=b')).json().error.reason, 'repeated_parameter');
  });

  it('names the parameter and the rule in bad_request', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const cases: [string, string][] = [
      ['/api/v1/data/probe', 'missing_parameter'],
      ['/api/v1/data/probe?ppid=id_1&limit=11', 'out_of_range'],
      ['/api/v1/data/probe?ppid=id_1&limit=0x10', 'not_a_number'],
      ['/api/v1/data/probe?ppid=1', 'malformed_ppid'],
      [`/api/v1/data/probe?ppid=id_1&names=${Array.from({ length: 21 }, (_, i) => `n${i}`).join(',')}`, 'too_many_names'],
    ];
    for (const [url, reason] of cases) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 400, url);
      const body = ErrorEnvelope.parse(res.json());
      assert.equal(body.error.reason, reason, url);
      assert.match(body.error.message, /Parameter '(ppid|limit|names)'/);
    }
  });

  it('applies defaults and parses on the way in', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const res = await app.inject('/api/v2/data/probe?ppid=id_7&compare=1&lang=de-AT&names=a,b,a');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.api_version, '2');
    assert.deepEqual(body.data.echo, { ppid: 'id_7', limit: 5, compare: true, names: ['a', 'b'], lang: { lang: 'de', requested: 'de-AT', fallback: false } });
  });

  it('hides internal errors: 500 with no internal text, logged once with the request id', async (t) => {
    const { app, logLines } = await buildTestApp(t, { operations: [explode, probe] });
    const res = await app.inject('/api/v1/data/explode');
    assert.equal(res.statusCode, 500);
    const body = ErrorEnvelope.parse(res.json());
    assert.equal(body.error.code, 'internal_error');
    assert.ok(!res.body.includes('SELECT') && !res.body.includes('/var/lib') && !res.body.includes('at '), res.body);
    assert.equal(body.error.request_id, res.headers['x-request-id']);
    const logged = logLines.filter((l) => l.includes(SECRET_TEXT));
    assert.equal(logged.length, 1, 'logged exactly once');
    assert.ok(logged[0]!.includes(body.error.request_id), 'with the request id');
  });

  it('gives every response a distinct random request id', async (t) => {
    const { app } = await buildTestApp(t);
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await app.inject(i % 2 ? '/api/v1/data/status' : '/api/v1/data/nope');
      ids.add(String(res.headers['x-request-id']));
    }
    assert.equal(ids.size, 50);
    for (const id of ids) assert.match(id, /^[0-9a-f-]{36}$/);
  });

  it('answers CORS preflight and exposes the rate-limit headers', async (t) => {
    const { app } = await buildTestApp(t);
    const pre = await app.inject({ method: 'OPTIONS', url: '/api/v1/data/status', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    assert.equal(pre.statusCode, 204);
    assert.match(String(pre.headers['access-control-allow-headers']), /Authorization/i);
    const res = await app.inject({ url: '/api/v1/data/status', headers: { origin: 'https://app.example' } });
    assert.equal(res.headers['access-control-allow-origin'], '*');
    for (const h of ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id']) {
      assert.match(String(res.headers['access-control-expose-headers']), new RegExp(h));
    }
  });
});
