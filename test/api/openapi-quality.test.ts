/**
 * The OpenAPI document's quality: Redocly's recommended rules find nothing; every operation's id is its
 * name, which is its tRPC procedure and its MCP tool (the established service's tool names stated beside
 * it); every operation has a product family's tag; `servers` is the public address; the quota class, the
 * cost, the rate-limit headers and code samples are there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { familyOf, OTHER_FAMILY } from '../../api/docs/families.js';
import { TOOL_ALIASES, toolNames } from '../../api/mcp/tools.js';
import { buildOpenApi } from '../../api/openapi.js';
import { operations } from '../../services/registry.js';

type Entry = { operationId: string; tags: string[]; security: unknown[]; description: string; 'x-mcp-tool': string; 'x-mcp-aliases'?: string[];
  'x-quota-class'?: string; 'x-cost': string; 'x-codeSamples': { label: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };

const doc = buildOpenApi(operations, 'Test Border Service', { publicUrl: 'https://bdds.example.org/' });
const entries = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Entry>));

describe('OpenAPI quality', () => {
  it('passes Redocly\'s recommended rules with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
  });

  it('names each operation as tRPC and MCP do, and states the established tool names as aliases', () => {
    const ids = entries.map((e) => e.operationId);
    for (const op of operations) assert.ok(ids.includes(op.name), `${op.name} is an operationId`);
    const tools = toolNames(operations);
    for (const entry of entries.filter((e) => !/V\d$/.test(e.operationId))) {
      assert.equal(entry['x-mcp-tool'], entry.operationId);
      assert.ok(tools.has(entry.operationId), `${entry.operationId} is an MCP tool`);
      const aliases = Object.entries(TOOL_ALIASES).filter(([, target]) => target === entry.operationId).map(([alias]) => alias);
      assert.deepEqual(entry['x-mcp-aliases'] ?? [], aliases);
    }
    assert.deepEqual(doc.paths['/api/v1/data/queue']!.get!['x-mcp-aliases' as never], ['get_live_queue']);
  });

  it('tags every operation with its product family, and lists only the families used', () => {
    for (const op of operations) assert.notEqual(familyOf(op.slug), OTHER_FAMILY, `${op.slug} has a family`);
    const used = new Set(entries.flatMap((e) => e.tags));
    assert.deepEqual(doc.tags.map((tag) => tag.name).sort(), [...used].sort());
    assert.ok(used.size >= 8, 'several families, not one tag per version');
  });

  it('gives the public address as the server and in the samples', () => {
    assert.deepEqual(doc.servers, [{ url: 'https://bdds.example.org', description: 'This service' }]);
    assert.deepEqual(buildOpenApi(operations, 'X').servers, [{ url: '/', description: 'This service' }], 'relative without one');
    const queue = doc.paths['/api/v1/data/queue']!.get as unknown as Entry;
    assert.deepEqual(queue['x-codeSamples'].map((s) => s.label), ['curl', 'JavaScript', 'Python']);
    assert.match(queue.description, /curl -s -H "Authorization: Bearer \$BDDS_KEY" 'https:\/\/bdds\.example\.org\/api\/v1\/data\/queue\?ppid=id_\d+/);
    assert.match(queue.description, /requests\.request\("GET"/);
    assert.match(queue.description, /\/portal\/sandbox\/queue/, 'the sandbox for a logged-in reader');
    // Every sandbox link the reference gives is a page the portal serves (listAlerts acts on the caller's key: not in it).
    const linked = Object.values(doc.paths).flatMap((p) => Object.values(p as Record<string, Entry>)).flatMap((e) => [...(e.description ?? '').matchAll(/\/portal\/sandbox\/([\w-]+)/g)].map((m) => m[1]!));
    const served = new Set(operations.filter((op) => op.access === 'keyed' && !op.needsKey).map((op) => op.slug));
    assert.ok(linked.length > 10);
    for (const slug of linked) assert.ok(served.has(slug), `the sandbox has no page for ${slug}`);
  });

  it('states the quota class, the cost, the rate-limit headers and every error with an example', () => {
    for (const entry of entries.filter((e) => e.security.length > 0)) {
      assert.ok(entry['x-quota-class'], `${entry.operationId} has a quota class`);
      assert.match(entry.description, new RegExp(`Quota class \`${entry['x-quota-class']}\``));
      const ok = entry.responses['200'] ?? entry.responses['201']!;
      assert.ok(ok.headers!.RateLimit && ok.headers!['RateLimit-Policy']);
      assert.ok(entry.responses['429']!.headers!['Retry-After']);
    }
    const multi = doc.paths['/api/v1/data/multi']!.get as unknown as Entry;
    assert.match(multi['x-cost'], /computed from the input/);
    const queue = doc.paths['/api/v1/data/queue']!.get as unknown as Entry & { responses: Record<string, { content: { 'application/json': { examples: Record<string, unknown> } } }> };
    for (const [status, codes] of [['401', ['missing_api_key', 'invalid_api_key']], ['403', ['invalid_api_key']], ['404', ['not_found']],
      ['429', ['qps_exceeded', 'quota_exceeded']], ['500', ['internal_error']], ['503', ['service_unavailable']]] as const) {
      assert.deepEqual(Object.keys(queue.responses[status]!.content['application/json'].examples).sort(), [...codes].sort(), `examples of ${status}`);
    }
  });
});
