/**
 * What one unauthenticated POST to /mcp may cost (issue 33, point 3): the body is bounded before it is
 * parsed, a batch holds at most 10 messages, its answers at most 512 KiB (a lone message's answer is sent
 * whatever its size), and a lone tools/list is answered
 * from the list serialised once, the same answer the SDK gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MCP_MAX_BATCH, MCP_MAX_BODY_BYTES, MCP_MAX_RESPONSE_BYTES } from '../../../api/mcp/plugin.js';
import { toolsListJson } from '../../../api/mcp/tools.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { operations } from '../../../services/registry.js';
import { appWithKey, bearer, INTERNAL_TOKEN } from '../../helpers/deps.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('MCP bounds', () => {
  it(`refuses a batch of more than ${MCP_MAX_BATCH} messages before any work, and answers one of ${MCP_MAX_BATCH}`, async (t) => {
    const { app, key } = await appWithKey(t);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = (body: unknown, headers: Record<string, string> = HEADERS) => fetch(`${url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
    const tooMany = [call(0, 'checkpoints', { country: 'PL' }), ...Array.from({ length: MCP_MAX_BATCH }, (_, i) => list(i + 1))];
    const refused = await post(tooMany, { ...HEADERS, ...bearer(key) });
    assert.equal(refused.status, 400);
    const answer = await refused.json() as { id: null; error: { code: number; message: string; data: unknown } };
    assert.equal(answer.error.code, -32600);
    assert.match(answer.error.message, /at most 10 messages/);
    assert.equal(ErrorEnvelope.parse(answer.error.data).error.reason, 'batch_too_large');
    const rest = await app.inject({ url: '/api/v1/data/checkpoints?country=PL', headers: bearer(key) });
    assert.equal(rest.json().usage.requests_today, 1, 'the tool call in the refused batch was not run');

    const full = await post(Array.from({ length: MCP_MAX_BATCH }, (_, i) => list(i + 1)));
    assert.equal(full.status, 200);
    assert.equal((await full.json() as unknown[]).length, MCP_MAX_BATCH);
  });

  it('refuses an empty batch as JSON-RPC\'s invalid request (-32600, HTTP 400), the error envelope as its data', async (t) => {
    const { app } = await appWithKey(t);
    const res = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: '[]' });
    assert.equal(res.statusCode, 400, `${res.statusCode} ${res.body}`);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const answer = res.json() as { jsonrpc: string; id: unknown; error: { code: number; message: string; data: unknown } };
    assert.deepEqual([answer.jsonrpc, answer.id, answer.error.code], ['2.0', null, -32600], 'one error, not a list (JSON-RPC 2.0, section 6)');
    assert.match(answer.error.message, /^Invalid Request: .*empty/);
    const envelope = ErrorEnvelope.parse(answer.error.data);
    assert.deepEqual([envelope.error.code, envelope.error.reason], ['bad_request', 'empty_batch']);
    assert.equal(envelope.error.request_id, res.headers['x-request-id']);
  });

  it(`refuses a body over ${MCP_MAX_BODY_BYTES} bytes before parsing it (an argument object of 100 KB), 413 in the envelope`, async (t) => {
    const { app } = await appWithKey(t);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const args = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, 'x'.repeat(12)]));
    const body = JSON.stringify(call(1, 'status', args));
    assert.ok(body.length > 100_000);
    const res = await fetch(`${url}/mcp`, { method: 'POST', headers: HEADERS, body });
    assert.equal(res.status, 413);
    assert.equal(ErrorEnvelope.parse(await res.json()).error.code, 'payload_too_large');
  });

  it(`refuses a batch whose answers exceed ${MCP_MAX_RESPONSE_BYTES} bytes, saying to send fewer`, async (t) => {
    const { app } = await appWithKey(t);
    // Five lists of every checkpoint (each about 64 KB, twice in a tool result: text and structured content).
    const batch = Array.from({ length: 5 }, (_, i) => call(i + 1, 'checkpoints', { lang: ['en', 'uk', 'pl', 'ru', 'de'][i] }));
    const res = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, ...bearer(INTERNAL_TOKEN) }, payload: JSON.stringify(batch) });
    assert.equal(res.statusCode, 400, res.body.slice(0, 200));
    const answer = res.json() as { error: { code: number; data: unknown } };
    assert.equal(answer.error.code, -32600);
    assert.equal(ErrorEnvelope.parse(answer.error.data).error.reason, 'response_too_large');
    const one = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, ...bearer(INTERNAL_TOKEN) }, payload: JSON.stringify(batch[0]) });
    assert.equal(one.statusCode, 200, 'one such call is answered');
  });

  it(`answers a lone message whatever its size (fuelCities for Italy: over ${MCP_MAX_RESPONSE_BYTES} bytes as a tool result)`, async (t) => {
    const { app } = await appWithKey(t);
    const res = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, ...bearer(INTERNAL_TOKEN) },
      payload: JSON.stringify(call(1, 'fuelCities', { country: 'IT' })) });
    assert.equal(res.statusCode, 200, res.body.slice(0, 200));
    assert.ok(Buffer.byteLength(res.body) > MCP_MAX_RESPONSE_BYTES, `${Buffer.byteLength(res.body)} bytes`);
    const answer = res.json() as { id: number; result: { isError?: boolean; structuredContent: { data: { cities: unknown[] } } } };
    assert.equal(answer.id, 1);
    assert.ok(!answer.result.isError && answer.result.structuredContent.data.cities.length > 100);
  });

  it('answers a lone tools/list from the list serialised once, as the SDK answers it in a batch', async (t) => {
    const { app } = await appWithKey(t);
    assert.equal(toolsListJson(operations), toolsListJson(operations), 'the same string, not serialised again');
    const lone = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: JSON.stringify(list(7)) });
    assert.equal(lone.statusCode, 200);
    assert.equal(lone.headers['content-type'], 'application/json; charset=utf-8');
    const viaSdk = await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: JSON.stringify([list(7)]) });
    assert.equal(viaSdk.statusCode, 200, viaSdk.body.slice(0, 300));
    assert.deepEqual(lone.json(), [viaSdk.json()].flat()[0]);
    const jsonOnly = await app.inject({ method: 'POST', url: '/mcp', headers: { ...HEADERS, accept: 'application/json' }, payload: JSON.stringify(list(7)) });
    assert.deepEqual(jsonOnly.json(), lone.json(), 'the same answer whatever Accept says (parse-errors.test.ts)');
  });
});
