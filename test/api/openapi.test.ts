import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { routePath } from '../../api/rest/paths.js';
import { operations } from '../../api/registry.js';
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
        const get = doc.paths[path]?.get;
        assert.ok(get, `${path} is listed`);
        assert.deepEqual(get.parameters.map((p: { name: string }) => p.name), Object.keys(op.input.shape));
        for (const status of ['200', '400', '500', '503']) assert.ok(get.responses[status], `${path} lists ${status}`);
      }
    }
    const probe = doc.paths['/api/v1/data/probe'].get;
    const required = Object.fromEntries(probe.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]));
    assert.deepEqual(required, { ppid: true, limit: false, names: false, compare: false, lang: false });
  });

  it('renders the human docs page for every product', async (t) => {
    const { app } = await buildTestApp(t);
    const res = await app.inject('/docs');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    for (const op of operations) assert.ok(res.body.includes(`/api/v${op.versions[0]}/data/${op.slug}`));
  });
});
