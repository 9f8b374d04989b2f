import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { routePath } from '../../api/rest/paths.js';
import { buildTestApp } from '../helpers/deps.js';
import { withTestOperations } from '../helpers/test-operations.js';

describe('OpenAPI and docs', () => {
  it('serves a valid OpenAPI 3.1 document', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const res = await app.inject('/api/openapi.json');
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
  });

  it('lists every operation under every root, with its parameters and error statuses', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const doc = (await app.inject('/api/openapi.json')).json();
    for (const op of withTestOperations) {
      for (const version of op.versions) {
        const path = routePath(op, version).replace(/:(\w+)/g, '{$1}');
        const method = op.rest?.method ?? 'GET';
        const entry = doc.paths[path]?.[method.toLowerCase()];
        assert.ok(entry, `${method} ${path} is listed`);
        // A POST takes its input as a JSON body, beside the path's parameters.
        const named = [...entry.parameters.filter((p: { in: string }) => p.in !== 'header').map((p: { name: string }) => p.name),
          ...Object.keys(entry.requestBody?.content['application/json'].schema.properties ?? {})].sort();
        assert.deepEqual(named, Object.keys(op.input.shape).sort());
        // A creation answers 201 (POST), everything else 200; only a GET can answer 304.
        const success = method === 'POST' ? '201' : '200';
        for (const status of [success, '400', '500', '503']) assert.ok(entry.responses[status], `${path} lists ${status}`);
        assert.equal(Boolean(entry.responses['304']), method === 'GET', `${path} ${method} lists 304 only for GET`);
        assert.ok(method === 'POST' || !entry.responses['201'], `${path} ${method}: 201 only for a creation`);
      }
    }
    // The one header parameter: a creation's idempotency key.
    const headers = Object.entries(doc.paths as Record<string, Record<string, { parameters: { name: string; in: string }[] }>>)
      .flatMap(([path, item]) => Object.entries(item).flatMap(([method, entry]) => entry.parameters.filter((p) => p.in === 'header').map((p) => `${method} ${path} ${p.name}`)));
    assert.deepEqual(headers, ['post /api/v1/alerts Idempotency-Key']);
    const probe = doc.paths['/api/v1/data/probe'].get;
    const required = Object.fromEntries(probe.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]));
    assert.deepEqual(required, { ppid: true, limit: false, names: false, compare: false, lang: false });
  });

  it('says what REST accepts: one value per parameter, typed where it is a number or flag, and the queue snapshot', async (t) => {
    const { app } = await buildTestApp(t, { operations: withTestOperations });
    const doc = (await app.inject('/api/openapi.json')).json();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters: { name: string; schema: unknown }[] }>>)) {
      for (const p of Object.values(item).flatMap((entry) => entry.parameters)) assert.ok(!JSON.stringify(p.schema).includes('"array"'), `${path} ${p.name}: repetition is refused, no array form`);
    }
    const probe = Object.fromEntries(doc.paths['/api/v1/data/probe'].get.parameters.map((p: { name: string; schema: { type: unknown } }) => [p.name, p.schema.type]));
    assert.deepEqual([probe.limit, probe.compare, probe.names], ['number', 'boolean', 'string']);
    // A list that also takes `all` says so beside its comma-separated string.
    const destination = doc.paths['/api/v1/data/border/{origin}/{destination}/{crossing_type}'].get.parameters.find((p: { name: string }) => p.name === 'destination');
    assert.deepEqual(destination.schema.anyOf, [{ type: 'string' }, { type: 'string', const: 'all' }]);
    const snapshot = doc.paths['/api/v1/data/queue'].get.responses['200'].content['application/json'].schema.properties.snapshot;
    const object = snapshot.anyOf.find((s: { type: string }) => s.type === 'object');
    assert.ok(object.properties.wait_min && object.properties.freshness && object.properties.type_of_data, 'a real schema, not unknown');
    assert.ok(snapshot.anyOf.some((s: { type: string }) => s.type === 'null'), 'null when nothing was ever observed');
  });
});
